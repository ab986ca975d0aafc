"""A fast shanten for the AI's search (the same numbers as the `mahjong` package, checked in tests).

The AI asks for shanten hundreds of times per decision (every discard × every draw), nearly always
for a hand it has not seen yet. The package's recursive scan costs ~50–100 µs a hand; here each
suit's 9 counts (and the 7 honor counts) are decomposed once (cached) into a small table: the best
``2·sets + partials`` the suit can give when it may use at most ``b`` blocks (b = 0…4), with and
without supplying the pair. Summed over the suits with the pair counted once, that table is the
usual formula ``2·K − 2·sets − partials − head`` (K = sets still needed, sets capped at K, partial
sets — pairs included — capped at K − sets). Tables are interned as small ids and the parts are
combined two by two (man with pin, sou with honors, then the two halves), those combinations cached
too, so a new hand usually costs seven dict look-ups (~2–3 µs). Seven pairs and kokushi as usual,
from per-part tile, pair and terminal counts cached alongside.
"""

from __future__ import annotations

from functools import lru_cache

_YAOCHU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
Block = tuple[int, int, int]  # (sets, partial sets without pairs, pairs)
Table = tuple[int, ...]  # 10 values: best 2·sets + partials within b = 0…4 blocks; [0:5] no pair, [5:10] pair
_NONE = -99  # a table entry that cannot happen (the pair from a part without a pair)


def _pareto(items: set[Block]) -> tuple[Block, ...]:
    """Drop every trade-off another one beats in all three numbers."""
    out = [a for a in items if not any(b != a and b[0] >= a[0] and b[1] >= a[1] and b[2] >= a[2] for b in items)]
    return tuple(sorted(out))


