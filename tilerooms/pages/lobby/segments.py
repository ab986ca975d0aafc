"""The lobby's segmented choices: a label and one tap per choice (practice AIs and level, quick
match's AI fill and its level)."""

from __future__ import annotations

import reflex as rx

from tilerooms.shell.text import tr


def segments(label_key: str, choices: list[tuple[str, rx.Var | str]], value: rx.Var, on_change, test_id: str) -> rx.Component:
    """A label and a segmented control (one tap per choice, >= 40 px tall); item ids are `test_id-value`."""
    return rx.hstack(
        rx.text(tr(label_key), size="2"),
        rx.segmented_control.root(
            *[rx.segmented_control.item(label, value=v, id=f"{test_id}-{v}") for v, label in choices],
            value=value,
            on_change=on_change,
            size="3",
            id=test_id,
        ),
        align="center",
        spacing="2",
        wrap="wrap",  # a label and a control wider than a phone: the control on a line of its own
    )
