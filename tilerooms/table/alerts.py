"""The turn signal both game tables render for assets/alerts.js (issue 34: 13): one hidden element
whose data attributes say what this viewer sees now (my turn, a claim offered to me, the last
discard or placement, the last call, a win). The script turns their changes into a flashing title
while the tab is hidden, a vibration and short sounds; nothing here is news to the viewer, since it
is all on their screen already."""

from __future__ import annotations

import reflex as rx

from tilerooms.table.state import RoomState


def _flag(on: rx.Var | bool) -> rx.Var | str:
    if isinstance(on, rx.Var):
        return rx.cond(on, "1", "0")
    return "1" if on else "0"


def turn_signal(*, turn: rx.Var | bool, move: rx.Var, claim: rx.Var | bool = False, call: rx.Var | str = "", win: rx.Var | bool = False) -> rx.Component:
    """The hidden #turn-signal of a table: `turn` and `claim` (bools) start an alert when they turn
    true; `move` and `call` (any value) sound when they change; `win` sounds when it turns true. A
    table's final screen renders one too (its `win` true): the script compares it with the board's."""
    return rx.el.span(
        id="turn-signal",
        hidden=True,
        data_turn=_flag(turn),
        data_claim=_flag(claim),
        data_move=move.to(str),
        data_call=call.to(str) if isinstance(call, rx.Var) else call,
        data_win=_flag(win),
        data_reduced=_flag(RoomState.reduced_motion),  # 애니메이션 줄이기: a steady title, no vibration
    )
