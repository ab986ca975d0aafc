"""End-of-game ranking with uma and oka (spec 6.7)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tilerooms.games.mahjong.options import resolve_options, uma_values


@dataclass(frozen=True)
class Standing:
    """One seat's final place: rank 1.., points after the leftover sticks, score in thousands."""

    seat: int
    rank: int
    points: int
    score: float


def final_ranking(
    points: Sequence[int],
    *,
    riichi_pool: int = 0,
    options: Mapping[str, Any] | None = None,
) -> list[Standing]:
    """Rank seats by points (ties: the seat nearer to seat 0, the first dealer, ranks higher).

    The leftover riichi pool (in points) goes to first place. Score = (points − returnPoints) /
    1000 + uma, and first place adds the oka (returnPoints − startPoints) × players / 1000;
    rounded to one decimal. Scores sum to 0 when points + pool equal players × startPoints.
    Returned in rank order.
    """
    players = len(points)
    opts = resolve_options(options, players)
    order = sorted(range(players), key=lambda s: (-points[s], s))
    uma = uma_values(opts["uma"], players)
    oka = (opts["returnPoints"] - opts["startPoints"]) * players / 1000
    out = []
    for rank, seat in enumerate(order, start=1):
        final_points = points[seat] + (riichi_pool if rank == 1 else 0)
        score = (final_points - opts["returnPoints"]) / 1000 + uma[rank - 1] + (oka if rank == 1 else 0)
        out.append(Standing(seat, rank, final_points, round(score, 1)))
    return out
