"""Tournament between the number-tile AI levels, through the real engine (setup/apply/view).

Run with `python -m tilerooms.bench.rummikub_tournament [--games N] [--workers W] [--seed S]`.
Each pairing plays N seeded 2-player games, the seats alternating; a tie counts half. Prints each
pairing's win rate with a 95 % Wilson interval, the turn counts and any rejected AI move (there
must be none: every AI move goes through `engine.apply`, which validates it).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from tilerooms.core import RuleError
from tilerooms.games.rummikub import ai, engine

PAIRINGS = (("hard", "normal"), ("normal", "easy"), ("hard", "easy"))
MAX_TURNS = 600  # a guard only: spec 5.8 ends every game once the pool is empty and all pass


@dataclass
class GameOutcome:
    """One game: the first level's score (1 win, 0.5 shared, 0 loss), turns, rejected moves."""

    score: float
    turns: int
    rejected: int
    seconds: float


def play_game(level_a: str, level_b: str, seed: int, a_first_seat: bool) -> GameOutcome:
    """One 2-player game of `level_a` against `level_b`; `a_first_seat` puts A in seat 0."""
    seats = ["A", "B"] if a_first_seat else ["B", "A"]
    levels = {"A": level_a, "B": level_b}
    state = engine.setup({"gameSeconds": 0}, seats, seed)
    rng = random.Random(seed * 7919 + 1)
    rejected = 0
    t0 = time.perf_counter()
    while state["phase"] == "playing" and state["turn_no"] <= MAX_TURNS:
        player = state["current"]
        view = engine.view(state, player)  # the AI sees exactly its own view
        actions = ai.decide(view, levels[player], rng)
        try:
            for action in actions:
                engine.apply(state, player, {**action, "seq": state["seq"]})
        except RuleError:
            rejected += 1
            if state["phase"] == "playing" and state["current"] == player:
                engine.apply(state, player, {"type": "draw"})
    winners = state["winner_ids"] if state["phase"] == "finished" else []
    score = 0.0 if "A" not in winners else 1.0 / len(winners)
    if not winners:
        score = 0.5
    return GameOutcome(score, state["turn_no"], rejected, time.perf_counter() - t0)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (ties already counted as halves)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _job(args: tuple[str, str, int, bool]) -> GameOutcome:
    return play_game(*args)


def run(games: int, workers: int, seed: int) -> list[str]:
    """Play every pairing and return the report lines."""
    lines = []
    jobs = [(a, b, seed + g, g % 2 == 0) for a, b in PAIRINGS for g in range(games)]
    t0 = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            outcomes = list(pool.map(_job, jobs, chunksize=2))
    else:
        outcomes = [_job(j) for j in jobs]
    for k, (a, b) in enumerate(PAIRINGS):
        part = outcomes[k * games : (k + 1) * games]
        wins = sum(o.score for o in part)
        lo, hi = wilson(wins, games)
        turns = sorted(o.turns for o in part)
        lines.append(
            f"{a} vs {b}: {a} wins {wins:g}/{games} = {wins / games:.1%} "
            f"(95% CI {lo:.1%}–{hi:.1%}); median turns {turns[len(turns) // 2]}, "
            f"rejected AI moves {sum(o.rejected for o in part)}, "
            f"{sum(o.seconds for o in part) / games:.2f} s/game"
        )
    lines.append(f"{len(jobs)} games in {time.perf_counter() - t0:.1f} s on {workers} worker(s)")
    return lines


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments and print the tournament's figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=60, help="games per pairing (default 60)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=1000, help="first game seed")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    for line in run(args.games, args.workers, args.seed):
        print(line)


if __name__ == "__main__":
    main()
