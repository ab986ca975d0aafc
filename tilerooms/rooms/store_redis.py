"""Rooms in Redis, for several backend workers: JSON per room, a Redis lock per room, a sorted set
as the wake index where a claim is a lease, so each deadline fires on exactly one worker (GUIDE §5)
and still fires when that worker dies before handling it.

A room change costs two round trips (issue 38, "a leaner Redis path"; it took seven):
- taking the lock reads the room in the same script (`_LOCK_AND_LOAD`); when the room's stamp (a
  counter every save moves on) is the one this worker saved last, the room's bytes stay in Redis and
  the room object this worker saved is handed to the change, as the in-process store does — no
  transfer, no parse;
- the save writes the room, appends to its game log (it only grows within a game), sets the wake
  time the change set (`set_wake` under the lock waits for the save) and frees the lock, all in one
  script (`_SAVE`), which writes nothing if the lock is no longer this worker's (it expired).
Two changes of one room on the same worker queue on a local lock first, so only one of them polls
Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from redis.asyncio import Redis

from tilerooms.core import RuleError
from tilerooms.rooms.models import Room
from tilerooms.rooms.store import from_stored, stored_parts

LOCK_TIMEOUT_S = 10  # a worker that dies holding a lock frees it after this
LOCK_WAIT_S = 5
LOCK_POLL_S = (0.002, 0.025)  # the first and the longest pause between two tries of a busy lock
CLAIM_LEASE_MS = 10_000  # a room claimed by a worker that died is due again after this
ROOMS_KEPT = 1024  # room objects this worker saved last, kept to skip the next load's transfer and parse

# Claim every due room in one atomic step: each due member's score moves to now + lease, so no
# other worker sees it due; the claimer's save sets the real next wake (or removes the member).
_CLAIM = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
for _, member in ipairs(due) do
  redis.call('ZADD', KEYS[1], ARGV[2], member)
end
return due
"""

# KEYS: lock, room, log, stamp. ARGV: lock token, lock ms, the stamp this worker holds ('' none).
# {0}: busy; {1, stamp}: the room is as this worker saved it; {1, stamp, room, log}: read it.
_LOCK_AND_LOAD = """
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return {0}
end
local stamp = redis.call('GET', KEYS[4])
if stamp and stamp == ARGV[3] then
  return {1, stamp}
end
return {1, stamp, redis.call('GET', KEYS[2]), redis.call('GET', KEYS[3])}
"""

# KEYS: room, log, stamp, index, wake, lock. ARGV: room id, room JSON, log mode ('set' | 'append' | 'keep'),
# log text, wake ('keep' | 'none' | epoch ms), lock token ('' : no lock to check or free).
# Returns the new stamp, or false (nothing written) when the lock is not this token's any more.
_SAVE = """
if ARGV[6] ~= '' and redis.call('GET', KEYS[6]) ~= ARGV[6] then
  return false
end
redis.call('SET', KEYS[1], ARGV[2])
if ARGV[3] == 'append' then
  redis.call('APPEND', KEYS[2], ARGV[4])
elseif ARGV[3] == 'set' then
  redis.call('SET', KEYS[2], ARGV[4])
end
redis.call('SADD', KEYS[4], ARGV[1])
if ARGV[5] == 'none' then
  redis.call('ZREM', KEYS[5], ARGV[1])
elseif ARGV[5] ~= 'keep' then
  redis.call('ZADD', KEYS[5], ARGV[5], ARGV[1])
end
local stamp = redis.call('INCR', KEYS[3])
if ARGV[6] ~= '' then
  redis.call('DEL', KEYS[6])
end
return stamp
"""

_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""

_KEEP_WAKE = "keep"


@dataclass
class _Held:
    """A room lock this worker holds: its token, the room read with it, the wake set under it."""

    token: str
    task: asyncio.Task[Any] | None  # the task holding it: another task's load or save is not under it
    room: Room | None = None
    wake: str = _KEEP_WAKE
    freed: bool = False  # the save freed it


@dataclass
class _Saved:
    """The room as this worker stored it last: its stamp, the object, the game log stored."""

    stamp: bytes
    room: Room
    log: str


@dataclass
class _LocalLock:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


