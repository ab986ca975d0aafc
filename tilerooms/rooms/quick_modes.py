"""The quick-match menu (빠른 대전, issue 37): which (game, mode) queues exist, each with the room it
makes and the rating it is ranked by. A mode is data each registered game declares (`GameDefinition.quick_modes`:
a player count within the game's own bounds and the game's option values), checked against the registry
(`catalog.game_info`, the engine's own `resolve_options`) when the menu is built, so a menu entry
that no longer fits its game fails at start, not at a match.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tilerooms.core import RuleError
from tilerooms.rooms.catalog import GAMES, game_info
from tilerooms.rooms.waiting import resolve_room_options


@dataclass(frozen=True)
class QuickMode:
    """One queue: `players` seats of `game` with `options` on top of the site's defaults."""

    id: str  # letters, digits and "-": a Redis key part and an element id
    game: str
    players: int
    rating_key: str  # the rating this mode's games move (the accounts' `rating_for`)
    options: dict[str, Any] = field(default_factory=dict)
    name_ko: str = ""
    name_en: str = ""


def _menu() -> tuple[QuickMode, ...]:
    """Every registered game's quick-match modes (`GameDefinition.quick_modes`), in registry order."""
    return tuple(
        QuickMode(f"{game.id}-{m.suffix}", game.id, m.players, game.rating_key(m.players), dict(m.options), m.name_ko, m.name_en)
        for game in GAMES.values()
        for m in game.quick_modes
    )


MODES: tuple[QuickMode, ...] = _menu()
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
