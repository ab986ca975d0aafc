"""The browsers' event socket takes the short way into the app (issue 20: 4, memory per room).

Reflex mounts its socket.io app three Starlette apps deep: the top app (server-error, CORS,
Reflex's context and exception middleware, a router, a mount), our `/auth` app and Reflex's own
API app (the same stack each), then `/_event`. A websocket holds that whole call chain for as long
as its tab is open — ~24 suspended coroutine frames and their closures, ~19 KB per room of two
browsers — and every frame sent passes each layer's `send` wrapper (docs/performance.md, "The
socket's short way in"). None of those layers acts on a websocket: CORS and the server-error page
are HTTP only, the routers only find the mount.

`shortcut_event_socket` wraps the served app: a websocket under the event path gets Reflex's
contexts (what its context middleware does) and goes straight to the mounted socket app;
everything else goes through the app as before.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from reflex_base import constants
from reflex_base.config import get_config

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Any]]
Send = Callable[[Any], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def mounted_app(app: Any, path: str) -> ASGIApp | None:
    """The app mounted at `path` among `app`'s routes (Starlette's `Mount` keeps `path` and
    `app`), if any: Reflex mounts its socket app in its API app's own routes."""
    return next((route.app for route in getattr(app, "routes", ()) if getattr(route, "path", None) == path), None)


class EventSocketShortcut:
    """An ASGI app: websockets under `path` go to `socket_app` (after `enter`, which sets up
    what the socket's handlers need), everything else to `app`."""

    def __init__(self, app: ASGIApp, socket_app: ASGIApp, path: str, enter: Callable[[], Any] = lambda: None) -> None:
        self.app = app
        self.socket_app = socket_app
        self.prefix = path.rstrip("/") + "/"  # Starlette's Mount matches "<path>/..." only
        self.enter = enter
        self.sockets = 0  # sockets that took the short way (tests)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and scope["path"].startswith(self.prefix):
            self.enter()
            self.sockets += 1
            await self.socket_app(scope, receive, send)
        else:
            await self.app(scope, receive, send)


def shortcut_event_socket(served: ASGIApp, reflex_app: Any) -> ASGIApp:
    """Wrap `served` (what `reflex_app()` returns) so the event socket skips its middleware and
    mounts; `served` unchanged if no socket is mounted (state disabled)."""
    path = get_config().prepend_backend_path(str(constants.Endpoint.EVENT))
    socket_app = mounted_app(getattr(reflex_app, "_api", None), path)
    if socket_app is None:
        return served
    # Reflex's `_ContextMiddleware`, which the shortcut skips, does exactly this for each connection
    return EventSocketShortcut(served, socket_app, path, enter=reflex_app._set_contexts_internal)


def drop_upgrade_payload(sio: Any) -> None:
    """engine.io turns each request into a WSGI-like environ, and socket.io keeps a socket's first
    one for the socket's life. Its `wsgi.input` is a payload reader whose class engine.io defines
    anew inside every call (`translate_request`): a class, its methods and the first ASGI message,
    ~2 KB per open socket. A websocket upgrade has no body to read, so its environ keeps None there.
    Call once, with the app's socket.io server."""
    eio = sio.eio
    translate = eio._async["translate_request"]  # engine.io's driver table (private; no hook for it)
    if getattr(translate, "_drops_upgrade_payload", False):
        return

    async def translate_request(scope: Scope, receive: Receive, send: Send) -> Any:
        environ = await translate(scope, receive, send)
        if scope.get("type") == "websocket" and environ:
            environ["wsgi.input"] = None
        return environ

    translate_request._drops_upgrade_payload = True  # type: ignore[attr-defined]
    eio._async = {**eio._async, "translate_request": translate_request}
