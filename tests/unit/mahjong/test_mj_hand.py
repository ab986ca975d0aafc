"""Hands, yaku, fu, yakuman, waits and shanten — spec 5.5, 5.6, 6.1-6.3 and the §10 checklist."""

from __future__ import annotations

from functools import partial

import pytest

from tilerooms.games.mahjong.hand import evaluate_win, shanten, waits, winning_tiles

# a non-dealer (south seat) in the east round, ron unless said otherwise
child_ron = partial(evaluate_win, tsumo=False, seat_wind=1, round_wind=0, dealer=False)
child_tsumo = partial(evaluate_win, tsumo=True, seat_wind=1, round_wind=0, dealer=False)
dealer_tsumo = partial(evaluate_win, tsumo=True, seat_wind=0, round_wind=0, dealer=True)
dealer_ron = partial(evaluate_win, tsumo=False, seat_wind=0, round_wind=0, dealer=True)


def pon(tiles: str) -> dict:
    return {"type": "pon", "tiles": tiles}


def chi(tiles: str) -> dict:
    return {"type": "chi", "tiles": tiles}


# --- §10 고점법 (highest-value reading)


def test_ryanpeikou_beats_chiitoitsu_reading() -> None:
    # 223344m 556677p 88s: 7 pairs (2+1 han, 25 fu) or 량페코 (3+1 han, 40 fu) -> 량페코
    r = child_ron("223344m556677p88s", "8s")
    assert r is not None
    assert "량페코" in r.yaku_names and "칠대자" not in r.yaku_names and "이페코" not in r.yaku_names
    assert (r.han, r.fu, r.total) == (4, 40, 8000)


def test_23455m_plus_5m_takes_the_ryanmen_pinfu_reading() -> None:
    # 2345567m + 5m: 234 55 567 (5m finishes 67 -> 양면, 핑후) or 234 567 + 55 (단기 +2 fu)
    r = child_ron("23455567m567p234s", "5m")
    assert r is not None
    assert r.yaku_names == ["핑후", "탕야오"] and (r.han, r.fu, r.total) == (2, 30, 2000)


def test_tanki_only_reading_gets_wait_fu() -> None:
    # 2345m 678m waits 2m/5m (nobetan): 5m can only be the pair -> 단기 2 fu, no pinfu
    r = child_ron("23455678m567p234s", "5m")
    assert r is not None and r.yaku_names == ["탕야오"] and r.fu == 40
    assert ("pair_wait", 2) in r.fu_details


# --- §10 fu


def test_example2_fu_28_rounds_to_30_dealer_tsumo_3900_all() -> None:
    # spec 6.6 ex. 2: riichi, tsumo, tanyao, dora 1; 20 + tsumo 2 + 444p 4 + kanchan 2 = 28 -> 30
    r = dealer_tsumo("23455m444p678s234s", "3s", riichi=True, dora_indicators="1m")
    assert r is not None
    assert r.yaku_names == ["멘젠쯔모", "리치", "탕야오", "도라"]
    assert (r.han, r.fu) == (4, 30)
    assert r.payments == {"dealer": 0, "non_dealer": 3900} and r.total == 11700


def test_open_hand_with_no_fu_is_30() -> None:
    # kuitan: open 234m 567p 678s 345s 88p, ryanmen ron: 20 fu -> 30 (spec 6.3)
    r = child_ron("567p678s34s88p" + "5s", "5s", melds=[chi("234m")])
    assert r is not None and r.yaku_names == ["탕야오"] and r.fu == 30 and r.total == 1000


def test_pinfu_tsumo_is_20_fu() -> None:
    r = child_tsumo("234m567p678s34s88p5s", "5s")
    assert r is not None
    assert set(r.yaku_names) == {"멘젠쯔모", "핑후", "탕야오"}
    assert (r.han, r.fu) == (3, 20) and r.payments == {"dealer": 1300, "non_dealer": 700}


