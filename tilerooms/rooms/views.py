"""What one viewer of a room may see. The only way a room reaches a browser (GUIDE §3).

The engine's `view(state, viewer)` strips the hidden tiles; events addressed to other people are
dropped; the password hash, RNG and AI bookkeeping never appear.
"""

from __future__ import annotations

from typing import Any

from tilerooms.rooms.catalog import game_info
from tilerooms.rooms.models import Occupant, Room
from tilerooms.rooms.play import in_game

CHAT_LINES_SHOWN = 50


def _role(room: Room, viewer_id: str | None) -> str:
    if viewer_id is not None and room.seat_of(viewer_id) is not None:
        return "player"
    if viewer_id is not None and viewer_id in room.spectators:
        return "spectator"
    return "outsider"


def occupant_view(occupant: Occupant) -> dict[str, Any]:
    """Who sits in a seat, as every viewer sees them (an AI's `number` and `level` only for AIs)."""
    shown: dict[str, Any] = {"id": occupant.id, "name": occupant.name, "kind": occupant.kind, "level": occupant.level}
    if occupant.kind == "ai":
        shown["number"] = occupant.number
    return shown


def seated_count(room: Room) -> int:
    """How many seats are taken (people and AIs): the players of the room's game."""
    return sum(1 for s in room.seats if s.occupant is not None)


def room_view(room: Room, viewer_id: str | None) -> dict[str, Any]:
    """The room as `viewer_id` may see it (None: an outsider, e.g. the lobby)."""
    role = _role(room, viewer_id)
    info = game_info(room.game)
    if role == "outsider" and room.password_hash is not None:
        return _locked_view(room, viewer_id)
    seats = [
        {
            "index": i,
            "occupant": None if s.occupant is None else occupant_view(s.occupant),
            "ready": s.ready,
            "connected": s.connected,
        }
        for i, s in enumerate(room.seats)
    ]
    game_name, game_name_en = info.display_names(seated_count(room))
    view: dict[str, Any] = {
        "id": room.id,
        "name": room.name,
        "game": room.game,
        "game_name": game_name,
        "game_name_en": game_name_en,
        "status": room.status,
        "solo": room.solo,
        "host_id": room.host_id,
        "has_password": room.password_hash is not None,
        "allow_spectators": room.allow_spectators,
        "options": {k: v for k, v in room.options.items() if k != "startedAt"},
        "seats": seats,
        "spectators": [{"id": k, "name": v} for k, v in room.spectators.items()],
        "version": room.version,
        "you": {"id": viewer_id, "role": role, "seat": room.seat_of(viewer_id) if viewer_id else None, "is_host": viewer_id == room.host_id},
        "result": room.result,
        "game_state": None,
        "events": [],
        "chat": [],
    }
    if role == "outsider":
        return view
    view["chat"] = [line.model_dump() for line in room.chat[-CHAT_LINES_SHOWN:]]
    if room.game_state is not None:
        engine = info.engine
        seen_as = viewer_id if viewer_id is not None and in_game(room, viewer_id) else None
        view["game_state"] = engine.view(room.game_state, seen_as)
        # an event without an address is shared, not copied: nothing changes an event once
        # recorded (`play._record`), and every viewer's view held 30 copies (issue 20: 4)
        view["events"] = [
            e if "to" not in e else {k: v for k, v in e.items() if k != "to"}
            for e in room.recent_events
            if e.get("to") is None or (seen_as is not None and seen_as in e["to"])
        ]
    return view


def room_views(room: Room, viewer_ids: list[str]) -> dict[str, dict[str, Any]]:
    """Several viewers' views of one room, each built once (the push after a change, issue 20: 3):
    a viewer id listed twice (two tabs) gets one view, and every spectator shares the first
    spectator's — they see the same room but for `you` (the nested parts are shared, read-only)."""
    views: dict[str, dict[str, Any]] = {}
    spectators: dict[str, Any] | None = None
    for viewer_id in dict.fromkeys(viewer_ids):
        if _role(room, viewer_id) != "spectator":
            views[viewer_id] = room_view(room, viewer_id)
        elif spectators is None:
            spectators = views[viewer_id] = room_view(room, viewer_id)
        else:
            you = {"id": viewer_id, "role": "spectator", "seat": None, "is_host": viewer_id == room.host_id}
            views[viewer_id] = {**spectators, "you": you}
    return views


def _locked_view(room: Room, viewer_id: str | None) -> dict[str, Any]:
    """A password room before its password: what the lobby lists and nothing more (issue 17: no
    seats, ids, names, chat, options or results)."""
    entry = lobby_entry(room)
    return {
        **entry,
        "host_id": "",
        "options": {},
        "seats": [],
        "spectators": [],
        "version": room.version,
        "you": {"id": viewer_id, "role": "outsider", "seat": None, "is_host": False},
        "result": None,
        "game_state": None,
        "events": [],
        "chat": [],
    }


def lobby_entry(room: Room) -> dict[str, Any]:
    """A room as the lobby lists it."""
    taken = seated_count(room)
    game_name, game_name_en = game_info(room.game).display_names(taken)
    return {
        "id": room.id,
        "name": room.name,
        "game": room.game,
        "game_name": game_name,
        "game_name_en": game_name_en,
        "seats_taken": taken,
        "seats_total": len(room.seats),
        "status": room.status,
        "allow_spectators": room.allow_spectators,
        "has_password": room.password_hash is not None,
        "solo": room.solo,
        "turn_seconds": room.options.get("turnSeconds", 60),
    }
