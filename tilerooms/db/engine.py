"""Database URL and engines: SQLite file by default, Postgres (psycopg 3) when DATABASE_URL says so."""

from __future__ import annotations

import threading

import sqlalchemy as sa
from sqlmodel import Session

from tilerooms import settings
from tilerooms.settings import DEFAULT_DATABASE_URL as DEFAULT_URL
from tilerooms.settings import normalize_database_url as normalize_url

__all__ = ["DEFAULT_URL", "database_url", "get_engine", "make_engine", "normalize_url", "session"]

_engines: dict[str, sa.Engine] = {}
_engines_lock = threading.Lock()


def database_url() -> str:
    """The records database of this deployment (DATABASE_URL, normalised; default SQLite)."""
    return settings.current().database_url


def make_engine(url: str) -> sa.Engine:
    """A new engine for `url`; SQLite gets a busy timeout so concurrent writers wait, not fail."""
    url = normalize_url(url)
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @sa.event.listens_for(engine, "connect")
        def _sqlite_connect(dbapi_connection, _record) -> None:
            dbapi_connection.isolation_level = None  # SQLAlchemy, not pysqlite, opens transactions (savepoints work)
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")  # off by default in SQLite
            cursor.close()

        @sa.event.listens_for(engine, "begin")
        def _sqlite_begin(connection) -> None:
            # IMMEDIATE takes the write lock up front: concurrent writers wait (busy timeout) instead of failing
            connection.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    return sa.create_engine(url, pool_pre_ping=True)


def get_engine(url: str | None = None) -> sa.Engine:
    """The shared engine of `url` (default: `database_url()`), created once per process."""
    url = normalize_url(url or database_url())
    with _engines_lock:
        engine = _engines.get(url)
        if engine is None:
            engine = _engines[url] = make_engine(url)
        return engine


def session(engine: sa.Engine | None = None) -> Session:
    """A SQLModel session (expire_on_commit off: rows are read after the commit)."""
    return Session(engine or get_engine(), expire_on_commit=False)
