"""Board edits: moving tiles between the rack, sets and new sets; splitting runs; what attaches."""

from tilerooms.games.rummikub.draft_edit import draft_payload, drop, move_tiles, return_to_rack, take_tiles

TABLE = [{"tileIds": ["R4a", "R5a", "R6a"], "pos": {"row": 0, "col": 0}}, {"tileIds": ["K8a", "B8a", "O8a"], "pos": {"row": 1, "col": 0}}]


def test_rack_tiles_form_a_new_set_at_the_end():
    out = move_tiles(TABLE, ["B3a", "B1a", "B2a"], None)
    assert out[:2] == TABLE
    # after the last set in reading order (K8a B8a O8a at row 1, cols 0-2), one cell apart (issue 18: 2)
    assert out[2] == {"tileIds": ["B1a", "B2a", "B3a"], "pos": {"row": 1, "col": 4}}


def test_adding_to_a_run_keeps_its_place_and_orders_it():
    out = move_tiles(TABLE, ["R3a"], 0)
    assert out[0] == {"tileIds": ["R3a", "R4a", "R5a", "R6a"], "pos": {"row": 0, "col": 0}}
    assert out[1] == TABLE[1]


def test_a_tile_that_does_not_fit_becomes_a_new_set_just_below():
    out = drop(TABLE, ["R9a"], {"kind": "set", "index": 0})
    assert out[:2] == TABLE
    assert out[2] == {"tileIds": ["R9a"], "pos": {"row": 1, "col": 0}}  # the engine nudges it free


def test_a_two_tile_intermediate_set_may_be_made():
    out = drop([{"tileIds": ["B5a"], "pos": {"row": 3, "col": 4}}], ["B6a"], {"kind": "set", "index": 0, "cell": {"row": 3, "col": 5}})
    assert out == [{"tileIds": ["B5a", "B6a"], "pos": {"row": 3, "col": 4}}]


def test_taking_the_middle_tile_splits_the_run_in_place():
    run = [{"tileIds": ["R1a", "R2a", "R3a", "R4a", "R5a", "R6a", "R7a"], "pos": {"row": 2, "col": 3}}]
    out = take_tiles(run, ["R4a"])
    assert out == [
        {"tileIds": ["R1a", "R2a", "R3a"], "pos": {"row": 2, "col": 3}},
        {"tileIds": ["R5a", "R6a", "R7a"], "pos": {"row": 2, "col": 7}},
    ]


def test_taking_from_a_group_does_not_split_it():
    out = take_tiles([{"tileIds": ["K8a", "B8a", "O8a", "R8a"]}], ["B8a"])
    assert out == [{"tileIds": ["K8a", "O8a", "R8a"]}]


def test_moving_a_table_tile_between_sets():
    four = [TABLE[0], {"tileIds": ["K4a", "B4a", "O4a", "R4b"]}]
    out = drop(four, ["R4b"], {"kind": "table", "cell": {"row": 5, "col": 0}})
    assert out == [TABLE[0], {"tileIds": ["K4a", "B4a", "O4a"]}, {"tileIds": ["R4b"], "pos": {"row": 5, "col": 0}}]


def test_a_set_emptied_by_the_move_disappears():
    out = move_tiles([{"tileIds": ["R9a"]}, {"tileIds": ["R10a", "R11a"]}], ["R9a"], 1)
    assert out == [{"tileIds": ["R9a", "R10a", "R11a"]}]


def test_only_rack_tiles_go_back_to_the_rack():
    draft = move_tiles(TABLE, ["R7a"], 0)
    out = return_to_rack(draft, ["R7a", "R4a"], rack_ids=["R7a", "K1a"])
    assert out[0]["tileIds"] == ["R4a", "R5a", "R6a"]


def test_view_sets_become_the_set_draft_payload():
    view_sets = [{"tile_ids": ["R4a", "R5a", "R6a"], "as": None, "pos": {"row": 0, "col": 0}, "valid": True}]
    assert draft_payload(view_sets) == [{"tileIds": ["R4a", "R5a", "R6a"], "pos": {"row": 0, "col": 0}}]
