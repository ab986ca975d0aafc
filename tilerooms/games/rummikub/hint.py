"""The "도와줘" hint (spec §9): one new set the rack can play by itself. No table search."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tilerooms.games.rummikub.rules import normalize_set
from tilerooms.games.rummikub.tiles import COLOURS, TILES


def _candidates(rack: Sequence[str]) -> Iterator[list[str]]:
    by_face: dict[tuple[str | None, int], str] = {}  # (Tile.colour, Tile.n) of number tiles
    for tid in sorted(rack):
        t = TILES[tid]
        if t.n is not None:
            by_face.setdefault((t.colour, t.n), tid)
    jokers = sorted(tid for tid in rack if TILES[tid].n is None)
    # groups: the distinct colours of one number, topped up with jokers to 3 or 4
    for n in range(1, 14):
        real = [by_face[(c, n)] for c in COLOURS if (c, n) in by_face]
        if not real:
            continue
        for size in (3, 4):
            if len(real) >= size:
                yield real[:size]
            elif len(real) + len(jokers) >= size:
                yield real + jokers[: size - len(real)]
    # runs: every window of every colour, gaps filled by jokers
    for c in COLOURS:
        for start in range(1, 12):
            for end in range(start + 2, 14):
                ids: list[str] = []
                spare = iter(jokers)
                ok = True
                for v in range(start, end + 1):
                    pick = by_face.get((c, v)) or next(spare, None)
                    if pick is None:
                        ok = False
                        break
                    ids.append(pick)
                if ok and any(TILES[i].n is not None for i in ids):
                    yield ids


def find_new_set(rack_tile_ids: list[str]) -> list[str] | None:
    """One valid new set made only of `rack_tile_ids`, the one worth the most points, or None.

    Ties prefer fewer jokers, then more tiles. The ids come in an order that `normalize_set`
    reads the way the points were counted. Pure: it sees only the caller's own rack.
    """
    best: tuple[tuple[int, int, int], list[str]] | None = None
    for ids in _candidates([t for t in rack_tile_ids if t in TILES]):
        norm = normalize_set(ids)
        if norm is None:
            continue
        jokers = sum(1 for i in ids if TILES[i].n is None)
        key = (norm.points, -jokers, len(ids))
        if best is None or key > best[0]:
            best = (key, norm.tile_ids)
    return None if best is None else list(best[1])
