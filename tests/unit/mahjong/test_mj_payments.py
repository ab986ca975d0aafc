"""Payments: §6.6 examples, honba and sticks, sanma, pao (6.5), double / triple ron (5.3, 5.9)."""

from __future__ import annotations

from functools import partial

import pytest

from tilerooms.games.mahjong.hand import evaluate_win
from tilerooms.games.mahjong.payments import (
    Pao,
    RonClaim,
    base_points,
    hand_payments,
    pao_base_points,
    pao_trigger,
    settle_rons,
    settle_win,
)

child_ron = partial(evaluate_win, tsumo=False, seat_wind=1, round_wind=0, dealer=False)


# --- spec 6.6 examples


def test_example1_pinfu_ron_1000_and_1300_with_one_honba() -> None:
    # 234m 567p 789s 22s 45p + 3p (양면)
    r = child_ron("234m567p789s22s45p3p", "3p")
    assert r is not None and r.yaku_names == ["핑후"] and r.fu == 30 and r.total == 1000
    r1 = child_ron("234m567p789s22s45p3p", "3p", honba=1)
    assert r1 is not None and r1.payments == {"from_discarder": 1300} and r1.total == 1300


def test_example2_dealer_tsumo_3900_all() -> None:
    r = evaluate_win("23455m444p678s234s", "3s", tsumo=True, seat_wind=0, round_wind=0, dealer=True, riichi=True, dora_indicators="1m")
    assert r is not None and (r.han, r.fu) == (4, 30) and r.payments["non_dealer"] == 3900 and r.total == 11700


def test_example3_open_honitsu_haku_dora2_is_mangan() -> None:
    # pon 555z (백), chi 234m, closed 34m 678m 99m + 5m; dora: 4m -> 5m, 7m -> 8m
    r = evaluate_win(
        "34m678m99m5m",
        "5m",
        melds=[{"type": "pon", "tiles": "555z"}, {"type": "chi", "tiles": "234m"}],
        tsumo=False,
        seat_wind=2,
        round_wind=0,
        dealer=False,
        dora_indicators="4m7m",
    )
    assert r is not None
    assert sorted(r.yaku) == sorted([("혼일색", 2), ("역패: 백", 1), ("도라", 2)])
    assert r.han == 5 and r.limit == "만관" and r.total == 8000


@pytest.mark.parametrize(("dora", "han", "total"), [("3z", 5, 8000), ("", 3, 3200)])
def test_example4_chiitoitsu_riichi(dora: str, han: int, total: int) -> None:
    r = child_ron("1133m5577p2299s44z", "4z", riichi=True, dora_indicators=dora)
    assert r is not None and r.han == han and r.total == total


def test_example5_double_ron() -> None:
    # dealer seat 0; seat 1 deals in; seat 2 (child, 3900) and seat 0 (dealer, 12000) ron.
    child = base_points(3, 30)  # 3900 ron
    out = settle_rons([RonClaim(0, 2000), RonClaim(2, child)], players=4, dealer=0, discarder=1, honba=1, riichi_sticks=1)
    assert out.winners == [2, 0] and out.bonus_seat == 2  # seat 2 comes first after seat 1
    assert out.deltas == [12000, -(3900 + 12000 + 300), 3900 + 300 + 1000, 0]


def test_example6_sanma_tsumo_loss_6000() -> None:
    # 리치 + 멘젠쯔모 + 도라 3 (9s -> 11s, 3p -> 4p) = 5 han
    r = evaluate_win("123p456p789s222p11s", "1s", tsumo=True, seat_wind=1, round_wind=0, dealer=False, riichi=True, dora_indicators="9s3p", players=3)
    assert r is not None and r.limit == "만관"
    assert r.payments == {"dealer": 4000, "non_dealer": 2000} and r.total == 6000
    deltas = settle_win(players=3, dealer=0, winner=1, base=2000, tsumo=True)
    assert deltas == [-4000, 6000, -2000]


# --- honba, sticks


def test_tsumo_honba_100_each_and_sticks_to_winner() -> None:
    p = hand_payments(2000, winner_is_dealer=False, tsumo=True, honba=2, riichi_sticks=1)
    assert p.payments == {"dealer": 4200, "non_dealer": 2200} and p.total == 4200 + 2 * 2200 + 1000


def test_settle_win_ron_sums_to_sticks() -> None:
    deltas = settle_win(players=4, dealer=0, winner=3, base=960, tsumo=False, discarder=1, honba=3, riichi_sticks=2)
    # 3 han 30 fu child ron 3900 + 3 honba 900 from the discarder; the two sticks come off the table
    assert deltas == [0, -4800, 0, 4800 + 2000] and sum(deltas) == 2000


# --- sanma variants (spec 5.7)


