"""The quick-match menu (빠른 대전, issue 37): which (game, mode) queues exist, each with the room it
makes and the rating it is ranked by. A mode is data about a registered game — its id, a player
count within the game's own bounds and the game's option values — checked against the registry
(`catalog.game_info`, the engine's own `resolve_options`) when the menu is built, so a menu entry
that no longer fits its game fails at start, not at a match.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tilerooms.core import RuleError
from tilerooms.rooms.catalog import game_info
from tilerooms.rooms.waiting import resolve_room_options


@dataclass(frozen=True)
class QuickMode:
    """One queue: `players` seats of `game` with `options` on top of the site's defaults."""

    id: str  # letters, digits and "-": a Redis key part and an element id
    game: str
    players: int
    rating_key: str  # the rating this mode's games move (the accounts' `rating_for`)
    options: dict[str, Any] = field(default_factory=dict)


# spec mahjong §1: 4 players, or 3 for sanma (the player count sets the mode); §2 `length`
MODES: tuple[QuickMode, ...] = (
    QuickMode("rummikub-2", "rummikub", 2, "rummikub"),
    QuickMode("rummikub-3", "rummikub", 3, "rummikub"),
    QuickMode("rummikub-4", "rummikub", 4, "rummikub"),
    QuickMode("mahjong-4-tonpuu", "mahjong", 4, "mahjong4", {"length": "tonpuu"}),
    QuickMode("mahjong-4-hanchan", "mahjong", 4, "mahjong4", {"length": "hanchan"}),
    QuickMode("mahjong-3", "mahjong", 3, "mahjong3"),
)
BY_ID = {mode.id: mode for mode in MODES}


def quick_mode(mode_id: object) -> QuickMode:
    """The mode named `mode_id`, or a RuleError with a Korean message."""
    mode = BY_ID.get(mode_id) if isinstance(mode_id, str) else None
    if mode is None:
        raise RuleError("bad_mode", "없는 빠른 대전 방식이에요")
    return mode


def check_menu(modes: tuple[QuickMode, ...] = MODES) -> None:
    """Every mode names a registered game, a player count it allows and options its engine takes."""
    for mode in modes:
        info = game_info(mode.game)
        if not info.min_players <= mode.players <= info.max_players:
            raise ValueError(f"{mode.id}: {mode.players} players is outside {info.id}'s bounds")
        resolve_room_options(mode.game, dict(mode.options))


check_menu()
