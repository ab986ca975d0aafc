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


# AI hands without pairs or near neighbours: they never call or win
JUNK_HANDS = ["1m4m7m1p4p7p1s4s7s2z3z6z7z", "2m5m8m2p5p8p2s5s8s2z3z6z7z", "3m6m9m3p6p9p3s6s9s2z3z6z7z"]


async def seat_mahjong_hand(service: Any, room_id: str, hands: list[str], clock: Any, **position: Any) -> dict[str, Any]:
    """Replace the running mahjong hand of `room_id` by `hands` (the person's seat first, then the
    AIs') and `position` (e.g. ``live="5z5z5z", live_count=3``), started now; returns the state."""
    from tilerooms.games.mahjong import engine as mj

    async with service.store.lock(room_id):
        room = await service.store.load(room_id)
        players = sorted(room.game_players, key=lambda p: p.startswith("ai-"))
        options = {**{k: v for k, v in room.game_state["options"].items() if k != "startedAt"}, "startedAt": clock()}
        state = mj.make_state(hands, players=players, options=options, **position)
        state["seq"] = room.game_state["seq"] + 1
        room.game_state, room.ai_due = state, {}
        await service.store.save(room)
    return state
