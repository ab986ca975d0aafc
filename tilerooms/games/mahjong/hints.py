"""Beginner-mode computations (spec §7.1) from one viewer's own `view` only.

Everything here reads the dict `view.view(state, viewer)` returns for a seated viewer: their own
hand, drawn tile and furiten flags (`me`), and the public tiles — every pond, meld, kita and
revealed dora indicator. Never another hand, the wall or the dead wall (spec §7.1 last line: "다른
사람 손패나 패산 정보는 쓰지 않는다"); the view does not even hold them.

Tiles arrive as view tokens ``"<id>:<notation>"`` (``"52:0p"`` is the red 5p); kinds are 0..33
(spec 8.1). Turning the answers into text and rows is `state/mahjong_view.py`'s job.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

from tilerooms.games.mahjong.hand import WinResult, evaluate_win
from tilerooms.games.mahjong.shape import shanten_of, wait_kinds
from tilerooms.games.mahjong.tiles import kinds_to_string, parse_tile

WIND_INDEX = {"동": 0, "남": 1, "서": 2, "북": 3}
# spec 5.6: dora, red fives and kita are no yaku, so a yaku hint never names them
DORA_NAMES = frozenset({"도라", "적도라", "우라도라", "북도라"})


@dataclass(frozen=True)
class DiscardHint:
    """What discarding one kind leaves (spec §7.1 텐파이 유지 타패): the waits, the copies of them
    this viewer cannot see, and whether that waiting hand would be furiten."""

    waits: tuple[int, ...]
    unseen: int
    furiten: bool


@dataclass(frozen=True)
class YakuHint:
    """Spec §7.1 역 힌트 for one waiting hand: the yaku of its best ron (dora left out), or of
    its best tsumo when no ron has a yaku; `ron` / `tsumo`: some wait wins that way with a yaku."""

    yaku: tuple[str, ...]
    ron: bool
    tsumo: bool


# --- tokens ------------------------------------------------------------------------------------


def token_notation(token: str) -> str:
    """The notation part of a view token (``"52:0p"`` → ``"0p"``; plain notation is kept)."""
    return token.split(":", 1)[1] if ":" in token else token


@lru_cache(maxsize=1024)  # a few hundred distinct tokens ("52:0p"), read for every push's rows
def token_kind(token: str) -> int:
    """The kind (0..33) of a view token: red fives are fives."""
    return parse_tile(token_notation(token)).kind


def notation_of(tokens: Iterable[str]) -> str:
    """The tokens as one notation string (``["1:1m", "5:2m"]`` → ``"1m2m"``)."""
    return "".join(token_notation(t) for t in tokens)


def kind_counts(tokens: Iterable[str]) -> list[int]:
    """A 34-long count list of the tokens' kinds."""
    counts = [0] * 34
    for t in tokens:
        counts[token_kind(t)] += 1
    return counts


# --- what the viewer holds and sees ------------------------------------------------------------


def _me(view: dict[str, Any]) -> dict[str, Any]:
    return view.get("me") or {}


def _my_seat(view: dict[str, Any]) -> dict[str, Any]:
    return cast(dict[str, Any], view["players"][view["seat"]])


def own_tiles(view: dict[str, Any]) -> list[str]:
    """The viewer's closed tiles: the hand, then the drawn tile when there is one."""
    me = _me(view)
    drawn = me.get("drawn")
    return list(me.get("hand") or []) + ([drawn] if drawn else [])


def held_counts(view: dict[str, Any]) -> list[int]:
    """Kind counts of the viewer's melds and kita (spec 5.5: a wait held four times is no wait)."""
    seat = _my_seat(view)
    return kind_counts([t for m in seat["melds"] for t in m["tiles"]] + list(seat.get("kita") or []))


def own_discard_kinds(view: dict[str, Any]) -> set[int]:
    """Kinds in the viewer's own pond, called ones included (spec 5.5 버림패 후리텐)."""
    return {token_kind(d["tile"]) for d in _my_seat(view)["discards"]}


def visible_counts(view: dict[str, Any]) -> list[int]:
    """How many of each kind this viewer can see: own hand, every pond, meld, kita and revealed
    dora indicator (spec §7.1 남은 장수: "내가 볼 수 있는 정보로만 계산")."""
    tokens = own_tiles(view) + list(view.get("doraIndicators") or [])
    for p in view["players"]:
        tokens += [d["tile"] for d in p["discards"] if not d["called"]]  # a called tile sits in a meld
        tokens += [t for m in p["melds"] for t in m["tiles"]]
        tokens += list(p.get("kita") or [])
    return kind_counts(tokens)


def hand_waits(closed: Sequence[str], melds: Sequence[dict[str, Any]], kita: Iterable[str] = ()) -> list[int]:
    """Wait kinds (sorted) of a 3n+1-tile closed part with these (view) melds and kita, shape only
    (spec 5.5 and 5.8: yaku do not matter for tenpai and furiten; four held is no wait); [] when
    it is not tenpai. Any public or own hand: a tenpai hand shown after a draw, the viewer's."""
    held = kind_counts([t for m in melds for t in m["tiles"]] + list(kita))
    return sorted(wait_kinds(tuple(kind_counts(closed)), tuple(held), len(melds)))


def waits_for(closed: Sequence[str], view: dict[str, Any]) -> list[int]:
    """`hand_waits` of a closed part of the viewer's with the viewer's own melds and kita."""
    seat = _my_seat(view)
    return hand_waits(closed, seat["melds"], seat.get("kita") or [])


