"""Issue 20, the profile's next cuts: the clock handing an AI its turn is stored without a new room
version (nobody sees it, so nothing is pushed), and a store keeps a room's game log apart from the
room's JSON (it is not escaped into it and parsed out of it on every change). Both storage modes."""

from __future__ import annotations

import asyncio
import json

from tilerooms.rooms.identity import guest
from tilerooms.rooms.store import MemoryRoomStore

HOST = guest("hostbrowser01", "영희")


async def test_an_ai_hand_over_is_stored_without_a_version_and_its_move_is_one(service, clock):
    room_id = await service.create_practice(HOST, game="rummikub", ai_count=1, level="easy")
    room = await service.store.load(room_id)
    if room.game_state["current"] != HOST.id:  # the AI began: let it play
        clock.advance(1)
        await service.tick()
    room = await service.store.load(room_id)
    assert room.game_state["current"] == HOST.id
    published: list[int] = []

    async def record(rid: str, version: int) -> None:
        if rid == room_id:
            published.append(version)

    service.bus.subscribe(record)
    await service.act(room_id, HOST.id, {"type": "draw", "seq": room.game_state["seq"]})
    after_draw = (await service.store.load(room_id)).version
    clock.advance(1)
    await service.tick()  # the wake hands the AI its turn, then the AI's move is applied
    room = await service.store.load(room_id)
    assert room.game_state["current"] == HOST.id  # the AI moved
    assert room.version == after_draw + 1  # the hand-over made no version of its own
    for _ in range(50):  # the Redis bus delivers asynchronously
        if published[-1:] == [room.version]:
            break
        await asyncio.sleep(0.02)
    assert published == [after_draw, after_draw + 1]


async def test_a_wake_that_changes_what_people_see_is_a_new_version(service, clock):
    room_id = await service.create_practice(HOST, game="rummikub", ai_count=1, level="easy")
    room = await service.store.load(room_id)
    if room.game_state["current"] != HOST.id:
        clock.advance(1)
        await service.tick()
    before = await service.store.load(room_id)
    clock.advance(before.game_state["options"]["turnSeconds"] + 1)  # my turn runs out (a time-out draws for me)
    await service.tick()
    after = await service.store.load(room_id)
    assert after.version > before.version
    assert after.game_state["seq"] > before.game_state["seq"]


async def test_the_game_log_is_stored_apart_from_the_room_json(service, clock):
    room_id = await service.create_practice(HOST, game="mahjong", ai_count=3, level="easy")
    for _ in range(6):
        clock.advance(20)
        await service.tick()
    room = await service.store.load(room_id)
    assert room.game_log.count("\n") >= 6  # the deal's changes, then several turns
    store = service.store
    if isinstance(store, MemoryRoomStore):
        raw = store._rooms[room_id]
    else:
        raw = await store._redis.get(store._key(room_id))
    assert "game_log" not in json.loads(raw)
    again = await store.load(room_id)
    assert again.game_log == room.game_log and again.model_dump() == room.model_dump()
    await store.delete(room_id)
    assert await store.load(room_id) is None
    if not isinstance(store, MemoryRoomStore):
        assert await store._redis.get(store._log_key(room_id)) is None
