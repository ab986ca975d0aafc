"""Riichi (spec 5.4): who may declare, and the one hand change allowed after it (ankan / kita)."""

from __future__ import annotations

from typing import Any

from tilerooms.games.mahjong.shape import counts_of, decompositions, shanten_of, wait_kinds
from tilerooms.games.mahjong.state import is_sanma
from tilerooms.games.mahjong.tiles import NORTH
from tilerooms.games.mahjong.wins import held_counts, is_menzen, waits_of

RIICHI_COST = 1000


def riichi_blocker(state: dict[str, Any], seat: int) -> tuple[str, str] | None:
    """Why `seat` may not declare riichi now (message id, Korean message), or None (spec 5.4)."""
    h = state["hand"]
    if h["riichi"][seat] is not None:
        return ("riichi_refused.already", "이미 리치했습니다")
    if not is_menzen(h, seat):
        return ("riichi_refused.open", "울었기 때문에 리치할 수 없습니다")
    if state["points"][seat] < RIICHI_COST:
        return ("riichi_refused.points", "점수가 1000점 미만이라 리치할 수 없습니다")
    if len(h["live"]) < (3 if is_sanma(state) else 4):  # spec 5.4: 4 left (sanma 3)
        return ("riichi_refused.wall", "남은 패가 부족해 리치할 수 없습니다")
    return None


def riichi_discards(state: dict[str, Any], seat: int) -> list[int]:
    """Tiles whose discard leaves the seat tenpai (and riichi is otherwise allowed)."""
    h = state["hand"]
    if h["stage"] != "afterDraw" or h["turn"] != seat or riichi_blocker(state, seat):
        return []
    closed = h["closed"][seat]
    counts = counts_of(closed)
    n_melds = len(h["melds"][seat])
    if shanten_of(tuple(counts), n_melds) > 0:
        return []
    held = tuple(held_counts(h, seat))
    ok_kinds = set()
    for k in range(34):
        if counts[k]:
            counts[k] -= 1
            if wait_kinds(tuple(counts), held, n_melds):
                ok_kinds.add(k)
            counts[k] += 1
    return [t for t in closed if (t >> 2) in ok_kinds]


def riichi_ankan_ok(state: dict[str, Any], seat: int, kind: int) -> bool:
    """Spec 5.4: after riichi, an ankan only with the drawn tile, waits unchanged, and the kind a
    triplet in every reading of every winning hand (the hand's reading does not change)."""
    h = state["hand"]
    drawn = h["drawn"][seat]
    if drawn is None or drawn >> 2 != kind:
        return False
    before = [t for t in h["closed"][seat] if t != drawn]
    counts = counts_of(before)
    if counts[kind] != 3:
        return False
    waits = waits_of(h, seat, before)
    after_counts = list(counts)
    after_counts[kind] = 0
    held = list(held_counts(h, seat))
    held[kind] += 4
    after = wait_kinds(tuple(after_counts), tuple(held), len(h["melds"][seat]) + 1)
    if not waits or after != waits:
        return False
    for w in waits:
        counts[w] += 1
        readings = decompositions(counts)
        counts[w] -= 1
        if not readings or any(("pon", kind) not in r for r in readings):
            return False
    return True


def riichi_kita_ok(state: dict[str, Any], seat: int) -> bool:
    """Sanma kita after riichi: only the drawn north (the 13 waiting tiles, so the waits, stay)."""
    drawn = state["hand"]["drawn"][seat]
    return drawn is not None and drawn >> 2 == NORTH
