"""The production start turns granian's worker respawn on (tests/faults kills a worker for real)."""

from __future__ import annotations

from tilerooms import prod_server


class FakeServer:
    """Stands in for granian's Server: records the keyword arguments it was built with."""

    def __init__(self, target: str, **kwargs: object) -> None:
        self.target, self.kwargs = target, kwargs


def test_respawning_turns_respawn_on_and_keeps_every_other_argument():
    server = prod_server.respawning(FakeServer)("app:make", workers=2, factory=True)
    assert server.target == "app:make"
    assert server.kwargs == {"workers": 2, "factory": True, "respawn_failed_workers": True, "respawn_interval": prod_server.RESPAWN_INTERVAL_S}


def test_an_explicit_choice_still_wins():
    server = prod_server.respawning(FakeServer)("app:make", respawn_failed_workers=False)
    assert server.kwargs["respawn_failed_workers"] is False


def test_install_patches_granian_once(monkeypatch):
    import granian.server

    monkeypatch.setattr(granian.server, "Server", granian.server.Server)
    prod_server.install()
    patched = granian.server.Server
    prod_server.install()
    assert granian.server.Server is patched and patched.__name__.startswith("Respawning")
