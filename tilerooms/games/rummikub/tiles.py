"""The 106 tiles (spec §3): ids, colours, numbers and their rack values.

Ids are readable strings: colour letter + number + copy letter ("R7a", "K13b") and "JK1"/"JK2".
"""

from __future__ import annotations

from typing import NamedTuple

COLOURS: tuple[str, ...] = ("K", "R", "B", "O")  # black, red, blue, orange (spec §3)
NUMBERS: range = range(1, 14)
COPIES: tuple[str, ...] = ("a", "b")
JOKERS: tuple[str, ...] = ("JK1", "JK2")


class Tile(NamedTuple):
    """One tile's face: `colour`/`n` are None for a joker."""

    id: str
    colour: str | None
    n: int | None

    @property
    def is_joker(self) -> bool:
        """True for JK1/JK2."""
        return self.n is None


def _build() -> dict[str, Tile]:
    tiles: dict[str, Tile] = {}
    for colour in COLOURS:
        for n in NUMBERS:
            for copy in COPIES:
                tid = f"{colour}{n}{copy}"
                tiles[tid] = Tile(tid, colour, n)
    for jid in JOKERS:
        tiles[jid] = Tile(jid, None, None)
    return tiles


TILES: dict[str, Tile] = _build()
ALL_TILE_IDS: tuple[str, ...] = tuple(TILES)  # canonical order: K1a K1b K2a ... O13b JK1 JK2
assert len(ALL_TILE_IDS) == 106


def is_tile_id(tile_id: object) -> bool:
    """True when `tile_id` names one of the 106 tiles."""
    return isinstance(tile_id, str) and tile_id in TILES


def tile(tile_id: str) -> Tile:
    """The face of `tile_id` (KeyError for an unknown id)."""
    return TILES[tile_id]


def is_joker(tile_id: str) -> bool:
    """True for a joker id."""
    return TILES[tile_id].n is None


def rack_value(tile_ids: list[str], joker_penalty: int) -> int:
    """Sum of a rack at game end: numbers at face value, each joker `joker_penalty` (spec §6)."""
    total = 0
    for tid in tile_ids:
        n = TILES[tid].n
        total += joker_penalty if n is None else n
    return total


def sort_key(tile_id: str) -> tuple[int, int, str]:
    """Colour-then-number order (the UI's "색별" sort); jokers last."""
    t = TILES[tile_id]
    if t.n is None:
        return (len(COLOURS), 0, tile_id)
    return (COLOURS.index(t.colour), t.n, tile_id)
