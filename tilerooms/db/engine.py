"""Database URL and engines: SQLite file by default, Postgres (psycopg 3) when DATABASE_URL says so."""

from __future__ import annotations

import os
import threading

import sqlalchemy as sa
from sqlmodel import Session

DEFAULT_URL = "sqlite:///tilerooms.db"

_engines: dict[str, sa.Engine] = {}
_engines_lock = threading.Lock()


def normalize_url(url: str) -> str:
    """Map `postgres://` and `postgresql://` to the installed psycopg 3 driver (psycopg2 is absent)."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def database_url() -> str:
    """The records database of this deployment: DATABASE_URL, else Reflex's db_url, else SQLite."""
    url = os.environ.get("DATABASE_URL")
    if not url:
        try:
            import reflex as rx

            url = rx.config.get_config().db_url
        except Exception:  # noqa: BLE001 - no rxconfig (plain scripts): fall back to the default
            url = None
    return normalize_url(url or DEFAULT_URL)


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
