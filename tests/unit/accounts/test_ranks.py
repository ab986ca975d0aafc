"""Ranks from a rating: the bands and their numbered steps, the placement games, both languages."""

from __future__ import annotations

import pytest

from tilerooms.accounts import ranks
from tilerooms.accounts.ranks import PLACEMENT_GAMES, rank_of, rating_points


def ordinal_for(points: int) -> float:
    return points / ranks.POINTS_PER_ORDINAL


@pytest.mark.parametrize(
    ("points", "ko", "en"),
    [
        (0, "초급 1", "Beginner 1"),
        (299, "초급 1", "Beginner 1"),
        (300, "초급 2", "Beginner 2"),
        (899, "초급 3", "Beginner 3"),
        (900, "중급 1", "Intermediate 1"),
        (1600, "중급 3", "Intermediate 3"),
        (1800, "상급 1", "Advanced 1"),
        (2699, "상급 3", "Advanced 3"),
        (2700, "고수 1", "Master 1"),
        (3650, "고수 4", "Master 4"),  # the top band keeps counting
    ],
)
def test_bands_and_steps(points: int, ko: str, en: str) -> None:
    rank = rank_of(ordinal_for(points), PLACEMENT_GAMES)
    assert rank.points == points
    assert (rank.label("ko"), rank.label("en")) == (ko, en)
    assert not rank.provisional


def test_the_first_games_are_placement() -> None:
    for games in range(PLACEMENT_GAMES):
        rank = rank_of(ordinal_for(2000), games)
        assert rank.provisional
        assert rank.label() == f"배치 {games}/{PLACEMENT_GAMES}"
        assert rank.label("en") == f"Placement {games}/{PLACEMENT_GAMES}"
    assert rank_of(ordinal_for(2000), PLACEMENT_GAMES).label() == "상급 1"


def test_points_never_go_below_zero() -> None:
    assert rating_points(-4.2) == 0
    assert rank_of(-4.2, 20).label() == "초급 1"


def test_the_chips_short_forms() -> None:
    assert (rank_of(ordinal_for(1000), 12).short(), rank_of(ordinal_for(1000), 12).short("en")) == ("중1", "I1")
    assert (rank_of(ordinal_for(1000), 3).short(), rank_of(ordinal_for(1000), 3).short("en")) == ("배치", "P")
