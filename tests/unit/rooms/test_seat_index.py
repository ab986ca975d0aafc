"""The seat index (issue 37): which rooms seat a person, kept by every stored change that seats or
unseats someone, forgotten with the room; AIs are never indexed."""

from __future__ import annotations

from tests.helpers.people import GUEST, HOST
from tilerooms.rooms.seat_index import MemorySeatIndex
from tilerooms.rooms.service import RoomService


async def test_the_index_follows_joins_leaves_and_closing() -> None:
    service = RoomService()
    room_id = await service.create_room(HOST, game="rummikub")
    assert await service.seats.rooms_of(HOST.id) == [room_id]
    await service.join(room_id, GUEST)
    await service.waiting_room(room_id, HOST.id, "add_ai", seat=2, level="easy")
    assert await service.seats.rooms_of(GUEST.id) == [room_id]
    await service.leave(room_id, GUEST.id)
    assert await service.seats.rooms_of(GUEST.id) == []
    await service.leave(room_id, HOST.id)  # nobody left: the room closes
    assert await service.seats.rooms_of(HOST.id) == []


async def test_record_replaces_a_rooms_people() -> None:
    index = MemorySeatIndex()
    await index.record("r1", {"a", "b"})
    await index.record("r2", {"a"})
    await index.record("r1", {"b", "c"})
    assert [await index.rooms_of(p) for p in "abc"] == [["r2"], ["r1"], ["r1"]]
    await index.record("r2", set())
    assert await index.rooms_of("a") == []
