"""Benchmark: full self-play games of the mahjong engine (4 random bots, hanchan), and the time
per `apply` and per `view`.

Run with `python -m tilerooms.bench.mahjong_engine [games]`.
"""

from __future__ import annotations

import statistics
import sys
import time

from tilerooms.games.mahjong import engine
from tilerooms.games.mahjong.random_bot import self_play


def main(argv: list[str] | None = None) -> None:
    """Print games per second, then median / p99 of apply and view over the games' positions."""
    argv = sys.argv[1:] if argv is None else argv
    games = int(argv[0]) if argv else 10
    players = ["p", "q", "r", "s"]
    t0 = time.perf_counter()
    logs = []
    for seed in range(games):
        _, log = self_play(players, seed)
        logs.append((seed, log))
    elapsed = time.perf_counter() - t0
    print(f"self-play hanchan (4 random bots): {games / elapsed:.2f} games/s ({elapsed / games * 1000:.0f} ms/game)")
    apply_us: list[float] = []
    view_us: list[float] = []
    for seed, log in logs[:3]:
        state = engine.setup({"startedAt": 0}, players, seed)
        for i, (player, action) in enumerate(log):
            t = time.perf_counter_ns()
            engine.apply(state, player, action)
            apply_us.append((time.perf_counter_ns() - t) / 1000)
            if i % 5 == 0 and state["hand"] is not None:
                viewer = players[i % 4]
                t = time.perf_counter_ns()
                engine.view(state, viewer)
                view_us.append((time.perf_counter_ns() - t) / 1000)
    for label, samples in (("apply", apply_us), ("view", view_us)):
        samples.sort()
        p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
        print(f"{label}: median {statistics.median(samples):.0f} µs, mean {statistics.fmean(samples):.0f} µs, p99 {p99:.0f} µs over {len(samples)} calls")


if __name__ == "__main__":
    main()
