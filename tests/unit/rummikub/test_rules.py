"""spec §5.1, §5.5, §8.2 normalizeSet, §10 세트 판정 / 조커 해석."""

import pytest

from tilerooms.games.rummikub.rules import normalize_set, set_problem
from tilerooms.games.rummikub.tiles import ALL_TILE_IDS, rack_value


def test_106_tiles_104_numbers_and_2_jokers():
    assert len(ALL_TILE_IDS) == 106
    assert sum(1 for t in ALL_TILE_IDS if t.startswith("JK")) == 2
    assert len(set(ALL_TILE_IDS)) == 106


def test_run_wrapping_13_to_1_is_invalid():
    assert normalize_set(["R12a", "R13a", "R1a"]) is None
    assert set_problem(["R12a", "R13a", "R1a"]) == "13 다음에 1은 올 수 없어요"


def test_group_with_a_colour_twice_is_invalid():
    assert normalize_set(["B5a", "R5a", "B5b"]) is None
    assert set_problem(["B5a", "R5a", "B5b"]) == "같은 색이 두 개예요"


def test_five_tile_group_is_invalid():
    assert normalize_set(["K5a", "R5a", "B5a", "O5a", "JK1"]) is None
    assert normalize_set(["K5a", "R5a", "B5a", "O5a", "K5b"]) is None


def test_two_tiles_are_not_a_set():
    assert normalize_set(["R1a", "R2a"]) is None
    assert set_problem(["R1a", "R2a"]) == "3개 이상이어야 해요"


def test_group_of_three_and_four():
    g = normalize_set(["R7a", "B7a", "K7a"])
    assert g.kind == "group" and g.points == 21 and g.joker_as == {}
    assert normalize_set(["R7a", "B7a", "K7a", "O7b"]).points == 28


def test_run_is_sorted_ascending():
    r = normalize_set(["B6a", "B3a", "B5b", "B4a"])
    assert r.kind == "run"
    assert r.tile_ids == ["B3a", "B4a", "B5b", "B6a"]
    assert r.points == 18


def test_run_of_13():
    ids = [f"O{n}a" for n in range(13, 0, -1)]
    r = normalize_set(ids)
    assert r.tile_ids == ids[::-1] and r.points == 91


def test_mixed_colours_and_numbers_is_invalid():
    assert normalize_set(["R5a", "B6a", "K7a"]) is None
    assert set_problem(["R5a", "B6a", "K7a"]) == "같은 숫자 다른 색, 또는 같은 색 연속 숫자여야 해요"


def test_run_with_duplicate_number_is_invalid():
    assert normalize_set(["R5a", "R5b", "R6a"]) is None
    assert set_problem(["R5a", "R5b", "R6a"]) == "같은 숫자가 두 개예요"


def test_unknown_or_repeated_ids_are_invalid():
    assert normalize_set(["R5a", "R6a", "R7c"]) is None
    assert normalize_set(["R5a", "R6a", "R6a"]) is None


def test_joker_first_in_client_order_is_8_9_10():
    # spec 10: [JK, K9, K10] in this order = 8-9-10 (27 points)
    s = normalize_set(["JK1", "K9a", "K10a"])
    assert s.kind == "run" and s.points == 27 and s.joker_as == {"JK1": ("K", 8)}


def test_joker_last_in_client_order_is_9_10_11():
    s = normalize_set(["K9a", "K10a", "JK1"])
    assert s.points == 30 and s.joker_as == {"JK1": ("K", 11)}


def test_joker_after_12_13_goes_below():
    # spec 10: [R12, R13, JK] cannot grow upward, so 11-12-13
    s = normalize_set(["R12a", "R13a", "JK1"])
    assert s.tile_ids == ["JK1", "R12a", "R13a"]
    assert s.joker_as == {"JK1": ("R", 11)} and s.points == 36


def test_sorted_fill_gap_then_top_then_bottom():
    # client order invalid -> sort, fill gap 5, spare joker on top (8)
    s = normalize_set(["R7a", "JK2", "R4a", "R6a", "JK1"])
    assert s.tile_ids == ["R4a", "JK2", "R6a", "R7a", "JK1"]
    assert s.joker_as == {"JK2": ("R", 5), "JK1": ("R", 8)}
    # two spare jokers next to 12: one on top (13), one below (10)
    s = normalize_set(["JK1", "R12a", "JK2", "R11a"])
    assert s is not None and s.tile_ids[-1] in ("JK1", "JK2")
    assert sorted(n for _, n in s.joker_as.values()) == [10, 13]


def test_gap_too_big_for_jokers_is_invalid():
    assert normalize_set(["R3a", "JK1", "R7a"]) is None
    assert set_problem(["R3a", "R7a", "R8a"]) == "숫자가 이어지지 않아요"


def test_ambiguous_set_is_a_run_by_default_and_follows_the_hint():
    run = normalize_set(["R5a", "JK1", "JK2"])
    assert run.kind == "run" and run.points == 18
    assert run.joker_as == {"JK1": ("R", 6), "JK2": ("R", 7)}
    group = normalize_set(["R5a", "JK1", "JK2"], as_hint="group")
    assert group.kind == "group" and group.points == 15
    assert group.joker_as == {"JK1": (None, 5), "JK2": (None, 5)}


def test_group_joker_has_no_colour():
    s = normalize_set(["R8a", "B8a", "JK1"])
    assert s.kind == "group" and s.joker_as == {"JK1": (None, 8)} and s.points == 24


def test_hint_is_ignored_when_only_one_reading_exists():
    assert normalize_set(["R8a", "B8a", "JK1"], as_hint="run").kind == "group"
    assert normalize_set(["R8a", "R9a", "JK1"], as_hint="group").kind == "run"


@pytest.mark.parametrize("ids", [["JK1", "JK2", "R1a"], ["R1a", "JK1", "JK2"]])
def test_two_jokers_and_one_tile(ids):
    assert normalize_set(ids) is not None


def test_rack_value_counts_jokers_as_penalty():
    assert rack_value(["R3a", "K12b"], 30) == 15
    assert rack_value(["JK1"], 30) == 30
    assert rack_value(["JK1"], 50) == 50
