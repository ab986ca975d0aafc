"""What the replay page needs of each game (issue 33: 1): the state vars its picture goes in, whether
its move list goes hand by hand (mahjong's 국) and what the whole game downloads as. The replay
state and page ask here instead of naming a game; the game's names come from the table registry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tilerooms.replays import frames
from tilerooms.replays import mahjong as mj_frames


@dataclass(frozen=True)
class ReplayScreen:
    """One game's replay screen."""

    prefix: str  # the picture's vars on `ReplayState`: `<prefix>` and `<prefix>_seat_<i>`
    # the hands (국) of the game as (first line's index, label, English label): the move list shows one hand at a time
    hands: Callable[[frames.Replay], list[tuple[int, str, str]]] | None = None
    download: Callable[[frames.Replay], Any] | None = None  # the whole game as JSON (mahjong: tenhou.net/6)


SCREENS: dict[str, ReplayScreen] = {
    "rummikub": ReplayScreen("rk"),
    "mahjong": ReplayScreen("mj", hands=mj_frames.hands, download=mj_frames.tenhou6),
}


def screen_of(game: str) -> ReplayScreen:
    """The replay screen of `game` (a stored record's game is always a registered one)."""
    return SCREENS[game]
