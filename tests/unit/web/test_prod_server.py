"""The production start runs Reflex's gunicorn path with our worker (`tilerooms/web/worker.py`)."""

from __future__ import annotations

import shlex

import pytest

from tilerooms import settings
from tilerooms.web import prod_server


def _never() -> int:
    """Reflex's count, which a set `TILEROOMS_WORKERS` must not ask for (it pings Redis)."""
    raise AssertionError("the default worker count was asked for")


def test_the_start_picks_gunicorn_with_the_game_worker_and_reflexs_worker_count():
    env = prod_server.server_env(settings.load({}), default_workers=lambda: 3)
    assert env["REFLEX_USE_GRANIAN"] == "false"
    assert env["TILEROOMS_SKIP_MIGRATIONS"] == "1"  # migrated once by this start, before the workers fork
    assert shlex.split(env["GUNICORN_CMD_ARGS"]) == ["--worker-class", "tilerooms.web.worker.GameWorker", "--workers", "3"]


def test_tilerooms_workers_sets_the_count_and_an_operators_gunicorn_args_come_last():
    env = prod_server.server_env(settings.load({"TILEROOMS_WORKERS": "2", "GUNICORN_CMD_ARGS": "--workers 5 --timeout 60"}), default_workers=_never)
    # gunicorn keeps the last of a repeated option: the operator's own arguments win
    assert shlex.split(env["GUNICORN_CMD_ARGS"]) == [
        "--worker-class",
        "tilerooms.web.worker.GameWorker",
        "--workers",
        "2",
        "--workers",
        "5",
        "--timeout",
        "60",
    ]


def test_a_worker_count_below_one_is_refused():
    with pytest.raises(ValueError, match="at least 1"):
        prod_server.server_env(settings.load({"TILEROOMS_WORKERS": "0"}), default_workers=_never)


def test_the_game_worker_keeps_sockets_cheap():
    from uvicorn_worker import UvicornWorker

    from tilerooms.web.worker import GameWorker

    assert issubclass(GameWorker, UvicornWorker)
    assert GameWorker.CONFIG_KWARGS["ws_per_message_deflate"] is False
    assert GameWorker.CONFIG_KWARGS["ws"] == "tilerooms.web.worker:GameWebSocket"  # sans-I/O, leaner queues
    assert GameWorker.CONFIG_KWARGS["loop"] == "uvloop"


def test_a_stop_signal_reaches_the_server_it_started_and_waits_for_it(tmp_path):
    """SIGTERM to the start alone must stop the gunicorn it runs as a child (a container's PID 1)."""
    import os
    import signal
    import subprocess
    import sys
    import textwrap
    import time

    import psutil

    script = tmp_path / "start.py"
    script.write_text(
        textwrap.dedent(f"""
        import signal, subprocess, sys, time
        sys.path.insert(0, {os.getcwd()!r})
        from tilerooms.web import prod_server
        signal.signal(signal.SIGTERM, prod_server.stop_with_children)
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        print(child.pid, flush=True)
        time.sleep(60)
    """)
    )
    start = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        child = psutil.Process(int(start.stdout.readline()))
        start.send_signal(signal.SIGTERM)  # to the start only, not its group
        assert start.wait(timeout=20) == 128 + signal.SIGTERM
        deadline = time.monotonic() + 5
        while child.is_running() and child.status() != psutil.STATUS_ZOMBIE and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not child.is_running() or child.status() == psutil.STATUS_ZOMBIE
    finally:
        if start.poll() is None:
            os.killpg(start.pid, signal.SIGKILL)
