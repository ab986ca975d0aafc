"""Alembic migrations build the schema from an empty database on SQLite and PostgreSQL, and the
SQLModel models and the migrations agree (autogenerate finds nothing to do)."""

from __future__ import annotations

import subprocess
import sys

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlmodel import SQLModel

import tilerooms.db.models  # noqa: F401
from alembic import command
from tilerooms.db import migrate
from tilerooms.db.engine import make_engine
from tilerooms.db.models import TABLES

ROOT = migrate.ROOT


def _include(obj, name, type_, reflected, compare_to) -> bool:
    if type_ == "table":
        return name in TABLES
    table = getattr(obj, "table", None)
    return table is None or table.name in TABLES


def _differences(url: str) -> list:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"include_object": _include, "compare_type": True})
            return compare_metadata(context, SQLModel.metadata)
    finally:
        engine.dispose()


def _head() -> str:
    return ScriptDirectory.from_config(migrate.alembic_config("sqlite://")).get_current_head()


def _version(url: str) -> str | None:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()
    finally:
        engine.dispose()


def _round_trip(url: str) -> None:
    migrate.upgrade(url)
    assert _version(url) == _head()
    names = set(sa.inspect(make_engine(url)).get_table_names())
    assert TABLES <= names
    assert _differences(url) == []  # models == migrations
    migrate.upgrade(url)  # a second start finds nothing to do
    engine = make_engine(url)
    with engine.begin() as connection:
        command.downgrade(migrate.alembic_config(url, connection), "base")
    engine.dispose()
    assert not TABLES & set(sa.inspect(make_engine(url)).get_table_names())
    migrate.upgrade(url)
    assert _differences(url) == []


def test_migrations_from_empty_on_sqlite_match_the_models(sqlite_url):
    _round_trip(sqlite_url)


def test_migrations_from_empty_on_postgres_match_the_models(pg_url):
    _round_trip(pg_url)


def test_the_alembic_command_line_upgrades_an_empty_database(tmp_path):
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    run = subprocess.run(
        [sys.executable, "-m", "alembic", "upgrade", "head"],
        cwd=ROOT,
        env={"DATABASE_URL": url, "PATH": ""},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert _version(url) == _head()
