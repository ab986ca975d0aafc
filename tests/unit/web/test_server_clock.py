"""The countdowns' server clock (tilerooms/web/server_clock.py, issue 34: 1): GET /_clock answers
the server's epoch ms as text, never cached; anything else passes on to the app it wraps."""

from __future__ import annotations

import time

from starlette.testclient import TestClient

from tilerooms.shell.server_clock import CLOCK_ROUTE, clock_url
from tilerooms.web import server_clock


def test_the_clock_answers_the_servers_epoch_ms_never_cached():
    client = TestClient(server_clock.api())
    before = int(time.time() * 1000)
    answer = client.get(CLOCK_ROUTE)
    after = int(time.time() * 1000)
    assert answer.status_code == 200
    assert before <= int(answer.text) <= after
    assert answer.headers["cache-control"] == "no-store"


def test_only_get_is_answered():
    assert TestClient(server_clock.api()).post(CLOCK_ROUTE).status_code == 405


def test_the_browser_finds_the_clock_beside_reflexs_ping():
    # the backend's origin and path prefix, as Reflex's socket finds its own URL
    assert str(clock_url()) == 'new URL("_clock", getBackendURL(env.PING)).href'
