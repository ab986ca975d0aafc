"""What the player whose turn it is may do (spec 5.1, 5.2, 5.4, 5.8): discards, kans, kita, kyuushu."""

from __future__ import annotations

from typing import Any

from tilerooms.games.mahjong.claims import MAX_KANS
from tilerooms.games.mahjong.riichi import riichi_ankan_ok, riichi_kita_ok
from tilerooms.games.mahjong.state import is_sanma
from tilerooms.games.mahjong.tiles import NORTH, TERMINAL_HONOR_KINDS


def legal_discards(state: dict[str, Any], seat: int) -> list[int]:
    """Tiles the seat may discard now: after riichi only the drawn tile; after a call no kuikae."""
    h = state["hand"]
    if h["turn"] != seat or h["stage"] not in ("afterDraw", "afterCall"):
        return []
    riichi = h["riichi"][seat]
    if riichi is not None and h["stage"] == "afterDraw":
        return [h["drawn"][seat]] if h["drawn"][seat] is not None else []
    banned = set(h["kuikae"]) if h["stage"] == "afterCall" else set()
    return [t for t in h["closed"][seat] if (t >> 2) not in banned]


def kan_room(state: dict[str, Any]) -> bool:
    """Spec 5.2: a kan needs a tile left in the live wall (no kan on the haitei) and < 4 kans."""
    h = state["hand"]
    return bool(h["live"]) and h["kan_count"] < MAX_KANS


def ankan_kinds(state: dict[str, Any], seat: int) -> list[int]:
    """Kinds the seat may declare a closed kan of now (after riichi only if the reading stays)."""
    h = state["hand"]
    if h["turn"] != seat or h["stage"] != "afterDraw" or not kan_room(state):
        return []
    counts: dict[int, int] = {}
    for t in h["closed"][seat]:
        counts[t >> 2] = counts.get(t >> 2, 0) + 1
    kinds = sorted(k for k, c in counts.items() if c == 4)
    if h["riichi"][seat] is not None:
        kinds = [k for k in kinds if riichi_ankan_ok(state, seat, k)]
    return kinds


def kakan_tiles(state: dict[str, Any], seat: int) -> list[int]:
    """Hand tiles that can upgrade one of the seat's pons to a kan now."""
    h = state["hand"]
    if h["turn"] != seat or h["stage"] != "afterDraw" or not kan_room(state) or h["riichi"][seat] is not None:
        return []
    pons = {m["tiles"][0] >> 2 for m in h["melds"][seat] if m["type"] == "pon"}
    return [t for t in h["closed"][seat] if (t >> 2) in pons]


def can_kita(state: dict[str, Any], seat: int) -> bool:
    """Sanma 북 뽑기 (spec 5.7): own turn after a draw, a north in hand, a live tile left."""
    h = state["hand"]
    if not is_sanma(state) or h["turn"] != seat or h["stage"] != "afterDraw" or not h["live"]:
        return False
    if not any(t >> 2 == NORTH for t in h["closed"][seat]):
        return False
    return h["riichi"][seat] is None or riichi_kita_ok(state, seat)


def kita_tile(state: dict[str, Any], seat: int) -> int:
    """The north that kita sets aside: the drawn one when it is a north, else the first in hand."""
    h = state["hand"]
    drawn: int | None = h["drawn"][seat]
    if drawn is not None and drawn >> 2 == NORTH:
        return drawn
    closed: list[int] = h["closed"][seat]
    return next(t for t in closed if t >> 2 == NORTH)


def can_kyuushu(state: dict[str, Any], seat: int) -> bool:
    """Spec 5.8: first go-around, no call yet, own first draw, 9+ kinds of terminals and honors."""
    h = state["hand"]
    if not state["options"]["abortiveDraws"] or h["turn"] != seat or h["stage"] != "afterDraw":
        return False
    if not h["first_round_clean"] or h["discards"][seat] or h["rinshan_draw"]:
        return False
    return len({t >> 2 for t in h["closed"][seat]} & TERMINAL_HONOR_KINDS) >= 9
