"""A seat's hand inside a game: waits, furiten, tenpai and the value of a win (spec 5.5, 5.6, §6).

Bridges the engine state (136-ids) to the scoring core (`hand.evaluate_win`, notation strings).
"""

from __future__ import annotations

from typing import Any

from tilerooms.games.mahjong.hand import WinResult, evaluate_win
from tilerooms.games.mahjong.shape import complete, counts_of, wait_kinds
from tilerooms.games.mahjong.state import n_players, scoring_options
from tilerooms.games.mahjong.tiles import TERMINAL_HONOR_KINDS, ids_to_string

KAN_TYPES = ("daiminkan", "kakan", "ankan")


def seat_wind(state: dict[str, Any], seat: int) -> int:
    """0 = 동 … (spec 4.4: the dealer is east, then counter-clockwise)."""
    dealer: int = state["dealer"]
    return (seat - dealer) % n_players(state)


def held_counts(hand: dict[str, Any], seat: int) -> list[int]:
    """Kind counts of a seat's melds and kita (for the four-held rule, spec 5.5)."""
    counts = counts_of(t for m in hand["melds"][seat] for t in m["tiles"])
    for t in hand["kita"][seat]:
        counts[t >> 2] += 1
    return counts


def waits_of(hand: dict[str, Any], seat: int, closed: list[int] | None = None) -> frozenset[int]:
    """Wait kinds of a seat's 13-tile (waiting) closed part, shape only."""
    tiles = hand["closed"][seat] if closed is None else closed
    return wait_kinds(tuple(counts_of(tiles)), tuple(held_counts(hand, seat)), len(hand["melds"][seat]))


def completes_kokushi(hand: dict[str, Any], seat: int, kind: int) -> bool:
    """Whether `kind` completes a kokushi musou shape (13 orphans + one pair) in the seat's closed
    hand: the only hand that may ron an ankan's tile (spec 5.2, 5.3 step 1)."""
    if hand["melds"][seat]:
        return False
    counts = counts_of(hand["closed"][seat])
    counts[kind] += 1
    return sum(counts) == 14 and all(counts[k] for k in TERMINAL_HONOR_KINDS) and all(counts[k] == 0 for k in range(34) if k not in TERMINAL_HONOR_KINDS)


def is_tenpai(hand: dict[str, Any], seat: int) -> bool:
    """Formal tenpai (spec 5.8: yaku not needed; a four-held wait is no wait)."""
    return bool(waits_of(hand, seat))


def is_menzen(hand: dict[str, Any], seat: int) -> bool:
    """No chi, pon, daiminkan or kakan (ankan keeps the hand closed, spec 6.2)."""
    return all(m["type"] == "ankan" for m in hand["melds"][seat])


def in_furiten(hand: dict[str, Any], seat: int) -> bool:
    """Spec 5.5: own-discard furiten (called discards too), same-turn or riichi furiten."""
    if hand["furiten_temp"][seat] or hand["furiten_riichi"][seat]:
        return True
    waits = waits_of(hand, seat)
    return any((d["tile"] >> 2) in waits for d in hand["discards"][seat])


def _melds_notation(hand: dict[str, Any], seat: int) -> list[dict[str, str]]:
    return [{"type": m["type"], "tiles": ids_to_string(m["tiles"])} for m in hand["melds"][seat]]


def evaluate(
    state: dict[str, Any],
    seat: int,
    win_tile: int,
    *,
    tsumo: bool,
    chankan: bool = False,
    reveal_pending: bool = False,
) -> WinResult | None:
    """Value of `seat` winning on `win_tile` now (tsumo: the tile is already in hand), or None.

    Flags come from the state: riichi / double / ippatsu, rinshan, haitei / houtei, tenhou /
    chiihou, revealed dora (ura for riichi), kita, honba and sticks.
    """
    h = state["hand"]
    closed = list(h["closed"][seat]) if tsumo else h["closed"][seat] + [win_tile]
    riichi = h["riichi"][seat]
    established = bool(riichi and riichi["established"])
    no_live = not h["live"]
    clean_first = h["first_round_clean"] and not h["discards"][seat] and tsumo and not h["rinshan_draw"]
    dealer = seat == state["dealer"]
    revealed = h["dora_revealed"] + (h["pending_kan_dora"] if reveal_pending else 0)
    return evaluate_win(
        ids_to_string(closed),
        ids_to_string([win_tile]),
        melds=_melds_notation(h, seat),
        tsumo=tsumo,
        seat_wind=seat_wind(state, seat),
        round_wind=state["round_wind"],
        dealer=dealer,
        riichi=established and not riichi["double"],
        double_riichi=established and riichi["double"],
        ippatsu=established and riichi["ippatsu"],
        rinshan=tsumo and h["rinshan_draw"],
        chankan=chankan,
        haitei=tsumo and no_live and not h["rinshan_draw"],
        houtei=not tsumo and no_live and not chankan,
        tenhou=clean_first and dealer,
        chiihou=clean_first and not dealer,
        dora_indicators=ids_to_string(h["dora"][:revealed]),
        ura_indicators=ids_to_string(h["ura"][:revealed]) if established else "",
        kita=len(h["kita"][seat]),
        honba=state["honba"],
        riichi_sticks=state["riichi_pool"] // 1000,
        options=scoring_options(state),
        players=n_players(state),
    )


def can_tsumo(state: dict[str, Any], seat: int) -> WinResult | None:
    """The tsumo value when the seat's 14 tiles win with a yaku (spec 5.6), else None."""
    h = state["hand"]
    drawn = h["drawn"][seat]
    if drawn is None or h["stage"] != "afterDraw" or h["turn"] != seat:
        return None
    closed = h["closed"][seat]
    if not complete(tuple(counts_of(closed)), len(h["melds"][seat])):
        return None
    return evaluate(state, seat, drawn, tsumo=True)


def ron_value(state: dict[str, Any], seat: int, tile: int, *, chankan: bool = False, kokushi_only: bool = False) -> WinResult | None:
    """The ron value for `seat` on `tile` ignoring furiten, or None (no shape or no yaku)."""
    h = state["hand"]
    if (tile >> 2) not in waits_of(h, seat):
        return None
    result = evaluate(state, seat, tile, tsumo=False, chankan=chankan)
    if result is not None and kokushi_only and not any(name.startswith("국사") for name in result.yaku_names):
        return None
    return result


def result_record(result: WinResult) -> dict[str, Any]:
    """The JSON part of a WinResult kept in the hand record."""
    return {
        "han": result.han,
        "fu": result.fu,
        "yaku": [[name, han] for name, han in result.yaku],
        "yakuman_multiplier": result.yakuman_multiplier,
        "limit": result.limit,
        "base_points": result.base_points,
    }
