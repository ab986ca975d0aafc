"""`json_copy`: the engines' fast deep copy of JSON-shaped data (issue 20)."""

from __future__ import annotations

import copy

from tilerooms.core.json_copy import json_copy
from tilerooms.games.mahjong.flow import _token, tok
from tilerooms.games.rummikub.state import make_state


def test_a_copy_is_equal_and_shares_no_container():
    table = [{"id": "s1", "tile_ids": ["R7a", "R8a", "R9a"], "as": {"J1": None}, "pos": [0, 1]}]
    state = {"table": table, "match": {"wins": {"p1": 1}, "totals": {}}, "n": 3, "ok": True, "x": None, "f": 1.5}
    copied = json_copy(state)
    assert copied == state == copy.deepcopy(state)
    copied["table"][0]["tile_ids"].append("R10a")
    copied["table"][0]["as"]["J1"] = "R6a"
    copied["match"]["wins"]["p1"] = 2
    assert table[0]["tile_ids"] == ["R7a", "R8a", "R9a"] and table[0]["as"] == {"J1": None}
    assert state["match"]["wins"] == {"p1": 1}


def test_a_whole_number_tile_state_copies_like_deepcopy():
    state = make_state([["B7a", "B8a", "B9a"], ["R1b", "B1a", "O1a"]], {"p1": ["R1a", "R2a", "R3a"], "p2": ["K13a", "K13b"]})
    assert json_copy(state) == copy.deepcopy(state)


def test_mahjong_tokens_from_the_table_are_the_formatted_ones():
    assert [tok(t) for t in range(136)] == [_token(t) for t in range(136)]
    assert tok(52) == "52:0p" and tok(16) == "16:0m" and tok(135) == "135:7z"
