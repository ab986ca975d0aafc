"""The Reflex wrapper of the board's gesture layer (`gestures.jsx`, next to this file)."""

from __future__ import annotations

from typing import Any, TypedDict

import reflex as rx
from reflex_base.event import passthrough_event_spec


class ChainPress(TypedDict):
    """A long press: the pressed tile and how many 250 ms steps it has lasted."""

    tile: str
    steps: int


class TileDrop(TypedDict):
    """A drag that ended: the tiles dragged and where (a set, the table or a rack cell, as
    `gestures.jsx dropTarget` names it; `moves.drop` reads the target)."""

    tiles: list[str]
    target: dict[str, Any]


class GestureLayer(rx.Component):
    """Wraps the board; reports long-press chains and drops of tiles to the server."""

    library = rx.asset("gestures.jsx", shared=True).importable_path
    tag = "GestureLayer"

    long_press_ms: rx.Var[int]
    # the payloads' shapes, checked at the socket from the handlers' annotations (issue 33)
    on_chain: rx.EventHandler[passthrough_event_spec(ChainPress)]
    on_drop: rx.EventHandler[passthrough_event_spec(TileDrop)]


gesture_layer = GestureLayer.create
