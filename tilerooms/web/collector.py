"""Garbage-collector settings for a serving worker (issue 20: CPU per room change, latency tail).

A worker holds ~200,000 container objects from its start (Reflex's app and pages, the engines,
SciPy for the number-tile AI) that live as long as it does. With CPython's default settings, under
`python -m tilerooms.bench.load` at 100 rooms on one worker:
- every full collection walked all of them: 105-135 ms each, a pause every room of the worker
  waited out, about every 10 s;
- a young collection ran every 700 new containers — a room change makes hundreds — ~9 times a
  second at ~0.5 ms each.
Together ~18 ms of every second, ~6 % of the worker's time. After `tune_for_serving` the same
load spends ~2 ms a second collecting, in a few collections of 2-4 ms.

Gunicorn's master imports the app before it forks its workers (`--preload`). A collection in a
worker writes to every object it walks, so the worker copied the master's heap page by page: frozen
in the master first (`freeze_start_up`), a worker at idle holds 38 MB of its own instead of 75.
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 10_000  # new containers between young collections (CPython's default: 700)


def freeze_start_up() -> None:
    """Collect, then move every object alive now out of the collector's reach for good
    (`gc.freeze`: they are the app itself; reference counting still frees them)."""
    gc.collect()
    gc.freeze()


def tune_for_serving() -> None:
    """Call once when a worker starts serving: freeze what its start made, and collect the young
    generation less often."""
    freeze_start_up()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
