"""Defence for the mahjong AI: how likely a discard deals in, from the view alone.

Against each threatening seat (riichi, or three open melds) a kind's danger is built from the
shapes that could wait on it: genbutsu (the seat's own discards, and anything discarded after its
riichi that it let pass — spec 5.5 makes that permanent furiten) is safe; suji removes a two-sided
wait from one side; kabe (all four copies of a neighbour visible) removes the shapes using it;
honors and fives-held-out lower tanki / shanpon chances. The numbers are rough deal-in rates
(a few per cent a shape), enough to rank tiles and to compare pushing against folding.
"""

from __future__ import annotations

from tilerooms.games.mahjong.ai_table import Opponent, Table

SHAPE_RATE = 0.035  # deal-in chance per live wait shape (about 12 % for a bare middle tile)


def threat_weight(opp: Opponent, table: Table) -> float:
    """How much a seat threatens to win now: 1 in riichi, 0.6 with three open melds, 0.3 with two
    melds holding dora or a yakuhai set, else 0."""
    if opp.riichi:
        return 1.0
    if opp.open_melds >= 3:
        return 0.6
    if opp.open_melds >= 2:
        meld_ids = [t for m in opp.melds for t in m["tiles"]]
        yakuhai = {31, 32, 33, 27 + table.round_wind}
        loud = any(m["tiles"][0] >> 2 in yakuhai and m["type"] != "chi" for m in opp.melds)
        if loud or table.dora_count(meld_ids) >= 2:
            return 0.3
    return 0.0


def safe_kinds(opp: Opponent, table: Table) -> set[int]:
    """Kinds `opp` cannot ron: its own discards, and after its riichi every tile discarded later by
    anyone (it let them pass). Later-ness is read from discard counts: a seat's discards beyond the
    riichi seat's count at its declaration came after it."""
    safe = set(opp.discard_kinds)
    if opp.riichi and opp.riichi_index is not None:
        for seat, discards in enumerate(table.all_discards):
            if seat == opp.seat:
                continue
            start = opp.riichi_index + 1  # conservative: one go-around after the declaration
            safe.update(t >> 2 for t in discards[start:])
        safe.update(t >> 2 for t in opp.discards[opp.riichi_index :])
    return safe


def kind_danger(kind: int, opp: Opponent, table: Table, safe: set[int] | None = None) -> float:
    """The chance (rough) that `opp`, if tenpai, waits on `kind`."""
    safe = safe_kinds(opp, table) if safe is None else safe
    if kind in safe:
        return 0.0
    visible = table.visible
    if kind >= 27:
        left = 4 - visible[kind]
        if left <= 0:
            return 0.0
        base = 0.012 if left == 1 else (0.03 if left == 2 else 0.055)
        if kind >= 31 or kind == 27 + table.round_wind:
            base *= 1.3  # a yakuhai wait gives the hand a yaku: a bit likelier
        return base
    rank, suit0 = kind % 9, kind - kind % 9
    shapes = 0.0

    def dead(*ranks: int) -> bool:
        return any(visible[suit0 + r] >= 4 for r in ranks)  # kabe: no copy left to hold

    # (r+1, r+2): two-sided on r and r+3 (suji-killed by r+3), or edge 89-style when r+3 > 8
    if rank + 2 <= 8 and not dead(rank + 1, rank + 2):
        if rank + 3 <= 8:
            shapes += 0.0 if (suit0 + rank + 3) in safe else 1.0
        else:
            shapes += 0.5
    # (r-2, r-1): two-sided on r-3 and r (suji-killed by r-3), or edge 12-style when r-3 < 0
    if rank - 2 >= 0 and not dead(rank - 2, rank - 1):
        if rank - 3 >= 0:
            shapes += 0.0 if (suit0 + rank - 3) in safe else 1.0
        else:
            shapes += 0.5
    if 1 <= rank <= 7 and not dead(rank - 1, rank + 1):
        shapes += 0.35  # kanchan
    left = 4 - visible[kind]
    shapes += 0.4 if left >= 2 else (0.15 if left == 1 else 0.0)  # shanpon / tanki
    return SHAPE_RATE * shapes


def discard_danger(kind: int, table: Table) -> float:
    """The chance (rough) that discarding `kind` deals in to somebody threatening."""
    keep = 1.0
    for opp in table.opponents:
        w = threat_weight(opp, table)
        if w > 0:
            keep *= 1.0 - w * kind_danger(kind, opp, table)
    return 1.0 - keep


def threat_level(table: Table) -> float:
    """The sum of the seats' threat weights."""
    return sum(threat_weight(o, table) for o in table.opponents)
