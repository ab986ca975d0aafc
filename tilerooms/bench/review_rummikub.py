"""Benchmark of the number-tile 복기 (issue 21: 3): how long `review.review` takes on a stored game.

Run with `python -m tilerooms.bench.review_rummikub [--games 20] [--turns 30] [--humans 1]`.
Each game is a seeded 2-player game played through the engine (setup/view/apply) and logged the
way the room layer logs it (`{"at", "by", "action"}`), cut after `--turns` turns: seat 0 plays
the normal AI but is labelled a person (kind "guest"), seat 1 is the hard AI (with `--humans 2`
both seats are labelled people, so every turn is reviewed). Prints the median and p95 seconds of
one game's review (the replay included) and of one turn's solve.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from tilerooms.games.rummikub import ai, engine
from tilerooms.games.rummikub.review import review

Policy = Callable[[dict[str, Any]], list[dict[str, Any]]]
TURN_MS = 2_000  # each move is stamped 2 s into its turn (the 60 s turn clock never runs out)


def logged_game(
    seed: int, turns: int, seats: list[dict[str, Any]], options: dict[str, Any] | None = None, policies: dict[str, Policy] | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play seeded game `seed` for at most `turns` turns (or to its end) and return its resolved
    options and log. `seats` are `[{id, name, kind, level}]` in seat order; a seat plays its
    `policies` entry when there is one (it gets its own view), else the AI of its `level`."""
    state = engine.setup(dict(options or {}), [s["id"] for s in seats], seed)
    levels = {s["id"]: s.get("level") or "normal" for s in seats}
    rng = random.Random(seed)
    log: list[dict[str, Any]] = []
    while state["phase"] == "playing" and state["turn_no"] <= turns:
        player = state["current"]
        view = engine.view(state, player)  # every seat decides from its own view only
        policy = (policies or {}).get(player)
        actions = policy(view) if policy else ai.decide(view, levels[player], rng)
        at = state["turn_started_at"] + TURN_MS
        for action in actions:
            engine.apply(state, player, {**action, "at": at})
            log.append({"at": at, "by": player, "action": action})
    return state["options"], log


def bench_seats(humans: int) -> list[dict[str, Any]]:
    """The benchmark's two seats: the first `humans` labelled people, the rest AIs."""
    levels = ("normal", "hard")
    return [{"id": f"p{i}", "name": f"p{i}", "kind": "guest" if i < humans else "ai", "level": levels[i]} for i in range(2)]


def measure(games: int, turns: int, humans: int, first_seed: int = 1) -> dict[str, Any]:
    """Review `games` seeded games; seconds per game review and per reviewed turn."""
    seats = bench_seats(humans)
    per_game: list[float] = []
    turn_counts: list[int] = []
    inexact = 0
    for seed in range(first_seed, first_seed + games):
        options, log = logged_game(seed, turns, seats)
        t0 = time.perf_counter()
        result = review(seed, options, seats, log)
        per_game.append(time.perf_counter() - t0)
        turn_counts.append(len(result["turns"]))
        inexact += sum(1 for t in result["turns"] if not t["exact"])
    return {
        "median": statistics.median(per_game),
        "p95": _p95(per_game),
        "max": max(per_game),
        "turns": sum(turn_counts),
        "per_turn": sum(per_game) / max(1, sum(turn_counts)),
        "inexact": inexact,
    }


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> None:
    """Print the review time of seeded games (median / p95 seconds per game)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--humans", type=int, choices=(1, 2), default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    r = measure(args.games, args.turns, args.humans, args.seed)
    print(f"number-tile review: {args.games} games x {args.turns} turns, {args.humans} human seat(s), {r['turns']} turns reviewed")
    print(f"  per game: median {r['median']:.3f} s, p95 {r['p95']:.3f} s, max {r['max']:.3f} s (target <= 3 s)")
    print(f"  per reviewed turn: mean {r['per_turn'] * 1000:.1f} ms; turns at the time limit: {r['inexact']}")


if __name__ == "__main__":
    main()
