"""The machine's services as the test suites find them: a free local port, a Redis that answers."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator

import redis


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on just now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def redis_answers(url: str, timeout: float) -> bool:
    """Whether the Redis at `url` answers a PING within `timeout` seconds."""
    try:
        redis.Redis.from_url(url, socket_connect_timeout=timeout).ping()
        return True
    except Exception:  # noqa: BLE001 - any failure means: not usable here
        return False


@contextlib.contextmanager
def throwaway_redis() -> Iterator[str | None]:
    """A `redis-server` of its own on a free port, without persistence: its URL, stopped after
    (None when the binary is missing)."""
    binary = shutil.which("redis-server")
    if binary is None:
        yield None
        return
    port = free_port()
    proc = subprocess.Popen([binary, "--port", str(port), "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        for _ in range(50):
            if redis_answers(url, timeout=0.5):
                break
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(5)
