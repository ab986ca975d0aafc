"""The server's clock for the browsers' countdowns (issue 34: 1).

`GET /_clock` answers the server's epoch ms as plain text, never cached. `assets/countdown.js`
asks it a few times when a page loads, when its tab comes back and when the device's clock jumps,
and keeps the answer with the shortest round trip: its offset to this browser's clock is then off
by at most half that trip, so a reload, a sleeping tab or a phone clock minutes wrong still shows
the deadline the server will enforce (a turn's deadline is the server's absolute epoch ms).
"""

from __future__ import annotations

import time

from reflex_base.config import get_config
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from tilerooms.shell.server_clock import CLOCK_ROUTE


async def server_time(_request: Request) -> PlainTextResponse:
    """The server's epoch ms now, as text ("1796421200203")."""
    return PlainTextResponse(str(int(time.time() * 1000)), headers={"Cache-Control": "no-store"})


def api() -> Starlette:
    """The Starlette app given to `rx.App(api_transformer=...)`: the clock here, the rest passes on."""
    return Starlette(routes=[Route(get_config().prepend_backend_path(CLOCK_ROUTE), server_time, methods=["GET"])])
