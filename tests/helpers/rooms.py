"""Room set-up steps shared by the unit and integration tests: a two-player room, waiting or
started the way browsers start it, and a game state written straight into the store."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tests.helpers.people import GUEST, HOST
from tilerooms.rooms.identity import Identity
from tilerooms.rooms.service import RoomService


async def waiting(service: RoomService, host: Identity = HOST, player: Identity = GUEST, *, game: str = "rummikub", **settings: Any) -> str:
    """A waiting room `host` creates (`game` and `settings` as create_room takes them) and `player`
    joins; returns the room id."""
    room_id = await service.create_room(host, game=game, **settings)
    await service.join(room_id, player)
    return room_id


async def started(
    service: RoomService, host: Identity = HOST, player: Identity = GUEST, *, spectators: Iterable[Identity] = (), game: str = "rummikub", **settings: Any
) -> str:
    """A room `host` creates (`game` and `settings` as create_room takes them), `player` joins,
    `spectators` watch, `player` says ready and `host` starts; returns the room id."""
    room_id = await waiting(service, host, player, game=game, **settings)
    for watcher in spectators:
        await service.join(room_id, watcher, spectate=True)
    await service.waiting_room(room_id, player.id, "ready", ready=True)
    await service.waiting_room(room_id, host.id, "start")
    return room_id


async def replace_game(service: RoomService, room_id: str, game_state: dict[str, Any]) -> None:
    """Write `game_state` as the room's game, under the room's lock (a seeded position)."""
    async with service.store.lock(room_id):
        room = await service.store.load(room_id)
        room.game_state = game_state
        await service.store.save(room)
