"""The claim window's pace (issue 35: 6, spec mahjong 5.3 step 2): the AIs decide 50 ms after a
window opens (once its change has gone out); their answers wait in the server's state, in no view, until the window settles at
the room's minimum delay (400 ms by default), and only then take effect."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.helpers.people import HOST
from tests.integration.positions import JUNK_HANDS, seat_mahjong_hand
from tilerooms.core import RuleError
from tilerooms.games.mahjong import engine as mj
from tilerooms.rooms import bots, waiting

# the host throws the 9m they drew; the seat across (an AI) holds 9m9m and pons whatever it may
HANDS = ["123m456p789s11z44z9m", JUNK_HANDS[0], "9m9m1p4p7p1s4s7s2z3z6z7z5m", JUNK_HANDS[2]]


def _pon_when_able(game: str, level: str, view: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    """An AI that pons every tile it may and passes otherwise (its taste is not under test)."""
    if view.get("stage") != "claim" or (view.get("claim") or {}).get("from") == view.get("viewer"):
        return []
    mine = (view.get("me") or {}).get("claim") or {}
    return [{"type": "claim", "call": "pon"} if "pon" in mine.get("calls", []) else {"type": "pass"}]


async def test_an_ais_answer_is_decided_at_once_hidden_and_played_at_the_minimum(service, clock, monkeypatch):
    monkeypatch.setattr(bots, "decide", _pon_when_able)
    room_id = await service.create_practice(HOST, game="mahjong", ai_count=3, level="easy")
    state = await seat_mahjong_hand(service, room_id, HANDS, clock)
    assert state["options"]["claimMinDelayMs"] == 400  # spec 5.3 step 2's default
    players = state["players"]
    await service.act(room_id, HOST.id, {"type": "discard", "tile": state["hand"]["drawn"][0], "seq": state["seq"]})
    opened = clock()

    window = (await service.store.load(room_id)).game_state["hand"]["claim"]
    assert window["opened_at"] == opened and window["min_until"] == opened + 400
    # the AIs think once the discard's change has gone out: the clock wakes 50 ms after it
    assert window["responses"][2] is None
    assert service.pause_after_tick(0.25) == pytest.approx(0.05)
    clock.advance(0.05)
    await service.tick()
    window = (await service.store.load(room_id)).game_state["hand"]["claim"]
    assert window["responses"][2]["call"] == "pon"  # decided, held by the engine
    # nobody else sees it: not the host, not the other AIs, not a spectator (spec 5.3 step 7, 8.3)
    for viewer in (HOST.id, players[1], players[3], None):
        seen = json.dumps(await service.view(room_id, viewer), ensure_ascii=False)
        assert '"pon"' not in seen, viewer
        assert seen.count('"answered"') <= 1 and '"answered": "pon"' not in seen, viewer

    clock.advance(0.30)
    await service.tick()
    hand = (await service.store.load(room_id)).game_state["hand"]
    assert hand["stage"] == "claim" and not hand["melds"][2]  # still held: the minimum runs

    clock.advance(0.05)
    await service.tick()
    hand = (await service.store.load(room_id)).game_state["hand"]
    assert [m["type"] for m in hand["melds"][2]] == ["pon"]  # played when the window settled
    assert hand["stage"] == "afterCall" and hand["turn"] == 2 and hand["turn_started_at"] == opened + 400


async def test_a_window_nobody_can_answer_settles_at_the_hosts_minimum(service, clock):
    room_id = await service.create_practice(HOST, game="mahjong", ai_count=3, level="easy", options={"claimMinDelayMs": 700})
    # the last three wall tiles are 백: nobody can call the host's 9m
    state = await seat_mahjong_hand(service, room_id, ["123m456p789s11z44z9m", *JUNK_HANDS], clock, live="5z5z5z", live_count=3)
    await service.act(room_id, HOST.id, {"type": "discard", "tile": state["hand"]["drawn"][0], "seq": state["seq"]})
    opened = clock()
    for _ in range(13):
        clock.advance(0.05)
        await service.tick()
    assert (await service.store.load(room_id)).game_state["hand"]["claim"]["from"] == 0  # 650 ms: still open
    clock.advance(0.05)
    await service.tick()
    hand = (await service.store.load(room_id)).game_state["hand"]
    # closed at 700 ms: the next seat drew and (no AI delay in these tests) threw its tile then
    assert hand["claim"]["from"] == 1 and hand["claim"]["opened_at"] == opened + 700


@pytest.mark.parametrize("value", [0, 399, 500, "400", True, None])
def test_the_minimum_delay_takes_only_its_listed_choices(value):
    with pytest.raises(RuleError) as refused:
        waiting.resolve_room_options("mahjong", {"claimMinDelayMs": value})
    assert refused.value.code == "bad_option" and "claimMinDelayMs" in refused.value.message
    assert mj.resolve_options({"claimMinDelayMs": 1000})["claimMinDelayMs"] == 1000


async def test_the_servers_clock_ticks_at_the_windows_minimum_not_only_every_quarter_second(service, clock):
    room_id = await service.create_practice(HOST, game="mahjong", ai_count=3, level="easy")
    state = await seat_mahjong_hand(service, room_id, ["123m456p789s11z44z9m", *JUNK_HANDS], clock, live="5z5z5z", live_count=3)
    await service.act(room_id, HOST.id, {"type": "discard", "tile": state["hand"]["drawn"][0], "seq": state["seq"]})
    assert service.pause_after_tick(0.25) == pytest.approx(0.05)  # the AIs' answers, 50 ms after the discard
    clock.advance(0.05)
    await service.tick()
    assert service.pause_after_tick(0.25) == 0.25
    clock.advance(0.2)
    assert service.pause_after_tick(0.25) == pytest.approx(0.15)  # the next tick: at 400 ms, not 500
    clock.advance(0.15)
    await service.tick()
    assert (await service.store.load(room_id)).game_state["hand"]["claim"]["from"] == 1  # closed, next seat's tile
