"""A seat whose socket is gone does not hold up the table (spec mahjong §10, 8.5; issue 17 point 6).

Spec §10: "끊긴 사람이 론 가능해도 다른 사람의 퐁이 무한정 기다리지 않는다 (즉시 패스 처리)". From the
moment the server sees a mahjong seat disconnected, the seat is passed at once in claim windows and
plays its turn at autopilot pace (2 s), until it is connected again. The number-tile game keeps
its disconnected players' turn clock.
"""

from __future__ import annotations

from tests.helpers.people import GUEST, HOST
from tests.helpers.rooms import started
from tilerooms.games.mahjong import engine as mahjong
from tilerooms.games.rummikub import engine as rummikub
from tilerooms.rooms.identity import guest

# HOST throws the 4m; GUEST could ron the 4m, and loses the socket
THIRD = guest("thirdbrowser3", "민수")  # pons the 4m

DISCARDER = "4m159p159s1234567z"  # seat 0, to move: throws the 4m
QUIET = "19m178p19s123456z"  # seat 1 (the AI): nothing to say about a 4m
PON_4M = "4489m3579p3579s6z"  # seat 2: pon 4m
RON_4M = "56m234p567p345s88s"  # seat 3: 56m waits 4m-7m, tanyao + pinfu


async def _table(service, clock, hands: list[str]) -> tuple[str, list[str]]:
    """A started 4-seat mahjong room (3 people + 1 AI) with `hands` dealt in seat order
    HOST, AI, THIRD, GUEST; returns the room id and the engine's player order."""
    room_id = await service.create_room(HOST, game="mahjong", name="끊김 방")
    for who in (GUEST, THIRD):
        await service.join(room_id, who)
        await service.waiting_room(room_id, who.id, "ready", ready=True)
    await service.waiting_room(room_id, HOST.id, "add_ai", seat=3, level="easy")
    await service.waiting_room(room_id, HOST.id, "start")
    async with service.store.lock(room_id):
        room = await service.store.load(room_id)
        ai = next(p for p in room.game_players if p.startswith("ai-"))
        players = [HOST.id, ai, THIRD.id, GUEST.id]
        options = {**{k: v for k, v in room.game_state["options"].items() if k != "startedAt"}, "startedAt": clock()}
        state = mahjong.make_state(hands, players=players, options=options, dora="1z")
        state["seq"] = room.game_state["seq"] + 1
        room.game_state, room.ai_due = state, {}
        await service.store.save(room)
    return room_id, players


async def _stage(service, room_id: str) -> dict:
    return (await service.store.load(room_id)).game_state["hand"]


async def _throw_4m(service, room_id: str) -> None:
    state = (await service.store.load(room_id)).game_state
    four_m = next(t for t in state["hand"]["closed"][0] if t >> 2 == 3)
    await service.act(room_id, HOST.id, {"type": "discard", "tile": four_m, "seq": state["phase_seq"]})


async def _tick_for(service, clock, seconds: float) -> None:
    for _ in range(round(seconds / 0.25)):
        clock.advance(0.25)
        await service.tick()


async def test_a_disconnected_ron_capable_seat_is_passed_at_once_and_the_pon_goes_through(service, clock):
    room_id, _ = await _table(service, clock, [DISCARDER, QUIET, PON_4M, RON_4M])
    await service.disconnected(room_id, GUEST.id)  # the presence sweep saw the socket go
    await _throw_4m(service, room_id)
    hand = await _stage(service, room_id)
    assert hand["claim"]["responses"][3] == {"call": "pass", "tiles": []}  # no waiting on them
    await service.act(room_id, THIRD.id, {"type": "pon", "seq": (await service.store.load(room_id)).game_state["phase_seq"]})
    await _tick_for(service, clock, 1.0)  # the uniform minimum, not the 8 s claim time
    hand = await _stage(service, room_id)
    assert hand["stage"] == "afterCall" and hand["turn"] == 2
    assert hand["furiten_temp"][3]  # passing a winning tile is furiten, as for a time-out (spec 5.3 step 6)


async def test_a_seat_that_disconnects_while_a_window_waits_for_it_is_passed_then(service, clock):
    room_id, _ = await _table(service, clock, [DISCARDER, QUIET, PON_4M, RON_4M])
    await _throw_4m(service, room_id)
    await service.act(room_id, THIRD.id, {"type": "pon", "seq": (await service.store.load(room_id)).game_state["phase_seq"]})
    await _tick_for(service, clock, 2.0)
    assert (await _stage(service, room_id))["stage"] == "claim"  # connected and able to ron: waited for
    await service.disconnected(room_id, GUEST.id)
    hand = await _stage(service, room_id)
    assert hand["stage"] == "afterCall" and hand["turn"] == 2  # settled in the same change


async def test_a_disconnected_seat_plays_its_turn_after_2_s_until_it_is_back(service, clock):
    room_id, players = await _table(service, clock, [DISCARDER, QUIET, PON_4M, RON_4M])
    await _tick_for(service, clock, 5.0)
    assert (await _stage(service, room_id))["turn"] == 0  # still the host's 15 s turn
    await service.disconnected(room_id, HOST.id)
    await _tick_for(service, clock, 1.75)
    assert (await _stage(service, room_id))["discards"][0] == []
    await _tick_for(service, clock, 0.25)  # 2 s after the disconnect: the time-out move
    state = (await service.store.load(room_id)).game_state
    assert [d["tsumogiri"] for d in state["hand"]["discards"][0]] == [True]
    assert state["time_bank"][0] == state["options"]["timeBankSeconds"] * 1000  # no bank spent
    await service.connected(room_id, HOST.id)
    assert (await service.store.load(room_id)).game_state["away"][0] is None  # normal clocks again


async def test_a_disconnected_number_tile_player_keeps_the_turn_clock(service, clock):
    room_id = await started(service, name="숫자 방")
    room = await service.store.load(room_id)
    current = room.game_state["current"]
    deadline = rummikub.deadline(room.game_state)
    await service.disconnected(room_id, current)
    await _tick_for(service, clock, 5.0)
    room = await service.store.load(room_id)
    assert room.game_state["current"] == current and rummikub.deadline(room.game_state) == deadline


async def test_a_practice_host_whose_page_is_still_loading_is_not_played_for(service, clock):
    from tilerooms.rooms.ratelimit import Origin

    room_id = await service.create_practice(HOST, game="mahjong", ai_count=3, level="easy", origin=Origin(socket="sid-1", address="192.0.2.5"))
    room = await service.store.load(room_id)
    assert not room.seats[0].connected  # away for the rejoin grace: a host who never comes is let go
    seat = room.game_state["players"].index(HOST.id)
    await _tick_for(service, clock, 10)  # a slow page load: the AIs play, the host's hand is untouched
    state = (await service.store.load(room_id)).game_state
    assert state["away"][seat] is None  # not "gone": nothing is played for them
    assert len(state["hand"]["discards"][seat]) == 0  # their turn (if it came) waits on its own clock
    await service.connected(room_id, HOST.id)
    assert (await service.store.load(room_id)).seats[0].arrived


async def test_a_practice_host_who_never_comes_is_let_go_and_the_room_closes(service, clock):
    from tilerooms.rooms.ratelimit import Origin

    room_id = await service.create_practice(HOST, game="mahjong", ai_count=3, level="easy", origin=Origin(socket="sid-2", address="192.0.2.5"))
    await _tick_for(service, clock, 62)
    assert await service.store.load(room_id) is None