class RedisRoomStore:
    """The `RoomStore` contract on Redis."""

    def __init__(self, redis: Redis, prefix: str = "tilerooms") -> None:
        self._redis = redis
        self._prefix = prefix
        self._held: dict[str, _Held] = {}
        self._saved: OrderedDict[str, _Saved] = OrderedDict()
        self._local: dict[str, _LocalLock] = {}

    def _key(self, room_id: str) -> str:
        return f"{self._prefix}:room:{room_id}"

    def _log_key(self, room_id: str) -> str:
        return f"{self._prefix}:room:{room_id}:log"

    def _stamp_key(self, room_id: str) -> str:
        return f"{self._prefix}:room:{room_id}:stamp"

    def _lock_key(self, room_id: str) -> str:
        return f"{self._prefix}:lock:{room_id}"

    @property
    def _index(self) -> str:
        return f"{self._prefix}:rooms"

    @property
    def _wake(self) -> str:
        return f"{self._prefix}:wake"

    @contextlib.asynccontextmanager
    async def lock(self, room_id: str) -> AsyncIterator[None]:
        """A Redis lock per room, shared by every worker; taking it reads the room too
        (`load_for_change`). Changes on this worker queue locally first."""
        local = self._local.setdefault(room_id, _LocalLock())
        local.users += 1
        try:
            async with local.lock:
                held = await self._acquire(room_id)
                self._held[room_id] = held
                try:
                    yield
                finally:
                    self._held.pop(room_id, None)
                    if not held.freed:
                        with contextlib.suppress(Exception):  # expired meanwhile: nothing left to release
                            await self._redis.eval(_RELEASE, 1, self._lock_key(room_id), held.token)  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)
        finally:
            local.users -= 1
            if not local.users:
                self._local.pop(room_id, None)

    async def _acquire(self, room_id: str) -> _Held:
        token = secrets.token_hex(8)
        saved = self._saved.get(room_id)
        keys = (self._lock_key(room_id), self._key(room_id), self._log_key(room_id), self._stamp_key(room_id))
        loop = asyncio.get_running_loop()
        give_up = loop.time() + LOCK_WAIT_S
        pause = LOCK_POLL_S[0]
        while True:
            reply = await self._redis.eval(_LOCK_AND_LOAD, 4, *keys, token, LOCK_TIMEOUT_S * 1000, saved.stamp if saved else "")  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)
            if reply[0]:
                break
            if loop.time() + pause > give_up:
                raise RuleError("busy", "방이 바빠요. 잠시 후에 다시 해 주세요")
            await asyncio.sleep(pause)
            pause = min(pause * 2, LOCK_POLL_S[1])
        held = _Held(token, asyncio.current_task())
        if len(reply) == 2 and saved is not None:
            held.room = saved.room  # as this worker saved it: the object itself, as the in-process store does
        elif len(reply) >= 3 and reply[2] is not None:
            held.room = from_stored(reply[2], reply[3])
            self._remember(room_id, reply[1], held.room)
        else:
            self._saved.pop(room_id, None)
        return held

    def _mine(self, room_id: str) -> _Held | None:
        """The lock of `room_id` if this task holds it and no save has freed it yet."""
        held = self._held.get(room_id)
        return held if held is not None and held.task is asyncio.current_task() and not held.freed else None

    def _remember(self, room_id: str, stamp: bytes | None, room: Room) -> None:
        if stamp is None:
            self._saved.pop(room_id, None)
            return
        self._saved[room_id] = _Saved(stamp, room, room.game_log)
        self._saved.move_to_end(room_id)
        while len(self._saved) > ROOMS_KEPT:
            self._saved.popitem(last=False)

    async def load(self, room_id: str) -> Room | None:
        """A fresh copy of the room."""
        raw, log = await self._redis.mget(self._key(room_id), self._log_key(room_id))
        return None if raw is None else from_stored(raw, log)

    async def load_for_change(self, room_id: str) -> Room | None:
        """The room read with the lock (another worker may have changed it since this one saved
        it); the object this worker saved last when nobody did. Outside the lock: a fresh copy."""
        held = self._mine(room_id)
        return await self.load(room_id) if held is None else held.room

    def abandon(self, room_id: str) -> None:
        """The object handed to the change may be half-changed: the next change reads the room."""
        self._saved.pop(room_id, None)
        held = self._held.get(room_id)
        if held is not None:
            held.room = None

    async def save(self, room: Room) -> None:
        """Store the room, list it, set the wake time set under the lock; under this worker's lock
        it is the change's last step and frees the lock in the same round trip (a save after the
        lock expired writes nothing and is refused as busy)."""
        held = self._mine(room.id)
        saved = self._saved.get(room.id)
        raw, log = stored_parts(room)
        if saved is not None and log == saved.log:
            mode, text = "keep", ""  # a chat line, a presence change: the log as it was
        elif saved is not None and saved.log and log.startswith(saved.log):
            mode, text = "append", log[len(saved.log) :]  # the log only grows within a game
        else:
            mode, text = "set", log
        keys = (self._key(room.id), self._log_key(room.id), self._stamp_key(room.id), self._index, self._wake, self._lock_key(room.id))
        wake = held.wake if held is not None else _KEEP_WAKE
        try:
            stamp = await self._redis.eval(_SAVE, len(keys), *keys, room.id, raw, mode, text, wake, held.token if held is not None else "")  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)
        except BaseException:
            self._saved.pop(room.id, None)  # unknown whether it was written: read it next time
            raise
        if stamp is None:
            self._saved.pop(room.id, None)
            raise RuleError("busy", "방이 바빠요. 잠시 후에 다시 해 주세요")
        if held is not None:
            held.freed = True
        self._remember(room.id, str(stamp).encode(), room)

    async def keep(self, room: Room) -> None:
        """Saved like any change: another worker's clock must see the hand-over too."""
        await self.save(room)

    async def delete(self, room_id: str) -> None:
        """Forget the room."""
        self._saved.pop(room_id, None)
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.delete(self._key(room_id), self._log_key(room_id), self._stamp_key(room_id))
            pipe.srem(self._index, room_id)
            pipe.zrem(self._wake, room_id)
            await pipe.execute()

    async def room_ids(self) -> list[str]:
        """Every stored room id."""
        members = await self._redis.smembers(self._index)  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)
        return sorted(_text(m) for m in members)

    async def set_wake(self, room_id: str, at: int | None) -> None:
        """When the room next needs a worker. Under this worker's lock it is written with the
        room's save (never without it: a change that is abandoned leaves the wake as it was)."""
        held = self._mine(room_id)
        if held is not None:
            held.wake = "none" if at is None else str(at)
        elif at is None:
            await self._redis.zrem(self._wake, room_id)
        else:
            await self._redis.zadd(self._wake, {room_id: at})

    async def claim_due(self, now: int) -> list[str]:
        """Due rooms, each handed to this worker alone for `CLAIM_LEASE_MS`: handling it stores the
        next wake; if this worker dies first, the room falls due again when the lease ends."""
        due = await self._redis.eval(_CLAIM, 1, self._wake, now, now + CLAIM_LEASE_MS)  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)
        return [_text(m) for m in due]
