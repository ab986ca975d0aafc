"""The games: each subpackage is a pure-Python engine implementing `tilerooms.core.protocol.Engine`
and registers itself whole as one `GameDefinition` (its `GAME`); `GAMES` is the site's list."""

from __future__ import annotations

from tilerooms.core.protocol import GameDefinition
from tilerooms.games import mahjong, rummikub

GAMES: dict[str, GameDefinition] = {game.id: game for game in (rummikub.GAME, mahjong.GAME)}

__all__ = ["GAMES", "GameDefinition"]
