"""AI seats asked at the same time (a mahjong claim window, the hand-result screen): an answer that
changes what the others see (a ready on the result screen; in a claim window answers are hidden, so
plans stand, `play.plan_still_fits`) makes their plans stale; those AIs are asked again at once, not
after the 5 s hand-over lock (`play.AI_RETRY_MS`), so the game never stalls for it."""

from __future__ import annotations

from tests.helpers.people import HOST
from tests.integration.positions import JUNK_HANDS, seat_mahjong_hand
from tilerooms.rooms import play


async def test_ais_asked_together_all_answer_without_waiting_out_the_hand_over_lock(service, clock):
    room_id = await service.create_practice(HOST, game="mahjong", ai_count=3, level="easy")
    # the last three wall tiles are 백
    state = await seat_mahjong_hand(service, room_id, ["123m456p789s11z44z9m", *JUNK_HANDS], clock, live="5z5z5z", live_count=3)
    await service.act(room_id, HOST.id, {"type": "discard", "tile": state["hand"]["drawn"][0], "seq": state["seq"]})

    # three AI turns, each discard answered by the other seats at once (every claim window lasts
    # its uniform minimum, spec 5.3 step 2), then every AI confirms the result
    for _ in range(60):  # 4 windows of 1 s, and some room
        clock.advance(0.1)
        await service.tick()
        if (await service.store.load(room_id)).game_state["phase"] == "handResult":
            break
    budget_s = play.AI_RETRY_MS / 1000 - 1
    for _ in range(int(budget_s * 10)):
        clock.advance(0.1)
        await service.tick()
    state = (await service.store.load(room_id)).game_state
    assert state["phase"] == "handResult"
    assert state["ready"] == [False, True, True, True]  # only the human is still reading
