"""The browsers' event socket takes the short way into the app (issue 20: 4, memory per room).

Reflex mounts its socket.io app three Starlette apps deep: the top app (server-error, CORS and
exception middleware, a router, a mount), our `/auth` app and Reflex's own API app (the same
stack each), then `/_event`. A websocket holds its whole call chain for as long as the tab is
open: ~16 suspended coroutine frames and their closures, ~10 KB per browser, ~20 KB per room of
two (docs/performance.md, "The socket's short way in"). None of those layers acts on a websocket:
CORS and the server-error page are HTTP only, and the routers only find the mount.

`shortcut_event_socket` is an `api_transformer`: a websocket for the event path goes straight to
the mounted socket app, everything else to the app it wraps. It sits inside the top app, so
Reflex's context middleware still runs first.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable, MutableMapping

from reflex_base import constants
from reflex_base.config import get_config

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]


def mounted_app(app: Any, path: str) -> ASGIApp | None:
    """The app mounted at `path` in `app`, looking through mounts at "" (Starlette's `Mount`
    keeps `path` and `app`; a Starlette app lists its `routes`)."""
    for route in getattr(app, "routes", ()):
        route_path, inner = getattr(route, "path", None), getattr(route, "app", None)
        if inner is None:
            continue
        if route_path == path:
            return inner
        if route_path == "":
            found = mounted_app(inner, path)
            if found is not None:
                return found
    return None


class EventSocketShortcut:
    """An ASGI app: websockets under `path` go to `socket_app`, everything else to `app`."""

    def __init__(self, app: ASGIApp, socket_app: ASGIApp, path: str) -> None:
        self.app = app
        self.socket_app = socket_app
        self.prefix = path.rstrip("/") + "/"  # Starlette's Mount matches "<path>/..." only

    async def __call__(self, scope: Scope, receive: Callable[[], Awaitable[Any]], send: Callable[[Any], Awaitable[None]]) -> None:
        if scope["type"] == "websocket" and scope["path"].startswith(self.prefix):
            await self.socket_app(scope, receive, send)
        else:
            await self.app(scope, receive, send)


def shortcut_event_socket(app: ASGIApp) -> ASGIApp:
    """Reflex `api_transformer`: wrap `app` (the API with Reflex's socket mounted in it) so the
    event socket skips the mounts; `app` unchanged if no socket is mounted (state disabled)."""
    path = get_config().prepend_backend_path(str(constants.Endpoint.EVENT))
    socket_app = mounted_app(app, path)
    return app if socket_app is None else EventSocketShortcut(app, socket_app, path)
