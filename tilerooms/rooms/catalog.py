"""The games a room can host (each game's own `GameDefinition`, `tilerooms.games.GAMES`), the AI
levels and the room's turn clocks. Display names avoid trademarks (GUIDE §1)."""

from __future__ import annotations

from tilerooms.core import RuleError
from tilerooms.core.protocol import GameDefinition
from tilerooms.games import GAMES

AI_LEVELS = {"easy": "쉬움", "normal": "보통", "hard": "어려움"}

__all__ = ["AI_LEVELS", "GAMES", "game_info"]


def game_info(game: object) -> GameDefinition:
    """The registered definition of `game`, or a RuleError when there is no such game."""
    info = GAMES.get(game) if isinstance(game, str) else None
    if info is None:
        raise RuleError("bad_game", "없는 게임이에요")
    return info
