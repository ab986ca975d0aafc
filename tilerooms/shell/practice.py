"""The lobby's practice choice (issue 18: 1): how many AIs (1–3) and which level, kept in this browser.

Both practice buttons read it: the number-tile practice seats that many AIs at that level; the
mahjong practice always seats three (four players) at the same level. The choice is the player's
own preference (public: nothing secret), kept in local storage like the board shortcuts
(`tilerooms.shell.keys`); a stored value that is not one of the choices counts as the default.
"""

from __future__ import annotations

import reflex as rx

from tilerooms.reflex_ext.payloads import browser_event

AI_COUNTS = ("1", "2", "3")
LEVELS = ("easy", "normal", "hard")
DEFAULT_AIS = "1"
DEFAULT_LEVEL = "easy"


def practice_choice(ais: str, level: str) -> tuple[int, str]:
    """(AI count, level) from the stored texts; anything else falls back to one easy AI."""
    count = int(ais) if ais in AI_COUNTS else int(DEFAULT_AIS)
    return count, level if level in LEVELS else DEFAULT_LEVEL


class PracticeState(rx.State):
    """This browser's practice choice."""

    ais: str = rx.LocalStorage(DEFAULT_AIS, name="tilerooms_practice_ais", sync=True)
    level: str = rx.LocalStorage(DEFAULT_LEVEL, name="tilerooms_practice_level", sync=True)

    @browser_event
    def choose_ais(self, value: str | list[str]) -> None:
        """How many AIs the number-tile practice seats ("1".."3"); anything else is ignored (the
        segmented control's change event is typed for a multiple choice too, a list)."""
        if value in AI_COUNTS:
            self.ais = value

    @browser_event
    def choose_level(self, value: str | list[str]) -> None:
        """The practice AIs' level (easy / normal / hard); anything else is ignored."""
        if value in LEVELS:
            self.level = value

    def _choice(self) -> tuple[int, str]:
        """(AI count, level) to start a practice game with."""
        return practice_choice(self.ais, self.level)
