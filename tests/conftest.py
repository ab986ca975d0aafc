"""Every test starts and ends with the settings of the real environment (tilerooms/settings.py):
a test that changes the environment calls `settings.reload()`, and nothing it set outlives it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tilerooms import settings


@pytest.fixture(autouse=True)
def fresh_settings() -> Iterator[None]:
    """Settings read afresh around each test (after its monkeypatch has put the environment back)."""
    settings.reload()
    yield
    settings.reload()
