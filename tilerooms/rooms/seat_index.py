"""Which rooms seat each person (issue 37: "never in a queue and a room at once"): an index kept
beside the room store, so quick match asks about one person's rooms instead of loading every room
(a scan of every room per queue join cost ~7 ms with 300 rooms, and grows with the site).

`RoomService` records a room's people after every stored change that seats or unseats someone,
and forgets a room it deletes. Only people are indexed (never AI seats). In process by default;
in Redis (`RedisSeatIndex`) when several workers share the rooms.
"""

from __future__ import annotations

from typing import Protocol

from redis.asyncio import Redis

from tilerooms.rooms.identity import is_ai
from tilerooms.rooms.models import Room


def people_of(room: Room) -> set[str]:
    """The people (not AIs) seated in `room`."""
    return {person for person in room.occupant_ids() if not is_ai(person)}


class SeatIndex(Protocol):
    """Person -> the rooms seating them."""

    async def record(self, room_id: str, people: set[str]) -> None:
        """`room_id` now seats exactly `people` (an empty set: the room is gone)."""
        ...

    async def rooms_of(self, person_id: str) -> list[str]:
        """The rooms seating `person_id`."""
        ...


class MemorySeatIndex:
    """The index in this process."""

    def __init__(self) -> None:
        self._people: dict[str, set[str]] = {}  # room -> people
        self._rooms: dict[str, set[str]] = {}  # person -> rooms

    async def record(self, room_id: str, people: set[str]) -> None:
        """Replace the room's people."""
        before = self._people.pop(room_id, set())
        for person in before - people:
            rooms = self._rooms.get(person, set())
            rooms.discard(room_id)
            if not rooms:
                self._rooms.pop(person, None)
        for person in people - before:
            self._rooms.setdefault(person, set()).add(room_id)
        if people:
            self._people[room_id] = set(people)

    async def rooms_of(self, person_id: str) -> list[str]:
        """The person's rooms."""
        return sorted(self._rooms.get(person_id, ()))


# KEYS: the room's people set; ARGV: person-key prefix, room id, then the people now seated
_RECORD = """
local before = redis.call('SMEMBERS', KEYS[1])
for _, person in ipairs(before) do redis.call('SREM', ARGV[1] .. person, ARGV[2]) end
redis.call('DEL', KEYS[1])
for i = 3, #ARGV do
  redis.call('SADD', ARGV[1] .. ARGV[i], ARGV[2])
  redis.call('SADD', KEYS[1], ARGV[i])
end
return 1
"""


class RedisSeatIndex:
    """The index in Redis: `seats:room:<id>` (its people) and `seats:person:<id>` (their rooms)."""

    def __init__(self, redis: Redis, prefix: str = "tilerooms") -> None:
        self._redis = redis
        self._prefix = f"{prefix}:seats"

    async def record(self, room_id: str, people: set[str]) -> None:
        """Replace the room's people, in one step."""
        await self._redis.eval(_RECORD, 1, f"{self._prefix}:room:{room_id}", f"{self._prefix}:person:", room_id, *sorted(people))  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)

    async def rooms_of(self, person_id: str) -> list[str]:
        """The person's rooms."""
        members = await self._redis.smembers(f"{self._prefix}:person:{person_id}")  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)
        return sorted(m.decode() if isinstance(m, bytes) else m for m in members)
