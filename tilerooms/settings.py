"""Every setting of tilerooms, read from the environment in one place (issue 33: 5).

`load(environ)` builds a frozen `Settings` from a mapping; `current()` is this process's, read from
`os.environ` once and kept. No other module reads the environment (a unit test checks it): they
ask `current()`, and tests build their own with `load({...})`. The table of every variable, its
default and meaning is docs/configuration.md.

One Redis rule for Reflex's state manager and the rooms alike: `REDIS_URL`, with Reflex's own
`REFLEX_REDIS_URL` accepted as an alias; both set to different URLs stops the start, since the
browsers' states and the rooms would then live on different servers.

This module imports nothing from tilerooms: it is the bottom layer.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_DATABASE_URL = "sqlite:///tilerooms.db"
DEFAULT_AI_DELAY_MS = (1000, 3000)  # an AI's think time, drawn between these (ms)
DEFAULT_BENCH_REDIS_URL = "redis://127.0.0.1:6379/9"  # a database of its own
DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium"
OAUTH_PREFIX = "OAUTH_"
DEV_SECRET_FILE = Path(".states") / "tilerooms-dev-secret"


class SettingsError(ValueError):
    """A setting the start cannot run with: the message names the variable and what is wrong."""


@dataclass(frozen=True)
class Settings:
    """This deployment's configuration; every field comes from one environment variable (or none)."""

    redis_url: str | None = None  # REDIS_URL (alias REFLEX_REDIS_URL): rooms and Reflex states in Redis
    database_url: str = DEFAULT_DATABASE_URL  # DATABASE_URL: the records DB, normalised (`normalize_database_url`)
    ai_delay_ms: tuple[int, int] = DEFAULT_AI_DELAY_MS  # TILEROOMS_AI_DELAY_MS: one fixed think time for tests and benches
    secret_key: str = ""  # TILEROOMS_SECRET_KEY: signs session cookies and guest ids ("" = a generated dev key)
    secure_cookies: bool | None = None  # TILEROOMS_SECURE_COOKIES: "1" Secure cookies, other values not; unset: when https
    production: bool = False  # TILEROOMS_ENV=production, or REFLEX_ENV_MODE=prod
    oauth: tuple[tuple[str, str], ...] = field(default=())  # every OAUTH_* variable: the sign-in providers
    workers: int | None = None  # TILEROOMS_WORKERS: production worker count (None: Reflex's)
    gunicorn_cmd_args: str = ""  # GUNICORN_CMD_ARGS: an operator's own gunicorn arguments, kept after ours
    skip_migrations: bool = False  # TILEROOMS_SKIP_MIGRATIONS=1: the start runs no migrations
    tracemalloc_dir: str | None = None  # TILEROOMS_TRACEMALLOC_DIR: the memory bench's snapshot folder
    bench_redis_url: str = DEFAULT_BENCH_REDIS_URL  # TILEROOMS_BENCH_REDIS: the load bench's Redis
    chromium_path: str = DEFAULT_CHROMIUM_PATH  # CHROMIUM_PATH: the browser of the board-latency bench

    @property
    def oauth_env(self) -> dict[str, str]:
        """The OAUTH_* variables as a mapping (accounts/settings.py reads the providers from it)."""
        return dict(self.oauth)


def normalize_database_url(url: str) -> str:
    """Map `postgres://` and `postgresql://` to the installed psycopg 3 driver (psycopg2 is absent)."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def redis_url_of(environ: Mapping[str, str]) -> str | None:
    """The one Redis URL: REDIS_URL, else REFLEX_REDIS_URL; both set and different is an error."""
    ours = environ.get("REDIS_URL") or None
    reflexs = environ.get("REFLEX_REDIS_URL") or None
    if ours and reflexs and ours != reflexs:
        raise SettingsError(
            f"REDIS_URL ({ours}) and REFLEX_REDIS_URL ({reflexs}) differ: the rooms and Reflex's states would use different Redis servers. "
            "Set REDIS_URL only (or both to the same URL)."
        )
    return ours or reflexs


def _ai_delay(text: str | None) -> tuple[int, int]:
    if not text:
        return DEFAULT_AI_DELAY_MS
    try:
        delay = int(text)
    except ValueError:
        raise SettingsError(f"TILEROOMS_AI_DELAY_MS must be a whole number of milliseconds, not {text!r}") from None
    if delay < 0:
        raise SettingsError(f"TILEROOMS_AI_DELAY_MS must not be negative, not {delay}")
    return delay, delay


def _workers(text: str | None) -> int | None:
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise SettingsError(f"TILEROOMS_WORKERS must be a whole number, not {text!r}") from None


def load(environ: Mapping[str, str]) -> Settings:
    """The settings that `environ` describes (raises SettingsError on a value the start cannot use)."""
    secure = environ.get("TILEROOMS_SECURE_COOKIES")
    return Settings(
        redis_url=redis_url_of(environ),
        database_url=normalize_database_url(environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL),
        ai_delay_ms=_ai_delay(environ.get("TILEROOMS_AI_DELAY_MS")),
        secret_key=environ.get("TILEROOMS_SECRET_KEY", ""),
        secure_cookies=None if secure is None else secure == "1",
        production=environ.get("TILEROOMS_ENV", "").lower() == "production" or environ.get("REFLEX_ENV_MODE", "").lower() == "prod",
        oauth=tuple(sorted((key, value) for key, value in environ.items() if key.startswith(OAUTH_PREFIX))),
        workers=_workers(environ.get("TILEROOMS_WORKERS")),
        gunicorn_cmd_args=environ.get("GUNICORN_CMD_ARGS", ""),
        skip_migrations=environ.get("TILEROOMS_SKIP_MIGRATIONS") == "1",
        tracemalloc_dir=environ.get("TILEROOMS_TRACEMALLOC_DIR") or None,
        bench_redis_url=environ.get("TILEROOMS_BENCH_REDIS") or DEFAULT_BENCH_REDIS_URL,
        chromium_path=environ.get("CHROMIUM_PATH") or DEFAULT_CHROMIUM_PATH,
    )


_current: Settings | None = None


def current() -> Settings:
    """This process's settings, read from the environment on first use and kept."""
    global _current
    if _current is None:
        _current = load(os.environ)
    return _current


def reload() -> Settings:
    """Read the environment again (tests that change it, a start that has just set it)."""
    global _current
    _current = None
    return current()


_dev_secret: str | None = None


def dev_secret() -> str:
    """The embedded default's generated secret (no TILEROOMS_SECRET_KEY): made once, kept in
    `.states/tilerooms-dev-secret` so sessions and guest ids survive a restart. Production refuses
    to start without a configured key (accounts/settings.py)."""
    global _dev_secret
    if _dev_secret is None:
        _dev_secret = _read_or_make_dev_secret()
    return _dev_secret


def _read_or_make_dev_secret() -> str:
    try:
        if DEV_SECRET_FILE.exists():
            text = DEV_SECRET_FILE.read_text().strip()
            if len(text) >= 32:
                return text
        DEV_SECRET_FILE.parent.mkdir(parents=True, exist_ok=True)
        text = secrets.token_urlsafe(48)
        DEV_SECRET_FILE.write_text(text)
        DEV_SECRET_FILE.chmod(0o600)
        return text
    except OSError:  # read-only folder: a per-process key (members sign in again after a restart)
        return secrets.token_urlsafe(48)