def test_chiitoitsu_is_25_fu() -> None:
    r = child_ron("1133m5577p2299s44z", "4z", riichi=True)
    assert r is not None and r.yaku_names == ["리치", "칠대자"] and (r.han, r.fu, r.total) == (3, 25, 3200)


def test_four_of_a_kind_is_not_two_pairs() -> None:
    assert child_ron("1111m5577p2299s44z", "4z", riichi=True) is None


def test_fu_example_in_6_3_is_50() -> None:
    # closed ron: 777z (8) + 999s (8) + kanchan (2) = 48 -> 50 fu
    r = child_ron("234m13p999s777z55m2p", "2p")
    assert r is not None and r.fu == 50 and r.yaku_names == ["역패: 중"]


@pytest.mark.parametrize(("renpuu", "fu"), [(4, 50), (2, 40)])
def test_renpuu_pair_fu_option(renpuu: int, fu: int) -> None:
    # east seat in the east round, 11z pair: 30 + 555z 8 + pair 4 = 42 -> 50; with 2: 40 -> 40
    r = dealer_ron("234m456p789s555z11z", "9s", options={"renpuuPairFu": renpuu})
    assert r is not None and r.fu == fu


# --- yaku details


def test_kuitan_option() -> None:
    hand = dict(closed="567p678s34s88p5s", win_tile="5s", melds=[chi("234m")])
    assert child_ron(**hand) is not None
    assert child_ron(**hand, options={"kuitan": False}) is None


def test_open_hand_without_yaku_cannot_win_even_with_dora() -> None:
    assert child_tsumo("567p678s34s19p5s", "5s", melds=[chi("234m")], dora_indicators="4m") is None


def test_aka_dora_counted_by_option() -> None:
    hand = dict(closed="234m0p67p678s34s88p5s", win_tile="5s", riichi=True)
    with_red = child_ron(**hand)
    no_red = child_ron(**hand, options={"akaDora": 0})
    assert with_red is not None and no_red is not None
    assert ("적도라", 1) in with_red.yaku and with_red.han == no_red.han + 1


def test_dora_needs_a_yaku_and_counts_per_indicator() -> None:
    r = child_ron("234m567p678s34s88p5s", "5s", riichi=True, dora_indicators="7p7p")
    assert r is not None and ("도라", 4) in r.yaku  # 88p x two indicators


def test_ura_dora_only_with_riichi() -> None:
    hand = dict(closed="234m567p678s345s88p", win_tile="5s", ura_indicators="7p")
    no_riichi = child_tsumo(**hand)
    riichi = child_tsumo(**hand, riichi=True)
    assert no_riichi is not None and all(n != "우라도라" for n in no_riichi.yaku_names)
    assert riichi is not None and ("우라도라", 2) in riichi.yaku


def test_kataagari_only_the_yaku_tile_wins_atozuke_allowed() -> None:
    # open hand (chi 678p), shanpon 66z + 33p: 6z gives 역패 발, 3p gives nothing (spec 5.6)
    context = dict(melds=[chi("678p")], tsumo=False, seat_wind=1, round_wind=0, dealer=False)
    assert waits("234s567s66z33p", context["melds"]) == {"6z", "3p"}
    tiles = winning_tiles("234s567s66z33p", **context)
    assert set(tiles) == {"6z"}  # atozuke: the yaku appears only with the winning tile
    assert tiles["6z"].yaku_names == ["역패: 발"]


def test_sanma_north_triplet_gives_no_yaku_and_kita_is_dora() -> None:
    # spec 5.7: north is a guest wind in sanma; kita counts +1 each (not a yaku)
    context = dict(tsumo=False, seat_wind=1, round_wind=0, dealer=False, players=3)
    assert evaluate_win("123p456p789s444z11s", "1s", **context, kita=2) is None
    r = evaluate_win("123p456p789s444z11s", "1s", **context, riichi=True, kita=2)
    assert r is not None and ("북도라", 2) in r.yaku


def test_sanma_indicator_1m_makes_9m_dora() -> None:
    r = evaluate_win("99m123p456p789s111s", "1s", tsumo=False, seat_wind=1, round_wind=0, dealer=False, riichi=True, dora_indicators="1m", players=3)
    assert r is not None and ("도라", 2) in r.yaku


