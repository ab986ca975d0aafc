"""Seeding a written position into a running room (tests write real tables, GUIDE §4)."""

from __future__ import annotations

from typing import Any


async def seat_game_state(service: Any, room_id: str, state: dict[str, Any]) -> None:
    """Replace the running number-tile game of `room_id` by `state`, keeping the game's clocks:
    a position built at epoch 0 would be long past its deadline (issue 17: late moves are refused)."""
    async with service.store.lock(room_id):
        room = await service.store.load(room_id)
        for clock_field in ("turn_started_at", "game_deadline"):
            state[clock_field] = room.game_state[clock_field]
        room.game_state = state
        await service.store.save(room)
