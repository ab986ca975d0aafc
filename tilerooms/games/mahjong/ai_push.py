"""Push or fold by expected value, for the hard mahjong AI.

Against the seats that threaten (`ai_defence.threat_weight`: a riichi, a loud open hand) hard
compares two futures of its own hand:

- push: it keeps building (`ai_race.race`: the chance to win before the hand ends and how many
  more discards that takes) and wins its hand's value plus the riichi sticks on the table, but
  every discard may deal in: the one it is about to make (`ai_defence.discard_danger`) and the
  later ones at the average danger of a tile it may draw;
- fold: it gives up its hand and discards safe tiles: it may still deal in now and then, and a
  folded tenpai gives up its tenpai payment.

The threat's value is estimated from what the table shows: a riichi is worth about a mangan
share (more from the dealer), an open hand its visible dora and yakuhai sets. Nothing hidden is
read (spec 8.3).
"""

from __future__ import annotations

from tilerooms.games.mahjong.ai_defence import discard_danger, threat_weight
from tilerooms.games.mahjong.ai_eval import points_for_han
from tilerooms.games.mahjong.ai_race import end_rate_for, race
from tilerooms.games.mahjong.ai_table import Opponent, Table

RIICHI_POINTS = 5200.0  # a typical riichi's ron value (non-dealer; the dealer's x1.5) ...
KAN_DORA_POINTS = 1000.0  # ... plus this per dora a kan revealed
OPEN_EXTRA_HAN = 1.0  # an open hand's yaku (or hidden dora) beyond its visible yakuhai / dora
FOLD_DEAL_IN = 0.03  # folding is not perfect: the chance to deal in anyway (out of safe tiles)
TENPAI_FOLD_LOSS = 500.0  # a folded tenpai also gives up its tenpai payment at an exhaustive draw


def threat_value(opp: Opponent, table: Table) -> float:
    """What `opp` is likely to collect from us if we deal in (points, rough)."""
    if opp.riichi:
        extra = KAN_DORA_POINTS * (len(table.dora_indicators) - 1)
        return RIICHI_POINTS * (1.5 if opp.dealer else 1.0) + extra
    else:
        yakuhai = {31, 32, 33, 27 + table.round_wind}
        han = OPEN_EXTRA_HAN
        for m in opp.melds:
            if m["type"] != "chi" and m["tiles"][0] >> 2 in yakuhai:
                han += 1
        han += table.dora_count([t for m in opp.melds for t in m["tiles"]])
    return points_for_han(han, opp.dealer)


def average_danger(table: Table) -> float:
    """The deal-in chance of a tile the seat may draw next (danger weighed by unseen copies)."""
    total = sum(table.unseen)
    if total <= 0:
        return 0.0
    return sum(table.unseen[k] * discard_danger(k, table) for k in range(34) if table.unseen[k]) / total


def push_value(table: Table, shanten: int, ukeire: float, value: float, danger_now: float, *, threat: float, ron_factor: float) -> float:
    """Expected points of pushing a hand at `shanten` with `ukeire` improving (tenpai: winning)
    tiles and `value` points, whose next discard deals in with chance `danger_now`; folding ≈ 0."""
    turns = table.live_count // max(1, table.n_players)
    outcome = race(shanten, ukeire, turns=turns, unseen_total=sum(table.unseen), end_rate=end_rate_for(threat), ron_factor=ron_factor)
    threats = [(threat_weight(o, table), o) for o in table.opponents]
    weight = sum(w for w, _ in threats)
    if weight <= 0:
        return outcome.win * value
    loss = sum(w * threat_value(o, table) for w, o in threats) / weight
    gain = value + table.riichi_pool + 300 * table.honba  # the pool is in points (1000 a stick)
    deal_in = danger_now + (1 - danger_now) * outcome.discards * average_danger(table)
    return outcome.win * (1 - danger_now) * gain - min(1.0, deal_in) * loss


def fold_value(table: Table, shanten: int) -> float:
    """Expected points of folding: a small deal-in chance left, and a tenpai's payment given up."""
    threats = [(threat_weight(o, table), o) for o in table.opponents]
    weight = sum(w for w, _ in threats)
    loss = sum(w * threat_value(o, table) for w, o in threats) / weight if weight > 0 else 0.0
    return -FOLD_DEAL_IN * loss - (TENPAI_FOLD_LOSS if shanten == 0 else 0.0)


def should_push(table: Table, shanten: int, ukeire: float, value: float, danger_now: float, *, threat: float, ron_factor: float) -> bool:
    """Whether pushing beats folding by expected value."""
    return push_value(table, shanten, ukeire, value, danger_now, threat=threat, ron_factor=ron_factor) > fold_value(table, shanten)
