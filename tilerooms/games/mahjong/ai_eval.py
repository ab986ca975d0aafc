"""Hand evaluation for the mahjong AI: shanten, ukeire, waits with their value, yaku paths.

Everything works on 34-long kind counts of the seat's concealed tiles plus its `Table` (the view's
reading): shanten comes from `ai_shanten` (the `mahjong` package's numbers, faster), waits from
`shape.wait_kinds` (spec 5.5's four-held rule) and the value of a wait from `hand.evaluate_win`,
so the AI scores hands with exactly the rules the engine pays out with.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from tilerooms.games.mahjong.ai_shanten import shanten_fast as shanten_of
from tilerooms.games.mahjong.ai_table import Table
from tilerooms.games.mahjong.hand import evaluate_win
from tilerooms.games.mahjong.shape import wait_kinds
from tilerooms.games.mahjong.tiles import TERMINAL_HONOR_KINDS, ids_to_string, kinds_to_string

_YAOCHU = sorted(TERMINAL_HONOR_KINDS)


def shanten(counts: list[int] | tuple[int, ...], n_melds: int) -> int:
    """Shanten of concealed counts (7 pairs and kokushi only for a closed hand)."""
    return shanten_of(tuple(counts), n_melds)


def _draw_candidates(counts: tuple[int, ...], n_melds: int) -> tuple[int, ...]:
    """Kinds whose draw could lower the shanten: held kinds, their suit neighbours within two
    steps, and (closed hands) terminals and honors for kokushi."""
    return _draw_candidates_of(bytes(counts), n_melds)  # bytes keys: 67 B, a 34-tuple 312 B


@lru_cache(maxsize=4_096)
def _draw_candidates_of(counts: bytes, n_melds: int) -> tuple[int, ...]:
    out = set()
    for k, c in enumerate(counts):
        if not c:
            continue
        out.add(k)
        if k < 27:
            rank = k % 9
            for d in (-2, -1, 1, 2):
                if 0 <= rank + d <= 8:
                    out.add(k + d)
    if n_melds == 0:
        out.update(_YAOCHU)
    return tuple(sorted(out))


def improving_kinds(counts: list[int], n_melds: int, unseen: list[int]) -> tuple[int, list[int]]:
    """``(shanten, kinds that lower it)`` of a waiting-size hand (3n+1 tiles), among unseen kinds."""
    key = tuple(counts)
    base = shanten_of(key, n_melds)
    kinds = []
    work = list(counts)
    for k in _draw_candidates(key, n_melds):
        if unseen[k] <= 0 or work[k] >= 4:
            continue
        work[k] += 1
        if shanten_of(tuple(work), n_melds) < base:
            kinds.append(k)
        work[k] -= 1
    return base, kinds


def ukeire(counts: list[int], n_melds: int, unseen: list[int]) -> tuple[int, int]:
    """``(shanten, number of unseen tiles that lower it)``."""
    s, kinds = improving_kinds(counts, n_melds, unseen)
    return s, sum(unseen[k] for k in kinds)


def held_counts(table: Table) -> tuple[int, ...]:
    """Kinds in own melds and kita (spec 5.5: a wait held four times is no wait)."""
    counts = [0] * 34
    for m in table.melds:
        for t in m["tiles"]:
            counts[t >> 2] += 1
    counts[30] += table.kita
    return tuple(counts)


def waits(table: Table, counts13: list[int]) -> frozenset[int]:
    """Shape waits of a waiting concealed part (empty = not tenpai)."""
    return wait_kinds(tuple(counts13), held_counts(table), table.n_melds)


@dataclass
class WaitValue:
    """One tenpai wait: the kind, unseen copies, ron points (0 = no yaku), furiten."""

    kind: int
    unseen: int
    points: int
    furiten: bool


def wait_values(table: Table, closed13: list[int], *, riichi: bool, discarding: int | None = None) -> list[WaitValue]:
    """Each wait of a 13-tile concealed part (ids) with its ron value (`evaluate_win`, dora and
    red fives included; `riichi` = count riichi as declared). Points 0 mean no yaku on that tile.
    `discarding` is the kind about to be discarded (it joins the discards for furiten)."""
    counts = [0] * 34
    for t in closed13:
        counts[t >> 2] += 1
    kinds = waits(table, counts)
    if not kinds:
        return []
    base = ids_to_string(closed13)
    melds = table.melds_notation()
    dora = ids_to_string(table.dora_indicators)
    discarded = table.own_discard_kinds | ({discarding} if discarding is not None else set())
    out = []
    for k in sorted(kinds):
        tile = kinds_to_string([k])
        result = evaluate_win(
            base + tile,
            tile,
            melds=melds,
            tsumo=False,
            seat_wind=table.seat_wind,
            round_wind=table.round_wind,
            dealer=table.dealer,
            riichi=riichi,
            dora_indicators=dora,
            kita=table.kita,
            options=table.options,
            players=table.n_players,
        )
        out.append(WaitValue(k, table.unseen[k], 0 if result is None else result.total, False))
    furiten = any(w.kind in discarded for w in out)  # spec 5.5: one discarded wait bars every ron
    for w in out:
        w.furiten = furiten
    return out


def points_for_han(han: float, dealer: bool) -> float:
    """A rough ron value for an estimated han count (30 fu; limits from mangan up)."""
    table = {0: 0, 1: 1000, 2: 2000, 3: 3900, 4: 7700, 5: 8000, 6: 12000, 7: 12000, 8: 16000}
    h = max(0, min(8, int(round(han))))
    value = table[h] if h < 8 else 16000
    if han >= 11:
        value = 24000
    return value * (1.5 if dealer else 1.0)


def han_estimate(table: Table, counts: list[int], ids: list[int]) -> float:
    """A quick han guess for a not-yet-complete concealed part `ids` (counts = its kinds):
    dora and red fives, kita, yakuhai triplets (pairs half), riichi for a closed hand, tanyao."""
    meld_ids = [t for m in table.melds for t in m["tiles"]]
    han = float(table.dora_count(ids + meld_ids))
    han += table.kita * (1 + table.dora_kinds.count(30))
    yakuhai = table.yakuhai_kinds()
    for k in yakuhai:
        mult = (k == 27 + table.seat_wind) + (k == 27 + table.round_wind) if k < 31 else 1
        if counts[k] >= 3 or any(m["tiles"][0] >> 2 == k and m["type"] != "chi" for m in table.melds):
            han += mult
        elif counts[k] == 2:
            han += 0.4 * mult
    if not table.is_open:
        han += 1  # riichi (or menzen tsumo)
    non_simple = sum(counts[k] for k in TERMINAL_HONOR_KINDS) + sum(1 for t in meld_ids if (t >> 2) in TERMINAL_HONOR_KINDS)
    if non_simple == 0 and (not table.is_open or table.options.get("kuitan", True)):
        han += 1
    elif non_simple <= 2 and not table.is_open:
        han += 0.3
    return han


def yaku_distance(table: Table, counts: list[int], extra_melds: Sequence[tuple[str, int]] = ()) -> int:
    """How far an open hand is from a sure yaku: 0 = one is secured (a yakuhai set), else the fewest
    concealed tiles to get rid of for tanyao or a one-suit hand (honitsu); 9 when no path is left.

    `extra_melds` are ``(type, kind of its lowest tile)`` of a call being considered.
    """
    melds = [(m["type"], sorted(t >> 2 for t in m["tiles"])) for m in table.melds]
    for mtype, k in extra_melds:
        melds.append((mtype, [k, k + 1, k + 2] if mtype == "chi" else [k, k, k]))
    yakuhai = table.yakuhai_kinds()
    for mtype, kinds in melds:
        if mtype != "chi" and kinds[0] in yakuhai:
            return 0
    if any(counts[k] >= 3 for k in yakuhai):
        return 0
    best = 9
    meld_kinds = [k for _, kinds in melds for k in kinds]
    if table.options.get("kuitan", True) or not any(m != "ankan" for m, _ in melds):
        if not any(k in TERMINAL_HONOR_KINDS for k in meld_kinds):
            best = min(best, sum(counts[k] for k in TERMINAL_HONOR_KINDS))
    suits = {k // 9 for k in meld_kinds if k < 27}
    if len(suits) <= 1:
        for suit in suits or {0, 1, 2}:
            off = sum(counts[k] for k in range(27) if k // 9 != suit)
            best = min(best, off)
    # toitoi-ish: every meld a triplet and the concealed part mostly pairs / triplets
    if melds and all(m != "chi" for m, _ in melds):
        singles = sum(1 for c in counts if c == 1)
        pairs = sum(1 for c in counts if c == 2)
        if pairs <= 2:
            best = min(best, singles + max(0, pairs - 1))
    return best


_EVERY_KIND = [1] * 34  # "unseen" for shape-only questions: no kind is ruled out by the table


def _tenpai_discards(counts14: tuple[int, ...], n_melds: int) -> tuple[frozenset[int], ...]:
    """The wait kinds of every tenpai this 14-tile hand reaches with one discard (shape only)."""
    return _tenpai_discards_of(bytes(counts14), n_melds)  # bytes keys: 67 B, a 34-tuple 312 B


@lru_cache(maxsize=4_096)
def _tenpai_discards_of(counts14: bytes, n_melds: int) -> tuple[frozenset[int], ...]:
    out = []
    work = list(counts14)
    for k in range(34):
        if not work[k]:
            continue
        work[k] -= 1
        if shanten_of(tuple(work), n_melds) == 0:
            _, kinds = improving_kinds(work, n_melds, _EVERY_KIND)  # from tenpai: the waits
            if kinds:
                out.append(frozenset(kinds))
        work[k] += 1
    return tuple(out)


def tenpai_quality(counts13: list[int], n_melds: int, unseen: list[int], draws: list[int] | None = None) -> float:
    """Two-step look-ahead for a 1-shanten hand: over every draw that makes it tenpai (weighted by
    its unseen copies), the unseen winning tiles of the widest tenpai that draw allows. A hand
    that becomes two-sided tenpai scores above one with the same ukeire that ends in an edge wait.

    `draws` are the hand's tenpai-making kinds when the caller has them (`improving_kinds` of a
    1-shanten hand); without them they are computed, and any other shanten scores 0.
    """
    if draws is None:
        s, draws = improving_kinds(counts13, n_melds, unseen)
        if s != 1:
            return 0.0
    total = 0.0
    work = list(counts13)
    for d in draws:
        work[d] += 1
        best = 0
        for kinds in _tenpai_discards(tuple(work), n_melds):
            n = sum(unseen[w] - (w == d) for w in kinds)
            if n > best:
                best = n
        work[d] -= 1
        total += unseen[d] * best
    return total
