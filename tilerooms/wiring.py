"""What this worker's rooms run on, built from the settings (issue 33: 6).

The embedded default keeps rooms, locks and change announcements in process; with a Redis URL
(`tilerooms/settings.py`) they live in Redis, so several workers serve one room, and each worker's
liveness is recorded there too. `rooms()` is the one place the app's states, pages and start-up
tasks get the room service and the live viewers from: built on first use (in the serving worker,
after a fork, never at import), and a test installs its own with `use(...)`.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from tilerooms import settings as app_settings
from tilerooms.accounts.ratings import rating_for
from tilerooms.rooms.bus import MemoryBus, RedisBus
from tilerooms.rooms.identity import MEMBER_PREFIX
from tilerooms.rooms.live import LiveViewers
from tilerooms.rooms.presence import LocalWorkers, WorkerRegistry
from tilerooms.rooms.queue_store import MemoryQueueStore, QueueStore
from tilerooms.rooms.quick_match import QuickMatch, RatingLookup, same_rating
from tilerooms.rooms.service import RoomService
from tilerooms.rooms.store import MemoryRoomStore
from tilerooms.settings import Settings


@dataclass
class Rooms:
    """This worker's room service, the browsers watching its rooms, and the loop they run in."""

    service: RoomService
    live: LiveViewers
    quick: QuickMatch  # 빠른 대전's queues and matcher (issue 37)
    loop: asyncio.AbstractEventLoop | None = None  # set by the app's start-up task; seeding code on other threads uses it


def build_service(settings: Settings) -> RoomService:
    """A RoomService on Redis when configured, else in process."""
    if settings.redis_url:
        from redis.asyncio import Redis

        from tilerooms.rooms.seat_index import RedisSeatIndex
        from tilerooms.rooms.store_redis import RedisRoomStore

        client = Redis.from_url(settings.redis_url)
        return RoomService(RedisRoomStore(client), RedisBus(client), ai_delay_ms=settings.ai_delay_ms, seats=RedisSeatIndex(client))
    return RoomService(MemoryRoomStore(), MemoryBus(), ai_delay_ms=settings.ai_delay_ms)


def build_workers(settings: Settings) -> WorkerRegistry:
    """This worker's liveness registry: in Redis when configured (the store's default prefix),
    else a single process with nobody to watch."""
    if settings.redis_url:
        from redis.asyncio import Redis

        from tilerooms.rooms.presence_redis import RedisWorkers

        return RedisWorkers(Redis.from_url(settings.redis_url))
    return LocalWorkers()


def member_ratings() -> RatingLookup:
    """Quick match's rating lookup: a member's rating from the accounts layer
    (`ratings.rating_for(user_id, rating_key)`), the same number for everyone else. The room
    layer may not import accounts: the lookup is handed in from here."""

    async def lookup(person_id: str, rating_key: str) -> float:
        number = person_id.removeprefix(MEMBER_PREFIX)
        if not person_id.startswith(MEMBER_PREFIX) or not number.isdigit():
            return await same_rating(person_id, rating_key)
        return float(await rating_for(int(number), rating_key))

    return lookup


def build_queue(settings: Settings) -> QueueStore:
    """Quick match's queues: in Redis when configured (shared by every worker), else in process."""
    if settings.redis_url:
        from redis.asyncio import Redis

        from tilerooms.rooms.queue_store_redis import RedisQueueStore

        return RedisQueueStore(Redis.from_url(settings.redis_url))
    return MemoryQueueStore()


def build(settings: Settings) -> Rooms:
    """The rooms of a worker configured by `settings`."""
    service = build_service(settings)
    workers = build_workers(settings)
    quick = QuickMatch(service, build_queue(settings), rating=member_ratings(), worker_id=workers.worker_id)
    return Rooms(service, LiveViewers(service, workers), quick)


def on(service: RoomService) -> Rooms:
    """Rooms around a given service, watched by this process alone, its quick match queued in
    process (tests, benches)."""
    return Rooms(service, LiveViewers(service), QuickMatch(service, rating=member_ratings()))


_rooms: Rooms | None = None


def rooms() -> Rooms:
    """This worker's rooms (built from the settings on first use)."""
    global _rooms
    if _rooms is None:
        _rooms = build(app_settings.current())
    return _rooms


def use(made: Rooms | None) -> Rooms | None:
    """Install `made` as this worker's rooms (None: build afresh on next use); returns the previous."""
    global _rooms
    previous, _rooms = _rooms, made
    return previous
