"""Tile notation: parsing and formatting "123m456p789s1234567z", kinds, 136-ids and red fives.

A *kind* is 0..33 (spec 8.1): 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s, 27-30 = 동남서북,
31-33 = 백발중. A *tile id* is 0..135 with ``kind = id >> 2``; the red fives are ids 16 (5m),
52 (5p) and 88 (5s), the same ids the `mahjong` package uses. In strings a red five is written
``0m`` / ``0p`` / ``0s``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

SUITS = "mpsz"
RED_FIVE_IDS = frozenset({16, 52, 88})
RED_FIVE_KINDS = frozenset({4, 13, 22})
WIND_KINDS = (27, 28, 29, 30)
DRAGON_KINDS = (31, 32, 33)
NORTH = 30
TERMINAL_HONOR_KINDS = frozenset({0, 8, 9, 17, 18, 26, *range(27, 34)})
SANMA_MISSING_KINDS = frozenset(range(1, 8))  # spec 3: sanma drops 2m-8m


@dataclass(frozen=True, slots=True)
class Tile:
    """One physical tile as written in notation: its kind and whether it is a red five."""

    kind: int
    red: bool = False

    def __str__(self) -> str:
        return format_tiles([self])


def parse_tiles(text: str) -> list[Tile]:
    """Parse notation like ``"123m0p55s11z"`` into tiles, in written order.

    Digits are buffered until a suit letter closes them; ``0`` is a red five (m/p/s only);
    spaces are ignored. Raises ``ValueError`` on anything malformed.
    """
    return list(_parse_cached(text))


@lru_cache(maxsize=8192)
def _parse_cached(text: str) -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    pending: list[str] = []
    for ch in text:
        if ch.isspace():
            continue
        if ch.isdigit():
            pending.append(ch)
            continue
        if ch not in SUITS:
            raise ValueError(f"bad tile character {ch!r} in {text!r}")
        if not pending:
            raise ValueError(f"suit {ch!r} without numbers in {text!r}")
        base = SUITS.index(ch) * 9
        for digit in pending:
            n = int(digit)
            if ch == "z":
                if not 1 <= n <= 7:
                    raise ValueError(f"honor tile {n}z does not exist")
                tiles.append(Tile(base + n - 1))
            elif n == 0:
                tiles.append(Tile(base + 4, red=True))
            else:
                tiles.append(Tile(base + n - 1))
        pending.clear()
    if pending:
        raise ValueError(f"numbers without a suit at the end of {text!r}")
    return tuple(tiles)


def parse_tile(text: str) -> Tile:
    """Parse exactly one tile (``"5m"``, ``"0p"``, ``"7z"``)."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise ValueError(f"expected one tile, got {text!r}")
    return tiles[0]


def kind_of(tile_id: int) -> int:
    """The kind (0..33) of a 136-id."""
    return tile_id >> 2


def is_red(tile_id: int) -> bool:
    """Whether a 136-id is one of the three red fives (when the room plays with red fives)."""
    return tile_id in RED_FIVE_IDS


def tile_from_id(tile_id: int) -> Tile:
    """The notation tile of a 136-id (id 16/52/88 is a red five)."""
    if not 0 <= tile_id < 136:
        raise ValueError(f"tile id {tile_id} out of range")
    return Tile(tile_id >> 2, red=tile_id in RED_FIVE_IDS)


def ids_to_string(tile_ids: Iterable[int]) -> str:
    """Format 136-ids as sorted notation (red fives as 0)."""
    return format_tiles(tile_from_id(t) for t in tile_ids)


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Format tiles as sorted, grouped notation: man, pin, sou, honors; a red five sorts as 5."""
    groups: dict[str, list[tuple[int, str]]] = {s: [] for s in SUITS}
    for t in tiles:
        suit = SUITS[t.kind // 9]
        n = t.kind % 9 + 1
        groups[suit].append((n, "0" if t.red else str(n)))
    out = []
    for suit in SUITS:
        if groups[suit]:
            out.append("".join(d for _, d in sorted(groups[suit])) + suit)
    return "".join(out)


def kinds_to_string(kinds: Iterable[int]) -> str:
    """Format kinds (no red fives) as sorted notation."""
    return format_tiles(Tile(k) for k in kinds)


def counts34(tiles: Iterable[Tile]) -> list[int]:
    """A 34-long count array of the tiles' kinds."""
    counts = [0] * 34
    for t in tiles:
        counts[t.kind] += 1
    return counts


def is_terminal_or_honor(kind: int) -> bool:
    """요구패: 1·9 number tiles and honors (spec 3)."""
    return kind in TERMINAL_HONOR_KINDS


def dora_from_indicator(indicator_kind: int, *, sanma: bool = False) -> int:
    """The dora kind an indicator points to (spec 6.2; sanma: 1m -> 9m, 9m -> 1m, spec 5.7)."""
    if indicator_kind < 27:
        suit, n = divmod(indicator_kind, 9)
        if sanma and suit == 0:
            return 8 if n == 0 else 0
        return suit * 9 + (n + 1) % 9
    if indicator_kind < 31:
        return 27 + (indicator_kind - 27 + 1) % 4
    return 31 + (indicator_kind - 31 + 1) % 3


class IdAllocator:
    """Hands out distinct 136-ids for notation tiles so a hand can go to the `mahjong` package.

    A red five takes copy 0 of its kind (the red id); plain tiles take copies 3, 2, 1, 0 in that
    order, so a plain five only falls back to the red id when four plain fives are written.
    """

    __slots__ = ("_used",)

    def __init__(self) -> None:
        self._used: set[int] = set()

    def take(self, tile: Tile) -> int:
        """Reserve an id for `tile`; ``ValueError`` if a fifth copy of a kind is asked for."""
        base = tile.kind * 4
        order: Sequence[int] = (0,) if tile.red else (3, 2, 1, 0)
        for copy in order:
            tid = base + copy
            if tid not in self._used:
                self._used.add(tid)
                return tid
        raise ValueError(f"more than four copies (or two red fives) of {tile}")

    def take_all(self, tiles: Iterable[Tile]) -> list[int]:
        """Reserve ids for several tiles."""
        return [self.take(t) for t in tiles]
