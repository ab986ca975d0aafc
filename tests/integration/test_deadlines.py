"""An action counts at the server time it arrives (issue 17, point 2), in both games.

The server clock's tick is never run here: the action itself arrives after the deadline, as it
does when the tick is late under load. It must be refused with "시간이 지났어요" and the time-out
applied first, exactly as if the tick had fired.
"""

from __future__ import annotations

import pytest

from tests.helpers.people import GUEST, HOST
from tests.helpers.rooms import started
from tests.integration.positions import seat_game_state
from tilerooms.core import RuleError
from tilerooms.games.mahjong import engine as mahjong
from tilerooms.games.rummikub import engine as rummikub
from tilerooms.games.rummikub.engine import make_state


async def _late(service, room_id: str, who: str, action: dict) -> None:
    with pytest.raises(RuleError) as refused:
        await service.act(room_id, who, action)
    assert refused.value.code == "late" and refused.value.message == "시간이 지났어요"


async def test_a_number_tile_move_1_ms_after_the_turn_deadline_is_refused_and_the_time_out_applied(service, clock):
    room_id = await started(service, name="시계 방")
    # host to move: R1 R2 R3 on the rack, K10 K11 K12 on the table, already melded
    await seat_game_state(
        service,
        room_id,
        make_state(
            table=[["K10a", "K11a", "K12a"]],
            racks={HOST.id: ["R1a", "R2a", "R3a", "B5a"], GUEST.id: ["B13a", "O7a"]},
            has_melded=True,
        ),
    )
    room = await service.store.load(room_id)
    deadline = rummikub.deadline(room.game_state)
    clock.ms = int(deadline) + 1
    await _late(service, room_id, HOST.id, {"type": "setDraft", "sets": [{"tileIds": ["K10a", "K11a", "K12a"]}, {"tileIds": ["R1a", "R2a", "R3a"]}]})
    after = (await service.store.load(room_id)).game_state
    assert after["current"] == GUEST.id  # the time-out passed the turn
    assert len(after["racks"][HOST.id]) == 5  # and drew the default 1 tile (service page: no 3-tile penalty)
    assert after["table"] == room.game_state["table"]  # the late draft never reached the table


async def test_a_move_at_exactly_the_deadline_is_already_late(service, clock):
    room_id = await started(service, name="시계 방")
    room = await service.store.load(room_id)
    current = room.game_state["current"]
    clock.ms = int(rummikub.deadline(room.game_state))
    await _late(service, room_id, current, {"type": "draw", "seq": room.game_state["seq"]})
    assert (await service.store.load(room_id)).game_state["current"] != current


async def test_a_winning_commit_after_the_game_clock_ran_out_does_not_win(service, clock):
    room_id = await started(service, name="시계 방")
    await seat_game_state(
        service,
        room_id,
        make_state(
            table=[["K10a", "K11a", "K12a"]],
            racks={HOST.id: ["R1a", "R2a", "R3a"], GUEST.id: ["B13a", "O7a"]},
            has_melded=True,
        ),
    )
    room = await service.store.load(room_id)
    clock.ms = room.game_state["game_deadline"] + 31 * 60 * 1000  # 31 minutes after the game clock
    await _late(service, room_id, HOST.id, {"type": "setDraft", "sets": [{"tileIds": ["K10a", "K11a", "K12a"]}, {"tileIds": ["R1a", "R2a", "R3a"]}]})
    end = await service.view(room_id, HOST.id)
    assert end["status"] == "finished"
    assert end["result"]["endReason"] == "timeUp"  # spec: the whole-game clock ended it, not rackEmpty


async def test_a_move_of_someone_else_after_a_deadline_is_judged_after_the_time_out(service, clock):
    room_id = await started(service, name="시계 방")
    room = await service.store.load(room_id)
    current = room.game_state["current"]
    other = GUEST.id if current == HOST.id else HOST.id
    clock.ms = int(rummikub.deadline(room.game_state)) + 1
    # the other player was not due: the time-out fires, then their draw is their own turn's draw
    await service.act(room_id, other, {"type": "draw", "seq": room.game_state["seq"] + 1})
    after = (await service.store.load(room_id)).game_state
    assert len(after["racks"][current]) == 15 and len(after["racks"][other]) == 15
    assert after["current"] == current


async def _human_to_discard(service, clock, room_id: str) -> dict:
    """Let the AIs play (ticks on the fake clock) until the human has a tile to discard."""
    for _ in range(400):
        room = await service.store.load(room_id)
        state = room.game_state
        if state["phase"] == "playing" and mahjong.active_players(state) == [HOST.id] and state["hand"]["stage"] == "afterDraw":
            return state
        clock.advance(0.25)
        await service.tick()
    raise AssertionError("the human's turn never came")


async def test_a_mahjong_discard_1_ms_after_the_turn_deadline_is_refused_and_tsumogiri_applied(service, clock):
    room_id = await service.create_practice(HOST, game="mahjong", ai_count=3, level="easy")
    state = await _human_to_discard(service, clock, room_id)
    seat = state["players"].index(HOST.id)
    view = mahjong.view(state, HOST.id)
    drawn = view["me"]["drawn"]
    other_tile = next(t for t in view["me"]["legal"]["discard"] if t != drawn)
    discards_before = len(state["hand"]["discards"][seat])
    clock.ms = int(mahjong.deadline(state)) + 1
    await _late(service, room_id, HOST.id, {"type": "discard", "tile": other_tile, "seq": view["phaseSeq"]})
    after = (await service.store.load(room_id)).game_state
    discards = after["hand"]["discards"][seat]
    assert len(discards) == discards_before + 1
    assert discards[-1]["tsumogiri"]  # spec 8.5: the time-out threw the drawn tile, not the late choice


async def test_a_pon_1_ms_after_the_claim_window_closed_is_refused_and_the_window_resolved_without_it(service, clock):
    from tests.integration.test_mahjong_away import DISCARDER, PON_4M, QUIET, RON_4M, THIRD, _table, _throw_4m

    room_id, _ = await _table(service, clock, [DISCARDER, QUIET, PON_4M, RON_4M])
    await _throw_4m(service, room_id)  # seat 2 may pon it, seat 3 may ron it: the window waits for both
    state = (await service.store.load(room_id)).game_state
    assert state["hand"]["stage"] == "claim"
    clock.ms = int(mahjong.deadline(state)) + 1
    await _late(service, room_id, THIRD.id, {"type": "pon", "seq": state["phase_seq"]})
    hand = (await service.store.load(room_id)).game_state["hand"]
    assert hand["stage"] != "claim" and hand["melds"][2] == []  # the time-out passed everyone: no pon
    assert hand["turn"] == 1  # play goes on to the next seat
