"""Exhaustive draw (황패유국, spec 5.8): tenpai payments, nagashi mangan, dealer continuation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tilerooms.games.mahjong.payments import MANGAN, tsumo_amounts
from tilerooms.games.mahjong.tiles import TERMINAL_HONOR_KINDS, parse_tiles


def tenpai_payments(tenpai: Sequence[bool], options: Mapping[str, Any] | None = None) -> list[int]:
    """Noten payments: a pool of 3000 (4-player) or `sanmaNotenPool` (sanma), spec 5.7 / 5.8.

    The noten seats pay the pool in equal shares and the tenpai seats receive it in equal shares;
    nobody tenpai or everybody tenpai moves nothing. 4-player: 1 tenpai = +3000 / −1000 ×3,
    2 = +1500 ×2 / −1500 ×2, 3 = +1000 ×3 / −3000.
    """
    players = len(tenpai)
    pool = 3000 if players == 4 else int((options or {}).get("sanmaNotenPool", 2000))
    n_tenpai = sum(1 for t in tenpai if t)
    if n_tenpai in (0, players):
        return [0] * players
    receive, pay = pool // n_tenpai, pool // (players - n_tenpai)
    return [receive if t else -pay for t in tenpai]


def is_nagashi_mangan(discards: str, *, any_called: bool) -> bool:
    """Spec 5.8: every discard is a terminal or honor and none of them was called by another player.

    `discards` is the seat's whole discard row in notation (called tiles included); a seat with no
    discard at all does not qualify.
    """
    tiles = parse_tiles(discards)
    return bool(tiles) and not any_called and all(t.kind in TERMINAL_HONOR_KINDS for t in tiles)


def nagashi_mangan_payments(seat: int, *, dealer: int, players: int = 4, options: Mapping[str, Any] | None = None) -> list[int]:
    """What one nagashi mangan collects: a mangan tsumo without honba (dealer 4000 all, else
    2000/4000); in sanma the `sanmaTsumo` rule applies as for any tsumo."""
    dealer_pays, child_pays = tsumo_amounts(MANGAN, seat == dealer, players=players, options=options)
    deltas = [0] * players
    for other in range(players):
        if other != seat:
            amount = dealer_pays if other == dealer else child_pays
            deltas[other] -= amount
            deltas[seat] += amount
    return deltas


@dataclass(frozen=True)
class DrawResult:
    """Outcome of an exhaustive draw: seat deltas, nagashi winners, and whether the dealer stays."""

    deltas: list[int]
    nagashi: list[int]
    dealer_continues: bool


def settle_exhaustive_draw(
    tenpai: Sequence[bool],
    *,
    dealer: int,
    nagashi: Sequence[int] = (),
    options: Mapping[str, Any] | None = None,
) -> DrawResult:
    """Settle a 황패유국 (spec 5.8, 5.9).

    With `nagashiMangan` on and at least one qualifying seat in `nagashi`, each of them collects a
    mangan tsumo and no tenpai payment is made; otherwise the noten payments apply. Honba do not
    apply to either. The dealer continues when tenpai (never when `renchanOn="agari"`).
    """
    options = options or {}
    players = len(tenpai)
    deltas = [0] * players
    winners = list(nagashi) if options.get("nagashiMangan", True) else []
    if winners:
        for seat in winners:
            deltas = [a + b for a, b in zip(deltas, nagashi_mangan_payments(seat, dealer=dealer, players=players, options=options))]
    else:
        deltas = tenpai_payments(tenpai, options)
    continues = bool(tenpai[dealer]) and options.get("renchanOn", "tenpai") == "tenpai"
    return DrawResult(deltas, winners, continues)