def waiting_hand(view: dict[str, Any]) -> list[str] | None:
    """The viewer's waiting (3n+1) closed part: the hand itself between turns, the hand without
    the drawn tile on the viewer's own draw (what they waited on until this draw); None right
    after a call (3n+2 tiles, nothing drawn) or for a spectator."""
    if view.get("seat") is None or not view.get("me"):
        return None
    me = _me(view)
    hand = list(me.get("hand") or [])
    if len(hand) % 3 == 1:
        return hand
    return None


def current_waits(view: dict[str, Any]) -> list[int]:
    """The viewer's waits as the hand stands between turns (13-tile equivalent); [] on the
    viewer's own turn or when not tenpai — the same kinds as the view's own ``me.waits``."""
    me = _me(view)
    hand = list(me.get("hand") or [])
    if view.get("seat") is None or me.get("drawn") or len(hand) % 3 != 1:
        return []
    return waits_for(hand, view)


# --- furiten (spec 5.5, the §7.1 badge) -----------------------------------------------------------


def is_furiten(view: dict[str, Any]) -> bool:
    """Whether the viewer is furiten now (spec §7.1 badge "후리텐: 론 불가, 쯔모만 가능").

    - 동순 후리텐 (a winning tile passed since the viewer's last discard) and 리치 후 후리텐 come
      from the own view's flags ``furitenTemp`` / ``furitenRiichi``: they last until the next own
      discard / the end of the hand, the viewer's own turn included;
    - 버림패 후리텐: a wait of the waiting hand (see `waiting_hand`) is in the viewer's own pond.
    """
    me = _me(view)
    if view.get("seat") is None or not me:
        return False
    if me.get("furitenTemp") or me.get("furitenRiichi") or me.get("furiten"):
        return True
    hand = waiting_hand(view)
    if hand is None:
        return False
    return bool(set(waits_for(hand, view)) & own_discard_kinds(view))


# --- tenpai-keeping discards (spec §7.1) ---------------------------------------------------------


def discard_hints(view: dict[str, Any]) -> dict[int, DiscardHint]:
    """For each kind in the viewer's 3n+2 closed tiles whose discard leaves the hand tenpai: its
    waits, the unseen copies of them (4 − visible; the discarded tile stays visible in the pond)
    and whether that hand would be furiten (a wait among the own discards, this one included, or
    riichi furiten). Empty when the viewer holds no 3n+2 tiles."""
    tiles = own_tiles(view)
    if view.get("seat") is None or len(tiles) % 3 != 2:
        return {}
    counts = kind_counts(tiles)
    n_melds = len(_my_seat(view)["melds"])
    if shanten_of(counts, n_melds) > 0:  # no discard leaves it tenpai: skip 34 shape checks per kind
        return {}
    held = tuple(held_counts(view))
    visible = visible_counts(view)
    discarded = own_discard_kinds(view)
    riichi_furiten = bool(_me(view).get("furitenRiichi"))
    out: dict[int, DiscardHint] = {}
    for k in range(34):
        if not counts[k]:
            continue
        counts[k] -= 1
        waits = sorted(wait_kinds(tuple(counts), held, n_melds))
        counts[k] += 1
        if waits:
            unseen = sum(max(0, 4 - visible[w]) for w in waits)
            furiten = riichi_furiten or bool(set(waits) & (discarded | {k}))  # spec 5.5: my own discard
            out[k] = DiscardHint(tuple(waits), unseen, furiten)
    return out


# --- yaku hints (spec §7.1 역 힌트) ---------------------------------------------------------------


def win_context(view: dict[str, Any]) -> dict[str, Any]:
    """The public facts of a win for the viewer: seat and round wind, dealer, riichi, players,
    scoring options (no dora: a hint names yaku, and dora are none)."""
    me = _my_seat(view)
    return {
        "seat_wind": WIND_INDEX.get(me["wind"], 0),
        "round_wind": WIND_INDEX.get(view["round"]["wind"], 0),
        "dealer": bool(me["dealer"]),
        "riichi": bool(me["riichi"]),
        "players": len(view["players"]),
        "options": {k: v for k, v in (view.get("options") or {}).items() if k not in ("gameSeconds",)},
    }


def yaku_hint(view: dict[str, Any], closed: Sequence[str], waits: Iterable[int]) -> YakuHint:
    """The yaku a waiting closed part (3n+1 tokens, with the viewer's melds) would win with: the
    best ron among `waits`, else the best tsumo (spec 5.6: no yaku, no win — "역 없음")."""
    ctx = win_context(view)
    melds = [{"type": m["type"], "tiles": notation_of(m["tiles"])} for m in _my_seat(view)["melds"]]
    hand = notation_of(closed)

    def value(kind: int, tsumo: bool) -> WinResult | None:
        tile = kinds_to_string([kind])
        try:
            return evaluate_win(hand + tile, tile, melds=melds, tsumo=tsumo, **ctx)
        except (ValueError, KeyError):
            return None

    def names(result: WinResult) -> tuple[str, ...]:
        return tuple(name for name, _ in result.yaku if name not in DORA_NAMES)

    kinds = list(waits)
    rons = [r for r in (value(k, False) for k in kinds) if r is not None]
    if rons:
        return YakuHint(names(max(rons, key=lambda r: r.han)), ron=True, tsumo=True)
    tsumos = [r for r in (value(k, True) for k in kinds) if r is not None]
    if tsumos:
        return YakuHint(names(max(tsumos, key=lambda r: r.han)), ron=False, tsumo=True)
    return YakuHint((), ron=False, tsumo=False)
