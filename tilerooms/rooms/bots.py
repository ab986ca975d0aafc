"""AI seats as clients (the boardgame.io habit): a bot gets its own view, returns ordinary actions.

Each game provides `tilerooms.games.<game>.ai.decide(view, level, rng) -> list[action]`; the room
layer applies them through the same path as a person's, so the engine validates every AI move.
"""

from __future__ import annotations

import importlib
import random
from typing import Any


def decide(game: str, level: str, view: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    """The AI's actions for this turn, decided from `view` alone."""
    module = importlib.import_module(f"tilerooms.games.{game}.ai")
    return module.decide(view, level, random.Random(seed))


def fallback(game: str) -> list[dict[str, Any]]:
    """What an AI does when its plan fails: a number-tile AI draws; otherwise nothing, and the
    seat's turn clock (`on_timeout`) decides, as for a person who does not act."""
    return [{"type": "draw"}] if game == "rummikub" else []
