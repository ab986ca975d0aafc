"""A member's rank shown from a skill rating (issue 37): 초급 / 중급 / 상급 / 고수 with a number,
and a placement (배치) rank for the first games while the rating is still unsure.

The shown rating is openskill's ordinal (mu − 3·sigma, 0 for a new member) times `POINTS_PER_ORDINAL`,
never below 0: it climbs both by winning and by the system growing sure of a player. A long-time
average player settles near 1,600 (중급 3), a strong one past 1,800 (상급).

Bands are `BAND_POINTS` wide with `STEPS` numbered steps each, numbered upward (초급 1 is the first
step, 상급 3 the last before 고수); 고수 keeps counting a step every `STEP_POINTS` with no top.
Names are on the concept itself, Korean first (GUIDE §4).
"""

from __future__ import annotations

from dataclasses import dataclass

PLACEMENT_GAMES = 10  # rated games before a member's rank is shown (배치 1/10 … 10/10)
POINTS_PER_ORDINAL = 80
STEPS = 3
STEP_POINTS = 300
BAND_POINTS = STEPS * STEP_POINTS
# (id, Korean, English), lowest first; the last band has no top
BANDS: tuple[tuple[str, str, str], ...] = (
    ("beginner", "초급", "Beginner"),
    ("intermediate", "중급", "Intermediate"),
    ("advanced", "상급", "Advanced"),
    ("master", "고수", "Master"),
)
PLACEMENT_NAMES = ("배치", "Placement")
SHORT_NAMES = {"beginner": ("초", "B"), "intermediate": ("중", "I"), "advanced": ("상", "A"), "master": ("고", "M"), "placement": ("배치", "P")}


def rating_points(ordinal: float) -> int:
    """The shown rating: the ordinal scaled to whole points, never negative."""
    return max(0, round(ordinal * POINTS_PER_ORDINAL))


@dataclass(frozen=True)
class Rank:
    """A member's rank for one rating key. `band` is "placement" while placing (then `step` is the
    games played so far and `of` the placement's length), else one of `BANDS`' ids."""

    band: str
    step: int
    points: int
    of: int = 0

    @property
    def provisional(self) -> bool:
        """True during the placement games."""
        return self.band == "placement"

    def label(self, locale: str = "ko") -> str:
        """ "중급 2" / "Intermediate 2"; "배치 3/10" / "Placement 3/10" while placing."""
        i = 1 if locale == "en" else 0
        if self.provisional:
            return f"{PLACEMENT_NAMES[i]} {self.step}/{self.of}"
        names = next(b for b in BANDS if b[0] == self.band)
        return f"{names[1 + i]} {self.step}"

    def short(self, locale: str = "ko") -> str:
        """The player chips' form: "중2" / "I2"; "배치" / "P" while placing."""
        name = SHORT_NAMES[self.band][1 if locale == "en" else 0]
        return name if self.provisional else f"{name}{self.step}"


def rank_of(ordinal: float, games: int) -> Rank:
    """The rank of a rating with `games` rated games behind it."""
    points = rating_points(ordinal)
    if games < PLACEMENT_GAMES:
        return Rank("placement", games, points, PLACEMENT_GAMES)
    band = min(points // BAND_POINTS, len(BANDS) - 1)
    above = points - band * BAND_POINTS
    step = 1 + above // STEP_POINTS
    if band < len(BANDS) - 1:
        step = min(step, STEPS)
    return Rank(BANDS[band][0], step, points)


__all__ = ["BANDS", "PLACEMENT_GAMES", "Rank", "rank_of", "rating_points"]