def _trim(c: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """The counts without their leading and trailing empty kinds (what is left to read)."""
    i, j = 0, len(c)
    while i < j and not c[i]:
        i += 1
    while j > i and not c[j - 1]:
        j -= 1
    return tuple(c[i:j])


@lru_cache(maxsize=32_768)
def _rest(c: tuple[int, ...]) -> tuple[Block, ...]:
    """Pareto-best (sets, partials, pairs) readings of a trimmed run of counts, from its first kind on.

    The first kind is read as a triplet, a run, a pair, a two-sided/edge or a closed partial, or
    one copy is left isolated; the rest is read the same way (cached by what is left, so suits
    share their tails)."""
    if not c:
        return ((0, 0, 0),)
    results: set[Block] = set()
    w = list(c)
    n = len(w)

    def add(dm: int, dt: int, dp: int) -> None:
        for m, t, p in _rest(_trim(w)):
            results.add((m + dm, t + dt, p + dp))

    if w[0] >= 3:
        w[0] -= 3
        add(1, 0, 0)
        w[0] += 3
    if n >= 3 and w[1] and w[2]:
        w[0] -= 1
        w[1] -= 1
        w[2] -= 1  # noqa: E702
        add(1, 0, 0)
        w[0] += 1
        w[1] += 1
        w[2] += 1  # noqa: E702
    if w[0] >= 2:
        w[0] -= 2
        add(0, 0, 1)
        w[0] += 2
    if n >= 2 and w[1]:
        w[0] -= 1
        w[1] -= 1  # noqa: E702
        add(0, 1, 0)
        w[0] += 1
        w[1] += 1  # noqa: E702
    if n >= 3 and w[2]:
        w[0] -= 1
        w[2] -= 1  # noqa: E702
        add(0, 1, 0)
        w[0] += 1
        w[2] += 1  # noqa: E702
    w[0] -= 1  # leave one copy isolated
    add(0, 0, 0)
    return _pareto(results)


def _suit(counts: tuple[int, ...]) -> tuple[Block, ...]:
    """Pareto-best (sets, partials, pairs) readings of one suit's 9 counts."""
    return _rest(_trim(counts))


def _honors(counts: tuple[int, ...]) -> Block:
    """The one (sets, partials, pairs) reading of the 7 honor counts: triplets and pairs only."""
    m = sum(1 for x in counts if x >= 3)
    p = sum(1 for x in counts if x == 2)
    return m, 0, p


def _table(blocks: tuple[Block, ...]) -> Table:
    """Best ``2·sets + partials`` within b = 0…4 blocks, without and with the pair (pairs are partials)."""
    out = [0] * 5 + [_NONE] * 5
    for m, t, p in blocks:
        for h in (0, 1) if p else (0,):
            spare = t + p - h
            for b in range(5):
                s = m if m < b else b
                q = b - s
                value = 2 * s + (spare if spare < q else q)
                if value > out[5 * h + b]:
                    out[5 * h + b] = value
    return tuple(out)


_TABLE_IDS: dict[Table, int] = {}  # every table seen (a part's or a combination's) -> its id
_TABLES: list[Table] = []  # id -> table


def _intern(table: Table) -> int:
    """The id of `table`, a new one the first time it is seen."""
    tid = _TABLE_IDS.get(table)
    if tid is None:
        tid = _TABLE_IDS[table] = len(_TABLES)
        _TABLES.append(table)
    return tid


# A part's counts -> (table id, stats), suits keyed by their 9 counts and honors by their 7. The
# stats pack, 8 bits each from the lowest: tiles, kinds held twice or more, kinds held, terminal or
# honor kinds held, and 1 if a terminal or honor is held twice or more; the four parts' stats add up
# field by field (no field can pass 255).
Part = tuple[int, int]
_PARTS: dict[tuple[int, ...], Part] = {}


def _part(counts: tuple[int, ...]) -> Part:
    """Decompose (and cache) one suit's 9 counts or the 7 honor counts."""
    if len(counts) == 9:
        table = _table(_suit(counts))
        ends: tuple[int, ...] = (counts[0], counts[8])
    else:
        table = _table((_honors(counts),))
        ends = counts
    stats = (
        sum(counts)
        | sum(1 for x in counts if x >= 2) << 8
        | sum(1 for x in counts if x) << 16
        | sum(1 for x in ends if x) << 24
        | (1 if any(x >= 2 for x in ends) else 0) << 32
    )
    info = (_intern(table), stats)
    _PARTS[counts] = info
    return info


# Keyed by two table ids as ``a << 20 | b`` (there are far fewer than 2**20 possible tables).
_PAIRS: dict[int, int] = {}  # -> id of the two parts' combined table
_FINAL: dict[int, tuple[int, ...]] = {}  # the two halves -> regular shanten for 0…4 melds


def _merge(a: int, b: int) -> int:
    """Id of the table of two parts together (blocks add up, at most one pair)."""
    x, y = _TABLES[a], _TABLES[b]
    out = []
    for h in (0, 1):
        for n in range(5):
            best = _NONE
            for i in range(n + 1):
                v = x[i] + y[5 * h + n - i]
                if v > best:
                    best = v
                if h:
                    v = x[5 + i] + y[n - i]
                    if v > best:
                        best = v
            out.append(best if best >= 0 else _NONE)
    tid = _intern(tuple(out))
    _PAIRS[a << 20 | b] = tid
    return tid


def _final(a: int, b: int) -> tuple[int, ...]:
    """Regular shanten for 0…4 melds of the two halves with table ids `a` and `b`."""
    x, y = _TABLES[a], _TABLES[b]
    out = []
    for need in (4, 3, 2, 1, 0):  # out[n_melds]
        best = 0
        for i in range(need + 1):
            v = x[i] + y[need - i]
            if v > best:
                best = v
            v = x[5 + i] + y[need - i] + 1
            if v > best:
                best = v
            v = x[i] + y[5 + need - i] + 1
            if v > best:
                best = v
        out.append(2 * need - best)
    shantens = tuple(out)
    _FINAL[a << 20 | b] = shantens
    return shantens


def _parts(c: tuple[int, ...]) -> tuple[Part, Part, Part, Part]:
    """The four parts (man, pin, sou, honors) of 34 counts."""
    parts, part = _PARTS, _part
    k = c[0:9]
    m = parts.get(k) or part(k)
    k = c[9:18]
    p = parts.get(k) or part(k)
    k = c[18:27]
    s = parts.get(k) or part(k)
    k = c[27:34]
    z = parts.get(k) or part(k)
    return m, p, s, z


def _regular(m: Part, p: Part, s: Part, z: Part, n_melds: int) -> int:
    """Regular shanten from the four parts (see `regular_shanten`)."""
    key = m[0] << 20 | p[0]
    a = _PAIRS.get(key)
    if a is None:
        a = _merge(m[0], p[0])
    key = s[0] << 20 | z[0]
    b = _PAIRS.get(key)
    if b is None:
        b = _merge(s[0], z[0])
    key = a << 20 | b
    shantens = _FINAL.get(key) or _final(a, b)
    return shantens[n_melds]


def regular_shanten(counts: tuple[int, ...] | list[int], n_melds: int) -> int:
    """Shanten of the standard shape (sets + a pair) for 34 concealed counts and `n_melds` melds (0–4)."""
    return _regular(*_parts(tuple(counts)), n_melds)


def shanten_fast(counts: tuple[int, ...], n_melds: int) -> int:
    """Shanten like `shape.shanten_of`: the minimum of regular, seven pairs and kokushi (closed only)."""
    c = counts if type(counts) is tuple else tuple(counts)
    parts = _PARTS  # `_parts` and `_regular` inlined: this is the AI's hot path
    k = c[0:9]
    m = parts.get(k) or _part(k)
    k = c[9:18]
    p = parts.get(k) or _part(k)
    k = c[18:27]
    s = parts.get(k) or _part(k)
    k = c[27:34]
    z = parts.get(k) or _part(k)
    merged = _PAIRS
    a = merged.get(m[0] << 20 | p[0])
    if a is None:
        a = _merge(m[0], p[0])
    b = merged.get(s[0] << 20 | z[0])
    if b is None:
        b = _merge(s[0], z[0])
    best = (_FINAL.get(a << 20 | b) or _final(a, b))[n_melds]
    if n_melds == 0:
        stats = m[1] + p[1] + s[1] + z[1]
        if stats & 255 >= 13:
            kinds = stats >> 16 & 255
            seven = 6 - (stats >> 8 & 255) + (7 - kinds if kinds < 7 else 0)
            if seven < best:
                best = seven
            kokushi = 13 - (stats >> 24 & 255) - (1 if stats >> 32 else 0)
            if kokushi < best:
                best = kokushi
    return best
