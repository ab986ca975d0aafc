"""The /me rating chart's polyline: percentages of the plot, the y range on whole 100s."""

from __future__ import annotations

from tilerooms.pages.account.rating_chart import rating_line


def test_a_rising_line_spans_the_plot() -> None:
    line, low, high = rating_line([0, 150, 300])
    assert (low, high) == (0, 300)
    assert line == "0.0,100.0 50.0,50.0 100.0,0.0"


def test_one_game_is_a_flat_line_and_no_game_is_empty() -> None:
    line, low, high = rating_line([250])
    assert (low, high) == (200, 300)
    assert line == "0.0,50.0 100.0,50.0"
    assert rating_line([]) == ("", 0, 100)
