"""spec §5.4 재배치 (the rule book's four examples) and §5.5 joker retrieval."""

from tests.unit.rummikub.helpers import act, position, rejected, set_draft, table_tiles
from tilerooms.games.rummikub import engine


def melded(table, rack, **kw):
    """A position where A (to move) and B have both made their first meld."""
    return position(table=table, racks={"A": rack, "B": ["O2a"]}, has_melded=True, **kw)


def test_add_blue_3_to_blue_4_5_6():
    s = melded([["B4a", "B5a", "B6a"]], ["B3a", "K1a"])
    engine.apply(s, "A", set_draft(["B3a", "B4a", "B5a", "B6a"]))
    engine.apply(s, "A", act("commit"))
    assert table_tiles(s) == [["B3a", "B4a", "B5a", "B6a"]]


def test_add_the_missing_colour_to_a_group_of_8s():
    s = melded([["K8a", "R8a", "B8a"]], ["O8a", "K1a"])
    engine.apply(s, "A", set_draft(["K8a", "R8a", "B8a", "O8a"]))
    engine.apply(s, "A", act("commit"))
    assert s["table"][0]["kind"] == "group" and len(s["table"][0]["tile_ids"]) == 4


def test_take_blue_4_from_a_four_colour_group_for_a_run():
    s = melded([["K4a", "R4a", "B4a", "O4a"]], ["B3a", "B5a", "B6a", "K1a"])
    engine.apply(s, "A", set_draft(["K4a", "R4a", "O4a"], ["B3a", "B4a", "B5a", "B6a"]))
    engine.apply(s, "A", act("commit"))
    assert table_tiles(s) == [["K4a", "R4a", "O4a"], ["B3a", "B4a", "B5a", "B6a"]]


def test_split_red_4_to_8_with_red_6():
    # spec 10: table [R4..R8] + rack R6 -> [R4,R5,R6] [R6,R7,R8]
    s = melded([["R4a", "R5a", "R6a", "R7a", "R8a"]], ["R6b", "K1a"])
    engine.apply(s, "A", set_draft(["R4a", "R5a", "R6a"], ["R6b", "R7a", "R8a"]))
    engine.apply(s, "A", act("commit"))
    assert table_tiles(s) == [["R4a", "R5a", "R6a"], ["R6b", "R7a", "R8a"]]
    assert s["racks"]["A"] == ["K1a"]


def test_joker_retrieval_into_a_new_group():
    # spec 10: table [B5, JK, B7] + rack [B6, K3, R3] -> [B5,B6,B7] [K3,R3,JK]
    s = melded([["B5a", "JK1", "B7a"]], ["B6a", "K3a", "R3a", "O9a"])
    engine.apply(s, "A", set_draft(["B5a", "B6a", "B7a"], ["K3a", "R3a", "JK1"]))
    engine.apply(s, "A", act("commit"))
    assert table_tiles(s) == [["B5a", "B6a", "B7a"], ["K3a", "R3a", "JK1"]]
    assert s["table"][1]["joker_as"] == {"JK1": [None, 3]}


def test_joker_may_not_go_back_to_the_rack():
    s = melded([["B5a", "JK1", "B7a"]], ["B6a", "K3a", "R3a"])
    err = rejected(s, "A", set_draft(["B5a", "B6a", "B7a"]))
    assert err.code == "table_to_rack"
    assert err.message == "테이블의 타일은 내 받침대로 가져올 수 없어요"


def test_rearranging_without_a_rack_tile_is_refused():
    s = melded([["R4a", "R5a", "R6a", "R7a", "R8a", "R9a"]], ["K1a"])
    engine.apply(s, "A", set_draft(["R4a", "R5a", "R6a"], ["R7a", "R8a", "R9a"]))
    err = rejected(s, "A", act("commit"))
    assert err.code == "no_rack_tile" and err.message == "랙에서 타일을 1개 이상 내야 해요"


def test_commit_without_any_draft_is_refused():
    s = melded([["R4a", "R5a", "R6a"]], ["K1a"])
    assert rejected(s, "A", act("commit")).message == "랙에서 타일을 1개 이상 내야 해요"


def test_leaving_a_loose_tile_is_refused_with_the_invalid_set_index():
    s = melded([["R4a", "R5a", "R6a", "R7a"]], ["K1a", "K2a"])
    engine.apply(s, "A", set_draft(["R4a", "R5a", "R6a"], ["R7a", "K1a"]))
    err = rejected(s, "A", act("commit"))
    assert err.code == "invalid_sets" and err.message == "빨간 표시된 조합을 고쳐 주세요"
    assert err.details == {"invalidSets": [1]}


def test_a_tile_from_someone_else_cannot_be_placed():
    s = melded([["R4a", "R5a", "R6a"]], ["K1a"])
    assert rejected(s, "A", set_draft(["R4a", "R5a", "R6a", "R7a"])).code == "not_your_tile"


def test_the_same_tile_twice_is_refused():
    s = melded([["R4a", "R5a", "R6a"]], ["R7a"])
    assert rejected(s, "A", set_draft(["R4a", "R5a", "R6a", "R7a"], ["R7a"])).code == "duplicate_tile"


def test_joker_moves_to_another_existing_set():
    # spec 5.5 simplification: a retrieved joker may join an existing set
    s = melded([["B5a", "JK1", "B7a"], ["K9a", "K10a", "K11a"]], ["B6a", "O1a"])
    engine.apply(s, "A", set_draft(["B5a", "B6a", "B7a"], ["K9a", "K10a", "K11a", "JK1"]))
    engine.apply(s, "A", act("commit"))
    assert s["table"][1]["joker_as"] == {"JK1": ["K", 12]}
