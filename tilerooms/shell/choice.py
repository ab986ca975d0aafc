"""A form's pick-one field as the browser's own `<select>` (issue 34: 16).

Radix's select is a popover of its own making: 85 KB of JavaScript (14 KB compressed) on every
page, and on a phone a small list where the platform has a big native picker. A native select
sends the same form field (`name`, the chosen `value`) and is styled like the text fields.
"""

from __future__ import annotations

import reflex as rx
from reflex_base.vars import Var


def choice(name: str, options: list[tuple[str, str | Var[str]]], default: str, **props: object) -> rx.Component:
    """A `<select name=name>` of `(value, label)` options, `default` chosen at first."""
    return rx.el.select(
        *[rx.el.option(label, value=value) for value, label in options],
        name=name,
        default_value=default,
        class_name="tr-choice",
        **props,
    )
