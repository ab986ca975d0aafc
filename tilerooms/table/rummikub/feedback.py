"""Moves made visible on the number-tile board (issue 18: 3, 5), kept apart from its layout.

- A set another player's move changed or added flashes for 1 s (`data-changed` on the set; the
  table's `data-flash` alternates two identical animations so a set changed twice in a row
  flashes twice).
- Tiles that arrive on the table slide in over 200 ms (`data-arrived`).
- My tiles from my latest draw carry a "새" / "new" mark (`data-drawn`) until I act.
- Everything moving is off with `prefers-reduced-motion` or the board's `data-reduced`.
- A spectator's board (`data-watching`) has no rack, no rack or turn buttons, and says "관전 중".
"""

from __future__ import annotations

import reflex as rx

from tilerooms.shell.text import by_locale, tr
from tilerooms.table.rummikub.turn_line import last_move
from tilerooms.table.state import RoomState

# an amber ring at least 4 px wide and a warm fill, held most of the second (a 2 px pale ring on a
# phone went unnoticed), then gone
_FLASH = "0%, 70% { box-shadow: 0 0 0 max(4px, 0.6cqw) #f0a500; background: #fff0b3; } 100% { box-shadow: 0 0 0 0 rgba(240, 165, 0, 0); }"
_ARRIVE = "from { transform: translateY(-35%) scale(0.75); opacity: 0.25; } to { transform: none; opacity: 1; }"

FEEDBACK_CSS = f"""
#table .tr-set[data-changed="true"] {{ animation: tr-changed-a 1s ease-out; }}
#table[data-flash="1"] .tr-set[data-changed="true"] {{ animation-name: tr-changed-b; }}
@keyframes tr-changed-a {{ {_FLASH} }}
@keyframes tr-changed-b {{ {_FLASH} }}
#table .tr-tile[data-arrived="true"] {{ animation: tr-arrive-a 200ms ease-out; }}
#table[data-flash="1"] .tr-tile[data-arrived="true"] {{ animation-name: tr-arrive-b; }}
@keyframes tr-arrive-a {{ {_ARRIVE} }}
@keyframes tr-arrive-b {{ {_ARRIVE} }}
.tr-rack .tr-tile[data-drawn="true"] {{ position: relative; outline: 3px solid #2da44e; outline-offset: 1px; }}
.tr-rack .tr-tile[data-drawn="true"]::after {{ content: "새"; position: absolute; top: -9px; right: -7px; padding: 2px 5px;
  border-radius: 999px; background: #2da44e; color: #fff; font-size: 11px; font-weight: 700; line-height: 1; }}
.tr-rack .tr-tile[data-drawn="true"]:lang(en)::after {{ content: "new"; }}
#last-move {{ animation: tr-last-move 300ms ease-out; }}
@keyframes tr-last-move {{ from {{ opacity: 0; }} to {{ opacity: 1; }} }}
@media (prefers-reduced-motion: reduce) {{
  #table .tr-set, #table .tr-tile, #last-move {{ animation: none !important; }}
}}
#board[data-reduced="true"] .tr-set, #board[data-reduced="true"] .tr-tile, #board[data-reduced="true"] #last-move {{
  animation: none !important; transition: none !important; }}
"""


def watching() -> rx.Var:
    """True for a spectator's board."""
    return RoomState.role == "spectator"


def feedback_badges() -> rx.Component:
    """ "관전 중" for a spectator, then the last move in one line ("AI 2: 3장 내려놓음")."""
    return rx.fragment(
        rx.cond(watching(), rx.badge(tr("board.watching"), color_scheme="blue", size="2", id="watching")),
        rx.cond(
            last_move("ko") != "",
            rx.text(by_locale(last_move("en"), last_move("ko")), size="2", color_scheme="gray", id="last-move", data_move=last_move("ko")),
        ),
    )
