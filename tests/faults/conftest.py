"""Fault tests: the production server with two gunicorn workers in Redis mode, and real browsers.

The site runs as an operator runs it (`python -m tilerooms.web.prod_server`, what
`scripts/start_scaled.sh` starts): Redis for rooms and Reflex state (the machine's server, a database
of its own that is emptied first), PostgreSQL for records (a fresh schema, dropped after). A test
kills a worker or restarts the whole backend and checks the browsers carry on. Run in their own
pytest process (scripts/test.sh does), after the browser suite: the server builds the frontend into
`.web/` with its own port.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
import redis
import sqlalchemy as sa

# the browser suite's chromium fixture and report hook (a conftest's imported fixtures and hooks
# are registered like its own), and its autouse evidence of failed tests
from tests.e2e.conftest import browser, pytest_runtest_makereport  # noqa: F401
from tests.e2e.evidence import browser_evidence  # noqa: F401
from tests.helpers.services import free_port, redis_answers

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("TILEROOMS_FAULTS_REDIS_URL", "redis://127.0.0.1:6379/13")
PG_URL = os.environ.get("DATABASE_URL_TEST", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
RESULTS = ROOT / "test-results"


def healthy(url: str) -> bool:
    """`<url>/_health` answers with the DB and Redis up."""
    import urllib.request

    try:
        with urllib.request.urlopen(f"{url}/_health", timeout=2) as answer:
            return b'"status":true' in answer.read().replace(b" ", b"")
    except OSError:
        return False


def server_env(redis_url: str, database_url: str, secret: str, **extra: str) -> dict[str, str]:
    """A production server's environment for the fault tests: two workers on `redis_url` and
    `database_url`, quick AIs, and `extra`."""
    return {
        **os.environ,
        "REDIS_URL": redis_url,
        "REFLEX_REDIS_URL": redis_url,
        "DATABASE_URL": database_url,
        "TILEROOMS_SECRET_KEY": secret + "s" * max(0, 48 - len(secret)),
        "TILEROOMS_WORKERS": "2",
        "TILEROOMS_AI_DELAY_MS": "300",
        **extra,
    }


class ScaledSite:
    """One production server (the reflex CLI, its gunicorn master and the workers) on a fixed port."""

    def __init__(self, env: dict[str, str], port: int, log: Path) -> None:
        self.env, self.port, self.log = env, port, log
        self.url = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen | None = None

    def start(self, timeout: float = 240) -> None:
        """Start (compile, build, serve) and wait until `/_health` says the DB and Redis answer."""
        out = self.log.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tilerooms.web.prod_server", "--frontend-port", str(self.port), "--backend-host", "127.0.0.1"],
            cwd=ROOT,
            env=self.env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped (exit {self.proc.returncode}); see {self.log}")
            if self.healthy() and len(self.workers()) == int(self.env["TILEROOMS_WORKERS"]):
                return
            time.sleep(0.5)
        raise RuntimeError(f"the server did not come up in {timeout} s; see {self.log}")

    def healthy(self) -> bool:
        """`/_health` answers with the DB and Redis up."""
        return healthy(self.url)

    def workers(self) -> list[psutil.Process]:
        """The live workers: processes listening on the port whose parent (gunicorn's master, which
        holds the same listening socket) listens too."""
        if self.proc is None or self.proc.poll() is not None:
            return []
        listening = []
        for child in psutil.Process(self.proc.pid).children(recursive=True):
            try:
                if any(c.status == psutil.CONN_LISTEN and c.laddr.port == self.port for c in child.net_connections("tcp")):
                    listening.append(child)
            except psutil.NoSuchProcess:
                continue
        pids = {p.pid for p in listening}
        found = []
        for p in listening:
            try:
                if p.ppid() in pids:
                    found.append(p)
            except psutil.NoSuchProcess:
                continue
        return found

    def kill(self) -> list[int]:
        """SIGKILL to the whole process group at once: the start, gunicorn's master and every worker
        die with no clean-up of any kind, as when the machine is lost. Returns the pids killed."""
        if self.proc is None:
            return []
        pids = [self.proc.pid, *(c.pid for c in psutil.Process(self.proc.pid).children(recursive=True))]
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        self.proc = None
        return pids

    def stop(self) -> None:
        """SIGTERM to the whole process group (supervisor and workers), as an operator would."""
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=20)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        # what outlives the start in its group (the page compiler's multiprocessing helpers were
        # left behind, ~80 MB a start): nothing of a stopped server may stay
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc = None


@pytest.fixture(scope="session")
def pg_schema_url() -> Iterator[str]:
    """A fresh schema on the machine's PostgreSQL for the records DB, dropped after."""
    admin = sa.create_engine(PG_URL, connect_args={"connect_timeout": 2})
    try:
        with admin.begin() as connection:
            schema = f"faults_{uuid.uuid4().hex[:10]}"
            connection.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    except sa.exc.OperationalError:
        pytest.skip("PostgreSQL on 127.0.0.1:5432 is not reachable")
    url = sa.make_url(PG_URL).update_query_dict({"options": f"-csearch_path={schema}"})
    yield url.render_as_string(hide_password=False)
    with admin.begin() as connection:
        connection.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
    admin.dispose()


@pytest.fixture(scope="session")
def site(pg_schema_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ScaledSite]:
    """The two-worker production server in Redis + PostgreSQL mode."""
    if not redis_answers(REDIS_URL, timeout=1):
        pytest.skip(f"Redis at {REDIS_URL} does not answer")
    redis.Redis.from_url(REDIS_URL).flushdb()  # a database of its own: nothing left from a previous run
    env = server_env(REDIS_URL, pg_schema_url, "faults-")
    RESULTS.mkdir(exist_ok=True)
    server = ScaledSite(env, free_port(), RESULTS / "faults-server.log")
    server.log.write_bytes(b"")
    server.start()
    yield server
    server.stop()
    redis.Redis.from_url(REDIS_URL).flushdb()
