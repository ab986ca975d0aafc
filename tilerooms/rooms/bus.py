"""Room change announcements: after a change is stored, `publish(room_id, version)` tells every
subscriber (the Reflex adapter pushes the new views to that room's viewers). In-process by default;
over Redis pub/sub when several workers serve one room.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from redis.asyncio import Redis
from redis.exceptions import RedisError

Listener = Callable[[str, int], Awaitable[None]]
Resync = Callable[[], Awaitable[None]]
RETRY_S = (0.2, 0.5, 1.0, 2.0)  # waits between attempts to subscribe again after Redis went away
log = logging.getLogger(__name__)


class MemoryBus:
    """Subscribers in this process, called in order."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self._resyncs: list[Resync] = []

    def subscribe(self, listener: Listener) -> None:
        """Call `listener(room_id, version)` after each change."""
        self._listeners.append(listener)

    def on_resync(self, resync: Resync) -> None:
        """Call `resync()` when announcements may have been missed (the bus lost its channel for a
        while): a subscriber then pushes every room it watches as it is now."""
        self._resyncs.append(resync)

    async def _resync_all(self) -> None:
        for resync in list(self._resyncs):
            try:
                await resync()
            except Exception:  # noqa: BLE001 - one broken subscriber must not stop the others
                log.exception("room resync failed")

    async def publish(self, room_id: str, version: int) -> None:
        """Announce a stored change; a failing listener never stops the others."""
        for listener in list(self._listeners):
            try:
                await listener(room_id, version)
            except Exception:  # noqa: BLE001 - one broken viewer must not break the room
                log.exception("room listener failed")


class RedisBus(MemoryBus):
    """Announcements over a Redis channel, so every worker hears every room's changes."""

    def __init__(self, redis: Redis, channel: str = "tilerooms:changes") -> None:
        super().__init__()
        self._redis = redis
        self._channel = channel
        self._task: asyncio.Task[None] | None = None

    async def publish(self, room_id: str, version: int) -> None:
        """Send the change to every worker (this one included, via its own subscription)."""
        await self._redis.publish(self._channel, f"{room_id}:{version}")

    async def run(self) -> None:
        """Relay channel messages to the local listeners until cancelled. When Redis goes away (a
        restart, a network cut) subscribe again with growing waits, then resync every subscriber:
        the changes announced meanwhile were lost with the connection."""
        failures = 0
        while True:
            try:
                await self._relay(resync=failures > 0)
                return
            except (RedisError, OSError) as error:
                wait = RETRY_S[min(failures, len(RETRY_S) - 1)]
                failures += 1
                log.warning("room bus lost Redis (%s); subscribing again in %.1f s", error, wait)
                await asyncio.sleep(wait)

    async def _relay(self, *, resync: bool) -> None:
        pubsub = self._redis.pubsub()
        try:
            await pubsub.subscribe(self._channel)
            if resync:
                log.info("room bus subscribed again: resyncing this worker's rooms")
                await self._resync_all()
            async for message in pubsub.listen():
                if message.get("type") != "message":
                    continue
                data = message["data"].decode() if isinstance(message["data"], bytes) else message["data"]
                room_id, _, version = data.rpartition(":")
                await MemoryBus.publish(self, room_id, int(version))
        finally:
            with contextlib.suppress(Exception):
                await pubsub.unsubscribe(self._channel)
                await pubsub.aclose()  # type: ignore[no-untyped-call]  # redis-py leaves PubSub.aclose unannotated

    def start(self) -> None:
        """Start relaying in the background."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self.run())

    async def stop(self) -> None:
        """Stop relaying."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
