"""Which browser sockets are open: the one place that touches Reflex's private token manager
(GUIDE §5: Reflex 0.10 has no public disconnect hook). The app hands itself in at start
(`use_app`), so no page or table module imports the app module."""

from __future__ import annotations

from typing import Any

_app: Any = None  # the running rx.App (set by tilerooms/tilerooms.py)


def use_app(app: Any) -> None:
    """Tell this module which app serves the sockets (called once where the app is built)."""
    global _app
    _app = app


def _token_manager() -> Any:
    namespace = _app.event_namespace if _app is not None else None
    return None if namespace is None else namespace._token_manager  # private API


async def connected(token: str) -> bool:
    """Whether `token`'s browser has an open socket anywhere (Reflex's `is_token_connected`);
    False before the app serves sockets."""
    manager = _token_manager()
    return manager is not None and await manager.is_token_connected(token)


async def held_here(token: str) -> bool:
    """Whether this worker holds `token`'s live socket. Not `connected`: in Redis mode that also
    answers True for a socket of a worker that was killed (its record lives on for an hour), and a
    socket that moved to another worker is recorded in the room by that one. True before the app
    serves sockets (nothing is known to be closed)."""
    manager = _token_manager()
    if manager is None:
        return True
    record = manager.token_to_socket.get(token)
    return record is not None and record.instance_id == manager.instance_id
