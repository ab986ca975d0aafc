"""Fixtures for the room layer: a controllable clock and a RoomService in each storage mode.

Redis mode uses REDIS_URL or the local server on 127.0.0.1:6379; when neither answers it starts a
throw-away `redis-server` on a free port if the binary exists, else those tests are skipped.
"""

from __future__ import annotations

import os
import uuid
from dataclasses import dataclass

import pytest
from redis.asyncio import Redis

from tests.helpers.services import redis_answers, throwaway_redis
from tilerooms.rooms.bus import MemoryBus, RedisBus
from tilerooms.rooms.ratelimit import RateLimiter
from tilerooms.rooms.service import RoomService
from tilerooms.rooms.store import MemoryRoomStore
from tilerooms.rooms.store_redis import RedisRoomStore


@dataclass
class FakeClock:
    """Epoch milliseconds that move only when a test says so."""

    ms: int = 1_800_000_000_000

    def __call__(self) -> int:
        return self.ms

    def seconds(self) -> float:
        return self.ms / 1000

    def advance(self, seconds: float) -> None:
        self.ms += int(seconds * 1000)


@pytest.fixture(scope="session")
def redis_url():
    """A reachable Redis URL, or skip."""
    url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    if redis_answers(url, timeout=0.5):
        yield url
        return
    with throwaway_redis() as url:
        if url is None:
            pytest.skip("no Redis server and no redis-server binary")
        yield url


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def memory_service(clock: FakeClock, store: MemoryRoomStore | None = None) -> RoomService:
    """A RoomService in process with zero AI delay, fixed seeds and the fake clock (`store`: e.g. an
    instrumented in-process store)."""
    seeds = iter(range(1000, 100000))
    return RoomService(
        store or MemoryRoomStore(), MemoryBus(), clock=clock, ai_delay_ms=(0, 0), seed_source=lambda: next(seeds), limiter=RateLimiter(clock=clock.seconds)
    )


@pytest.fixture(params=["memory", "redis"])
async def service(request, clock):
    """A RoomService with zero AI delay, fixed seeds and the fake clock, in both storage modes."""
    if request.param == "memory":
        yield memory_service(clock)
        return
    seeds = iter(range(1000, 100000))
    limiter = RateLimiter(clock=clock.seconds)
    url = request.getfixturevalue("redis_url")
    client = Redis.from_url(url)
    prefix = f"test-{uuid.uuid4().hex[:8]}"
    bus = RedisBus(client, channel=f"{prefix}:changes")
    bus.start()
    svc = RoomService(RedisRoomStore(client, prefix=prefix), bus, clock=clock, ai_delay_ms=(0, 0), seed_source=lambda: next(seeds), limiter=limiter)
    yield svc
    await bus.stop()
    keys = await client.keys(f"{prefix}:*")
    if keys:
        await client.delete(*keys)
    await client.aclose()
