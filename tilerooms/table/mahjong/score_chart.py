"""The game's score chart, computed here from the hands' points and drawn by the browser as one
SVG of polylines (issue 34: 16).

A line a player across the finished hands, y from the lowest to the highest score on round 5,000s,
the hand labels under it (thinned to fit). Coordinates are percentages of the plot (0–100, y down),
so the SVG stretches to any box (`preserveAspectRatio="none"`, strokes not scaled) and the labels
are HTML placed at the same percentages. It replaced a charting library that was most of the room
page's JavaScript (about 100 KB compressed) for this one picture.
"""

from __future__ import annotations

import dataclasses
import math

COLOURS = ("#d1242f", "#0969da", "#1a7f37", "#8250df")  # a line a seat, in seat order
STEP = 5000  # the y grid: scores move in thousands, 5,000 keeps 3–6 lines on a phone
MAX_X_LABELS = 6


@dataclasses.dataclass
class ChartLine:
    """One player's line: their name, its colour, the polyline's points ("x,y x,y …") and their
    final score as the legend shows it ("34,500")."""

    name: str
    colour: str
    points: str
    final: str


@dataclasses.dataclass
class ChartTick:
    """A label on an axis at `at` % of the plot (x for hands, y for scores; a grid line runs there)."""

    at: float
    label: str


@dataclasses.dataclass
class ChartFigure:
    """Everything the chart draws, in percentages of the plot."""

    lines: list[ChartLine]
    y_ticks: list[ChartTick]
    x_ticks: list[ChartTick]


def _score_range(history: list[tuple[str, dict[str, int]]], order: list[str]) -> tuple[int, int]:
    scores = [points.get(pid, 0) for _, points in history for pid in order] or [0]
    low = math.floor(min(scores) / STEP) * STEP
    high = math.ceil(max(scores) / STEP) * STEP
    return (low, high) if high > low else (low - STEP, high + STEP)


def score_figure(history: list[tuple[str, dict[str, int]]], order: list[str], names: dict[str, str], colours: tuple[str, ...] = COLOURS) -> ChartFigure:
    """The chart of `history` (`[(hand label, {player: points})]`, the start first) for the players
    in `order` (seat order), named by `names`, coloured in turn from `colours`."""
    if not history or not order:
        return ChartFigure([], [], [])
    low, high = _score_range(history, order)
    count = len(history)

    def x(i: int) -> float:
        return round(100 * i / (count - 1), 2) if count > 1 else 50.0

    def y(score: int) -> float:
        return round(100 * (high - score) / (high - low), 2)

    lines = [
        ChartLine(
            name=names.get(pid, pid),
            colour=colours[seat % len(colours)],
            points=" ".join(f"{x(i)},{y(points.get(pid, 0))}" for i, (_, points) in enumerate(history)),
            final=f"{history[-1][1].get(pid, 0):,}",
        )
        for seat, pid in enumerate(order)
    ]
    y_ticks = [ChartTick(y(score), f"{score:,}") for score in range(low, high + 1, STEP)]
    every = max(1, math.ceil(count / MAX_X_LABELS))
    shown = sorted({*range(0, count, every), count - 1})
    if len(shown) > 1 and shown[-1] - shown[-2] < every:
        shown.pop(-2)  # the last hand's label wins over a neighbour it would touch
    x_ticks = [ChartTick(x(i), history[i][0]) for i in shown]
    return ChartFigure(lines, y_ticks, x_ticks)
