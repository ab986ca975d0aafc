"""What each viewer may see (spec §8.3) and per-viewer event filtering.

Public: the committed table, rack counts, meld flags, pool count, turn, deadline, scores, the last
move (who, what, how many tiles) and who changed the table last.
Own: the viewer's rack and the tiles of their latest draw until they act; the current player's
draft with per-set validity and reasons.
Others: the draft only with `showDraftToOthers` (else "thinking" and a change counter).
Never: the pool's contents or order, another player's rack, the RNG, the draft history.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tilerooms.core.json_copy import json_copy
from tilerooms.games.rummikub.clock import deadline
from tilerooms.games.rummikub.rules import normalize_set, set_problem, set_problem_id
from tilerooms.games.rummikub.scoring import game_result
from tilerooms.games.rummikub.state import draft_sets
from tilerooms.games.rummikub.turn import validate_turn


def _checked_sets(sets: Sequence[dict[str, Any]], table_ids: set[str]) -> list[dict[str, Any]]:
    out = []
    for s in sets:
        norm = normalize_set(s["tile_ids"], s.get("as"))
        out.append(
            {
                "tile_ids": list(s["tile_ids"]),
                "as": s.get("as"),
                "pos": dict(s["pos"]) if s.get("pos") else None,
                "valid": norm is not None,
                "kind": norm.kind if norm else None,
                "points": norm.points if norm else 0,
                "reason": None if norm else set_problem(s["tile_ids"], s.get("as")),
                "reason_id": None if norm else set_problem_id(s["tile_ids"], s.get("as")),
                "from_table": any(t in table_ids for t in s["tile_ids"]),
            }
        )
    return out


def _own_draft(state: dict[str, Any], player: str) -> dict[str, Any]:
    sets = draft_sets(state)
    table_ids = {t for s in state["table"] for t in s["tile_ids"]}
    melded = state["has_melded"][player]
    check = validate_turn(state["table"], state["racks"][player], sets, melded, state["options"])
    refusal = None if check.ok else check.error()  # what a commit now would be refused with: its message id and parameters too
    checked = _checked_sets(sets, table_ids)
    progress = None
    if not melded:  # spec 9: "첫 등록: 21 / 30점"
        points = sum(c["points"] for c in checked if c["valid"] and not c["from_table"])
        progress = {"points": points, "required": state["options"]["initialMeldPoints"]}
    return {
        "sets": checked,
        "changes": state["draft_changes"],
        "can_undo": bool(state["draft"] and state["draft"]["history"]),
        "changed": state["draft"] is not None,
        "initial_meld": progress,
        "commit_ok": check.ok,
        "commit_problem": None if refusal is None else {**refusal.to_dict(), "id": refusal.id, "invalidSets": check.invalid_sets},
    }


def _own_drawn(state: dict[str, Any], viewer: str | None) -> list[str]:
    """The viewer's tiles from their latest draw, while they have not acted since and still hold them."""
    if viewer is None or viewer not in state["racks"]:
        return []
    rack = set(state["racks"][viewer])
    return [t for t in (state.get("drawn") or {}).get(viewer, []) if t in rack]


def view(state: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    """The part of `state` that `viewer` may see (a seated player id, or None for a spectator)."""
    playing = state["phase"] == "playing"
    current = state["current"] if playing else None
    players = [
        {
            "id": p,
            "tiles": len(state["racks"][p]),
            "has_melded": state["has_melded"][p],
            "left": p in state["left"],
            "current": p == current,
            "wins": state["match"]["wins"].get(p, 0),
            "total": state["match"]["totals"].get(p, 0),
        }
        for p in state["seats"]
    ]
    out: dict[str, Any] = {
        "game": "rummikub",
        "viewer": viewer,
        "options": json_copy(state["options"]),
        "players": players,
        "table": json_copy(state["table"]),
        "pool_count": len(state["pool"]),
        "current": current,
        "turn_no": state["turn_no"],
        "turn_started_at": state["turn_started_at"],
        "deadline": deadline(state),
        "game_deadline": state["game_deadline"],
        "seq": state["seq"],
        "phase": state["phase"],
        "end_reason": state["end_reason"],
        "winner_ids": list(state["winner_ids"]),
        "game_scores": dict(state["game_scores"]),
        "match": json_copy(state["match"]),
        "result": game_result(state),
        "rack": list(state["racks"][viewer]) if viewer in state["racks"] else None,
        "draft": None,
        # what the board names and marks (issue 18: 3), so no screen reads it back from events
        "last_move": dict(state["last_move"]) if state.get("last_move") else None,
        "placed_by": state.get("placed_by"),
        "drawn": _own_drawn(state, viewer),
    }
    if playing:
        if viewer is not None and viewer == current:
            out["draft"] = _own_draft(state, viewer)
        else:
            other: dict[str, Any] = {"thinking": True, "changes": state["draft_changes"]}
            if state["options"]["showDraftToOthers"]:
                table_ids = {t for s in state["table"] for t in s["tile_ids"]}
                other["sets"] = _checked_sets(draft_sets(state), table_ids)
            out["draft"] = other
    return out


def events_for(events: Sequence[dict[str, Any]], viewer: str | None) -> list[dict[str, Any]]:
    """The events `viewer` may receive: public ones (`to` is None) and those addressed to them."""
    return [e for e in events if e.get("to") is None or (viewer is not None and viewer in e["to"])]
