"""The games a room can host: engine module, seat limits and display names (no trademarks, GUIDE §1)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from tilerooms.engine import RuleError


@dataclass(frozen=True)
class GameInfo:
    """What the room layer needs to know about one game."""

    id: str
    name_ko: str
    name_en: str
    engine_module: str
    min_players: int
    max_players: int
    playable: bool = True  # False until the game's table UI exists


    def engine(self) -> ModuleType:
        """The engine module (imported on first use)."""
        return importlib.import_module(self.engine_module)


GAMES: dict[str, GameInfo] = {
    "rummikub": GameInfo("rummikub", "숫자 타일", "Number Tiles", "tilerooms.games.rummikub.engine", 2, 4),
    # spec mahjong §1: 4 players, or 3 for sanma (the table UI: issue 7)
    "mahjong": GameInfo("mahjong", "리치 마작", "Riichi Mahjong", "tilerooms.games.mahjong.engine", 3, 4),
}

AI_LEVELS = {"easy": "쉬움", "normal": "보통", "hard": "어려움"}
TURN_SECONDS = (60, 90, 120, 180)


def game_info(game: object) -> GameInfo:
    """The catalogue entry for `game`, or a RuleError when it is unknown or not playable yet."""
    info = GAMES.get(game) if isinstance(game, str) else None
    if info is None:
        raise RuleError("bad_game", "없는 게임이에요")
    unavailable = RuleError("game_unavailable", f"{info.name_ko}은(는) 아직 준비 중이에요")
    if not info.playable:
        raise unavailable
    try:
        info.engine()
    except ImportError as exc:
        raise unavailable from exc
    return info
