"""The countdowns' server clock (tilerooms/web/server_clock.py, issue 34: 1): GET /_clock answers
the server's epoch ms as text, never cached; only GET is answered."""

from __future__ import annotations

import asyncio
import time

from tilerooms.shell.server_clock import CLOCK_ROUTE, clock_url
from tilerooms.web import server_clock


def _request(method: str, path: str) -> tuple[int, dict[str, str], str]:
    """(status, headers, body) of one HTTP request to the clock's app, called as the server would."""
    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": method, "path": path, "root_path": "", "headers": [], "query_string": b"", "scheme": "http", "server": ("x", 80)}
    asyncio.run(server_clock.api()(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], {k.decode(): v.decode() for k, v in start["headers"]}, body.decode()


def test_the_clock_answers_the_servers_epoch_ms_never_cached():
    before = int(time.time() * 1000)
    status, headers, body = _request("GET", CLOCK_ROUTE)
    after = int(time.time() * 1000)
    assert status == 200
    assert before <= int(body) <= after
    assert headers["cache-control"] == "no-store"


def test_only_get_is_answered():
    assert _request("POST", CLOCK_ROUTE)[0] == 405


def test_the_browser_finds_the_clock_beside_reflexs_ping():
    # the backend's origin and path prefix, as Reflex's socket finds its own URL
    assert str(clock_url()) == 'new URL("_clock", getBackendURL(env.PING)).href'
