"""The number tile: number and colour with the colour-blind symbol under it (spec §9), jokers
distinct, a selected state. A real <button>, so Tab reaches it and Enter / Space toggle it.

Two ways to draw one: `number_tile` from a `TileRow` (every look spelled out: the rules page, a
replay), and `coded_tile` from the tile's id alone ("R7a", "K10b", "JK1") plus its flags, which
the live board uses so a browser receives ids instead of a dozen fields per tile (issue 20: 2).
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from tilerooms.games.rummikub.tiles import COLOURS
from tilerooms.table.rummikub.rows import COLOUR_NAMES, COLOUR_SYMBOLS

TILE_COLOURS = {"K": "#1f2328", "R": "#d1242f", "B": "#0969da", "O": "#c2410c", "joker": "#8250df"}


def _colour(colour: rx.Var) -> rx.Var:
    return rx.match(colour, *[(c, TILE_COLOURS[c]) for c in COLOURS], TILE_COLOURS["joker"])


def _flag(value: Any) -> Any:
    """A data-* / aria flag: "true" or "false"."""
    if isinstance(value, rx.Var):
        return rx.cond(value, "true", "false")
    return "true" if value else "false"


def _tile_button(tile_id, label, symbol, colour, aria, selected, arrived, drawn, on_click, small: bool, movable) -> rx.Component:
    width, height, font = ("2.1rem", "2.9rem", "1.05rem") if small else ("2.75rem", "3.75rem", "1.35rem")
    return rx.el.button(
        rx.el.span(label, style={"fontSize": font, "fontWeight": "800", "lineHeight": "1"}),
        rx.el.span(symbol, style={"fontSize": "0.8rem", "lineHeight": "1"}, aria_hidden="true"),
        id="tile-" + tile_id,
        type="button",
        data_tile=tile_id,
        data_selected=_flag(selected),
        data_movable=_flag(movable),
        data_arrived=_flag(arrived),  # just came onto the table (issue 18)
        data_drawn=_flag(drawn),  # in my rack from my latest draw
        aria_label=aria,
        aria_pressed=_flag(selected),
        on_click=on_click,
        class_name="tr-tile",
        style={
            "display": "flex",
            "flexDirection": "column",
            "alignItems": "center",
            "justifyContent": "center",
            "gap": "2px",
            "minWidth": width,
            "height": height,
            "padding": "0 4px",
            "borderRadius": "8px",
            "background": rx.cond(selected, "#fff4c2", "#fffdf5"),
            "color": _colour(colour),
            "border": rx.cond(selected, "3px solid #bf8700", "1px solid #d0d7de"),
            "boxShadow": "0 2px 0 #d0d7de",
            "transform": rx.cond(selected, "translateY(-4px)", "none"),
            "transition": "transform 120ms, background 120ms",
            "cursor": "pointer",
            "userSelect": "none",
            "touchAction": "manipulation",
        },
    )


def number_tile(tile, on_click=None, small: bool = False, movable=False) -> rx.Component:
    """One tile. `tile` is a `TileRow` var (id, label, colour, symbol, joker, selected, aria,
    arrived, drawn)."""
    return _tile_button(tile.id, tile.label, tile.symbol, tile.colour, tile.aria, tile.selected, tile.arrived, tile.drawn, on_click, small, movable)


def coded_tile(
    code: rx.Var,
    selected: rx.Var,
    arrived: Any = False,
    drawn: Any = False,
    jokers: rx.Var | None = None,
    on_click=None,
    small: bool = False,
    movable: Any = False,
) -> rx.Component:
    """One tile drawn from its id alone (`code`, a string var: colour letter + number + copy
    letter, or "JK1"/"JK2"): the same button as `number_tile`. `jokers` maps a table joker's id to
    what it stands for (" (빨강 5)") for its aria label; without it a joker is just 조커."""
    joker = code.startswith("JK")
    letter = code[0:1]
    number = code[1:-1]  # "R7a" -> "7", "K10b" -> "10"
    stands = jokers.get(code, "") if jokers is not None else ""
    aria = rx.cond(joker, rx.Var.create("조커") + stands, rx.match(letter, *COLOUR_NAMES.items(), "").to(str) + " " + number)
    return _tile_button(
        code,
        rx.cond(joker, "J", number),
        rx.cond(joker, "☺", rx.match(letter, *COLOUR_SYMBOLS.items(), "")),
        rx.cond(joker, "joker", letter),
        aria,
        selected,
        arrived,
        drawn,
        on_click,
        small,
        movable,
    )
