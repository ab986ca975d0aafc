"""The machine's services as the test suites find them: a free local port, a Redis that answers."""

from __future__ import annotations

import socket

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
