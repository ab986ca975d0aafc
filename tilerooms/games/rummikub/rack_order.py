"""The rack's own order (client-local, service page): 789 / 777 sorting and the long-press chain.

- 789: same-colour runs (3+ consecutive numbers) to the front, the rest behind them.
- 777: same-number groups (3+ distinct colours) to the front, the rest behind them.
- The chain: from the pressed tile to the right, while the tiles still continue a same-colour run
  or a same-number distinct-colour group, jokers counted by the rules (7·8·10 → 7·8).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from tilerooms.games.rummikub.tiles import COLOURS, TILES

_COLOUR_RANK: dict[str | None, int] = {c: i for i, c in enumerate(COLOURS)}  # keyed like Tile.colour


def _by_colour(tile_id: str) -> tuple[int, int, str]:
    t = TILES[tile_id]
    return (9, 99, tile_id) if t.n is None else (_COLOUR_RANK[t.colour], t.n, tile_id)


def _by_number(tile_id: str) -> tuple[int, int, str]:
    t = TILES[tile_id]
    return (99, 9, tile_id) if t.n is None else (t.n, _COLOUR_RANK[t.colour], tile_id)


def sort_runs_first(rack: Sequence[str]) -> list[str]:
    """789: each colour's runs of 3+ consecutive numbers first, then the rest by colour and number."""
    front: list[str] = []
    rest: list[str] = []
    for colour in COLOURS:
        by_number: dict[int | None, str] = {}  # keyed like Tile.n (tiles of a colour: never None)
        for tile_id in sorted((t for t in rack if TILES[t].colour == colour), key=_by_colour):
            if TILES[tile_id].n in by_number:
                rest.append(tile_id)  # the second copy cannot join the same run
            else:
                by_number[TILES[tile_id].n] = tile_id
        streak: list[str] = []
        for n in range(1, 15):
            if n in by_number:
                streak.append(by_number[n])
                continue
            (front if len(streak) >= 3 else rest).extend(streak)
            streak = []
    jokers = [t for t in rack if TILES[t].n is None]
    return front + sorted(rest, key=_by_colour) + sorted(jokers)


def sort_groups_first(rack: Sequence[str]) -> list[str]:
    """777: each number's groups of 3+ distinct colours first, then the rest by number and colour."""
    front: list[str] = []
    rest: list[str] = []
    for n in range(1, 14):
        first_copies: dict[str | None, str] = {}  # keyed like Tile.colour (number tiles: never None)
        for tile_id in sorted((t for t in rack if TILES[t].n == n), key=_by_number):
            if TILES[tile_id].colour in first_copies:
                rest.append(tile_id)
            else:
                first_copies[TILES[tile_id].colour] = tile_id
        (front if len(first_copies) >= 3 else rest).extend(first_copies.values())
    jokers = [t for t in rack if TILES[t].n is None]
    return front + sorted(rest, key=_by_number) + sorted(jokers)


def could_be_run(tiles: Sequence[str]) -> bool:
    """True when the tiles, in this order, can be consecutive numbers of one colour (jokers fill)."""
    real = [(k, TILES[t]) for k, t in enumerate(tiles) if TILES[t].n is not None]
    if len(tiles) > 13 or len({t.colour for _, t in real}) > 1:
        return False
    if not real:
        return True
    start = cast(int, real[0][1].n) - real[0][0]  # real holds number tiles only
    return start >= 1 and start + len(tiles) - 1 <= 13 and all(t.n == start + k for k, t in real)


def could_be_group(tiles: Sequence[str]) -> bool:
    """True when the tiles can be one number in distinct colours (jokers stand for any colour)."""
    real = [TILES[t] for t in tiles if TILES[t].n is not None]
    return len(tiles) <= 4 and len({t.n for t in real}) <= 1 and len({t.colour for t in real}) == len(real)


def chain(ordered: Sequence[str], start: str, steps: int) -> list[str]:
    """The long-press selection after `steps` ticks: from `start` rightwards along `ordered`
    (the rack as laid out, empty cells skipped), stopping at the first tile that breaks it."""
    if start not in ordered or steps < 1:
        return []
    tail = list(ordered[list(ordered).index(start) :])
    picked = [tail[0]]
    for tile_id in tail[1:steps]:
        candidate = picked + [tile_id]
        if not (could_be_run(candidate) or could_be_group(candidate)):
            break
        picked = candidate
    return picked


def could_be_set(tiles: Sequence[str]) -> bool:
    """True when the tiles (in any order) can still grow into a run or a group: the rule for
    attaching dropped tiles to a set, 2-tile intermediate sets included (service page)."""
    if could_be_group(tiles):
        return True
    # number tiles only: n is never None here
    real = sorted((TILES[t] for t in tiles if TILES[t].n is not None), key=lambda t: cast(int, t.n))
    if len({t.colour for t in real}) > 1 or len({t.n for t in real}) != len(real) or len(tiles) > 13:
        return False
    if not real:
        return True
    gaps = cast(int, real[-1].n) - cast(int, real[0].n) + 1 - len(real)
    return gaps <= len(tiles) - len(real)
