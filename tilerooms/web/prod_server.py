"""Production start: `reflex run --env prod` on gunicorn with our uvicorn worker (`web_worker.py`).

Reflex 0.10.1 serves production on granian unless told otherwise. Granian keeps ~160 KB of native
buffers per open websocket and 0.6 MB per live room under the load bench; gunicorn with
`GameWorker` keeps ~85 KB per browser and 0.37 MB per room, at less CPU per room (issue 20: 4,
docs/performance.md). Reflex's own uvicorn path (`run_uvicorn_backend_prod`) runs gunicorn with the
arguments of `GUNICORN_CMD_ARGS` last; this start puts the worker class and count there.

Gunicorn's arbiter replaces a worker that dies (OOM killer, a crash in a native library, a stray
`kill -9`) and leaves the others serving; rooms, drafts and clocks live in Redis, so the browsers
of the dead worker carry on at any other (docs/deploy.md, tests/faults).

    python -m tilerooms.web.prod_server [reflex run options, e.g. --frontend-port 3000]

`TILEROOMS_WORKERS=N` sets the worker count (default: Reflex's, 1 without Redis, else
min(2 × CPUs + 1, 8)). The records DB is migrated here, once, before any worker starts; the
workers' start-up task then skips it (TILEROOMS_SKIP_MIGRATIONS=1 in their environment).
"""

from __future__ import annotations

import os
import shlex
import signal
import sys
from collections.abc import Callable, Sequence
from types import FrameType

from tilerooms import settings as app_settings
from tilerooms.settings import Settings

WORKER_CLASS = "tilerooms.web.worker.GameWorker"


def server_env(settings: Settings, default_workers: Callable[[], int]) -> dict[str, str]:
    """The variables that make Reflex's production start run gunicorn with `GameWorker`: the
    worker count from `TILEROOMS_WORKERS` (else `default_workers()`, asked only then); an
    operator's own `GUNICORN_CMD_ARGS` come after ours, so theirs win. The workers run no
    migrations: this start has run them."""
    workers = settings.workers if settings.workers is not None else default_workers()
    if workers < 1:
        raise ValueError(f"TILEROOMS_WORKERS must be at least 1, not {workers}")
    ours = ["--worker-class", WORKER_CLASS, "--workers", str(workers)]
    theirs = settings.gunicorn_cmd_args
    return {
        "REFLEX_USE_GRANIAN": "false",
        "GUNICORN_CMD_ARGS": shlex.join(ours) + (f" {theirs}" if theirs else ""),
        "TILEROOMS_SKIP_MIGRATIONS": "1",
    }


def _reflex_workers() -> int:
    """Reflex's own worker count (`reflex/utils/processes.py: get_num_workers`)."""
    from reflex.utils import processes

    return processes.get_num_workers()


def stop_with_children(signum: int, _frame: FrameType | None = None, *, grace_s: float = 30.0) -> None:
    """Pass a stop signal on to the servers this process started (gunicorn's master stops its
    workers gracefully), wait for them, then exit. Reflex runs gunicorn as a child process: without
    this, stopping only this process (`kill <pid>`, a container's PID 1) would leave it serving."""
    import psutil

    children = psutil.Process().children()
    for child in children:
        try:
            child.send_signal(signum)
        except psutil.NoSuchProcess:
            continue
    _, alive = psutil.wait_procs(children, timeout=grace_s)
    for child in alive:
        child.kill()
    raise SystemExit(128 + signum)


def main(argv: Sequence[str] | None = None) -> None:
    """Migrate the records DB, then run `reflex run --env prod <argv>` on gunicorn with `GameWorker`."""
    from tilerooms.db.migrate import upgrade_at_start

    settings = app_settings.current()
    upgrade_at_start()  # once, here: the workers fork after it and skip it
    os.environ.update(server_env(settings, _reflex_workers))  # for the servers this start runs
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, stop_with_children)
    from reflex.reflex import cli

    cli.main(args=["run", "--env", "prod", *(sys.argv[1:] if argv is None else argv)], prog_name="reflex")


if __name__ == "__main__":
    main()
