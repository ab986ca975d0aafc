"""spec §5.3 첫 등록 and §10's initial-meld lines."""

from tests.unit.rummikub.helpers import act, position, rejected, set_draft, table_tiles
from tilerooms.games.rummikub import engine


def test_red_10_11_12_is_33_points_and_allowed():
    s = position(racks={"A": ["R10a", "R11a", "R12a", "K1a"], "B": ["O2a"]})
    engine.apply(s, "A", set_draft(["R10a", "R11a", "R12a"]))
    engine.apply(s, "A", act("commit"))
    assert table_tiles(s) == [["R10a", "R11a", "R12a"]]
    assert s["racks"]["A"] == ["K1a"] and s["has_melded"]["A"] is True
    assert s["current"] == "B"


def test_blue_123_plus_group_of_5_is_21_points_and_refused():
    s = position(racks={"A": ["B1a", "B2a", "B3a", "K5a", "R5a", "O5a", "K9a"], "B": ["O2a"]})
    engine.apply(s, "A", set_draft(["B1a", "B2a", "B3a"], ["K5a", "R5a", "O5a"]))
    err = rejected(s, "A", act("commit"))
    assert err.code == "initial_meld_points"
    assert err.message == "첫 등록은 30점 이상이어야 해요 (지금 21점)"


def test_joker_first_is_8_9_10_and_refused():
    # spec 10: [JK, K9, K10] in this order = 27 points
    s = position(racks={"A": ["JK1", "K9a", "K10a", "R1a"], "B": ["O2a"]})
    engine.apply(s, "A", set_draft(["JK1", "K9a", "K10a"]))
    assert rejected(s, "A", act("commit")).message == "첫 등록은 30점 이상이어야 해요 (지금 27점)"


def test_joker_last_is_9_10_11_and_allowed():
    s = position(racks={"A": ["JK1", "K9a", "K10a", "R1a"], "B": ["O2a"]})
    engine.apply(s, "A", set_draft(["K9a", "K10a", "JK1"]))
    engine.apply(s, "A", act("commit"))
    assert s["table"][0]["joker_as"] == {"JK1": ["K", 11]}
    assert s["has_melded"]["A"]


def test_adding_a_rack_tile_to_a_table_set_before_the_first_meld_is_refused():
    s = position(table=[["R4a", "R5a", "R6a"]], racks={"A": ["R7a", "K10a", "R10a", "B10a"], "B": ["O2a"]})
    err = rejected(s, "A", set_draft(["R4a", "R5a", "R6a", "R7a"]))
    assert err.code == "initial_meld_table"


def test_splitting_a_table_set_before_the_first_meld_is_refused_by_set_draft():
    s = position(table=[["R4a", "R5a", "R6a", "R7a", "R8a", "R9a"]], racks={"A": ["K10a", "R10a", "B10a"], "B": ["O2a"]})
    err = rejected(s, "A", set_draft(["R4a", "R5a", "R6a"], ["R7a", "R8a", "R9a"], ["K10a", "R10a", "B10a"]))
    assert err.code == "initial_meld_table"
    assert err.message == "첫 등록 전에는 테이블의 타일을 옮길 수 없어요"


def test_first_meld_beside_untouched_table_sets_is_fine():
    s = position(table=[["R4a", "R5a", "R6a"]], racks={"A": ["K10a", "R10a", "B10a", "O1a"], "B": ["O2a"]})
    engine.apply(s, "A", set_draft(["R4a", "R5a", "R6a"], ["K10a", "R10a", "B10a"]))
    engine.apply(s, "A", act("commit"))
    assert len(s["table"]) == 2 and s["table"][0]["id"] == "s1"


def test_allow_extend_permits_extension_after_30_from_new_sets():
    opts = {"initialMeldAllowExtend": True}
    s = position(table=[["R4a", "R5a", "R6a"]], options=opts, racks={"A": ["R7a", "K10a", "R10a", "B10a", "O1a"], "B": ["O2a"]})
    engine.apply(s, "A", set_draft(["R4a", "R5a", "R6a", "R7a"], ["K10a", "R10a", "B10a"]))
    engine.apply(s, "A", act("commit"))
    assert s["racks"]["A"] == ["O1a"]


def test_allow_extend_does_not_count_extensions_toward_30():
    opts = {"initialMeldAllowExtend": True}
    s = position(table=[["R4a", "R5a", "R6a"]], options=opts, racks={"A": ["R7a", "K9a", "R9a", "B9a", "O1a"], "B": ["O2a"]})
    engine.apply(s, "A", set_draft(["R4a", "R5a", "R6a", "R7a"], ["K9a", "R9a", "B9a"]))
    assert rejected(s, "A", act("commit")).message == "첫 등록은 30점 이상이어야 해요 (지금 27점)"


def test_initial_meld_points_option_0_and_50():
    s = position(racks={"A": ["B1a", "B2a", "B3a", "K9a"], "B": ["O2a"]}, options={"initialMeldPoints": 0})
    engine.apply(s, "A", set_draft(["B1a", "B2a", "B3a"]))
    engine.apply(s, "A", act("commit"))
    s = position(racks={"A": ["R12a", "R13a", "R11a", "K1a"], "B": ["O2a"]}, options={"initialMeldPoints": 50})
    engine.apply(s, "A", set_draft(["R11a", "R12a", "R13a"]))
    assert rejected(s, "A", act("commit")).message == "첫 등록은 50점 이상이어야 해요 (지금 36점)"
