"""The clock handing an AI its turn changes nothing anybody sees (`play.seen_marks`): the in-process
store keeps that change in its live room and writes no JSON for it (issue 20: it was ~40 % of the
JSON written under bench.load). Every JSON it writes is then a room version people see, the game
plays on as before, and a refused change still falls back to the last save."""

from __future__ import annotations

import pytest

from tests.helpers.people import HOST
from tests.integration.conftest import memory_service
from tilerooms.core import RuleError
from tilerooms.rooms.store import MemoryRoomStore


class CountingStore(MemoryRoomStore):
    """The in-process store, counting what it writes as JSON and what it only keeps."""

    def __init__(self) -> None:
        super().__init__()
        self.written: list[int] = []  # the version of every room JSON written
        self.kept = 0

    def put(self, room) -> None:
        self.written.append(room.version)
        super().put(room)

    async def keep(self, room) -> None:
        self.kept += 1
        await super().keep(room)


@pytest.fixture
def counted(clock):
    store = CountingStore()
    return store, memory_service(clock, store)


async def test_ai_turns_write_json_only_for_the_versions_people_see(counted, clock):
    store, service = counted
    room_id = await service.create_practice(HOST, game="mahjong", ai_count=3, level="easy")
    store.written.clear()
    for _ in range(600):  # the host never acts: the AIs play around them until the host's clock runs out
        clock.advance(0.25)  # the clock's own interval: a hand-over is a wake of its own, not the window's close
        await service.tick()
    room = store.peek(room_id)
    assert store.kept >= 20  # ~one hand-over per AI move
    assert room.game_state["seq"] >= 20
    assert len(store.written) == len(set(store.written))  # no version written twice: no JSON for a hand-over
    # the live room and its JSON differ at most in the hand-over marks
    live = await store.load_for_change(room_id)
    assert live.model_dump(exclude={"ai_due"}) == room.model_dump(exclude={"ai_due"})


async def test_a_refused_change_after_a_kept_hand_over_falls_back_to_the_last_save(counted, clock):
    store, service = counted
    room_id = await service.create_practice(HOST, game="mahjong", ai_count=3, level="easy")
    for _ in range(40):
        clock.advance(0.5)
        await service.tick()
    saved = store.peek(room_id).model_dump(exclude={"ai_due"})
    with pytest.raises(RuleError):
        await service.act(room_id, HOST.id, {"type": "discard", "tile": "no-such-tile", "seq": -1})
    assert store.peek(room_id).model_dump(exclude={"ai_due"}) == saved
    for _ in range(200):  # and the game goes on (the host's clock runs out, the AIs play)
        clock.advance(0.5)
        await service.tick()
        if store.peek(room_id).game_state["seq"] > saved["game_state"]["seq"] + 5:
            break
    assert store.peek(room_id).game_state["seq"] > saved["game_state"]["seq"] + 5
