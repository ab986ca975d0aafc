"""Spec §10 checklist gaps in the scoring core: the highest reading when the tanki reading wins
(6.2), and the "-" cells of the 6.4 table that no evaluated hand may land in."""

from __future__ import annotations

from functools import partial

from hypothesis import given, settings

from tests.unit.mahjong.strategies import hands
from tilerooms.games.mahjong.hand import evaluate_win

child_ron = partial(evaluate_win, tsumo=False, seat_wind=1, round_wind=0, dealer=False)
child_tsumo = partial(evaluate_win, tsumo=True, seat_wind=1, round_wind=0, dealer=False)


# --- §10 고점법: 23455m + 5m, the direction where 단기 (+2 fu) beats 양면


def test_23455m_plus_5m_takes_the_tanki_reading_when_its_2_fu_round_up() -> None:
    # 234 55 567m 234p 999s, tsumo 5m; 999s closed triplet: no pinfu either way.
    # 양면 (67m waits 5m): 20 + tsumo 2 + 999s 8 = 30 fu -> 300/500
    # 단기 (5m pairs up):   20 + tsumo 2 + 999s 8 + tanki 2 = 32 -> 40 fu -> 400/700 (spec 6.2: higher one)
    r = child_tsumo("23455567m234p999s", "5m")
    assert r is not None and r.yaku_names == ["멘젠쯔모"]
    assert ("pair_wait", 2) in r.fu_details
    assert (r.han, r.fu) == (1, 40) and r.payments == {"dealer": 700, "non_dealer": 400}


# --- §10 점수표: the "-" cells (20 fu ron, 25 fu 1 han, 25 fu 2 han tsumo, 20 fu 1 han tsumo)


def _impossible_cell(han: int, fu: int, tsumo: bool) -> bool:
    """Whether (han, fu, ron/tsumo) is a "-" cell of the spec 6.4 table."""
    if fu == 20:
        return not tsumo or han < 2  # 20 fu: pinfu tsumo only (pinfu + tsumo = 2 han)
    if fu == 25:
        return han < 2 or (tsumo and han < 3)  # 7 pairs: 2 han, and 3 han with menzen tsumo
    return False


def test_the_cheapest_20_and_25_fu_hands_sit_on_possible_cells() -> None:
    # closed pinfu ron is 30 fu (20 + menzen ron 10); 7 pairs ron is 2 han, tsumo 3 han
    pinfu_ron = child_ron("234m567p678s34s88p5s", "5s")
    pairs_ron = child_ron("1133m5577p2299s44z", "4z")
    pairs_tsumo = child_tsumo("1133m5577p2299s44z", "4z")
    pinfu_tsumo = child_tsumo("234m567p678s34s88p5s", "5s")
    assert pinfu_ron is not None and pinfu_ron.fu == 30
    assert pairs_ron is not None and (pairs_ron.han, pairs_ron.fu) == (2, 25)
    assert pairs_tsumo is not None and (pairs_tsumo.han, pairs_tsumo.fu) == (3, 25)
    assert pinfu_tsumo is not None and (pinfu_tsumo.han, pinfu_tsumo.fu) == (3, 20)
    for r in (pinfu_ron, pairs_ron, pairs_tsumo, pinfu_tsumo):
        assert not _impossible_cell(r.han, r.fu, r.tsumo)


@settings(max_examples=300, deadline=None)
@given(hands)
def test_no_random_win_lands_on_a_dash_cell_of_the_table(kw: dict) -> None:
    r = evaluate_win(**kw)
    if r is None or r.yakuman_multiplier:
        return
    assert not _impossible_cell(r.han, r.fu, kw["tsumo"]), (kw, r.han, r.fu)
    assert r.fu in (20, 25) or (r.fu >= 30 and r.fu % 10 == 0)  # spec 6.3: rounded up to tens
