"""Worker liveness in Redis, for several backend workers (the `WorkerRegistry` of `presence.py`).

Keys (under the store's prefix, `tilerooms` by default):
- `workers`: the set of registered worker ids;
- `worker:<id>`: the heartbeat, refreshed every second with a TTL of `HEARTBEAT_TTL_S` (its value
  names the process, for operators and the fault tests);
- `worker:<id>:rooms`: the rooms where that worker holds sockets;
- `worker:<id>:claim`: a lease on cleaning up after a dead worker, so one survivor does it; the
  clean-up is idempotent, so a claimer that dies too only delays it by `CLAIM_LEASE_S`.
"""

from __future__ import annotations

import json
import os
import socket

from redis.asyncio import Redis

from tilerooms.rooms.presence import new_worker_id

HEARTBEAT_TTL_S = 8  # a worker silent this long is dead (refreshed every 1 s; a stall heals itself)
CLAIM_LEASE_S = 30  # a survivor that dies mid-clean-up hands it on after this


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


class RedisWorkers:
    """The `WorkerRegistry` contract on Redis."""

    def __init__(self, redis: Redis, prefix: str = "tilerooms", worker_id: str | None = None, ttl_s: int = HEARTBEAT_TTL_S) -> None:
        self._redis = redis
        self._prefix = prefix
        self._ttl_s = ttl_s
        self.worker_id = worker_id or new_worker_id()
        self._registered = False

    @property
    def _workers(self) -> str:
        return f"{self._prefix}:workers"

    def _heartbeat(self, worker_id: str) -> str:
        return f"{self._prefix}:worker:{worker_id}"

    def _rooms(self, worker_id: str) -> str:
        return f"{self._prefix}:worker:{worker_id}:rooms"

    def _claim(self, worker_id: str) -> str:
        return f"{self._prefix}:worker:{worker_id}:claim"

    async def beat(self) -> bool:
        """Refresh the heartbeat and the registration; True when this worker had been declared
        dead meanwhile (a stall longer than the TTL): its sockets were dropped from its rooms."""
        who = json.dumps({"pid": os.getpid(), "host": socket.gethostname()})
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.set(self._heartbeat(self.worker_id), who, ex=self._ttl_s)
            pipe.sadd(self._workers, self.worker_id)
            _, added = await pipe.execute()
        healed = self._registered and added == 1
        self._registered = True
        return healed

    async def hold(self, room_id: str) -> None:
        """Note a room where this worker holds a socket (before the socket is recorded in it)."""
        await self._redis.sadd(self._rooms(self.worker_id), room_id)  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)

    async def prune(self, keep: set[str]) -> None:
        """Forget the rooms where this worker holds no socket any more."""
        held = {_text(m) for m in await self._redis.smembers(self._rooms(self.worker_id))}  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)
        stale = held - keep
        if stale:
            await self._redis.srem(self._rooms(self.worker_id), *stale)  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)

    async def dead_workers(self) -> list[str]:
        """Registered workers whose heartbeat has expired (never this one)."""
        others = sorted(_text(m) for m in await self._redis.smembers(self._workers) if _text(m) != self.worker_id)  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)
        if not others:
            return []
        async with self._redis.pipeline(transaction=False) as pipe:
            for worker_id in others:
                pipe.exists(self._heartbeat(worker_id))
            alive = await pipe.execute()
        return [w for w, up in zip(others, alive) if not up]

    async def claim(self, worker_id: str) -> list[str] | None:
        """The rooms of a dead worker, to this caller alone for `CLAIM_LEASE_S`; None when another
        worker holds the lease or the dead worker is already cleaned up."""
        if not await self._redis.set(self._claim(worker_id), self.worker_id, nx=True, ex=CLAIM_LEASE_S):
            return None
        if not await self._redis.sismember(self._workers, worker_id):  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)
            await self._redis.delete(self._claim(worker_id))
            return None  # released by another worker between its list and our claim
        return sorted(_text(m) for m in await self._redis.smembers(self._rooms(worker_id)))  # type: ignore[misc]  # redis-py types async commands as sync-or-async (redis/redis-py#2399)

    async def release(self, worker_id: str) -> None:
        """Forget a dead worker once its sockets are out of its rooms."""
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.srem(self._workers, worker_id)
            pipe.delete(self._rooms(worker_id), self._claim(worker_id))
            await pipe.execute()

    async def retire(self) -> None:
        """A clean stop: drop the heartbeat so a surviving worker cleans up at its next sweep."""
        await self._redis.delete(self._heartbeat(self.worker_id))
