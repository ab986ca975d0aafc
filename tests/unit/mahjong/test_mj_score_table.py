"""Spec 6.4: the whole 1-4 han × 20-110 fu table and the limit table, computed from the formula."""

from __future__ import annotations

import pytest

from tilerooms.games.mahjong.payments import base_points, ron_amount, tsumo_amounts

# spec 6.4, copied as printed: "ron / tsumo" per han 1..4; tsumo "a/b" = child a, dealer b
NON_DEALER = """
20 -/- -/400/700 -/700/1300 -/1300/2600
25 -/- 1600/- 3200/800/1600 6400/1600/3200
30 1000/300/500 2000/500/1000 3900/1000/2000 7700/2000/3900
40 1300/400/700 2600/700/1300 5200/1300/2600 8000/2000/4000
50 1600/400/800 3200/800/1600 6400/1600/3200 8000/2000/4000
60 2000/500/1000 3900/1000/2000 7700/2000/3900 8000/2000/4000
70 2300/600/1200 4500/1200/2300 8000/2000/4000 8000/2000/4000
80 2600/700/1300 5200/1300/2600 8000/2000/4000 8000/2000/4000
90 2900/800/1500 5800/1500/2900 8000/2000/4000 8000/2000/4000
100 3200/800/1600 6400/1600/3200 8000/2000/4000 8000/2000/4000
110 3600/900/1800 7100/1800/3600 8000/2000/4000 8000/2000/4000
"""
# dealer: "ron/tsumo-each"
DEALER = """
20 -/- -/700 -/1300 -/2600
25 -/- 2400/- 4800/1600 9600/3200
30 1500/500 2900/1000 5800/2000 11600/3900
40 2000/700 3900/1300 7700/2600 12000/4000
50 2400/800 4800/1600 9600/3200 12000/4000
60 2900/1000 5800/2000 11600/3900 12000/4000
70 3400/1200 6800/2300 12000/4000 12000/4000
80 3900/1300 7700/2600 12000/4000 12000/4000
90 4400/1500 8700/2900 12000/4000 12000/4000
100 4800/1600 9600/3200 12000/4000 12000/4000
110 5300/1800 10600/3600 12000/4000 12000/4000
"""


def _cells(table: str, dealer: bool):
    for line in table.strip().splitlines():
        fu_text, *cells = line.split()
        for han, cell in enumerate(cells, start=1):
            parts = cell.split("/")
            ron = None if parts[0] == "-" else int(parts[0])
            if dealer:
                tsumo = None if parts[1] == "-" else (0, int(parts[1]))
            else:
                tsumo = None if parts[1] == "-" else (int(parts[2]), int(parts[1]))  # (dealer, child)
            yield pytest.param(int(fu_text), han, ron, tsumo, id=f"{'dealer' if dealer else 'child'}-{han}han-{fu_text}fu")


@pytest.mark.parametrize(("fu", "han", "ron", "tsumo"), list(_cells(NON_DEALER, False)) + [])
def test_non_dealer_cell(fu: int, han: int, ron: int | None, tsumo: tuple[int, int] | None) -> None:
    base = base_points(han, fu)
    if ron is not None:
        assert ron_amount(base, False) == ron
    if tsumo is not None:
        assert tsumo_amounts(base, False) == tsumo


@pytest.mark.parametrize(("fu", "han", "ron", "tsumo"), list(_cells(DEALER, True)))
def test_dealer_cell(fu: int, han: int, ron: int | None, tsumo: tuple[int, int] | None) -> None:
    base = base_points(han, fu)
    if ron is not None:
        assert ron_amount(base, True) == ron
    if tsumo is not None:
        assert tsumo_amounts(base, True) == tsumo


def test_table_has_every_cell() -> None:
    assert len(list(_cells(NON_DEALER, False))) == len(list(_cells(DEALER, True))) == 44


# name, han, base, child ron, child tsumo (child/dealer), dealer ron, dealer tsumo each
LIMITS = [
    ("만관", 5, 2000, 8000, (2000, 4000), 12000, 4000),
    ("하네만", 6, 3000, 12000, (3000, 6000), 18000, 6000),
    ("하네만", 7, 3000, 12000, (3000, 6000), 18000, 6000),
    ("배만", 8, 4000, 16000, (4000, 8000), 24000, 8000),
    ("배만", 10, 4000, 16000, (4000, 8000), 24000, 8000),
    ("삼배만", 11, 6000, 24000, (6000, 12000), 36000, 12000),
    ("삼배만", 12, 6000, 24000, (6000, 12000), 36000, 12000),
    ("헤아림 역만", 13, 8000, 32000, (8000, 16000), 48000, 16000),
]


@pytest.mark.parametrize(("name", "han", "base", "c_ron", "c_tsumo", "d_ron", "d_tsumo"), LIMITS)
def test_limit_rows(name: str, han: int, base: int, c_ron: int, c_tsumo: tuple, d_ron: int, d_tsumo: int) -> None:
    assert base_points(han, 30) == base
    assert ron_amount(base, False) == c_ron
    assert tsumo_amounts(base, False) == (c_tsumo[1], c_tsumo[0])
    assert ron_amount(base, True) == d_ron
    assert tsumo_amounts(base, True) == (0, d_tsumo)


def test_yakuman_and_double_yakuman_rows() -> None:
    assert base_points(13, 0, 1) == 8000 and ron_amount(8000, False) == 32000
    assert base_points(26, 0, 2) == 16000
    assert ron_amount(16000, False) == 64000 and tsumo_amounts(16000, False) == (32000, 16000)
    assert ron_amount(16000, True) == 96000 and tsumo_amounts(16000, True) == (0, 32000)


def test_kazoe_off_caps_at_sanbaiman() -> None:
    assert base_points(13, 40, 0, {"kazoeYakuman": False}) == 6000
    assert base_points(15, 40, 0, {"kazoeYakuman": True}) == 8000


@pytest.mark.parametrize(("han", "fu"), [(4, 30), (3, 60)])
def test_kiriage_mangan(han: int, fu: int) -> None:
    assert ron_amount(base_points(han, fu), False) in (7700,)
    assert ron_amount(base_points(han, fu, 0, {"kiriageMangan": True}), False) == 8000
