"""Reflex configuration: the embedded default is SQLite + in-process state (GUIDE §3)."""

import os

import reflex as rx

# Reflex reads REFLEX_REDIS_URL; our deployments set REDIS_URL (GUIDE §5). Without either, state
# stays in process and rooms in memory: the embedded default.
_redis_url = os.environ.get("REFLEX_REDIS_URL") or os.environ.get("REDIS_URL") or None
# Records DB (accounts): psycopg 3 is the installed Postgres driver, so plain postgresql:// URLs are mapped to it.
_db_url = os.environ.get("DATABASE_URL", "sqlite:///tilerooms.db")
for _prefix in ("postgres://", "postgresql://"):
    if _db_url.startswith(_prefix):
        _db_url = "postgresql+psycopg://" + _db_url[len(_prefix) :]

config = rx.Config(
    app_name="tilerooms",
    redis_url=_redis_url,
    db_url=_db_url,
    # without Redis the rooms live in this process, so browser states need no disk copy: Reflex's
    # default disk manager cost ~30 % of a worker's CPU under load and slows as .states/ fills
    # (docs/performance.md). Set by this expression, never a plain "memory": Reflex picks its Redis
    # manager by itself only while the mode is left at its default.
    state_manager_mode=rx.constants.StateManagerMode.REDIS if _redis_url else rx.constants.StateManagerMode.MEMORY,
    telemetry_enabled=False,
    show_built_with_reflex=False,
    plugins=[
        rx.plugins.SitemapPlugin(),
        rx.plugins.TailwindV4Plugin(),
        rx.plugins.RadixThemesPlugin(theme=rx.theme(appearance="light", accent_color="teal", radius="large")),
    ],
)
