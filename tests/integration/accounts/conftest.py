"""Records databases for the accounts tests: a fresh SQLite file, and a fresh schema on the local
PostgreSQL (127.0.0.1:5432, trust auth, database `test`, or DATABASE_URL_TEST) dropped afterwards;
Postgres tests skip cleanly when it does not answer."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
import sqlalchemy as sa

from tilerooms.db import migrate
from tilerooms.db.engine import make_engine

PG_URL = os.environ.get("DATABASE_URL_TEST", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def _pg_reachable() -> bool:
    engine = sa.create_engine(PG_URL, connect_args={"connect_timeout": 2})
    try:
        with engine.connect() as connection:
            connection.execute(sa.text("SELECT 1"))
        return True
    except Exception:  # noqa: BLE001
        return False
    finally:
        engine.dispose()


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    """An empty SQLite database file."""
    return f"sqlite:///{tmp_path / 'records.db'}"


@pytest.fixture
def pg_url() -> Iterator[str]:
    """An empty schema of its own on the local Postgres (search_path set per connection), dropped after."""
    if not _pg_reachable():
        pytest.skip("PostgreSQL on 127.0.0.1:5432 is not reachable")
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(PG_URL)
    with admin.begin() as connection:
        connection.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    url = sa.make_url(PG_URL).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request) -> str:
    """Each ledger test runs on both backends."""
    return request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")


@pytest.fixture
def engine(db_url) -> Iterator[sa.Engine]:
    """A migrated database (alembic upgrade head, as at app start)."""
    migrate.upgrade(db_url)
    engine = make_engine(db_url)
    yield engine
    engine.dispose()
