"""The AIs one wake of the clock hands their turn play in one room change (issue 20): after a
discard, the three seats' claim answers (spec mahjong 5.3 step 2: every seat answers, eligible or
not, so an answer tells nothing) were three stored versions; they are one, and the game goes on
exactly as before."""

from __future__ import annotations

from tests.helpers.people import HOST
from tests.integration.positions import JUNK_HANDS, seat_mahjong_hand
from tilerooms.games.mahjong import engine as mj


async def _seeded(service, clock) -> tuple[str, dict]:
    room_id = await service.create_practice(HOST, game="mahjong", ai_count=3, level="easy")
    # the last three wall tiles are 백: each AI draws one and throws it
    return room_id, await seat_mahjong_hand(service, room_id, ["123m456p789s11z44z9m", *JUNK_HANDS], clock, live="5z5z5z", live_count=3)


async def test_three_ai_claim_answers_are_one_room_version(service, clock):
    room_id, state = await _seeded(service, clock)
    await service.act(room_id, HOST.id, {"type": "discard", "tile": state["hand"]["drawn"][0], "seq": state["seq"]})
    before = await service.store.load(room_id)
    assert before.game_state["hand"]["stage"] == "claim"
    asked = [p for p in mj.active_players(before.game_state) if p.startswith("ai-")]
    assert len(asked) == 3  # every other seat answers the window

    clock.advance(0.05)  # the AIs answer a claim window 50 ms after it opened (issue 35: 6)
    await service.tick()
    after = await service.store.load(room_id)
    answers = after.game_state["seq"] - before.game_state["seq"]
    assert answers >= 3  # three passes, each an engine action (the log has them all)
    assert after.version == before.version + 1  # one stored version for all of them
    assert after.game_log.count('"type":"pass"') - before.game_log.count('"type":"pass"') == 3


async def test_the_hand_plays_to_its_end_with_the_answers_batched(service, clock):
    room_id, state = await _seeded(service, clock)
    await service.act(room_id, HOST.id, {"type": "discard", "tile": state["hand"]["drawn"][0], "seq": state["seq"]})
    start = await service.store.load(room_id)
    for _ in range(100):  # each window closes at its uniform minimum; each AI draws a 백 and throws it
        clock.advance(0.25)
        await service.tick()
        if (await service.store.load(room_id)).game_state["phase"] == "handResult":
            break
    room = await service.store.load(room_id)
    assert room.game_state["phase"] == "handResult"  # the wall ran out: an exhaustive draw
    actions = room.game_state["seq"] - start.game_state["seq"]
    passes = room.game_log.count('"type":"pass"') - start.game_log.count('"type":"pass"')
    assert passes >= 9  # the AIs: three in the host's window, two in each of theirs
    assert room.version - start.version < actions  # fewer stored versions than engine actions
