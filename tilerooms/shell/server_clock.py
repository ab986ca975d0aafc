"""Where a browser asks the server's time (issue 34: 1): `assets/countdown.js` reads the URL from
the page shell's `data-clock` and measures this connection's offset to the server's clock, so every
countdown shows the server's deadline less the server's now (`tilerooms/web/server_clock.py`)."""

from __future__ import annotations

import reflex as rx
from reflex_base.constants import Dirs
from reflex_base.utils.imports import ImportVar
from reflex_base.vars import VarData
from reflex_base.vars.base import Var

CLOCK_ROUTE = "/_clock"  # on the backend, beside Reflex's /ping


def clock_url() -> rx.Var:
    """The clock's absolute URL as the browser sees it: the backend's origin (and path prefix),
    taken from Reflex's own ping URL the way its socket takes the event URL."""
    return Var(
        _js_expr=f'new URL("{CLOCK_ROUTE.lstrip("/")}", getBackendURL(env.PING)).href',
        _var_data=VarData(
            imports={
                "$/env.json": [ImportVar(tag="env", is_default=True)],
                f"$/{Dirs.STATE_PATH}": [ImportVar(tag="getBackendURL")],
            }
        ),
        _var_type=str,
    )
