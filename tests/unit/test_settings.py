"""Configuration is read in one place (tilerooms/settings.py, issue 33: 5): one Redis URL for Reflex
and the rooms, one records-DB URL normalisation, one AI-delay default."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tilerooms import settings
from tilerooms.settings import SettingsError, load

ROOT = Path(__file__).resolve().parents[2]


def _environment_reads(source: str) -> list[int]:
    """Lines of `source` that read the environment: `os.getenv(...)`, `<x>.environ.get(...)`,
    `<x>.environ[...]` as a value, `... in os.environ`, `os.environ.items()/keys()/values()`. A copy
    handed to a child process (`dict(os.environ)`) and writes (`os.environ[k] = v`, `update`,
    `setdefault`) are not reads of our configuration."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            target, name = node.func.value, node.func.attr
            if name == "getenv" or (name in ("get", "items", "keys", "values", "pop") and _is_environ(target)):
                found.append(node.lineno)
        elif isinstance(node, ast.Subscript) and _is_environ(node.value) and isinstance(node.ctx, ast.Load):
            found.append(node.lineno)
        elif isinstance(node, ast.Compare) and any(isinstance(op, ast.In | ast.NotIn) for op in node.ops):
            if any(_is_environ(c) for c in node.comparators):
                found.append(node.lineno)
    return found


def _is_environ(node: ast.expr) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "environ") or (isinstance(node, ast.Name) and node.id == "environ")


def test_nothing_but_settings_reads_the_environment():
    files = [*sorted((ROOT / "tilerooms").rglob("*.py")), ROOT / "rxconfig.py", ROOT / "alembic" / "env.py"]
    reads = {
        f"{path.relative_to(ROOT)}:{line}" for path in files if path != ROOT / "tilerooms" / "settings.py" for line in _environment_reads(path.read_text())
    }
    assert reads == set(), "read the environment in tilerooms/settings.py only"


def test_the_scan_finds_every_kind_of_read():
    source = "\n".join(
        [
            "import os",
            "a = os.environ.get('A')",
            "b = os.getenv('B')",
            "c = os.environ['C']",
            "d = 'D' in os.environ",
            "e = {k: v for k, v in os.environ.items()}",
            "os.environ['F'] = '1'",
            "g = dict(os.environ)",
            "os.environ.setdefault('H', '1')",
        ]
    )
    assert _environment_reads(source) == [2, 3, 4, 5, 6]


def test_the_embedded_default():
    s = load({})
    assert s.redis_url is None
    assert s.database_url == "sqlite:///tilerooms.db"
    assert s.ai_delay_ms == settings.DEFAULT_AI_DELAY_MS == (1000, 3000)
    assert s.secret_key == "" and s.secure_cookies is None and not s.production
    assert s.workers is None and not s.skip_migrations and s.tracemalloc_dir is None


@pytest.mark.parametrize(
    ("environ", "url"),
    [
        ({"REDIS_URL": "redis://a:6379/0"}, "redis://a:6379/0"),
        ({"REFLEX_REDIS_URL": "redis://b:6379/0"}, "redis://b:6379/0"),  # Reflex's name is an alias
        ({"REDIS_URL": "redis://a:6379/0", "REFLEX_REDIS_URL": "redis://a:6379/0"}, "redis://a:6379/0"),
        ({"REDIS_URL": "", "REFLEX_REDIS_URL": "redis://b:6379/0"}, "redis://b:6379/0"),  # empty is unset
        ({"REDIS_URL": ""}, None),
    ],
)
def test_one_redis_url_for_reflex_and_the_rooms(environ, url):
    assert load(environ).redis_url == url


def test_two_different_redis_urls_stop_the_start():
    with pytest.raises(SettingsError, match="REDIS_URL .* and REFLEX_REDIS_URL .* differ"):
        load({"REDIS_URL": "redis://a:6379/0", "REFLEX_REDIS_URL": "redis://b:6379/0"})


def test_rxconfig_hands_reflex_the_same_redis_url_and_state_manager(monkeypatch):
    import reflex as rx

    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.setenv("REFLEX_REDIS_URL", "redis://127.0.0.1:6379/15")  # never contacted
    namespace: dict = {}
    exec(compile((ROOT / "rxconfig.py").read_text(), "rxconfig.py", "exec"), namespace)
    config = namespace["config"]
    assert config.redis_url == settings.current().redis_url == "redis://127.0.0.1:6379/15"
    assert config.state_manager_mode == rx.constants.StateManagerMode.REDIS


@pytest.mark.parametrize(
    ("given", "normalised"),
    [
        ("postgres://u:p@h:5432/db", "postgresql+psycopg://u:p@h:5432/db"),
        ("postgresql://u@h/db", "postgresql+psycopg://u@h/db"),
        ("postgresql+psycopg://u@h/db", "postgresql+psycopg://u@h/db"),
        ("sqlite:///x.db", "sqlite:///x.db"),
    ],
)
def test_one_database_url_normalisation(given, normalised):
    assert load({"DATABASE_URL": given}).database_url == normalised
    from tilerooms.db.engine import normalize_url

    assert normalize_url(given) == normalised  # the engine's is the same function


def test_the_ai_delay_is_one_fixed_time_when_set():
    assert load({"TILEROOMS_AI_DELAY_MS": "250"}).ai_delay_ms == (250, 250)
    with pytest.raises(SettingsError, match="TILEROOMS_AI_DELAY_MS"):
        load({"TILEROOMS_AI_DELAY_MS": "soon"})


def test_the_room_service_default_is_the_settings_default():
    from tilerooms.rooms.service import RoomService

    assert RoomService().ai_delay_ms == load({}).ai_delay_ms


def test_oauth_variables_and_flags():
    s = load({"OAUTH_X_CLIENT_ID": "id", "OTHER": "1", "TILEROOMS_SECURE_COOKIES": "0", "TILEROOMS_ENV": "Production", "TILEROOMS_WORKERS": "3"})
    assert s.oauth_env == {"OAUTH_X_CLIENT_ID": "id"}
    assert s.secure_cookies is False and s.production and s.workers == 3
    assert load({"REFLEX_ENV_MODE": "prod"}).production
    with pytest.raises(SettingsError, match="TILEROOMS_WORKERS"):
        load({"TILEROOMS_WORKERS": "many"})


def test_current_is_read_once_and_reload_reads_again(monkeypatch):
    monkeypatch.setenv("TILEROOMS_AI_DELAY_MS", "10")
    first = settings.reload()
    monkeypatch.setenv("TILEROOMS_AI_DELAY_MS", "20")
    assert settings.current() is first and first.ai_delay_ms == (10, 10)
    assert settings.reload().ai_delay_ms == (20, 20)


def test_settings_import_nothing_from_tilerooms():
    tree = ast.parse((ROOT / "tilerooms" / "settings.py").read_text())
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in imported if m.startswith("tilerooms")]
