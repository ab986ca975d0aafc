"""Rooms in Redis, for several backend workers: JSON per room, a Redis lock per room, a sorted set
as the wake index where a claim is a lease, so each deadline fires on exactly one worker (GUIDE §5)
and still fires when that worker dies before handling it.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from redis.asyncio import Redis

from tilerooms.core import RuleError
from tilerooms.rooms.models import Room
from tilerooms.rooms.store import from_stored, stored_parts

LOCK_TIMEOUT_S = 10  # a worker that dies holding a lock frees it after this
LOCK_WAIT_S = 5
CLAIM_LEASE_MS = 10_000  # a room claimed by a worker that died is due again after this

# Claim every due room in one atomic step: each due member's score moves to now + lease, so no
# other worker sees it due; the claimer's save sets the real next wake (or removes the member).
_CLAIM = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
for _, member in ipairs(due) do
  redis.call('ZADD', KEYS[1], ARGV[2], member)
end
return due
"""


class RedisRoomStore:
    """The `RoomStore` contract on Redis."""

    def __init__(self, redis: Redis, prefix: str = "tilerooms") -> None:
        self._redis = redis
        self._prefix = prefix

    def _key(self, room_id: str) -> str:
        return f"{self._prefix}:room:{room_id}"

    def _log_key(self, room_id: str) -> str:
        return f"{self._prefix}:room:{room_id}:log"

    @property
    def _index(self) -> str:
        return f"{self._prefix}:rooms"

    @property
    def _wake(self) -> str:
        return f"{self._prefix}:wake"

    @contextlib.asynccontextmanager
    async def lock(self, room_id: str) -> AsyncIterator[None]:
        """A Redis lock per room, shared by every worker."""
        lock = self._redis.lock(f"{self._prefix}:lock:{room_id}", timeout=LOCK_TIMEOUT_S, blocking_timeout=LOCK_WAIT_S)
        if not await lock.acquire():
            raise RuleError("busy", "방이 바빠요. 잠시 후에 다시 해 주세요")
        try:
            yield
        finally:
            with contextlib.suppress(Exception):  # expired meanwhile: nothing left to release
                await lock.release()

    async def load(self, room_id: str) -> Room | None:
        """A fresh copy of the room."""
        raw, log = await self._redis.mget(self._key(room_id), self._log_key(room_id))
        return None if raw is None else from_stored(raw, log)

    async def load_for_change(self, room_id: str) -> Room | None:
        """A fresh copy, as `load`: another worker may have changed the room since."""
        return await self.load(room_id)

    def abandon(self, room_id: str) -> None:
        """Nothing to forget: every load is a fresh copy."""

    async def save(self, room: Room) -> None:
        """Store the room and list it."""
        async with self._redis.pipeline(transaction=True) as pipe:
            raw, log = stored_parts(room)
            pipe.set(self._key(room.id), raw)
            pipe.set(self._log_key(room.id), log)
            pipe.sadd(self._index, room.id)
            await pipe.execute()

    async def keep(self, room: Room) -> None:
        """Saved like any change: another worker's clock must see the hand-over too."""
        await self.save(room)

    async def delete(self, room_id: str) -> None:
        """Forget the room."""
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.delete(self._key(room_id), self._log_key(room_id))
            pipe.srem(self._index, room_id)
            pipe.zrem(self._wake, room_id)
            await pipe.execute()

    async def room_ids(self) -> list[str]:
        """Every stored room id."""
        members = await self._redis.smembers(self._index)  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)
        return sorted(m.decode() if isinstance(m, bytes) else m for m in members)

    async def set_wake(self, room_id: str, at: int | None) -> None:
        """When the room next needs a worker."""
        if at is None:
            await self._redis.zrem(self._wake, room_id)
        else:
            await self._redis.zadd(self._wake, {room_id: at})

    async def claim_due(self, now: int) -> list[str]:
        """Due rooms, each handed to this worker alone for `CLAIM_LEASE_MS`: handling it stores the
        next wake; if this worker dies first, the room falls due again when the lease ends."""
        due = await self._redis.eval(_CLAIM, 1, self._wake, now, now + CLAIM_LEASE_MS)  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)
        return [m.decode() if isinstance(m, bytes) else m for m in due]