# --- §10 yakuman


@pytest.mark.parametrize(("double", "mult", "total"), [(True, 2, 64000), (False, 1, 32000)])
def test_kokushi_13_sided_wait(double: bool, mult: int, total: int) -> None:
    r = child_ron("19m19p19s12345677z", "7z", options={"doubleYakuman": double})
    assert r is not None and r.yakuman_multiplier == mult and r.total == total
    assert r.yaku == [("국사무쌍 13면", 13 * mult)]


def test_kokushi_single_wait_is_single_yakuman() -> None:
    r = child_ron("19m19p19s12345677z", "1m")
    assert r is not None and r.yaku == [("국사무쌍", 13)] and r.total == 32000


@pytest.mark.parametrize(("double", "mult"), [(True, 2), (False, 1)])
def test_suuankou_tanki(double: bool, mult: int) -> None:
    r = child_ron("111m333p555s777s9p9p", "9p", options={"doubleYakuman": double})
    assert r is not None and r.yakuman_multiplier == mult and r.yaku_names[0].startswith("사암각")


def test_shanpon_ron_is_sanankou_toitoi_not_suuankou() -> None:
    r = child_ron("111m333p555s77s999s", "9s")
    assert r is not None and r.yakuman_multiplier == 0
    assert {"산안커", "또이또이"} <= set(r.yaku_names)


def test_yakuman_drops_normal_yaku_and_dora() -> None:
    r = child_tsumo("555666777z11m234p", "1m", riichi=True, dora_indicators="4z")
    assert r is not None and r.yaku == [("대삼원", 13)] and r.base_points == 8000


def test_daisuushii_is_double() -> None:
    r = child_ron("111222333444z55m", "5m")
    assert r is not None and ("대사희", 26) in r.yaku and r.yakuman_multiplier >= 2


def test_ryuuiisou_without_hatsu() -> None:
    r = child_ron("22334444666888s", "6s")
    assert r is not None and "녹일색" in r.yaku_names


def test_tenhou_and_chiihou() -> None:
    assert dealer_tsumo("123m456p789s11122z", "2z", tenhou=True).yaku == [("천화", 13)]
    assert child_tsumo("123m456p789s11122z", "2z", chiihou=True).yaku == [("지화", 13)]


def test_inconsistent_flags_raise() -> None:
    with pytest.raises(ValueError):
        child_ron("234m567p678s34s88p5s", "5s", rinshan=True)


def test_not_a_winning_hand_is_none() -> None:
    assert child_ron("234m567p678s34s88p9s", "9s") is None


# --- waits and shanten (spec 5.5)


def test_waits_basic_shapes() -> None:
    assert waits("2345m567p789s123s") == {"2m", "5m"}
    assert waits("1112345678999m") == {f"{n}m" for n in range(1, 10)}
    assert waits("19m19p19s1234567z") == {"1m", "9m", "1p", "9p", "1s", "9s", *(f"{n}z" for n in range(1, 8))}
    assert waits("123m456p789s1234z") == set()


def test_wait_on_a_tile_held_four_times_is_no_wait() -> None:
    # 1111m + three sets: the only shape wait is 1m, a fifth copy -> noten (spec 5.5, §10 유국)
    assert waits("1111m234p567p789s") == set()
    assert shanten("1111m234p567p789s") == 1
    # 1111m in a pon + 1m tanki: same rule across melds
    assert waits("1m234p567p789s", [pon("111m")]) == set()
    assert waits("1m234p567p789s", [pon("222m")]) == {"1m"}


def test_shanten_values() -> None:
    assert shanten("234m567p678s345s88p") == -1
    assert shanten("2345m567p789s123s") == 0
    assert shanten("2345m567p789s129s") == 1
    assert shanten("19m19p19s1234566z") == 0
    assert shanten("567p678s34s88p5s", [chi("234m")]) == -1
    assert shanten("567p678s34s88p", [chi("234m")]) == 0
