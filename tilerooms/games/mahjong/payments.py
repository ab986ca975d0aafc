"""Points: base points (§6.4), the ron / tsumo split, honba and riichi sticks (§5.9), sanma payments
(§5.7), pao (§6.5) and multi-ron settlement with head bump (§5.3, §5.9, §6.6 example 5).

Everything here is a pure function of numbers and seats. Seat-level functions return a *delta list*
(one signed change per seat, summing to the riichi sticks the winner collects from the table, since
sticks were already taken from the declarers when they were put down).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tilerooms.games.mahjong.tiles import DRAGON_KINDS, WIND_KINDS
from tilerooms.games.mahjong.yaku_names import PAO_YAKUMAN

MANGAN = 2000
HANEMAN = 3000
BAIMAN = 4000
SANBAIMAN = 6000
YAKUMAN = 8000
RIICHI_STICK = 1000


def ceil100(points: float) -> int:
    """Round up to the next multiple of 100 (spec 6.4: every payment is rounded up)."""
    return int(-(-points // 100) * 100)


def limit_level(han: int, fu: int, yakuman_multiplier: int, options: Mapping[str, Any]) -> str:
    """The limit tier of a hand: "" (below mangan), mangan, haneman, baiman, sanbaiman, kazoe, yakuman."""
    if yakuman_multiplier > 0:
        return "yakuman"
    if han >= 13:
        return "kazoe" if options.get("kazoeYakuman", True) else "sanbaiman"
    if han >= 11:
        return "sanbaiman"
    if han >= 8:
        return "baiman"
    if han >= 6:
        return "haneman"
    if han >= 5:
        return "mangan"
    if fu * 2 ** (han + 2) > MANGAN:
        return "mangan"  # spec 6.4: 3 han 70+ / 4 han 40+
    if options.get("kiriageMangan", False) and (han, fu) in ((4, 30), (3, 60)):
        return "mangan"
    return ""


def base_points(han: int, fu: int, yakuman_multiplier: int = 0, options: Mapping[str, Any] | None = None) -> int:
    """Spec 6.4: ``fu × 2^(han+2)`` capped at mangan; limits by han; yakuman 8000 × multiplier."""
    options = options or {}
    level = limit_level(han, fu, yakuman_multiplier, options)
    if level == "yakuman":
        return YAKUMAN * yakuman_multiplier
    values: dict[str, int] = {
        "": fu * 2 ** (han + 2),
        "mangan": MANGAN,
        "haneman": HANEMAN,
        "baiman": BAIMAN,
        "sanbaiman": SANBAIMAN,
        "kazoe": YAKUMAN,
    }
    return values[level]


def ron_amount(base: int, winner_is_dealer: bool) -> int:
    """What the discarder pays (spec 6.4): base × 6 for the dealer, × 4 otherwise, rounded up."""
    return ceil100(base * (6 if winner_is_dealer else 4))


def tsumo_amounts(
    base: int,
    winner_is_dealer: bool,
    *,
    players: int = 4,
    options: Mapping[str, Any] | None = None,
) -> tuple[int, int]:
    """``(dealer pays, each non-dealer pays)`` for a tsumo, without honba.

    Dealer winner: ``(0, base × 2)``. Non-dealer winner: ``(base × 2, base × 1)``. In sanma
    (spec 5.7) `sanmaTsumo="tsumoLoss"` keeps these 4-player amounts (north's share is simply not
    paid); "northBisection" adds half of north's share to each remaining payer, rounded up.
    """
    if winner_is_dealer:
        dealer_pays, child_pays = 0, ceil100(base * 2)
        north_share = child_pays
    else:
        dealer_pays, child_pays = ceil100(base * 2), ceil100(base)
        north_share = child_pays
    if players == 3 and (options or {}).get("sanmaTsumo", "tsumoLoss") == "northBisection":
        half = north_share / 2
        child_pays = ceil100(child_pays + half)
        if not winner_is_dealer:
            dealer_pays = ceil100(dealer_pays + half)
    return dealer_pays, child_pays


def honba_total(honba: int, players: int = 4, options: Mapping[str, Any] | None = None) -> int:
    """All honba points of one win: 300 each in 4-player (5.9), `sanmaHonba` each in sanma (5.7)."""
    per = 300 if players == 4 else int((options or {}).get("sanmaHonba", 200))
    return per * honba


def honba_per_tsumo_payer(honba: int, players: int = 4, options: Mapping[str, Any] | None = None) -> int:
    """Honba paid by each payer of a tsumo: 100 × honba (4-player), half of `sanmaHonba` (sanma)."""
    total = honba_total(honba, players, options)
    return total // (players - 1) if players == 4 else total // 2


@dataclass(frozen=True)
class HandPayments:
    """The money of one win seen from the winner: who pays what (honba included) and the total."""

    payments: dict[str, int]
    total: int
    honba_bonus: int
    sticks_bonus: int


def hand_payments(
    base: int,
    *,
    winner_is_dealer: bool,
    tsumo: bool,
    players: int = 4,
    honba: int = 0,
    riichi_sticks: int = 0,
    options: Mapping[str, Any] | None = None,
) -> HandPayments:
    """Payments of a win by role (evaluate_win's ``.payments`` / ``.total``).

    Ron: ``{"from_discarder": n}``. Tsumo: ``{"dealer": n, "non_dealer": n}`` where ``non_dealer``
    is what *each* non-dealer payer pays and ``dealer`` is 0 when the winner is the dealer. Honba
    are included in these amounts; ``total`` also adds the riichi sticks on the table.
    """
    sticks = riichi_sticks * RIICHI_STICK
    if not tsumo:
        honba_pts = honba_total(honba, players, options)
        pay = ron_amount(base, winner_is_dealer) + honba_pts
        return HandPayments({"from_discarder": pay}, pay + sticks, honba_pts, sticks)
    dealer_pays, child_pays = tsumo_amounts(base, winner_is_dealer, players=players, options=options)
    per = honba_per_tsumo_payer(honba, players, options)
    n_children = players - 1 if winner_is_dealer else players - 2
    payments = {"dealer": 0 if winner_is_dealer else dealer_pays + per, "non_dealer": child_pays + per}
    total = payments["dealer"] + n_children * payments["non_dealer"]
    return HandPayments(payments, total + sticks, per * (players - 1), sticks)


@dataclass(frozen=True)
class Pao:
    """Liability for a pao yakuman (spec 6.5): the feeding seat and the base points it covers."""

    liable: int
    base: int  # 8000 × that yakuman's multiplier (대삼원 1, 대사희 2 with doubleYakuman)


def settle_win(
    *,
    players: int,
    dealer: int,
    winner: int,
    base: int,
    tsumo: bool,
    discarder: int | None = None,
    honba: int = 0,
    riichi_sticks: int = 0,
    pao: Pao | None = None,
    options: Mapping[str, Any] | None = None,
) -> list[int]:
    """Seat deltas of one win, pao included (spec 6.4, 5.9, 6.5).

    Pao tsumo: the liable seat pays the pao yakuman's part in full (as a ron) and all honba; any
    other yakuman part is a normal tsumo. Pao ron by another seat: discarder and liable seat each pay
    half of the pao part; the discarder pays the rest and the honba (spec 6.5 charges honba to the
    discarder — Tenhou would charge the liable seat; we follow the spec).
    """
    deltas = [0] * players
    win_dealer = winner == dealer

    def pay(seat: int, amount: int) -> None:
        deltas[seat] -= amount
        deltas[winner] += amount

    if not tsumo and discarder is None:
        raise ValueError("a ron needs a discarder")
    if options is not None and not options.get("pao", True):
        pao = None
    pao_base = pao.base if pao is not None and pao.liable != winner else 0
    if pao is not None and not tsumo and pao.liable == discarder:
        pao_base = 0  # the feeder dealt in himself: a plain ron
    rest = base - pao_base

    if tsumo:
        if pao_base and pao is not None:  # pao_base > 0 only with a pao
            pay(pao.liable, ron_amount(pao_base, win_dealer) + honba_total(honba, players, options))
        if rest > 0:
            dealer_pays, child_pays = tsumo_amounts(rest, win_dealer, players=players, options=options)
            per = 0 if pao_base else honba_per_tsumo_payer(honba, players, options)
            for seat in range(players):
                if seat != winner:
                    pay(seat, (dealer_pays if seat == dealer else child_pays) + per)
    else:
        assert discarder is not None
        if pao_base and pao is not None:
            half = ron_amount(pao_base, win_dealer) // 2
            pay(pao.liable, half)
            pay(discarder, half)
        if rest > 0:
            pay(discarder, ron_amount(rest, win_dealer))
        pay(discarder, honba_total(honba, players, options))
    deltas[winner] += riichi_sticks * RIICHI_STICK
    return deltas


def pao_base_points(yaku: Sequence[tuple[str, int]]) -> int:
    """Base points of the pao yakuman in a result's ``yaku`` list (대삼원 / 대사희; 13 han = 8000)."""
    return sum(han for name, han in yaku if name in PAO_YAKUMAN) // 13 * YAKUMAN


def pao_trigger(meld_kinds: Sequence[int], called_kind: int) -> str | None:
    """Does calling `called_kind` by pon / daiminkan complete a pao shape (spec 6.5)?

    `meld_kinds` are the kinds of the caller's existing pon / kan melds (ankan included). Returns
    ``"daisangen"`` for the third dragon triplet, ``"daisuushii"`` for the fourth wind triplet.
    """
    kinds = set(meld_kinds) | {called_kind}
    if called_kind in DRAGON_KINDS and all(k in kinds for k in DRAGON_KINDS):
        return "daisangen"
    if called_kind in WIND_KINDS and all(k in kinds for k in WIND_KINDS):
        return "daisuushii"
    return None


def seats_from(discarder: int, seats: Sequence[int], players: int) -> list[int]:
    """`seats` ordered by turn order after `discarder` (the head-bump order, spec 5.3)."""
    return sorted(seats, key=lambda s: (s - discarder) % players)


@dataclass(frozen=True)
class RonClaim:
    """One ron in a (possibly multiple) ron: the winner's seat, base points and pao, if any."""

    seat: int
    base: int
    pao: Pao | None = None


@dataclass(frozen=True)
class RonSettlement:
    """Outcome of the rons on one discard: who won (head-bump order), seat deltas, or an abort."""

    winners: list[int]
    deltas: list[int]
    bonus_seat: int | None  # takes honba and riichi sticks
    aborted: bool = False  # 삼가화 (tripleRon=abort)
    per_winner: dict[int, list[int]] = field(default_factory=dict)


def settle_rons(
    claims: Sequence[RonClaim],
    *,
    players: int,
    dealer: int,
    discarder: int,
    honba: int = 0,
    riichi_sticks: int = 0,
    options: Mapping[str, Any] | None = None,
) -> RonSettlement:
    """Settle one, two or three rons on the same tile (spec 5.3 step 5, 5.9, 6.6 example 5).

    Two rons: `doubleRon="allow"` pays both, `"headBump"` only the winner nearest after the
    discarder. Three rons: `tripleRon="abort"` is 삼가화 (no payment), `"allow"` pays all. Honba and
    riichi sticks go only to the nearest winner; the discarder pays each winner's hand separately.
    """
    options = options or {}
    if not claims:
        raise ValueError("no ron to settle")
    by_seat = {c.seat: c for c in claims}
    order = seats_from(discarder, list(by_seat), players)
    if len(order) == 3 and options.get("tripleRon", "abort") == "abort":
        return RonSettlement([], [0] * players, None, aborted=True)
    if len(order) == 2 and options.get("doubleRon", "allow") == "headBump":
        order = order[:1]
    deltas = [0] * players
    per_winner: dict[int, list[int]] = {}
    for i, seat in enumerate(order):
        claim = by_seat[seat]
        d = settle_win(
            players=players,
            dealer=dealer,
            winner=seat,
            base=claim.base,
            tsumo=False,
            discarder=discarder,
            honba=honba if i == 0 else 0,
            riichi_sticks=riichi_sticks if i == 0 else 0,
            pao=claim.pao,
            options=options,
        )
        per_winner[seat] = d
        deltas = [a + b for a, b in zip(deltas, d)]
    return RonSettlement(order, deltas, order[0], per_winner=per_winner)
