"""Property tests on random complete hands (generator: tilerooms.bench.mahjong.random_winning_hand)."""

from __future__ import annotations

from hypothesis import given, settings

from tests.unit.mahjong.strategies import hands
from tilerooms.games.mahjong.hand import evaluate_win, shanten, waits
from tilerooms.games.mahjong.payments import ceil100, honba_per_tsumo_payer, honba_total
from tilerooms.games.mahjong.tiles import format_tiles, parse_tile, parse_tiles
from tilerooms.games.mahjong.yaku_names import YAKU_NAMES

YAKUMAN_NAMES = {
    YAKU_NAMES[k]
    for k in (
        "KokushiMusou",
        "DaburuKokushiMusou",
        "Suuankou",
        "SuuankouTanki",
        "Daisangen",
        "Shousuushii",
        "DaiSuushii",
        "Tsuuiisou",
        "Chinroutou",
        "Ryuuiisou",
        "ChuurenPoutou",
        "DaburuChuurenPoutou",
        "Suukantsu",
        "Tenhou",
        "Chiihou",
    )
}


@settings(max_examples=300, deadline=None)
@given(hands)
def test_random_wins_are_consistent(kw: dict) -> None:
    r = evaluate_win(**kw)  # never raises
    if r is None:
        return
    players, honba, sticks = kw["players"], kw.get("honba", 0), kw.get("riichi_sticks", 0)
    opts = kw.get("options", {})
    b = r.base_points
    # yakuman never mixes with normal yaku or dora
    if r.yakuman_multiplier:
        assert all(name in YAKUMAN_NAMES for name in r.yaku_names)
        assert b == 8000 * r.yakuman_multiplier
    else:
        assert not any(name in YAKUMAN_NAMES for name in r.yaku_names)
        assert r.han == sum(h for _, h in r.yaku)
    # payments agree with the base points
    if not kw["tsumo"]:
        hand_part = r.payments["from_discarder"] - honba_total(honba, players, opts)
        assert hand_part == ceil100(b * (6 if kw["dealer"] else 4))
        assert r.total == r.payments["from_discarder"] + 1000 * sticks
    else:
        per = honba_per_tsumo_payer(honba, players, opts)
        child, dealer = r.payments["non_dealer"] - per, r.payments["dealer"] - per
        n_children = players - 1 if kw["dealer"] else players - 2
        if players == 4 or opts.get("sanmaTsumo") == "tsumoLoss":
            assert child == ceil100(b * (2 if kw["dealer"] else 1))
            if not kw["dealer"]:
                assert dealer == ceil100(2 * b)
        else:
            assert child >= ceil100(b * (2 if kw["dealer"] else 1))
        assert r.total == r.payments["dealer"] + n_children * r.payments["non_dealer"] + 1000 * sticks
        hand_part = child
    # points are multiples of 100 (sanma honba of 300 split in two is the spec's one exception)
    assert hand_part % 100 == 0
    if players == 4:
        assert all(v % 100 == 0 for v in r.payments.values())


@settings(max_examples=200, deadline=None)
@given(hands)
def test_the_winning_tile_is_a_wait_and_shanten_is_minus_one(kw: dict) -> None:
    closed = parse_tiles(kw["closed"])
    assert shanten(kw["closed"], kw["melds"]) == -1
    closed.remove(parse_tile(kw["win_tile"]))
    before = format_tiles(closed)
    win_kind = format_tiles([parse_tile(kw["win_tile"])]).replace("0", "5")
    assert win_kind in waits(before, kw["melds"])
    assert shanten(before, kw["melds"]) == 0
