"""The room service and live viewers are built from the settings, in one place (tilerooms/wiring.py)."""

from __future__ import annotations

from tilerooms import wiring
from tilerooms.rooms.bus import MemoryBus, RedisBus
from tilerooms.rooms.presence import LocalWorkers
from tilerooms.rooms.presence_redis import RedisWorkers
from tilerooms.rooms.service import RoomService
from tilerooms.rooms.store import MemoryRoomStore
from tilerooms.rooms.store_redis import RedisRoomStore
from tilerooms.settings import load


def test_the_embedded_default_keeps_the_rooms_in_process():
    built = wiring.build(load({}))
    assert isinstance(built.service.store, MemoryRoomStore) and isinstance(built.service.bus, MemoryBus)
    assert isinstance(built.live.workers, LocalWorkers) and built.live.service is built.service
    assert built.service.ai_delay_ms == (1000, 3000) and built.loop is None


def test_a_redis_url_puts_rooms_bus_and_workers_in_redis():
    built = wiring.build(load({"REFLEX_REDIS_URL": "redis://127.0.0.1:6379/15", "TILEROOMS_AI_DELAY_MS": "5"}))  # never contacted
    assert isinstance(built.service.store, RedisRoomStore) and isinstance(built.service.bus, RedisBus)
    assert isinstance(built.live.workers, RedisWorkers)
    assert built.service.ai_delay_ms == (5, 5)


def test_rooms_are_built_once_and_a_test_installs_its_own(monkeypatch):
    monkeypatch.setattr(wiring, "_rooms", None)
    first = wiring.rooms()
    assert wiring.rooms() is first
    mine = wiring.on(RoomService())
    assert wiring.use(mine) is first and wiring.rooms() is mine
    assert wiring.use(None) is mine and wiring.rooms() is not mine  # built afresh
