"""The room service of this worker, built from the environment, and the live link to browsers.

- Embedded default: in-process store and bus. With `REDIS_URL` (or `REFLEX_REDIS_URL`): rooms,
  locks, the wake index and change announcements in Redis, so several workers serve one room.
- `LiveViewers` remembers which browser tokens watch which room on this worker; after each room
  change it pushes every such viewer their own `room_view` (GUIDE §5, `app.modify_state`), and a
  1 s sweep notices closed tabs (the 60 s rejoin grace starts then).
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from typing import Any, Awaitable, Callable

from tilerooms.rooms.bus import MemoryBus, RedisBus
from tilerooms.rooms.play import REJOIN_GRACE_MS
from tilerooms.rooms.service import RoomService
from tilerooms.rooms.store import MemoryRoomStore

log = logging.getLogger(__name__)

Pusher = Callable[[str, str, dict[str, Any]], Awaitable[None]]  # (token, room_id, view)


def redis_url() -> str | None:
    """The Redis URL of this deployment, if any (Reflex itself reads REFLEX_REDIS_URL)."""
    return os.environ.get("REDIS_URL") or os.environ.get("REFLEX_REDIS_URL") or None


def build_service() -> RoomService:
    """A RoomService on Redis when configured, else in process."""
    url = redis_url()
    if url:
        from redis.asyncio import Redis

        from tilerooms.rooms.store_redis import RedisRoomStore

        client = Redis.from_url(url)
        return RoomService(RedisRoomStore(client), RedisBus(client))
    delay = os.environ.get("TILEROOMS_AI_DELAY_MS")
    low_high = (int(delay), int(delay)) if delay is not None else (1000, 3000)
    return RoomService(MemoryRoomStore(), MemoryBus(), ai_delay_ms=low_high)


class LiveViewers:
    """Browser tokens watching each room on this worker, and the push of fresh views to them."""

    def __init__(self, service: RoomService) -> None:
        self.service = service
        self.rooms: dict[str, dict[str, str]] = {}  # room id -> {client token: viewer id}
        self.away: dict[str, tuple[str, str, float]] = {}  # token -> (room, viewer, since) while gone
        self._push: Pusher | None = None
        self._tasks: set[asyncio.Task] = set()
        service.bus.subscribe(self.on_change)

    def watch(self, token: str, room_id: str, viewer_id: str) -> None:
        """`token` now shows `room_id` to `viewer_id` (a browser may watch one room at a time)."""
        self.forget(token)
        self.rooms.setdefault(room_id, {})[token] = viewer_id

    def forget(self, token: str) -> None:
        """`token` stopped watching its room."""
        self.away.pop(token, None)
        for viewers in self.rooms.values():
            viewers.pop(token, None)

    def set_pusher(self, push: Pusher) -> None:
        """How to deliver a view to one browser (set by the app at start)."""
        self._push = push

    async def on_change(self, room_id: str, version: int) -> None:
        """Bus listener: push every local viewer of `room_id` their own view. The pushes run in
        tasks, never inline: the acting client's state lock is held while a change is announced."""
        if self._push is None or not self.rooms.get(room_id):
            return
        self._spawn(self._deliver_all(room_id))

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _deliver_all(self, room_id: str) -> None:
        watchers = dict(self.rooms.get(room_id, {}))
        views = await self.service.views(room_id, list(watchers.values()))
        closed = {"id": room_id, "status": "closed", "version": 1 << 62}
        if views is None:
            self.rooms.pop(room_id, None)
        for token, viewer_id in watchers.items():
            self._spawn(self._deliver(token, room_id, closed if views is None else views[viewer_id]))

    async def _deliver(self, token: str, room_id: str, view: dict[str, Any]) -> None:
        try:
            await self._push(token, room_id, view)  # type: ignore[misc]
        except Exception:  # noqa: BLE001 - a vanished client must not break the others
            log.debug("push to %s failed", token, exc_info=True)

    async def sweep(self, is_connected: Callable[[str], Awaitable[bool]]) -> None:
        """Tell the rooms about closed and reopened browsers (run every second)."""
        for room_id, viewers in list(self.rooms.items()):
            for token, viewer_id in list(viewers.items()):
                if not await is_connected(token):
                    viewers.pop(token, None)
                    self.away[token] = (room_id, viewer_id, time.monotonic())
                    await self.service.disconnected(room_id, viewer_id)
        for token, (room_id, viewer_id, since) in list(self.away.items()):
            if time.monotonic() - since > 2 * REJOIN_GRACE_MS / 1000:
                self.away.pop(token, None)  # long gone: the room has already let the seat go
            elif await is_connected(token):
                self.away.pop(token, None)
                if await self.service.connected(room_id, viewer_id):
                    self.rooms.setdefault(room_id, {})[token] = viewer_id


_service: RoomService | None = None
_live: LiveViewers | None = None
_loop: asyncio.AbstractEventLoop | None = None


def remember_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Note the event loop this worker's rooms run in (the app's lifespan task calls this)."""
    global _loop
    _loop = loop


def rooms_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop this worker's rooms run in, once started: code on another thread (the
    browser tests' seeding) takes a room's lock through it."""
    return _loop


def service() -> RoomService:
    """This worker's RoomService (created on first use)."""
    global _service
    if _service is None:
        _service = build_service()
    return _service


def live() -> LiveViewers:
    """This worker's live-viewer registry."""
    global _live
    if _live is None:
        _live = LiveViewers(service())
    return _live
