"""Run the alembic migrations to head, at app start and from tests.

Several workers may start together: on Postgres an advisory lock serialises them, on SQLite a file
lock next to the database does, so only one runs the upgrade and the others find it done.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import sqlalchemy as sa
from alembic.config import Config

from alembic import command
from tilerooms import settings
from tilerooms.db.engine import database_url, make_engine, normalize_url

ROOT = Path(__file__).resolve().parents[2]
ALEMBIC_INI = ROOT / "alembic.ini"
_PG_LOCK_KEY = 7_310_452_019  # any constant: the advisory lock id of "tilerooms migrations"


def alembic_config(url: str, connection: sa.Connection | None = None) -> Config:
    """Alembic's config for `url` (env.py uses the given connection when there is one)."""
    config = Config(str(ALEMBIC_INI))
    config.set_main_option("script_location", str(ROOT / "alembic"))
    config.set_main_option("sqlalchemy.url", normalize_url(url).replace("%", "%%"))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@contextlib.contextmanager
def _sqlite_file_lock(url: sa.URL) -> Iterator[None]:
    database = url.database
    if not database or database == ":memory:":
        yield
        return
    path = Path(database).resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    # one lock file per OS user in /tmp (not beside the DB): migrations are short, serialising them all is fine
    with open(Path(tempfile.gettempdir()) / f"tilerooms-migrate-{os.getuid()}.lock", "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def upgrade(url: str | None = None, revision: str = "head") -> None:
    """Bring the database at `url` (default: this deployment's) to `revision`."""
    url = normalize_url(url or database_url())
    parsed = sa.make_url(url)
    engine = make_engine(url)
    try:
        if parsed.get_backend_name() == "postgresql":
            with engine.connect() as connection:
                connection.execute(sa.text("SELECT pg_advisory_lock(:k)"), {"k": _PG_LOCK_KEY})
                connection.commit()
                try:
                    command.upgrade(alembic_config(url, connection), revision)
                    connection.commit()
                finally:
                    connection.execute(sa.text("SELECT pg_advisory_unlock(:k)"), {"k": _PG_LOCK_KEY})
                    connection.commit()
        else:
            with _sqlite_file_lock(parsed), engine.begin() as connection:
                command.upgrade(alembic_config(url, connection), revision)
    finally:
        engine.dispose()


def upgrade_at_start() -> None:
    """Migrations to head at a start: once before the production server forks its workers, else in
    the app's start-up task (idempotent; TILEROOMS_SKIP_MIGRATIONS=1 skips)."""
    if settings.current().skip_migrations:
        return
    upgrade()
