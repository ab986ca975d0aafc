"""Issue 20, the profile's next cuts: the clock handing an AI its turn is stored without a new room
version (nobody sees it, so nothing is pushed); a store keeps a room's game log apart from the
room's JSON (it is not escaped into it and parsed out of it on every change); the memory store
hands a change the room object it saved last instead of parsing it again, and a refused change
still leaves the stored room exactly as it was. Both storage modes."""

from __future__ import annotations

import asyncio
import json

from tests.helpers.people import HOST
from tilerooms.core import RuleError
from tilerooms.rooms.identity import guest
from tilerooms.rooms.store import MemoryRoomStore


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


async def test_a_refused_change_leaves_the_stored_room_as_it_was_even_after_changing_it(service, clock):
    room_id = await service.create_practice(HOST, game="rummikub", ai_count=1, level="easy")
    before = (await service.store.load(room_id)).model_dump()

    def half_then_refuse(room, now):
        room.name = "바뀐 이름"
        room.game_state["racks"][HOST.id].append("K13a")  # a tile out of nowhere
        raise RuleError("bad_action", "잘못된 요청이에요")

    try:
        await service._change(room_id, half_then_refuse)
    except RuleError:
        pass
    assert (await service.store.load(room_id)).model_dump() == before
    await service.say(room_id, HOST.id, "안녕")  # the next change starts from the stored room
    after = await service.store.load(room_id)
    assert after.name == before["name"] and after.game_state["racks"][HOST.id] == before["game_state"]["racks"][HOST.id]
    assert after.version == before["version"] + 1 and after.chat[-1].text == "안녕"


async def test_a_change_reuses_the_saved_room_without_parsing_it_in_memory(clock):
    from tilerooms.rooms.models import Room
    from tilerooms.rooms.service import RoomService

    service = RoomService(clock=clock, ai_delay_ms=(0, 0), seed_source=lambda: 5)
    room_id = await service.create_practice(HOST, game="mahjong", ai_count=3, level="easy")
    parses = 0
    parse = Room.model_validate_json

    def counting(*args, **kwargs):
        nonlocal parses
        parses += 1
        return parse(*args, **kwargs)

    Room.model_validate_json = counting  # type: ignore[method-assign]
    try:
        for _ in range(12):  # an AI turn a tick; claim answers a tick of their own (issue 35: 6)
            clock.advance(20)
            await service.tick()
    finally:
        Room.model_validate_json = parse  # type: ignore[method-assign]
    assert (await service.store.load(room_id)).game_state["seq"] > 5
    assert parses == 0


async def test_views_share_nothing_with_the_room_that_later_changes_move(clock):
    # the memory store changes the saved room object in place: a view built earlier (kept by a
    # browser's state, by the push's "already shown" compare) must not move with it
    import copy

    from tilerooms.rooms.service import RoomService

    service = RoomService(clock=clock, ai_delay_ms=(0, 0), seed_source=lambda: 11)
    watcher = guest("watchbrowser9", "관전")
    kept: list[tuple[dict, dict]] = []
    for game, seats in (("mahjong", 3), ("rummikub", 1)):
        room_id = await service.create_practice(HOST, game=game, ai_count=seats, level="easy")
        room = await service.store.load_for_change(room_id)
        room.allow_spectators = True  # a practice room takes no spectators: open it (the next save keeps it)
        await service.join(room_id, watcher, spectate=True)
        for _ in range(40):
            clock.advance(20)
            await service.tick()
            views = await service.views(room_id, [HOST.id, watcher.id], (await service.store.load(room_id)).version)
            kept += [(view, copy.deepcopy(view)) for view in views.values()]
    assert len(kept) == 160
    assert all(view == snapshot for view, snapshot in kept)
