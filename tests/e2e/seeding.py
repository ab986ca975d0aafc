"""Seed a running room with a readable position (tests only; needs the in-process app).

The harness runs the backend in this process, so a test can write a table and racks into the
room's stored state the way the unit tests do, then reload the browser to see it.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterator

import pytest

from tilerooms import wiring
from tilerooms.games.rummikub.engine import make_state
from tilerooms.rooms.models import Room


def stored_room(room_id: str) -> Room:
    """The room as the in-process server stores it now, hidden tiles included (skips under --base-url)."""
    peek = getattr(wiring.rooms().service.store, "peek", None)
    room = peek(room_id) if peek is not None else None
    if room is None:
        pytest.skip("seeding needs the in-process app (not --base-url)")
    return room


def _replace_game(room_id: str, change: Callable[[Room], None]) -> Room:
    """Let `change` rewrite the room as a room change in the server's event loop (under the room's
    own lock: an AI move being applied meanwhile would otherwise save the replaced game over the
    seed). The server clock then looks at the room on its next tick."""
    store = wiring.rooms().service.store
    stored_room(room_id)  # skips under --base-url

    def write() -> Room:
        room = store.peek(room_id)
        change(room)
        store.put(room)
        store._wake[room_id] = int(time.time() * 1000)
        return room

    loop = wiring.rooms().loop
    if loop is None or not loop.is_running():
        return write()  # the rooms' clock has not started: nothing runs to race with

    async def changed() -> Room:
        seeded: list[Room] = []

        def apply(room: Room, now: int) -> None:
            change(room)
            seeded.append(room.model_copy(deep=True))

        # a change like any other: a new version, pushed to every browser showing the room
        await wiring.rooms().service._change(room_id, apply)
        store._wake[room_id] = int(time.time() * 1000)
        return seeded[0]

    return asyncio.run_coroutine_threadsafe(changed(), loop).result(timeout=15)


def seed_rummikub(
    room_id: str, table: list, racks_by_seat: list[list[str]], *, melded: bool | list[bool] = True, current_seat: int = 0, turn_started_at: int | None = None
) -> Room:
    """Replace the room's game with `table` and the racks of its players in seat order; the turn
    keeps its start unless `turn_started_at` (server epoch ms) is given.

    The seeded state's `seq` is past the old one, so an AI plan made for the old position is
    dropped as stale; AI timers restart and the server looks at the room on its next tick (an AI
    to move plays, and every open browser hears the change).
    """

    def change(room: Room) -> None:
        players = room.game_players
        racks = dict(zip(players, racks_by_seat))
        has_melded = dict(zip(players, melded)) if isinstance(melded, list) else melded
        state = make_state(table=table, racks=racks, has_melded=has_melded, current=players[current_seat], options=room.game_state["options"])
        state["turn_started_at"] = room.game_state["turn_started_at"] if turn_started_at is None else turn_started_at
        state["game_deadline"] = room.game_state["game_deadline"]
        state["seq"] = int(room.game_state.get("seq") or 0) + 1
        room.game_state = state
        room.ai_due = {}
        room.version += 1

    return _replace_game(room_id, change)


def seed_mahjong(
    room_id: str,
    hands_by_seat: list[str],
    *,
    order: list[str] | None = None,
    script: list[tuple[int, dict]] | None = None,
    **position,
) -> dict:
    """Replace the room's mahjong game with a position written as real hands (engine `make_state`).

    `order` lists the room's players in seat order (default: humans first, then AIs; seat 0 is the
    first dealer). Pair it with `tsumogiri_ais()` so AI seats play a scripted hand the same way
    whatever the real AI would do. `script` is [(seat, action)] applied through the engine after
    seeding (e.g. an AI's discard that opens a claim window; ``"tile": "drawn"`` means the seat's
    drawn tile). Clocks start now; `position` goes to `make_state`. The seeded `phase_seq` is past
    the old one, so an AI answer made for the old position is stale.
    """
    from tilerooms.games.mahjong import engine as mj

    extra_options = position.pop("options", {})
    seeded: dict = {}

    def change(room: Room) -> None:
        players = order or sorted(room.game_players, key=lambda p: p.startswith("ai-"))
        now = int(time.time() * 1000)
        options = {**{k: v for k, v in room.game_state["options"].items() if k != "startedAt"}, "startedAt": now, **extra_options}
        state = mj.make_state(hands_by_seat, players=players, options=options, **position)
        state["phase_seq"] = int(room.game_state.get("phase_seq") or 0) + 1
        for seat, action in script or []:
            if action.get("tile") == "drawn":  # the seat's drawn tile, whatever id make_state gave it
                action = {**action, "tile": state["hand"]["drawn"][seat]}
            mj.apply(state, players[seat], {**action, "at": now})
        room.game_state = state
        room.status = "playing"
        room.result = None
        room.ai_due = {}
        room.version += 1
        seeded["state"] = state

    _replace_game(room_id, change)
    return seeded["state"]


@contextlib.contextmanager
def tsumogiri_ais() -> Iterator[None]:
    """Mahjong AI seats that discard what they draw, pass every claim and confirm results — through
    the room's normal AI path (`bots.decide`), so seeded hands play the same whatever the real AI
    (`tilerooms.games.mahjong.ai`) would choose. Other games keep their AI."""
    from tilerooms.rooms import bots

    original = bots.decide

    def decide(game: str, level: str, view: dict, seed: int) -> list[dict]:
        if game != "mahjong":
            return original(game, level, view, seed)
        me = view.get("me") or {}
        if view.get("phase") == "handResult":
            return [{"type": "ready"}] if view.get("viewer") not in (view.get("ready") or []) else []
        if view.get("stage") == "claim":
            return [{"type": "pass"}] if (view.get("claim") or {}).get("from") != view.get("viewer") else []
        legal = me.get("legal")
        if legal:
            return [{"type": "discard", "tile": me.get("drawn") or legal["discard"][-1]}]
        return []

    bots.decide = decide
    try:
        yield
    finally:
        bots.decide = original
