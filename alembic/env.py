"""Alembic environment: the same database URL as the app (DATABASE_URL, default SQLite)."""

from __future__ import annotations

from logging.config import fileConfig

from sqlmodel import SQLModel

import tilerooms.db.models  # noqa: F401 - registers the tables on SQLModel.metadata
from alembic import context
from tilerooms.db.engine import database_url, make_engine
from tilerooms.db.models import TABLES

config = context.config
if config.config_file_name is not None and config.attributes.get("connection") is None:
    fileConfig(config.config_file_name, disable_existing_loggers=False)

target_metadata = SQLModel.metadata


def include_object(obj, name, type_, reflected, compare_to) -> bool:
    """Only our tables: the shared SQLModel metadata may also hold other apps' models."""
    if type_ == "table":
        return name in TABLES
    table = getattr(obj, "table", None)
    return table is None or table.name in TABLES


def _configure(connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        include_object=include_object,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying
        compare_type=True,
    )


def run_migrations_offline() -> None:
    """`alembic upgrade head --sql`: SQL text for the configured URL."""
    context.configure(
        url=config.get_main_option("sqlalchemy.url") or database_url(),
        target_metadata=target_metadata,
        include_object=include_object,
        literal_binds=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Against a live database: the caller's connection, or one made from the URL."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure(connection)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = make_engine(config.get_main_option("sqlalchemy.url") or database_url())
    try:
        with engine.connect() as connection:
            _configure(connection)
            with context.begin_transaction():
                context.run_migrations()
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
