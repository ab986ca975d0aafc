"""Benchmark: validating a full commit on a 100-tile table, and `view`, for the number-tile engine.

Run with `python -m tilerooms.bench.rummikub [iterations]`; prints median and p99 per call.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from tilerooms.games.rummikub import engine


def _runs(colour: str, copy: str, upto: int = 13) -> list[str]:
    return [f"{colour}{n}{copy}" for n in range(1, upto + 1)]


def hundred_tile_position() -> dict:
    """A 100-tile table (seven 13-runs and O1b..O9b) and a draft that splits two runs, moves
    tiles between sets and plays a joker from the rack: every table tile is re-checked."""
    ka, kb, ra, rb, ba, bb, oa = (_runs(c, k) for c, k in ("Ka", "Kb", "Ra", "Rb", "Ba", "Bb", "Oa"))
    ob = _runs("O", "b", 9)
    table = [ka, kb, ra, rb, ba, bb, oa, ob]
    state = engine.make_state(table=table, racks={"A": ["JK1", "JK2"], "B": []}, has_melded=True)
    draft = [ka[:6], ka[6:], kb, ra[:4], ra[4:], rb, ba, bb, oa, ob + ["JK1"]]
    sets = [{"tileIds": ids} for ids in draft]
    engine.apply(state, "A", {"type": "setDraft", "sets": sets})
    assert sum(len(s["tile_ids"]) for s in state["draft"]["sets"]) == 101
    engine.validate(state, "A", {"type": "commit"})  # the draft is a valid, full commit
    return state


def measure(fn: Callable[[], object], iterations: int) -> tuple[float, float]:
    """Median and p99 of `fn` in microseconds."""
    for _ in range(min(50, iterations)):
        fn()
    samples = []
    for _ in range(iterations):
        t0 = time.perf_counter_ns()
        fn()
        samples.append((time.perf_counter_ns() - t0) / 1000)
    samples.sort()
    return statistics.median(samples), samples[min(len(samples) - 1, int(len(samples) * 0.99))]


def _fmt(label: str, median_us: float, p99_us: float) -> str:
    return f"{label}: median {median_us / 1000:.3f} ms ({median_us:.0f} µs), p99 {p99_us / 1000:.3f} ms ({p99_us:.0f} µs)"


def main(argv: list[str] | None = None) -> None:
    """Print the benchmark lines."""
    argv = sys.argv[1:] if argv is None else argv
    iterations = int(argv[0]) if argv else 2000
    state = hundred_tile_position()
    commit = {"type": "commit"}
    print(_fmt("validate(commit, 100-tile table)", *measure(lambda: engine.validate(state, "A", commit), iterations)))
    print(_fmt("view(current player, 100-tile table + draft)", *measure(lambda: engine.view(state, "A"), iterations)))
    print(_fmt("view(spectator, 100-tile table + draft)", *measure(lambda: engine.view(state, None), iterations)))
    print(_fmt("setup(4 players)", *measure(lambda: engine.setup({}, ["A", "B", "C", "D"], 1), iterations)))


if __name__ == "__main__":
    main()
