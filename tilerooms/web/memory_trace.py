"""The memory bench's hook in a serving worker (issue 20: 4): with TILEROOMS_TRACEMALLOC_DIR set,
tracemalloc runs from the app's import and a thread answers each `request-<name>` file put in that
folder with `<name>.snap` (a `tracemalloc.Snapshot.dump`). `python -m tilerooms.bench.memory`
starts such a worker and diffs the snapshots. Tracing slows the worker down: memory only."""

from __future__ import annotations

import os
import threading
import time
import tracemalloc
from pathlib import Path

FRAMES = 25  # traceback depth kept per allocation: enough to reach our code from Reflex's internals


def start_tracing() -> None:
    """Trace allocations from here on (at import of the app: forked workers inherit it)."""
    if not tracemalloc.is_tracing():
        tracemalloc.start(FRAMES)


def serve_snapshots(folder: str) -> None:
    """A thread answering snapshot requests put in `folder`; call it in the serving worker (its
    lifespan), not in the server's supervisor: a fork keeps no threads."""
    start_tracing()
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)

    def answer() -> None:
        while True:
            for request in path.glob("request-*"):
                name = request.name.removeprefix("request-")
                tracemalloc.take_snapshot().dump(str(path / f"{name}.part"))
                os.replace(path / f"{name}.part", path / f"{name}.snap")
                request.unlink(missing_ok=True)
            time.sleep(0.2)

    threading.Thread(target=answer, name="tracemalloc-snapshots", daemon=True).start()
