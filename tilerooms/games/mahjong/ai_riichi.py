"""Riichi or dama by expected value, for the hard mahjong AI.

A closed tenpai compares (spec 5.4 riichi, spec 6 scoring through `hand.evaluate_win`):

- riichi: every wait's riichi value (plus ura-dora, ippatsu and tsumo on average), won over the
  race (`ai_race.race`) with fewer rons (the table gets careful after a riichi) and only by tsumo
  when furiten; it costs the 1000-point stick when the hand is not won, and the hand can no
  longer fold nor improve its wait;
- dama: the waits that have a yaku without riichi win by ron as well as tsumo; yaku-less waits
  (and every wait when furiten) only by tsumo, then worth about a menzen tsumo.
"""

from __future__ import annotations

from tilerooms.games.mahjong.ai_eval import WaitValue
from tilerooms.games.mahjong.ai_race import RIICHI_RON_FACTOR, RON_FACTOR, TSUMO_ONLY_FACTOR, end_rate_for, race
from tilerooms.games.mahjong.ai_table import Table

RIICHI_BONUS = 1.25  # ura-dora, ippatsu and menzen tsumo on top of the riichi ron value ...
RIICHI_FLAT = 700.0  # ... which lift a cheap hand more than its share
RIICHI_LOCK_COST = 200.0  # a riichi hand cannot fold or improve (its pressure makes others fold): net points lost when not won
TSUMO_ONLY_SHARE = 0.6  # a yaku-less dama tsumo is worth about this share of the riichi value


def _win_chance(table: Table, tiles: float, ron_factor: float, threat: float) -> float:
    turns = table.live_count // max(1, table.n_players)
    return race(0, tiles, turns=turns, unseen_total=sum(table.unseen), end_rate=end_rate_for(threat), ron_factor=ron_factor).win


def riichi_value(table: Table, riichi_waits: list[WaitValue], threat: float) -> float:
    """Expected points of declaring riichi on these waits (values counted with riichi)."""
    tiles = sum(w.unseen for w in riichi_waits)
    if tiles <= 0:
        return -1000.0
    value = sum(w.points * w.unseen for w in riichi_waits) / tiles * RIICHI_BONUS + RIICHI_FLAT
    furiten = any(w.furiten for w in riichi_waits)
    win = _win_chance(table, tiles, TSUMO_ONLY_FACTOR if furiten else RIICHI_RON_FACTOR, threat)
    pool = table.riichi_pool + 300 * table.honba  # the pool is in points (1000 a stick)
    return win * (value + pool) - (1 - win) * (1000 + RIICHI_LOCK_COST)


def dama_value(table: Table, riichi_waits: list[WaitValue], dama_points: list[int], threat: float) -> float:
    """Expected points of staying dama (`dama_points`: each wait's value without riichi, 0 = no yaku)."""
    tiles = sum(w.unseen for w in riichi_waits)
    if tiles <= 0:
        return 0.0
    furiten = any(w.furiten for w in riichi_waits)
    ron_tiles = 0.0
    value_sum = 0.0
    for w, dama in zip(riichi_waits, dama_points):
        if dama > 0 and not furiten:
            ron_tiles += w.unseen * RON_FACTOR
            value_sum += w.unseen * RON_FACTOR * dama
        else:
            points = dama if dama > 0 else w.points * TSUMO_ONLY_SHARE
            ron_tiles += w.unseen * TSUMO_ONLY_FACTOR
            value_sum += w.unseen * TSUMO_ONLY_FACTOR * points
    if ron_tiles <= 0:
        return 0.0
    win = _win_chance(table, ron_tiles, 1.0, threat)
    pool = table.riichi_pool + 300 * table.honba  # the pool is in points (1000 a stick)
    return win * (value_sum / ron_tiles + pool)


def prefers_riichi(table: Table, riichi_waits: list[WaitValue], dama_points: list[int], threat: float) -> bool:
    """Whether riichi's expected value beats dama's."""
    return riichi_value(table, riichi_waits, threat) > dama_value(table, riichi_waits, dama_points, threat)
