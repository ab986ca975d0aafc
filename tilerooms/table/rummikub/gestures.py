"""The Reflex wrapper of the board's gesture layer (`gestures.jsx`, next to this file)."""

from __future__ import annotations

import reflex as rx
from reflex_base.event import passthrough_event_spec


class GestureLayer(rx.Component):
    """Wraps the board; reports long-press chains and drops of tiles to the server."""

    library = rx.asset("gestures.jsx", shared=True).importable_path
    tag = "GestureLayer"

    long_press_ms: rx.Var[int]
    on_chain: rx.EventHandler[passthrough_event_spec(dict)]
    on_drop: rx.EventHandler[passthrough_event_spec(dict)]


gesture_layer = GestureLayer.create
