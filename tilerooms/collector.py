"""Garbage-collector settings for a serving worker (issue 20: CPU per room change, latency tail).

A worker holds ~200,000 container objects from its start (Reflex's app and pages, the engines,
SciPy for the number-tile AI) that live as long as it does. With CPython's default settings, under
`python -m tilerooms.bench.load` at 100 rooms on one worker:
- every full collection walked all of them: 110-135 ms each, a pause every room of the worker
  waited out, about every 10 s;
- a young collection ran every 700 new containers — a room change makes hundreds — ~9 times a
  second at ~0.5 ms each.
Together ~18 ms of every second, ~6 % of the worker's time. After `tune_for_serving` the same
load spends ~2 ms a second collecting, in a few collections of 2-4 ms.
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 10_000  # new containers between young collections (CPython's default: 700)


def tune_for_serving() -> None:
    """Call once when a worker starts serving: collect, move every object alive now out of the
    collector's reach for good (`gc.freeze`: they are the app itself; reference counting still
    frees them), and collect the young generation less often."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
