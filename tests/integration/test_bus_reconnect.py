"""The Redis room bus outlives a Redis restart (issue 38): it subscribes again by itself and asks
its subscribers to resync, so browsers hear room changes again without a reload. On a private
`redis-server` on a free port (restarting the machine's shared Redis is not ours to do)."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import time

import pytest
from redis.asyncio import Redis

from tests.helpers.services import free_port, redis_answers
from tilerooms.rooms.bus import RedisBus

pytestmark = pytest.mark.skipif(shutil.which("redis-server") is None, reason="no redis-server binary")


def _start(port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(["redis-server", "--port", str(port), "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
    for _ in range(100):
        if redis_answers(f"redis://127.0.0.1:{port}/0", timeout=0.2):
            return proc
        time.sleep(0.05)
    raise RuntimeError("redis-server did not start")


async def _until(condition, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


async def test_bus_subscribes_again_and_resyncs_after_a_redis_restart() -> None:
    port = free_port()
    proc = _start(port)
    client = Redis.from_url(f"redis://127.0.0.1:{port}/0")
    bus = RedisBus(client)
    heard: list[tuple[str, int]] = []
    resyncs: list[float] = []

    async def listener(room_id: str, version: int) -> None:
        heard.append((room_id, version))

    async def resync() -> None:
        resyncs.append(time.monotonic())

    bus.subscribe(listener)
    bus.on_resync(resync)
    bus.start()
    try:
        await _until(lambda: proc.poll() is None and bool(redis_answers(f"redis://127.0.0.1:{port}/0", 0.2)))
        await asyncio.sleep(0.2)  # the subscription is in place
        await bus.publish("room1", 1)
        await _until(lambda: heard == [("room1", 1)])
        assert resyncs == []  # the first subscription misses nothing

        proc.kill()
        proc.wait(5)
        await asyncio.sleep(0.5)  # the relay notices the lost connection
        proc = _start(port)  # the same address, an empty Redis: announcements in between are lost
        await _until(lambda: len(resyncs) == 1)  # subscribed again, and the subscribers told to resync
        await bus.publish("room1", 2)
        await _until(lambda: heard[-1] == ("room1", 2))
    finally:
        await bus.stop()
        await client.aclose()
        proc.kill()
        proc.wait(5)
