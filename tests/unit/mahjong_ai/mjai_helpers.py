"""Shared helpers: positions are written as real hands ("123m456p789s11z") through make_state, and
the AI only ever gets a seat's view, JSON round-tripped as it would arrive over the wire."""

from __future__ import annotations

import json
import random
from typing import Any

from tilerooms.games.mahjong import ai, engine
from tilerooms.games.mahjong.tiles import parse_tile

position = engine.make_state


def pid(state: dict, seat: int) -> str:
    """The player id of a seat."""
    return state["players"][seat]


def json_view(state: dict, seat: int) -> dict[str, Any]:
    """The seat's own view as plain JSON data (what the room layer hands the AI)."""
    return json.loads(json.dumps(engine.view(state, pid(state, seat))))


def decide(state: dict, seat: int, level: str, seed: int = 0) -> list[dict[str, Any]]:
    """`ai.decide` for a seat, from its JSON view only."""
    return ai.decide(json_view(state, seat), level, random.Random(seed))


def apply_all(state: dict, seat: int, actions: list[dict[str, Any]]) -> None:
    """Apply the AI's actions through the engine (which validates each)."""
    for action in actions:
        engine.apply(state, pid(state, seat), {**action, "seq": state["seq"]})


def kind(token: str | int) -> int:
    """The kind of a view token or id."""
    return (int(token.split(":")[0]) if isinstance(token, str) else token) >> 2


def kind_of(text: str) -> int:
    """The kind of a notation tile ("5p")."""
    return parse_tile(text).kind


def tile_in_hand(state: dict, seat: int, text: str) -> int:
    """The id of a tile of kind `text` in the seat's closed hand."""
    k = kind_of(text)
    return next(t for t in state["hand"]["closed"][seat] if t >> 2 == k)


def open_window(state: dict, seat: int, text: str) -> None:
    """Seat `seat` (at afterDraw) discards a tile of kind `text`, opening the claim window."""
    engine.apply(state, pid(state, seat), {"type": "discard", "tile": tile_in_hand(state, seat, text)})
