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
from tilerooms.rooms.bus import MemoryBus, RedisBus
from tilerooms.rooms.live import LiveViewers
from tilerooms.rooms.presence import LocalWorkers, WorkerRegistry
from tilerooms.rooms.service import RoomService
from tilerooms.rooms.store import MemoryRoomStore
from tilerooms.settings import Settings


@dataclass
class Rooms:
    """This worker's room service, the browsers watching its rooms, and the loop they run in."""

    service: RoomService
    live: LiveViewers
    loop: asyncio.AbstractEventLoop | None = None  # set by the app's start-up task; seeding code on other threads uses it


def build_service(settings: Settings) -> RoomService:
    """A RoomService on Redis when configured, else in process."""
    if settings.redis_url:
        from redis.asyncio import Redis

        from tilerooms.rooms.store_redis import RedisRoomStore

        client = Redis.from_url(settings.redis_url)
        return RoomService(RedisRoomStore(client), RedisBus(client), ai_delay_ms=settings.ai_delay_ms)
    return RoomService(MemoryRoomStore(), MemoryBus(), ai_delay_ms=settings.ai_delay_ms)


def build_workers(settings: Settings) -> WorkerRegistry:
    """This worker's liveness registry: in Redis when configured (the store's default prefix),
    else a single process with nobody to watch."""
    if settings.redis_url:
        from redis.asyncio import Redis

        from tilerooms.rooms.presence_redis import RedisWorkers

        return RedisWorkers(Redis.from_url(settings.redis_url))
    return LocalWorkers()


def build(settings: Settings) -> Rooms:
    """The rooms of a worker configured by `settings`."""
    service = build_service(settings)
    return Rooms(service, LiveViewers(service, build_workers(settings)))


def on(service: RoomService) -> Rooms:
    """Rooms around a given service, watched by this process alone (tests, benches)."""
    return Rooms(service, LiveViewers(service))


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