@pytest.mark.parametrize(
    ("rule", "winner", "expected"),
    [
        ("tsumoLoss", 1, [-4000, 6000, -2000]),
        ("northBisection", 1, [-5000, 8000, -3000]),
        ("tsumoLoss", 0, [8000, -4000, -4000]),
        ("northBisection", 0, [12000, -6000, -6000]),
    ],
)
def test_sanma_tsumo_mangan(rule: str, winner: int, expected: list[int]) -> None:
    assert settle_win(players=3, dealer=0, winner=winner, base=2000, tsumo=True, options={"sanmaTsumo": rule}) == expected


def test_sanma_north_bisection_rounds_each_payer_up() -> None:
    # 30 fu 1 han child tsumo = 300/500; north's 300 split: +150 each -> 500 and 700 (rounded up)
    assert settle_win(players=3, dealer=0, winner=1, base=240, tsumo=True, options={"sanmaTsumo": "northBisection"}) == [-700, 1200, -500]


@pytest.mark.parametrize(("per", "ron_pay", "tsumo_each"), [(200, 400, 200), (300, 600, 300), (1000, 2000, 1000)])
def test_sanma_honba(per: int, ron_pay: int, tsumo_each: int) -> None:
    opts = {"sanmaHonba": per}
    ron = settle_win(players=3, dealer=0, winner=1, base=2000, tsumo=False, discarder=2, honba=2, options=opts)
    assert ron[2] == -(8000 + ron_pay)
    tsumo = settle_win(players=3, dealer=0, winner=1, base=2000, tsumo=True, honba=2, options=opts)
    assert tsumo == [-(4000 + tsumo_each), 6000 + 2 * tsumo_each, -(2000 + tsumo_each)]


# --- pao (spec 6.5): 백·발 퐁 후 중 퐁을 준 사람


def _daisangen() -> int:
    r = evaluate_win(
        "11m234p",
        "1m",
        melds=[{"type": "pon", "tiles": "555z"}, {"type": "pon", "tiles": "666z"}, {"type": "pon", "tiles": "777z"}],
        tsumo=True,
        seat_wind=1,
        round_wind=0,
        dealer=False,
    )
    assert r is not None and r.yaku == [("대삼원", 13)]
    return pao_base_points(r.yaku)


def test_pao_trigger() -> None:
    assert pao_trigger([31, 32], 33) == "daisangen"
    assert pao_trigger([31], 33) is None
    assert pao_trigger([27, 28, 29], 30) == "daisuushii"
    assert pao_trigger([27, 28, 29], 31) is None


def test_pao_tsumo_liable_pays_all_and_honba() -> None:
    base = _daisangen()
    assert base == 8000
    deltas = settle_win(players=4, dealer=0, winner=1, base=base, tsumo=True, honba=1, pao=Pao(liable=3, base=base))
    assert deltas == [0, 32000 + 300, 0, -(32000 + 300)]


def test_pao_ron_by_another_seat_is_split_half_and_honba_on_discarder() -> None:
    base = _daisangen()
    deltas = settle_win(players=4, dealer=0, winner=1, base=base, tsumo=False, discarder=2, honba=1, pao=Pao(liable=3, base=base))
    assert deltas == [0, 32300, -(16000 + 300), -16000]


def test_pao_ron_by_the_liable_seat_is_a_plain_ron() -> None:
    deltas = settle_win(players=4, dealer=0, winner=1, base=8000, tsumo=False, discarder=3, pao=Pao(liable=3, base=8000))
    assert deltas == [0, 32000, 0, -32000]


def test_pao_only_covers_its_own_yakuman() -> None:
    # 대삼원 + 자일색 tsumo by the dealer: liable pays 48000 for 대삼원, the 자일색 part is a normal tsumo
    deltas = settle_win(players=4, dealer=0, winner=0, base=16000, tsumo=True, pao=Pao(liable=2, base=8000))
    assert deltas == [48000 + 48000, -16000, -(48000 + 16000), -16000]


def test_pao_off_option() -> None:
    deltas = settle_win(players=4, dealer=0, winner=1, base=8000, tsumo=True, pao=Pao(liable=3, base=8000), options={"pao": False})
    assert deltas == [-16000, 32000, -8000, -8000]


# --- multiple ron


def test_head_bump_pays_only_the_nearest() -> None:
    out = settle_rons([RonClaim(0, 2000), RonClaim(3, 2000)], players=4, dealer=0, discarder=2, honba=1, riichi_sticks=2, options={"doubleRon": "headBump"})
    assert out.winners == [3] and out.deltas == [0, 0, -8300, 8300 + 2000]


def test_triple_ron_abort_and_allow() -> None:
    claims = [RonClaim(0, 240), RonClaim(1, 240), RonClaim(3, 240)]
    aborted = settle_rons(claims, players=4, dealer=0, discarder=2)
    assert aborted.aborted and aborted.deltas == [0, 0, 0, 0] and aborted.winners == []
    allowed = settle_rons(claims, players=4, dealer=0, discarder=2, honba=1, options={"tripleRon": "allow"})
    assert allowed.winners == [3, 0, 1] and allowed.bonus_seat == 3
    assert allowed.deltas == [1500, 1000, -(1000 + 1500 + 1000 + 300), 1300]
