"""The state dict (spec §8.1 in snake_case): building, copying and checking it.

The state is plain JSON data. Table sets are `{"id", "tile_ids", "kind", "joker_as", "pos"}` with
`joker_as` as `{joker_id: [colour | null, n]}`; draft sets are `{"tile_ids", "as", "pos"}`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, cast

from tilerooms.core import SeededRng
from tilerooms.games.rummikub.board import place_sets
from tilerooms.games.rummikub.options import resolve_options
from tilerooms.games.rummikub.rules import NormalizedSet, normalize_set
from tilerooms.games.rummikub.tiles import ALL_TILE_IDS, TILES

MIN_PLAYERS = 2
MAX_PLAYERS = 4
REQUIRED_KEYS = (
    "options",
    "rng",
    "seats",
    "pool",
    "racks",
    "table",
    "has_melded",
    "current",
    "turn_started_at",
    "turn_no",
    "game_deadline",
    "draft",
    "draft_changes",
    "consecutive_passes_with_empty_pool",
    "phase",
    "end_reason",
    "winner_ids",
    "game_scores",
    "match",
    "left",
    "timeouts_in_a_row",
    "next_set_no",
    "seq",
)
# what a board names of the last moves (`engine._moved`), kept across the games of a match; a
# state stored before they existed reads them as absent
LAST_MOVE_FIELDS: dict[str, Any] = {"last_move": None, "placed_by": None}


def table_set(set_id: str, norm: NormalizedSet, pos: dict[str, int]) -> dict[str, Any]:
    """A committed table set in its JSON form."""
    return {
        "id": set_id,
        "tile_ids": list(norm.tile_ids),
        "kind": norm.kind,
        "joker_as": {j: [c, n] for j, (c, n) in norm.joker_as.items()},
        "pos": dict(pos),
    }


def table_as_draft(table: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The start-of-turn table as draft sets (kind kept as the `as` hint, so [R5 JK JK] stays put)."""
    return [{"tile_ids": list(s["tile_ids"]), "as": s["kind"], "pos": dict(s["pos"])} for s in table]


def participants(state: dict[str, Any]) -> list[str]:
    """Seated players who have not left, in seat order."""
    return [p for p in state["seats"] if p not in state["left"]]


def draft_sets(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The current player's draft sets (the start-of-turn table when there is no draft)."""
    draft = state["draft"]
    return draft["sets"] if draft else table_as_draft(state["table"])


def new_game_fields(
    players: Sequence[str],
    first: str,
    racks: dict[str, list[str]],
    pool: list[str],
    options: dict[str, Any],
    started_at: float,
) -> dict[str, Any]:
    """The per-game part of a state (everything but options, rng, seats, match, left, seq)."""
    game_seconds = options["gameSeconds"]
    return {
        "pool": list(pool),
        "racks": {p: list(racks.get(p, [])) for p in players},
        "table": [],
        "has_melded": {p: False for p in players},
        "current": first,
        "turn_started_at": started_at,
        "turn_no": 1,
        "game_deadline": started_at + game_seconds * 1000 if game_seconds else None,
        "draft": None,
        "draft_changes": 0,
        "consecutive_passes_with_empty_pool": 0,
        "phase": "playing",
        "end_reason": None,
        "winner_ids": [],
        "game_scores": {},
        "timeouts_in_a_row": {p: 0 for p in players},
        "next_set_no": 1,
        "drawn": {},  # each player's latest draw while they have not acted since (their own view shows it)
    }


def new_match(players: Sequence[str]) -> dict[str, Any]:
    """A fresh match record (spec §8.1 match + finished/winner_ids)."""
    return {
        "game_no": 1,
        "wins": {p: 0 for p in players},
        "totals": {p: 0 for p in players},
        "finished": False,
        "winner_ids": [],
    }


def make_state(
    table: Sequence[Sequence[str] | dict[str, Any]] | None = None,
    racks: dict[str, list[str]] | None = None,
    pool: list[str] | None = None,
    *,
    current: str | None = None,
    has_melded: bool | dict[str, bool] = False,
    options: dict[str, Any] | None = None,
    seed: int | str = 0,
    **overrides: Any,
) -> dict[str, Any]:
    """Build a position directly, for tests and replays (GUIDE §4: the table is readable in the test).

    `table` is a list of tile-id lists (or dicts with "tile_ids", "as", "pos"), `racks` maps each
    player (in seat order) to tile ids, `pool` defaults to every other tile in canonical order.
    `has_melded` is a bool for everyone or a per-player dict. Other state keys go in `overrides`.
    Raises ValueError for an invalid table set or an unknown key.
    """
    racks = {p: list(r) for p, r in (racks or {"A": [], "B": []}).items()}
    players = list(racks)
    opts = resolve_options(options)
    sets: list[dict[str, Any]] = []
    norms: list[NormalizedSet] = []
    for raw in table or []:
        entry: dict[str, Any] = dict(raw) if isinstance(raw, dict) else {"tile_ids": list(raw)}
        norm = normalize_set(entry["tile_ids"], entry.get("as"))
        if norm is None:
            raise ValueError(f"invalid table set {entry['tile_ids']}")
        norms.append(norm)
        sets.append({"tile_ids": norm.tile_ids, "pos": entry.get("pos")})
    positions = place_sets(sets, [])
    used = {t for s in sets for t in s["tile_ids"]} | {t for r in racks.values() for t in r}
    if pool is None:
        pool = [t for t in ALL_TILE_IDS if t not in used]
    state: dict[str, Any] = {
        "options": opts,
        "rng": SeededRng(seed).to_json(),
        "seats": players,
        **new_game_fields(players, current or players[0], racks, pool, opts, opts["startedAt"]),
        "match": new_match(players),
        "left": [],
        **LAST_MOVE_FIELDS,
        "seq": 0,
    }
    state["table"] = [table_set(f"s{i + 1}", n, p) for i, (n, p) in enumerate(zip(norms, positions))]
    state["next_set_no"] = len(norms) + 1
    state["has_melded"] = {p: bool(has_melded.get(p, False)) for p in players} if isinstance(has_melded, dict) else {p: bool(has_melded) for p in players}
    for key, value in overrides.items():
        if key not in state:
            raise ValueError(f"unknown state key {key!r}")
        state[key] = value
    return state


def to_json(state: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of `state` that is safe for json.dumps (server-side only: it holds secrets)."""
    return cast(dict[str, Any], json.loads(json.dumps(state)))


def from_json(data: dict[str, Any]) -> dict[str, Any]:
    """Check a stored state's shape and tiles and return a copy; ValueError when it is broken."""
    if not isinstance(data, dict):
        raise ValueError("state must be a dict")
    missing = [k for k in REQUIRED_KEYS if k not in data]
    if missing:
        raise ValueError(f"state is missing {missing}")
    state = to_json(data)
    seats = state["seats"]
    if not (isinstance(seats, list) and MIN_PLAYERS <= len(seats) <= MAX_PLAYERS):
        raise ValueError("bad seats")
    if set(state["racks"]) != set(seats) or state["phase"] not in ("playing", "finished"):
        raise ValueError("bad racks or phase")
    placed = [t for s in state["table"] for t in s["tile_ids"]]
    every = placed + state["pool"] + [t for r in state["racks"].values() for t in r]
    if any(t not in TILES for t in every) or len(set(every)) != len(every):
        raise ValueError("unknown or repeated tile ids")
    SeededRng.from_json(state["rng"])
    resolve_options({k: v for k, v in state["options"].items()})
    return state
