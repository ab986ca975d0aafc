"""What a call does to a hand, and hard's value-aware choice between calling and passing.

`after_call` plays a chi / pon on the seat's concealed counts and finds the best discard kuikae
allows (spec 5.2). `call_gain` is hard's rule: a call is taken when the hand after it (value ×
chance to win over the race, `ai_race.race`) is worth more than the hand as it is, counting
what each keeps: the closed hand its riichi, menzen and closed one-suit han; the open hand its
yakuhai set, kuitan, open one-suit han and the dora it melds. An open hand must keep a yaku path
(`ai_eval.yaku_distance`, spec 5.6); the speed comes from the shanten the call saves.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tilerooms.games.mahjong.ai_eval import han_estimate, points_for_han, ukeire, yaku_distance
from tilerooms.games.mahjong.ai_race import OPEN_ADVANCE, RIICHI_RON_FACTOR, RON_FACTOR, end_rate_for, race
from tilerooms.games.mahjong.ai_table import Table, counts_of_ids

NO_PATH = 9  # yaku_distance when an open hand has no yaku left to aim for


@dataclass(frozen=True)
class AfterCall:
    """The hand after a call and its best discard: effective shanten (with the yaku distance),
    ukeire, yaku distance, and the discarded kind."""

    shanten: int
    ukeire: float
    distance: int
    discard: int


def kuikae_banned(call: str, kind: int, hand_kinds: list[int]) -> set[int]:
    """Kinds the caller may not discard right after the call (spec 5.2: same kind and suji swap)."""
    banned = {kind}
    if call == "chi":
        low = min(hand_kinds + [kind])
        if kind == low and kind % 9 + 3 <= 8:
            banned.add(kind + 3)
        elif kind == low + 2 and kind % 9 - 3 >= 0:
            banned.add(kind - 3)
    return banned


def after_call(table: Table, used: list[int], call: str, kind: int) -> AfterCall:
    """The hand after calling `kind` with the concealed tiles `used` and the best allowed discard."""
    counts = counts_of_ids(table.closed)
    for t in used:
        counts[t >> 2] -= 1
    hand_kinds = [t >> 2 for t in used]
    banned = kuikae_banned(call, kind, hand_kinds)
    meld = (call, min(hand_kinds + [kind]) if call == "chi" else kind)
    n_melds = table.n_melds + 1
    best = AfterCall(99, 0.0, NO_PATH, -1)
    for d in range(34):
        if not counts[d] or d in banned:
            continue
        counts[d] -= 1
        s, uk = ukeire(counts, n_melds, table.unseen)
        dist = yaku_distance(table, counts, [meld])
        counts[d] += 1
        if (s + dist, -uk) < (best.shanten, -best.ukeire):
            best = AfterCall(s + dist, float(uk), dist, d)
    return best


def one_suit_han(kinds: list[int], closed: bool) -> float:
    """Han a one-suit hand is heading for: honitsu (3 closed, 2 open), partly when 1–2 tiles stray."""
    suits = [sum(1 for k in kinds if k < 27 and k // 9 == s) for s in range(3)]
    main = max(suits)
    if main == 0:
        return 0.0
    off = sum(suits) - main
    full = 3.0 if closed else 2.0
    if off == 0:
        return full
    return full / 2 if off <= 2 else 0.0


def hand_value(table: Table, ids: list[int]) -> float:
    """Rough ron value of the hand whose concealed part is `ids` (`han_estimate` + one-suit han)."""
    counts = counts_of_ids(ids)
    kinds = [t >> 2 for t in ids] + [t >> 2 for m in table.melds for t in m["tiles"]]
    han = han_estimate(table, counts, ids) + one_suit_han(kinds, not table.is_open)
    return points_for_han(han, table.dealer)


def _win_chance(table: Table, eff_shanten: int, tiles: float, threat: float, *, is_open: bool) -> float:
    turns = table.live_count // max(1, table.n_players)
    advance = OPEN_ADVANCE if is_open else 1.0
    ron = RON_FACTOR if is_open else RIICHI_RON_FACTOR  # a closed hand's value counts its riichi
    return race(eff_shanten, tiles, turns=turns, unseen_total=sum(table.unseen), end_rate=end_rate_for(threat), ron_factor=ron, advance_factor=advance).win


def current_worth(table: Table, threat: float) -> float:
    """Expected points of the hand as it is (no call), over the race."""
    counts = counts_of_ids(table.closed)
    s, uk = ukeire(counts, table.n_melds, table.unseen)
    dist = yaku_distance(table, counts) if table.is_open else 0
    if dist >= NO_PATH:
        return 0.0
    return hand_value(table, table.closed) * _win_chance(table, s + dist, float(uk), threat, is_open=table.is_open)


def call_worth(table: Table, used: list[int], called: int, call: str, after: AfterCall, threat: float) -> float:
    """Expected points of the hand after the call `after` (called tile id `called`)."""
    if after.distance >= NO_PATH or after.discard < 0:
        return 0.0
    rest = list(table.closed)
    for t in used:
        rest.remove(t)
    drop = next(t for t in rest if t >> 2 == after.discard)
    rest.remove(drop)
    opened = replace(table, melds=[*table.melds, {"type": call, "tiles": [*used, called]}], closed=rest)
    return hand_value(opened, rest) * _win_chance(table, after.shanten, after.ukeire, threat, is_open=True)
