"""The number tile: number and colour with the colour-blind symbol under it (spec §9), jokers
distinct, a selected state. A real <button>, so Tab reaches it and Enter / Space toggle it."""

from __future__ import annotations

import reflex as rx

TILE_COLOURS = {"K": "#1f2328", "R": "#d1242f", "B": "#0969da", "O": "#c2410c", "joker": "#8250df"}


def _colour(colour: rx.Var) -> rx.Var:
    return rx.match(
        colour,
        ("K", TILE_COLOURS["K"]),
        ("R", TILE_COLOURS["R"]),
        ("B", TILE_COLOURS["B"]),
        ("O", TILE_COLOURS["O"]),
        TILE_COLOURS["joker"],
    )


def number_tile(tile, on_click=None, small: bool = False, movable=False) -> rx.Component:
    """One tile. `tile` is a `TileRow` var (id, label, colour, symbol, joker, selected, aria,
    arrived, drawn)."""
    width, height, font = ("2.1rem", "2.9rem", "1.05rem") if small else ("2.75rem", "3.75rem", "1.35rem")
    return rx.el.button(
        rx.el.span(tile.label, style={"fontSize": font, "fontWeight": "800", "lineHeight": "1"}),
        rx.el.span(tile.symbol, style={"fontSize": "0.8rem", "lineHeight": "1"}, aria_hidden="true"),
        id="tile-" + tile.id,
        type="button",
        data_tile=tile.id,
        data_selected=rx.cond(tile.selected, "true", "false"),
        data_movable=rx.cond(movable, "true", "false") if isinstance(movable, rx.Var) else ("true" if movable else "false"),
        data_arrived=rx.cond(tile.arrived, "true", "false"),  # just came onto the table (issue 18)
        data_drawn=rx.cond(tile.drawn, "true", "false"),  # in my rack from my latest draw
        aria_label=tile.aria,
        aria_pressed=rx.cond(tile.selected, "true", "false"),
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
            "background": rx.cond(tile.selected, "#fff4c2", "#fffdf5"),
            "color": _colour(tile.colour),
            "border": rx.cond(tile.selected, "3px solid #bf8700", "1px solid #d0d7de"),
            "boxShadow": "0 2px 0 #d0d7de",
            "transform": rx.cond(tile.selected, "translateY(-4px)", "none"),
            "transition": "transform 120ms, background 120ms",
            "cursor": "pointer",
            "userSelect": "none",
            "touchAction": "manipulation",
        },
    )
