"""Run one function in several threads released together (two workers racing on one database)."""

from __future__ import annotations

import threading
from collections.abc import Callable


def at_once(work: Callable[[], object], threads: int = 4) -> list[BaseException]:
    """Call `work` in `threads` threads that start together behind a barrier; the errors raised."""
    start = threading.Barrier(threads)
    errors: list[BaseException] = []

    def run() -> None:
        try:
            start.wait()
            work()
        except BaseException as err:  # noqa: BLE001 - reported to the test
            errors.append(err)

    started = [threading.Thread(target=run) for _ in range(threads)]
    for t in started:
        t.start()
    for t in started:
        t.join()
    return errors
