"""Unit-test fixtures. Plain helpers (standard guests, room set-up steps, a browser's Reflex state
tree) are in tests/helpers/."""

from __future__ import annotations

import pytest

from tilerooms.rooms.service import RoomService


@pytest.fixture
def service() -> RoomService:
    """A room service in this process (memory store and bus, the real clock) whose every game is
    dealt from seed 7: the same deal in every run."""
    return RoomService(seed_source=lambda: 7)
