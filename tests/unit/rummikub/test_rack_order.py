"""789 / 777 sorting, the long-press chain and the 'does it fit' rule, on readable racks."""

from tilerooms.games.rummikub.rack_order import chain, could_be_set, sort_groups_first, sort_runs_first

RACK = ["O9a", "R7a", "K7a", "R8a", "B7a", "R9a", "JK1", "K1a", "R7b", "O2a"]


def test_789_puts_same_colour_runs_first_and_the_rest_behind():
    assert sort_runs_first(RACK) == ["R7a", "R8a", "R9a", "K1a", "K7a", "R7b", "B7a", "O2a", "O9a", "JK1"]


def test_777_puts_same_number_groups_first_and_the_rest_behind():
    assert sort_groups_first(RACK) == ["K7a", "R7a", "B7a", "K1a", "O2a", "R7b", "R8a", "R9a", "O9a", "JK1"]


def test_sorting_keeps_every_tile():
    assert sorted(sort_runs_first(RACK)) == sorted(RACK) == sorted(sort_groups_first(RACK))


def test_long_press_chain_7_8_10_stops_at_7_8():
    rack = ["R7a", "R8a", "R10a", "R11a"]
    assert [chain(rack, "R7a", n) for n in (1, 2, 3, 4)] == [["R7a"], ["R7a", "R8a"], ["R7a", "R8a"], ["R7a", "R8a"]]


def test_chain_counts_jokers_by_the_rules_and_starts_at_the_pressed_tile():
    rack = ["K1a", "R7a", "JK1", "R9a", "R10a", "B3a"]
    assert chain(rack, "R7a", 9) == ["R7a", "JK1", "R9a", "R10a"]
    assert chain(["B7a", "R7a", "JK2", "K7a", "O7a"], "B7a", 9) == ["B7a", "R7a", "JK2", "K7a"]  # a group holds 4
    assert chain(["R12a", "R13a", "JK1"], "R12a", 3) == ["R12a", "R13a"]  # nothing after 13


def test_a_group_chain_stops_at_a_repeated_colour():
    assert chain(["R7a", "B7a", "R7b"], "R7a", 3) == ["R7a", "B7a"]


def test_what_fits_a_set():
    assert could_be_set(["R4a", "R5a", "R6a", "R3a"])  # continues a run
    assert could_be_set(["R4a", "R5a"]) and could_be_set(["R4a", "B4a"])  # 2-tile intermediate sets
    assert not could_be_set(["R4a", "R6a"])  # 6 does not continue 4 ("이어지는 숫자"만)
    assert could_be_set(["K8a", "B8a", "O8a", "R8b"])  # completes a group
    assert not could_be_set(["R4a", "R5a", "R6a", "R9a"])  # gap too big
    assert not could_be_set(["K8a", "B8a", "K8b"])  # same colour twice
    assert could_be_set(["R4a", "JK1", "R6a"]) and not could_be_set(["R4a", "JK1", "R7a"])
