"""The /me rating chart (issue 37): one rating key's shown rating after each rated game, drawn by the
browser as one SVG polyline. Coordinates are percentages of the plot (0–100, y down) so the SVG
stretches to any width (`preserveAspectRatio="none"`, strokes not scaled), as the mahjong score
chart does; the lowest and highest ratings label the y axis."""

from __future__ import annotations

import math

GRID = 100  # the y range is widened to whole 100-point steps (at least one step)


def rating_line(points: list[int]) -> tuple[str, int, int]:
    """(polyline points "x,y x,y …", the y axis' low, its high) for ratings after each game, oldest
    first; a single game is a flat line across the plot."""
    if not points:
        return "", 0, GRID
    low = math.floor(min(points) / GRID) * GRID
    high = max(low + GRID, math.ceil(max(points) / GRID) * GRID)
    series = points if len(points) > 1 else points * 2

    def x(i: int) -> float:
        return round(100 * i / (len(series) - 1), 2)

    def y(value: int) -> float:
        return round(100 * (high - value) / (high - low), 2)

    return " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(series)), low, high
