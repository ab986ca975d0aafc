"""A table's news for a screen reader (issue 34: 14): one visually hidden polite live region a
table (#table-live, role=status), whose text is the latest move and "내 차례" while it is my turn.

Its text changes only when a move is made or the turn passes: the clock's ticking text lies
outside it, and a push that changes neither leaves the same string, which React does not write
again; so a screen reader speaks once per move and never counts seconds. Each table words its own
latest move (the number-tile board's last-move line; mahjong's `said.py`).
"""

from __future__ import annotations

import reflex as rx

from tilerooms.shell.text import SR_ONLY, by_locale, tr


def live_line(*, ko: rx.Var, en: rx.Var, turn: rx.Var, extra: rx.Var | None = None) -> rx.Component:
    """The table's #table-live region: the latest move (`ko` / `en`, "" for none), then "내 차례"
    while `turn` is true, then `extra` (e.g. a claim offered to me; "" for none), as sentences."""
    parts = [by_locale(en, ko).to(str), rx.cond(turn, tr("common.my_turn"), "").to(str)]
    if extra is not None:
        parts.append(extra.to(str))
    said = rx.Var.create(parts).to(list[str]).filter(lambda part: part != "").join(". ")
    return rx.el.div(said, id="table-live", role="status", aria_live="polite", aria_atomic="true", style=SR_ONLY)
