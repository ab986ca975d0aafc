"""Exhaustive draws (5.8), furiten (5.5), final ranking (6.7) and options (§2)."""

from __future__ import annotations

import pytest

from tilerooms.core.errors import RuleError
from tilerooms.games.mahjong.draws import (
    is_nagashi_mangan,
    nagashi_mangan_payments,
    settle_exhaustive_draw,
    tenpai_payments,
)
from tilerooms.games.mahjong.final import final_ranking
from tilerooms.games.mahjong.furiten import discard_furiten, is_furiten, missed_ron_furiten
from tilerooms.games.mahjong.hand import waits
from tilerooms.games.mahjong.options import default_options, resolve_options

# --- tenpai payments


@pytest.mark.parametrize(
    ("tenpai", "expected"),
    [
        ([True, False, False, False], [3000, -1000, -1000, -1000]),
        ([True, True, False, False], [1500, 1500, -1500, -1500]),
        ([True, True, True, False], [1000, 1000, 1000, -3000]),
        ([False] * 4, [0] * 4),
        ([True] * 4, [0] * 4),
    ],
)
def test_four_player_tenpai_payments(tenpai: list[bool], expected: list[int]) -> None:
    assert tenpai_payments(tenpai) == expected


@pytest.mark.parametrize(
    ("pool", "tenpai", "expected"),
    [
        (2000, [True, False, False], [2000, -1000, -1000]),
        (2000, [True, True, False], [1000, 1000, -2000]),
        (3000, [True, False, False], [3000, -1500, -1500]),
        (3000, [False, True, True], [-3000, 1500, 1500]),
    ],
)
def test_sanma_noten_pool(pool: int, tenpai: list[bool], expected: list[int]) -> None:
    assert tenpai_payments(tenpai, {"sanmaNotenPool": pool}) == expected


def test_four_of_the_wait_held_is_noten() -> None:
    tenpai = [bool(waits("1111m234p567p789s")), bool(waits("2345m567p789s123s")), False, False]
    assert settle_exhaustive_draw(tenpai, dealer=0).deltas == [-1000, 3000, -1000, -1000]


def test_dealer_continues_only_when_tenpai_and_renchan_on_tenpai() -> None:
    assert settle_exhaustive_draw([True, False, False, False], dealer=0).dealer_continues
    assert not settle_exhaustive_draw([False, True, False, False], dealer=0).dealer_continues
    assert not settle_exhaustive_draw([True, False, False, False], dealer=0, options={"renchanOn": "agari"}).dealer_continues


# --- nagashi mangan


def test_nagashi_mangan_check() -> None:
    assert is_nagashi_mangan("19m19p19s1234567z", any_called=False)
    assert not is_nagashi_mangan("19m19p19s1234567z", any_called=True)
    assert not is_nagashi_mangan("19m19p5s1234567z", any_called=False)
    assert not is_nagashi_mangan("", any_called=False)


def test_nagashi_mangan_replaces_tenpai_payments_and_has_no_honba() -> None:
    out = settle_exhaustive_draw([False, False, True, False], dealer=0, nagashi=[1])
    assert out.deltas == [-4000, 8000, -2000, -2000] and out.nagashi == [1] and not out.dealer_continues
    dealer = nagashi_mangan_payments(0, dealer=0)
    assert dealer == [12000, -4000, -4000, -4000]


def test_nagashi_mangan_off_falls_back_to_tenpai_payments() -> None:
    out = settle_exhaustive_draw([False, False, True, False], dealer=0, nagashi=[1], options={"nagashiMangan": False})
    assert out.deltas == [-1000, -1000, 3000, -1000] and out.nagashi == []


def test_two_nagashi_each_collect() -> None:
    out = settle_exhaustive_draw([False] * 4, dealer=0, nagashi=[1, 2])
    assert out.deltas == [-8000, 8000 - 2000, 8000 - 2000, -4000]


# --- furiten


def test_discard_furiten_from_waits() -> None:
    w = waits("2345m567p789s123s")  # 2m / 5m
    assert discard_furiten(w, "1z2m")
    assert discard_furiten(w, "0m")  # a red five is a five
    assert not discard_furiten(w, "19p")
    assert is_furiten(w, "19p", temporary=True)
    assert is_furiten(w, "19p", riichi_permanent=True)
    assert not is_furiten(w, "19p")
    assert missed_ron_furiten(riichi=False) == (True, False)
    assert missed_ron_furiten(riichi=True) == (True, True)


# --- final ranking (6.7)


def test_spec_example_ranking() -> None:
    standings = final_ranking([42000, 31000, 18000, 9000])
    assert [(s.seat, s.rank, s.score) for s in standings] == [(0, 1, 52.0), (1, 2, 11.0), (2, 3, -22.0), (3, 4, -41.0)]
    assert sum(s.score for s in standings) == 0


def test_ties_go_to_the_seat_nearer_the_first_dealer_and_pool_to_first() -> None:
    standings = final_ranking([24000, 30000, 30000, 14000], riichi_pool=2000)
    assert [s.seat for s in standings] == [1, 2, 0, 3]
    assert standings[0].points == 32000
    assert round(sum(s.score for s in standings), 1) == 0


def test_sanma_ranking_uma_15() -> None:
    standings = final_ranking([50000, 35000, 20000])
    assert [s.score for s in standings] == [10 + 15 + 15, -5.0, -20 - 15]
    assert sum(s.score for s in standings) == 0


# --- options


def test_defaults_per_mode() -> None:
    four, three = default_options(4), default_options(3)
    assert (four["startPoints"], four["returnPoints"], four["uma"], four["akaDora"]) == (25000, 30000, "10-20", 3)
    assert (three["startPoints"], three["returnPoints"], three["uma"], three["akaDora"]) == (35000, 40000, "15", 2)
    assert four["kuitan"] is True and four["renpuuPairFu"] == 4 and four["sanmaTsumo"] == "tsumoLoss"


def test_four_player_only_values_are_ignored_in_sanma() -> None:
    opts = resolve_options({"uma": "10-30", "akaDora": 3, "kuitan": False}, players=3)
    assert opts["uma"] == "15" and opts["akaDora"] == 2 and opts["kuitan"] is False


@pytest.mark.parametrize("bad", [{"nope": 1}, {"renpuuPairFu": 3}, {"kuitan": 1}, {"turnSeconds": 61}, {"startPoints": 25050}])
def test_bad_options_raise_rule_error(bad: dict) -> None:
    with pytest.raises(RuleError) as err:
        resolve_options(bad)
    assert err.value.code == "bad_option"
