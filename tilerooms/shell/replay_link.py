"""The "다시 보기 (복기)" link of a finished game's result screens and of /me/records (issue 21: 2)."""

from __future__ import annotations

import reflex as rx

from tilerooms.shell.text import tr


def replay_link(record_id: rx.Var, **props) -> rx.Component:
    """A link to /game/<record_id>, shown once the game has a record id (its replay's address)."""
    return rx.cond(
        record_id != "",
        rx.link(
            rx.icon("history", size=16),
            tr("rp.link"),
            href="/game/" + record_id.to(str),
            class_name="replay-link",
            display="inline-flex",
            align_items="center",
            gap="4px",
            **props,
        ),
    )
