"""A member's rank chip at the table (issue 37): on the waiting room's seats and in each game's
player chips, from `RoomState.ranks` (`accounts.ratings.rank_chips`). One small pill of the text's
own line height, so a chip or a plate that shows it grows neither taller nor, on a phone, wider."""

from __future__ import annotations

import reflex as rx

from tilerooms.shell.text import by_locale
from tilerooms.table.state import RoomState

STYLE = {
    "display": "inline-block",
    "fontSize": "0.8em",
    "lineHeight": "1.25",
    "padding": "0 0.4em",
    "borderRadius": "999px",
    "background": "var(--violet-3)",  # solid: readable on the white seats and the green mahjong table
    "color": "var(--violet-11)",
    "fontWeight": "600",
    "whiteSpace": "nowrap",
    "verticalAlign": "baseline",
}


def rank_chip(player_id: rx.Var, *, short: bool = False) -> rx.Component:
    """`player_id`'s rank for the room's rating key: "중급 2" (waiting room), `short` "중2" (in a
    game, the full name as its title); nothing for guests and AIs."""
    rank = RoomState.ranks[player_id]
    full = by_locale(rank["en"], rank["ko"])
    return rx.cond(
        RoomState.ranks.contains(player_id),
        rx.el.span(by_locale(rank["short_en"], rank["short_ko"]) if short else full, class_name="rank-chip", title=full, data_player=player_id, style=STYLE),
    )
