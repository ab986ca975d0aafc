"""A fast shanten for the AI's search (the same numbers as the `mahjong` package, checked in tests).

The AI asks for shanten hundreds of times per decision (every discard × every draw). The package's
recursive scan costs ~50–100 µs a hand; here each suit's 9 counts are decomposed once (cached) into
its best (sets, partial sets, pairs) trade-offs, and the suits are combined with the usual formula
``2·K − 2·sets − partials − head`` (K = sets still needed). Seven pairs and kokushi as usual.
"""

from __future__ import annotations

from functools import lru_cache

_YAOCHU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
Block = tuple[int, int, int]  # (sets, partial sets without pairs, pairs)


def _pareto(items: set[Block]) -> tuple[Block, ...]:
    """Drop every trade-off another one beats in all three numbers."""
    out = [a for a in items if not any(b != a and b[0] >= a[0] and b[1] >= a[1] and b[2] >= a[2] for b in items)]
    return tuple(sorted(out))


@lru_cache(maxsize=None)
def _suit(counts: tuple[int, ...]) -> tuple[Block, ...]:
    """Pareto-best (sets, partials, pairs) readings of one suit's 9 counts."""
    results: set[Block] = set()
    c = list(counts)

    def walk(i: int, m: int, t: int, p: int) -> None:
        while i < 9 and c[i] == 0:
            i += 1
        if i == 9:
            results.add((m, t, p))
            return
        if c[i] >= 3:
            c[i] -= 3
            walk(i, m + 1, t, p)
            c[i] += 3
        if i <= 6 and c[i + 1] and c[i + 2]:
            c[i] -= 1; c[i + 1] -= 1; c[i + 2] -= 1  # noqa: E702
            walk(i, m + 1, t, p)
            c[i] += 1; c[i + 1] += 1; c[i + 2] += 1  # noqa: E702
        if c[i] >= 2:
            c[i] -= 2
            walk(i, m, t, p + 1)
            c[i] += 2
        if i <= 7 and c[i + 1]:
            c[i] -= 1; c[i + 1] -= 1  # noqa: E702
            walk(i, m, t + 1, p)
            c[i] += 1; c[i + 1] += 1  # noqa: E702
        if i <= 6 and c[i + 2]:
            c[i] -= 1; c[i + 2] -= 1  # noqa: E702
            walk(i, m, t + 1, p)
            c[i] += 1; c[i + 2] += 1  # noqa: E702
        c[i] -= 1  # leave one copy isolated
        walk(i, m, t, p)
        c[i] += 1

    walk(0, 0, 0, 0)
    return _pareto(results)


def _honors(counts: tuple[int, ...]) -> Block:
    m = sum(1 for x in counts if x >= 3)
    p = sum(1 for x in counts if x == 2)
    return m, 0, p


def regular_shanten(counts: tuple[int, ...] | list[int], n_melds: int) -> int:
    """Shanten of the standard shape (sets + a pair) for 34 concealed counts and `n_melds` melds."""
    need = 4 - n_melds
    combos: set[Block] = {_honors(tuple(counts[27:34]))}
    for s in range(3):
        part = _suit(tuple(counts[s * 9:s * 9 + 9]))
        combos = {(a[0] + b[0], a[1] + b[1], a[2] + b[2]) for a in combos for b in part}
        if len(combos) > 8:
            combos = set(_pareto(combos))
    best = 8
    for m, t, p in combos:
        m = min(m, need)
        for head in ((0, 1) if p else (0,)):
            partial = min(t + p - head, need - m)
            best = min(best, 2 * need - 2 * m - partial - head)
    return best


def shanten_fast(counts: tuple[int, ...], n_melds: int) -> int:
    """Shanten like `shape.shanten_of`: the minimum of regular, seven pairs and kokushi (closed only)."""
    return _cached(tuple(counts), n_melds)


@lru_cache(maxsize=300_000)
def _cached(counts: tuple[int, ...], n_melds: int) -> int:
    best = regular_shanten(counts, n_melds)
    if n_melds == 0 and sum(counts) >= 13:
        pairs = sum(1 for x in counts if x >= 2)
        kinds = sum(1 for x in counts if x)
        best = min(best, 6 - pairs + max(0, 7 - kinds))
        yao = sum(1 for k in _YAOCHU if counts[k])
        has_pair = any(counts[k] >= 2 for k in _YAOCHU)
        best = min(best, 13 - yao - (1 if has_pair else 0))
    return best
