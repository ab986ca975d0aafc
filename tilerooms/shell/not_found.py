"""The 404 page (issue 34: 9): the site's shell, a line in the viewer's language and the way back
to the lobby. The production server answers an unknown path with this page and HTTP status 404
(Reflex's static server sends `404.html`, the app's shell, which then routes to this page)."""

from __future__ import annotations

import reflex as rx

from tilerooms.shell.header import page
from tilerooms.shell.text import tr


def not_found_page() -> rx.Component:
    """Any path no page has."""
    return page(
        rx.vstack(
            rx.heading(tr("nf.title"), size="7", id="not-found-title"),
            rx.text(tr("nf.hint"), color_scheme="gray"),
            rx.link(tr("nf.to_lobby"), href="/lobby", id="not-found-lobby", size="4", weight="medium"),
            spacing="4",
            padding_y="2em",
            width="100%",
        )
    )
