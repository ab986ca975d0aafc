"""The event socket's short way in (tilerooms/web/event_socket.py, issue 20: 4): a websocket under
Reflex's event path goes straight to the mounted socket app, with Reflex's contexts set; every
other request, and a websocket elsewhere, goes through the served app as before."""

from __future__ import annotations

import asyncio

from starlette.applications import Starlette
from starlette.routing import Mount, Route

from tilerooms.web.event_socket import EventSocketShortcut, mounted_app, shortcut_event_socket


class Recorder:
    """An ASGI app that notes the paths it served."""

    def __init__(self) -> None:
        self.paths: list[tuple[str, str]] = []

    async def __call__(self, scope, receive, send) -> None:
        self.paths.append((scope["type"], scope["path"]))


def _reflex_api(socket: Recorder) -> Starlette:
    """Reflex's API app's shape: its routes, the socket mounted at /_event among them."""
    return Starlette(routes=[Route("/ping", lambda request: None), Mount("/_event", app=socket)])


def _call(app, kind: str, path: str) -> None:
    async def receive():
        return {"type": "websocket.disconnect"}

    async def send(message):
        pass

    asyncio.run(app({"type": kind, "path": path, "root_path": "", "headers": [], "query_string": b""}, receive, send))


def test_the_socket_is_found_among_the_api_apps_routes():
    socket = Recorder()
    assert mounted_app(_reflex_api(socket), "/_event") is socket
    assert mounted_app(_reflex_api(socket), "/nowhere") is None
    assert mounted_app(None, "/_event") is None  # an app with no routes (state disabled: no API app)


def test_a_websocket_under_the_event_path_skips_the_app_and_everything_else_goes_through_it():
    socket, app = Recorder(), Recorder()
    shortcut = EventSocketShortcut(app, socket, "/_event")
    _call(shortcut, "websocket", "/_event/")
    _call(shortcut, "websocket", "/_eventual/")  # another path that only starts alike
    _call(shortcut, "http", "/_event/")
    _call(shortcut, "websocket", "/other")
    assert socket.paths == [("websocket", "/_event/")]
    assert app.paths == [("websocket", "/_eventual/"), ("http", "/_event/"), ("websocket", "/other")]


class FakeReflexApp:
    """What the shortcut reads of Reflex's app: its API app and its context setter."""

    def __init__(self, api) -> None:
        self._api = api
        self.entered = 0

    def _set_contexts_internal(self) -> dict:
        self.entered += 1
        return {}


def test_the_served_app_is_wrapped_when_reflex_mounted_a_socket_and_the_contexts_are_set_per_socket():
    socket, served = Recorder(), Recorder()
    reflex_app = FakeReflexApp(_reflex_api(socket))
    wrapped = shortcut_event_socket(served, reflex_app)
    assert isinstance(wrapped, EventSocketShortcut) and wrapped.socket_app is socket
    _call(wrapped, "websocket", "/_event/")
    _call(wrapped, "http", "/ping")
    assert socket.paths == [("websocket", "/_event/")] and served.paths == [("http", "/ping")]
    assert reflex_app.entered == 1  # what Reflex's context middleware, skipped, did for the socket
    plain = FakeReflexApp(Starlette(routes=[Route("/ping", lambda request: None)]))
    assert shortcut_event_socket(served, plain) is served


def test_the_real_app_serves_its_event_socket_the_short_way():
    from tilerooms.tilerooms import app

    socket = mounted_app(app._api, "/_event")
    assert socket is not None and type(socket).__name__ == "HeaderMiddleware"  # Reflex's socket app


def test_a_websocket_environ_keeps_no_body_reader_and_an_http_one_still_reads_its_body():
    import socketio

    from tilerooms.web.event_socket import drop_upgrade_payload

    sio = socketio.AsyncServer(async_mode="asgi")
    drop_upgrade_payload(sio)
    drop_upgrade_payload(sio)  # once only: not wrapped twice
    translate = sio.eio._async["translate_request"]
    assert translate._drops_upgrade_payload and not getattr(translate.__closure__[0].cell_contents, "_drops_upgrade_payload", False)

    async def go():
        async def connect():
            return {"type": "websocket.connect"}

        async def body():
            return {"type": "http.request", "body": b"42", "more_body": False}

        async def send(message):
            return None

        upgrade = await translate({"type": "websocket", "path": "/_event/", "query_string": b"EIO=4", "headers": [(b"user-agent", b"x")]}, connect, send)
        post = await translate({"type": "http", "method": "POST", "path": "/_event/", "query_string": b"", "headers": []}, body, send)
        return upgrade, post, await post["wsgi.input"].read()

    upgrade, post, posted = asyncio.run(go())
    assert upgrade["wsgi.input"] is None and upgrade["HTTP_USER_AGENT"] == "x" and upgrade["QUERY_STRING"] == "EIO=4"
    assert posted == b"42"
