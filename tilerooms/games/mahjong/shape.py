"""Fast, cached shape queries on kind counts: waits, tenpai, completeness, decompositions.

The scoring core (`hand.py`) works on notation strings; the engine asks the same questions many
times per discard, so here they run on 34-count tuples with an LRU cache. A wait on a kind the hand
already holds four of (closed + melds + kita) is no wait (spec 5.5).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from mahjong.shanten import Shanten

from tilerooms.games.mahjong.hand import is_complete


def counts_of(tile_ids: Iterable[int]) -> list[int]:
    """A 34-long count list of the tiles' kinds."""
    counts = [0] * 34
    for t in tile_ids:
        counts[t >> 2] += 1
    return counts


# The caches below are keyed by `bytes(counts)`: 67 B a key where a 34-tuple is 312 B. Full, they
# are a fixed cost of every worker (issue 20: 4, docs/performance.md).
def wait_kinds(closed: Sequence[int], held: Sequence[int], n_melds: int) -> frozenset[int]:
    """Kinds that complete a waiting hand (closed = 13 − 3·melds tiles), shape only (spec 5.5).

    `held` counts the kinds in the seat's melds and kita, for the four-held rule.
    """
    return _wait_kinds(bytes(closed), bytes(held), n_melds)


@lru_cache(maxsize=8_192)
def _wait_kinds(closed: bytes, held: bytes, n_melds: int) -> frozenset[int]:
    counts = list(closed)
    out = []
    for k in range(34):
        if counts[k] + held[k] >= 4:
            continue
        counts[k] += 1
        if is_complete(counts, n_melds=n_melds):
            out.append(k)
        counts[k] -= 1
    return frozenset(out)


def complete(closed: Sequence[int], n_melds: int) -> bool:
    """Whether the closed counts (3n+2 tiles) are a winning shape."""
    return _complete(bytes(closed), n_melds)


@lru_cache(maxsize=4_096)
def _complete(closed: bytes, n_melds: int) -> bool:
    return is_complete(list(closed), n_melds=n_melds)


def shanten_of(closed: Sequence[int], n_melds: int) -> int:
    """Shanten of a closed part (the `mahjong` package; 7 pairs / kokushi only when closed)."""
    return _shanten_of(bytes(closed), n_melds)


@lru_cache(maxsize=4_096)
def _shanten_of(closed: bytes, n_melds: int) -> int:
    return Shanten.calculate_shanten(list(closed), use_chiitoitsu=n_melds == 0, use_kokushi=n_melds == 0)


def _sets(counts: list[int], start: int, acc: list[tuple[str, int]], out: list[list[tuple[str, int]]]) -> None:
    k = start
    while k < 34 and counts[k] == 0:
        k += 1
    if k == 34:
        out.append(list(acc))
        return
    if counts[k] >= 3:
        counts[k] -= 3
        acc.append(("pon", k))
        _sets(counts, k, acc, out)
        acc.pop()
        counts[k] += 3
    if k < 27 and k % 9 <= 6 and counts[k + 1] and counts[k + 2]:
        for j in (k, k + 1, k + 2):
            counts[j] -= 1
        acc.append(("chi", k))
        _sets(counts, k, acc, out)
        acc.pop()
        for j in (k, k + 1, k + 2):
            counts[j] += 1


def decompositions(closed: Sequence[int]) -> list[list[tuple[str, int]]]:
    """Every standard reading (pair + runs/triplets) of complete closed counts, as (type, kind) lists."""
    counts = list(closed)
    out: list[list[tuple[str, int]]] = []
    for k in range(34):
        if counts[k] >= 2:
            counts[k] -= 2
            found: list[list[tuple[str, int]]] = []
            _sets(counts, 0, [("pair", k)], found)
            out.extend(found)
            counts[k] += 2
    return out
