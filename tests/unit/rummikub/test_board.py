"""Service page: set positions on the board, nudging, and set-id inheritance (spec §8.2)."""

from tests.unit.rummikub.helpers import act, position
from tilerooms.games.rummikub import engine
from tilerooms.games.rummikub.board import BOARD_COLS, Layout, inherit_set_ids, place_sets, spot_after


def test_fits_needs_one_free_cell_between_neighbours():
    lay = Layout()
    lay.take(0, 0, 3)  # cells 0..2
    assert not lay.fits(0, 3, 3)  # touching
    assert lay.fits(0, 4, 3)  # one free cell (3)
    assert not lay.fits(0, BOARD_COLS - 2, 3)  # off the board
    assert lay.fits(1, 0, 3)


def test_unchanged_sets_keep_their_place_and_new_sets_take_a_row_after_the_last():
    prev = [{"tile_ids": ["R4a", "R5a", "R6a"], "pos": {"row": 3, "col": 10}}]
    out = place_sets([{"tile_ids": ["R6a", "R5a", "R4a"]}, {"tile_ids": ["K1a", "K2a", "K3a"]}, {"tile_ids": ["B1a", "B2a", "B3a"]}], prev)
    # at the end of the reading order, each with room after it for a set dropped next to it
    assert out == [{"row": 3, "col": 10}, {"row": 4, "col": 0}, {"row": 5, "col": 0}]


def test_spot_after_a_set_is_the_next_free_one_in_reading_order():
    sets = [{"tile_ids": ["R4a", "R5a", "R6a"], "pos": {"row": 0, "col": 0}}, {"tile_ids": ["K1a", "K2a", "K3a"], "pos": {"row": 1, "col": 0}}]
    assert spot_after(sets, 2, (0, 4)) == {"row": 0, "col": 4}  # right after the first set
    assert spot_after(sets, 2) == {"row": 1, "col": 4}  # 새 묶음: after the last set
    full = [{"tile_ids": ["R4a"] * 13, "pos": {"row": 0, "col": 0}}, {"tile_ids": ["K1a"] * 13, "pos": {"row": 0, "col": 14}}]
    assert spot_after(full, 3, (0, 14)) == {"row": 1, "col": 0}  # no room on the row: the next one


def test_a_moved_set_onto_another_is_nudged_to_the_nearest_free_spot_and_only_it_moves():
    prev = [{"tile_ids": ["R4a", "R5a", "R6a"], "pos": {"row": 2, "col": 5}}]
    sets = [{"tile_ids": ["R4a", "R5a", "R6a"]}, {"tile_ids": ["K1a", "K2a", "K3a"], "pos": {"row": 2, "col": 6}}]
    out = place_sets(sets, prev)
    assert out[0] == {"row": 2, "col": 5}
    assert out[1] != {"row": 2, "col": 6}
    assert out[1] in ({"row": 1, "col": 6}, {"row": 3, "col": 6})  # one row away beats 3 cols


def test_a_set_off_the_board_is_pulled_back_in():
    out = place_sets([{"tile_ids": ["K1a", "K2a", "K3a"], "pos": {"row": 0, "col": BOARD_COLS - 1}}], [])
    assert out == [{"row": 0, "col": BOARD_COLS - 3}]


def test_committed_sets_keep_positions_and_ids_across_turns():
    s = position(
        table=[
            {"tile_ids": ["R4a", "R5a", "R6a", "R7a", "R8a"], "pos": {"row": 4, "col": 2}},
            {"tile_ids": ["K9a", "R9a", "B9a"], "pos": {"row": 0, "col": 0}},
        ],
        racks={"A": ["R6b", "O1a"], "B": ["O2a"]},
        has_melded=True,
    )
    engine.apply(
        s,
        "A",
        {
            "type": "setDraft",
            "sets": [
                {"tileIds": ["K9a", "R9a", "B9a"]},
                {"tileIds": ["R4a", "R5a", "R6a"], "pos": {"row": 4, "col": 2}},
                {"tileIds": ["R6b", "R7a", "R8a"], "pos": {"row": 4, "col": 6}},
            ],
        },
    )
    engine.apply(s, "A", act("commit"))
    by_id = {t["id"]: (t["tile_ids"], t["pos"]) for t in s["table"]}
    assert by_id["s2"] == (["K9a", "R9a", "B9a"], {"row": 0, "col": 0})
    assert by_id["s1"] == (["R4a", "R5a", "R6a"], {"row": 4, "col": 2})
    assert by_id["s3"] == (["R6b", "R7a", "R8a"], {"row": 4, "col": 6})


def test_set_id_inheritance_is_greedy_by_overlap_each_old_id_once():
    old = [{"id": "s1", "tile_ids": ["R4a", "R5a", "R6a", "R7a", "R8a"]}]
    ids, nxt = inherit_set_ids([["R6b", "R7a", "R8a"], ["R4a", "R5a", "R6a"]], old, 2)
    assert ids == ["s2", "s1"] or ids == ["s1", "s2"]
    assert nxt == 3
    ids, _ = inherit_set_ids([["R7a", "R8a", "R9a"], ["R4a", "R5a", "R6a"]], old, 2)
    assert ids == ["s2", "s1"]  # the 3-tile overlap wins over the 2-tile one


def test_board_is_never_resorted_at_turn_change():
    s = position(
        table=[{"tile_ids": ["K9a", "R9a", "B9a"], "pos": {"row": 5, "col": 9}}],
        racks={"A": ["O1a", "O2a", "O3a", "K5a"], "B": ["O5a"]},
        has_melded=True,
        pool=["K1b"],
    )
    engine.apply(s, "A", {"type": "setDraft", "sets": [{"tileIds": ["K9a", "R9a", "B9a"]}, {"tileIds": ["O1a", "O2a", "O3a"]}]})
    engine.apply(s, "A", act("commit"))
    engine.apply(s, "B", act("draw"))
    assert s["table"][0]["pos"] == {"row": 5, "col": 9} and s["table"][1]["pos"] == {"row": 6, "col": 0}
