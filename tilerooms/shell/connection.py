"""The line that says the server cannot be reached, in the player's language (issue 34: 10, 16).

Reflex's default overlay shows an English toast ("Cannot connect to server") through the `sonner`
toast library: 17 KB of compressed JavaScript on every page for this one message. This line says
it in Korean or English at the top of the screen while the socket keeps failing (two errors or
more, as Reflex's own toast waits for), and goes when the socket is back.
"""

from __future__ import annotations

import reflex as rx
from reflex_components_core.core.banner import has_too_many_connection_errors

from tilerooms.shell.text import tr


def connection_notice() -> rx.Component:
    """A fixed line over the page while the server cannot be reached (a live region: it is read out)."""
    return rx.cond(
        has_too_many_connection_errors,
        rx.el.div(tr("conn.lost"), id="connection-lost", role="alert", class_name="tr-conn-lost"),
    )
