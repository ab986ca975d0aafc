"""AI seats as clients (the boardgame.io habit): a bot gets its own view, returns ordinary actions.

Each game's definition provides `decide(view, level, rng) -> list[action]` (its `ai` module); the
room layer applies them through the same path as a person's, so the engine validates every AI move.
"""

from __future__ import annotations

import random
from typing import Any

from tilerooms.rooms.catalog import game_info


def decide(game: str, level: str, view: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    """The AI's actions for this turn, decided from `view` alone."""
    return game_info(game).decide(view, level, random.Random(seed))


def fallback(game: str) -> list[dict[str, Any]]:
    """What an AI does when its plan fails: its game's fallback (a number-tile AI draws); else
    nothing, and the seat's turn clock (`on_timeout`) decides, as for a person who does not act."""
    return [dict(action) for action in game_info(game).fallback_actions]
