"""Table layout (service page): sets sit on a grid, keep their place, and only a moved set is nudged.

The board is `BOARD_COLS` cells wide. A set of k tiles at `{"row": r, "col": c}` covers cells
(r, c) .. (r, c+k-1) and needs one free cell between it and a neighbour on the same row. Screens
flow the sets in this reading order (row, then column) into as many columns as they hold
(issue 18), so a position is a slot in that order: a set without one gets a row of its own after
the last (room after every set for one dropped next to it); a requested spot that is taken is
nudged to the nearest free one. Rows are not limited (`BOARD_ROWS` is the search's minimum).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

BOARD_COLS = 28
BOARD_ROWS = 12

Pos = dict[str, int]


def _width(length: int) -> int:
    # a (necessarily invalid) draft set longer than a row is laid out as one full row
    return max(1, min(length, BOARD_COLS))


class Layout:
    """The cells already taken on the board, by row, as (first col, width) spans."""

    def __init__(self) -> None:
        self.rows: dict[int, list[tuple[int, int]]] = {}

    def fits(self, row: int, col: int, length: int) -> bool:
        """True when a set of `length` tiles fits at (row, col) with a free cell to each neighbour."""
        w = _width(length)
        if row < 0 or col < 0 or col + w > BOARD_COLS:
            return False
        for c0, w0 in self.rows.get(row, ()):
            # service page: one free cell between neighbours on the same row
            if col <= c0 + w0 and c0 <= col + w:
                return False
        return True

    def take(self, row: int, col: int, length: int) -> Pos:
        """Mark the cells of a set as taken and return its position."""
        self.rows.setdefault(row, []).append((col, _width(length)))
        return {"row": row, "col": col}

    def first_free(self, length: int) -> tuple[int, int]:
        """The first free spot in reading order (rows top to bottom, columns left to right)."""
        row = 0
        while True:
            for col in range(BOARD_COLS - _width(length) + 1):
                if self.fits(row, col, length):
                    return row, col
            row += 1

    def next_row(self) -> int:
        """The row after the last one holding a set (0 on an empty board)."""
        return max((r + 1 for r, spans in self.rows.items() if spans), default=0)

    def nearest_free(self, row: int, col: int, length: int) -> tuple[int, int]:
        """The free spot closest (Euclidean, then top-left first) to the requested (row, col)."""
        best: tuple[int, int, int] | None = None
        for r in range(max(BOARD_ROWS, self.next_row() + 1, row + 2)):
            for c in range(BOARD_COLS - _width(length) + 1):
                d = (r - row) ** 2 + (c - col) ** 2
                if (best is None or d < best[0]) and self.fits(r, c, length):
                    best = (d, r, c)
        if best is None:
            return self.first_free(length)  # board full: below it
        return best[1], best[2]


def spot_after(sets: Sequence[dict[str, Any]], length: int, start: tuple[int, int] | None = None) -> Pos:
    """The first free spot for a set of `length` tiles at or after `start` in reading order
    (default: just after the last set), so that a screen flowing the sets in reading order shows
    it there. `sets` carry "tile_ids" or "tileIds" and a "pos" each (sets without one are skipped)."""
    layout = Layout()
    placed = [(s["pos"]["row"], s["pos"]["col"], len(s.get("tile_ids") or s.get("tileIds") or ())) for s in sets if _valid_pos(s.get("pos"))]
    for r, c, k in placed:
        layout.take(r, c, k)
    if start is None:
        start = (0, 0)
        if placed:
            r, c, k = max(placed)
            start = (r, c + _width(k) + 1)
    row, col = start
    for r in range(max(0, row), max(0, row) + BOARD_ROWS + 1):
        for c in range(col if r == row else 0, BOARD_COLS - _width(length) + 1):
            if layout.fits(r, c, length):
                return {"row": r, "col": c}
    r, c = layout.first_free(length)
    return {"row": r, "col": c}


def _valid_pos(pos: object) -> bool:
    return isinstance(pos, dict) and type(pos.get("row")) is int and type(pos.get("col")) is int


def place_sets(sets: Sequence[dict[str, Any]], previous: Sequence[dict[str, Any]]) -> list[Pos]:
    """Positions for `sets` (each with "tile_ids" and maybe "pos"), given the `previous` layout.

    A set with the same tiles as a previous set and no new position keeps its place; a moved or
    new set keeps the requested spot when it is free, else is nudged to the nearest free spot;
    sets without a position take the first free spot. Sets that did not move never move.
    """
    layout = Layout()
    result: list[Pos | None] = [None] * len(sets)
    prev_by_tiles: dict[frozenset[str], list[dict[str, Any]]] = {}
    for p in previous:
        if _valid_pos(p.get("pos")):
            prev_by_tiles.setdefault(frozenset(p["tile_ids"]), []).append(p)
    # 1) unchanged sets keep their place
    for i, s in enumerate(sets):
        candidates = prev_by_tiles.get(frozenset(s["tile_ids"]))
        if not candidates:
            continue
        want = s.get("pos")
        for p in candidates:
            if want is None or want == p["pos"]:
                r, c = p["pos"]["row"], p["pos"]["col"]
                if layout.fits(r, c, len(s["tile_ids"])):
                    result[i] = layout.take(r, c, len(s["tile_ids"]))
                    candidates.remove(p)
                break
    # 2) moved or new sets with a requested spot: keep it if free, else nudge (only this set moves)
    for i, s in enumerate(sets):
        if result[i] is None and _valid_pos(s.get("pos")):
            r, c, k = s["pos"]["row"], s["pos"]["col"], len(s["tile_ids"])
            if not layout.fits(r, c, k):
                r, c = layout.nearest_free(r, c, k)
            result[i] = layout.take(r, c, k)
    # 3) sets without a spot: each on a row of its own after the last one, so a screen flowing the
    #    sets in reading order finds room right after any of them for a set dropped next to it
    for i, s in enumerate(sets):
        if result[i] is None:
            result[i] = layout.take(layout.next_row(), 0, len(s["tile_ids"]))
    return [p for p in result if p is not None]


def inherit_set_ids(new_sets: Sequence[Sequence[str]], old_sets: Sequence[dict[str, Any]], next_set_no: int) -> tuple[list[str], int]:
    """Ids for committed sets (spec §8.2): each takes the id of the start-of-turn set it overlaps
    most (greedy by overlap, each old id used once); the rest get fresh ids "s<n>".

    Returns the ids and the next free set number.
    """
    owner = {tid: k for k, old in enumerate(old_sets) for tid in old["tile_ids"]}
    pairs: list[tuple[int, int, int]] = []
    for i, ids in enumerate(new_sets):
        counts: dict[int, int] = {}
        for tid in ids:
            k = owner.get(tid)
            if k is not None:
                counts[k] = counts.get(k, 0) + 1
        pairs.extend((-n, i, k) for k, n in counts.items())
    pairs.sort()
    ids_out: list[str | None] = [None] * len(new_sets)
    used: set[int] = set()
    for _, i, k in pairs:
        if ids_out[i] is None and k not in used:
            ids_out[i] = old_sets[k]["id"]
            used.add(k)
    for i in range(len(ids_out)):
        if ids_out[i] is None:
            ids_out[i] = f"s{next_set_no}"
            next_set_no += 1
    return [i for i in ids_out if i is not None], next_set_no
