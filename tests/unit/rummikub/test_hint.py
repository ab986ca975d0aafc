"""spec §9 hint: one new set from the rack alone, highest points first."""

from tilerooms.games.rummikub.hint import find_new_set
from tilerooms.games.rummikub.rules import normalize_set


def test_no_set_in_the_rack():
    assert find_new_set(["R1a", "K5a", "B9a", "O13a"]) is None
    assert find_new_set([]) is None


def test_prefers_the_highest_points():
    rack = ["B1a", "B2a", "B3a", "K10a", "R10a", "O10a", "R4a"]
    assert find_new_set(rack) == ["K10a", "R10a", "O10a"]


def test_long_run_beats_short_group():
    rack = ["R9a", "R10a", "R11a", "R12a", "R13a", "K9a", "B9a"]
    assert find_new_set(rack) == ["R9a", "R10a", "R11a", "R12a", "R13a"]


def test_joker_fills_a_gap_and_the_result_normalises_the_same_way():
    rack = ["O11a", "O13a", "JK1", "K1a"]
    hint = find_new_set(rack)
    assert hint == ["O11a", "JK1", "O13a"]
    assert normalize_set(hint).points == 36


def test_hint_uses_only_rack_tiles():
    rack = ["K7a", "R7a", "B7a", "O7b", "R7b"]
    hint = find_new_set(rack)
    assert set(hint) <= set(rack) and normalize_set(hint).points == 28
