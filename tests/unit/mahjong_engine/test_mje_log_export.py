"""The tenhou.net/6 log export: shape, tile codes, calls, results."""

from __future__ import annotations

import json

from tests.unit.mahjong_engine.mje_helpers import claim, discard, table
from tilerooms.games.mahjong.log_export import export_tenhou6, tile_code
from tilerooms.games.mahjong.random_bot import self_play


def test_tile_codes() -> None:
    assert [tile_code(t) for t in (0, 35, 36, 108, 135)] == [11, 19, 21, 41, 47]
    assert [tile_code(t) for t in (16, 52, 88)] == [51, 52, 53]
    assert tile_code(52, aka=False) == 25


def test_a_played_game_exports_every_hand_with_13_tile_deals() -> None:
    state, _ = self_play(["p", "q", "r", "s"], 2, options={"length": "tonpuu"})
    log = json.loads(json.dumps(export_tenhou6(state)))
    assert len(log["log"]) == state["hands_played"] and log["name"] == state["players"]
    for hand in log["log"]:
        assert len(hand) == 17
        for seat in range(4):
            assert len(hand[4 + 3 * seat]) == 13
            assert len(hand[5 + 3 * seat]) in (len(hand[6 + 3 * seat]), len(hand[6 + 3 * seat]) + 1)
        assert hand[-1][0] in ("和了", "流局", "流し満貫", "九種九牌", "四風連打", "四槓散了", "四家立直", "三家和了")


def test_call_strings_mark_the_called_tile_by_where_it_came_from() -> None:
    from tilerooms.games.mahjong.log_export import _call_string

    def code(t: int) -> int:
        return tile_code(t)

    pon = {"call": "pon", "tile": 12, "tiles": [13, 14]}  # 4m pon
    assert _call_string(0, {**pon, "from": 3}, 4, code) == "p141414"  # from the player before
    assert _call_string(0, {**pon, "from": 2}, 4, code) == "14p1414"  # from across
    assert _call_string(0, {**pon, "from": 1}, 4, code) == "1414p14"  # from the next player
    chi = {"call": "chi", "tile": 12, "tiles": [4, 8], "from": 3}
    assert _call_string(0, chi, 4, code) == "c141213"


def test_a_pon_is_logged_for_the_export() -> None:
    s = table({0: "4m159p159s1234567z", 2: "4489m3579p3579s6z"})
    discard(s, 0, "4m")
    claim(s, 2, "pon")
    assert s["hand"]["log"]["draws"][2][-1]["call"] == "pon"


def test_past_hands_are_kept_as_text_and_a_room_saved_with_them_as_objects_exports_the_same() -> None:
    # issue 20: a hanchan's past hands were ~160 KB of objects in every live room, ~35 KB as text
    state, _ = self_play(["p", "q", "r", "s"], 2, options={"length": "tonpuu"})
    assert state["logs"] and all(isinstance(entry, str) for entry in state["logs"])
    as_objects = {**state, "logs": [json.loads(entry) for entry in state["logs"]]}  # a room stored before
    assert export_tenhou6(as_objects) == export_tenhou6(state)
    assert json.loads(state["logs"][-1])["record"]["next"]  # the record as finish_hand completed it
