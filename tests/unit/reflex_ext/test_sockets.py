"""Which sockets are open, asked of Reflex's token manager in one place (reflex_ext/sockets.py)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tilerooms.reflex_ext import sockets


class FakeManager:
    """Reflex's token manager as far as sockets.py reads it."""

    instance_id = "worker-a"

    def __init__(self) -> None:
        self.token_to_socket = {
            "here": SimpleNamespace(instance_id="worker-a"),
            "there": SimpleNamespace(instance_id="worker-b"),
        }

    async def is_token_connected(self, token: str) -> bool:
        return token in self.token_to_socket


@pytest.fixture
def served(monkeypatch):
    monkeypatch.setattr(sockets, "_app", SimpleNamespace(event_namespace=SimpleNamespace(_token_manager=FakeManager())))


async def test_before_the_app_serves_nothing_is_connected_and_nothing_is_known_closed(monkeypatch):
    monkeypatch.setattr(sockets, "_app", None)
    assert await sockets.connected("here") is False  # the lobby stops following
    assert await sockets.held_here("here") is True  # the presence sweep drops nobody
    monkeypatch.setattr(sockets, "_app", SimpleNamespace(event_namespace=None))
    assert await sockets.connected("here") is False and await sockets.held_here("here") is True


async def test_a_socket_is_held_here_only_on_this_worker(served):
    assert await sockets.connected("there") is True  # open somewhere
    assert await sockets.held_here("here") is True
    assert await sockets.held_here("there") is False  # another worker's socket
    assert await sockets.held_here("gone") is False and await sockets.connected("gone") is False
