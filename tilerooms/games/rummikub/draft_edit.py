"""Pure edits of a draft table, as the board's drags, drops and buttons make them (spec §9 조작,
service page 조작 방법). A draft is a `setDraft` payload: `[{"tileIds", "as"?, "pos"?}, ...]`.

- Taking tiles out of a run splits it where they were (1–7 minus 4 → 1·2·3 / 5·6·7); the right
  part keeps its tiles' columns, so nothing on the table jumps.
- Dropped tiles attach to a set only when the result can still be a run or a group (2-tile
  intermediate sets included); otherwise they make a new set at the drop spot.
- Every edit returns a new list; the engine checks the result (C1–C3) and nudges overlaps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tilerooms.games.rummikub.board import spot_after
from tilerooms.games.rummikub.rack_order import could_be_run, could_be_set
from tilerooms.games.rummikub.rules import normalize_set
from tilerooms.games.rummikub.tiles import COLOURS, TILES

Draft = list[dict[str, Any]]


def by_number(tile_id: str) -> tuple[int, int, str]:
    """Sort key: number, then colour (검정·빨강·파랑·주황), jokers last (spec §9 "숫자별")."""
    tile = TILES[tile_id]
    if tile.n is None:
        return (99, 9, tile_id)
    return (tile.n, COLOURS.index(tile.colour), tile_id)


def _ordered(tile_ids: list[str]) -> list[str]:
    """Normalised order when the tiles form a set, else number-then-colour (readable while building)."""
    norm = normalize_set(tile_ids)
    return list(norm.tile_ids) if norm is not None else sorted(tile_ids, key=by_number)


def _segments(tile_ids: Sequence[str], removed: set[str]) -> list[tuple[int, list[str]]]:
    """Contiguous runs of kept tiles, each with the index of its first tile in the old set."""
    out: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = 0
    for index, tile_id in enumerate(tile_ids):
        if tile_id in removed:
            if current:
                out.append((start, current))
            current = []
        else:
            if not current:
                start = index
            current.append(tile_id)
    if current:
        out.append((start, current))
    return out


def take_tiles(sets: Sequence[dict[str, Any]], tile_ids: Sequence[str]) -> Draft:
    """Remove `tile_ids` from the draft; a run that loses inner tiles splits at the gap."""
    removed = set(tile_ids)
    out: Draft = []
    for s in sets:
        ids = list(s["tileIds"])
        if not removed & set(ids):
            out.append(dict(s))
            continue
        parts = _segments(ids, removed) if could_be_run(ids) else [(0, [t for t in ids if t not in removed])]
        for offset, part in parts:
            if not part:
                continue
            entry = {k: v for k, v in s.items() if k != "tileIds"}
            entry["tileIds"] = part
            if s.get("pos") and offset:
                entry["pos"] = {"row": s["pos"]["row"], "col": s["pos"]["col"] + offset}
            out.append(entry)
    return out


def drop(sets: Sequence[dict[str, Any]], tile_ids: Sequence[str], target: dict[str, Any]) -> Draft:
    """Drop `tile_ids` (from the rack or the table) on a target:
    `{"kind": "set", "index": i, "cell"?: {row, col}}`, `{"kind": "table", "cell"?: {row, col}}`."""
    moving = list(dict.fromkeys(tile_ids))
    if not moving:
        return [dict(s) for s in sets]
    cell = target.get("cell")
    if target.get("kind") == "set" and isinstance(target.get("index"), int) and 0 <= target["index"] < len(sets):
        aim = sets[target["index"]]
        kept = [t for t in aim["tileIds"] if t not in moving]
        merged = kept + moving
        if kept and could_be_set(merged):
            rest = take_tiles([s for s in sets if s is not aim], moving)
            index = sum(1 for s in sets[: target["index"]] if any(t not in moving for t in s["tileIds"]))
            rest.insert(min(index, len(rest)), {**aim, "tileIds": _ordered(merged)})
            return rest
        if cell is None and aim.get("pos"):
            cell = {"row": aim["pos"]["row"] + 1, "col": aim["pos"]["col"]}  # doesn't fit: just below
    new_set: dict[str, Any] = {"tileIds": _ordered(moving)}
    if isinstance(cell, dict):
        new_set["pos"] = {"row": int(cell["row"]), "col": int(cell["col"])}
    return take_tiles(sets, moving) + [new_set]


def move_tiles(sets: Sequence[dict[str, Any]], tile_ids: Sequence[str], target: int | None) -> Draft:
    """Button form of `drop`: onto set number `target`, or a new set when `target` is None (it goes
    to the first free spot after the last set in reading order: the end of every screen's table)."""
    if target is None:
        moving = list(dict.fromkeys(tile_ids))
        return drop(sets, tile_ids, {"kind": "table", "cell": spot_after(take_tiles(sets, moving), len(moving))})
    return drop(sets, tile_ids, {"kind": "set", "index": target})


def return_to_rack(sets: Sequence[dict[str, Any]], tile_ids: Sequence[str], rack_ids: Sequence[str]) -> Draft:
    """Take the given tiles off the draft, but only those that came from the viewer's rack."""
    return take_tiles(sets, [t for t in tile_ids if t in set(rack_ids)])


def draft_payload(view_sets: Sequence[dict[str, Any]]) -> Draft:
    """The viewer's draft (as `view` shows it) in `setDraft` form, positions kept."""
    out = []
    for s in view_sets:
        entry: dict[str, Any] = {"tileIds": list(s["tile_ids"])}
        if s.get("as"):
            entry["as"] = s["as"]
        if s.get("pos"):
            entry["pos"] = dict(s["pos"])
        out.append(entry)
    return out
