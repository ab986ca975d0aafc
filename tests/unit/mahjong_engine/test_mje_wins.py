"""Spec §10: win checks through the engine — seven pairs, kokushi, highest reading, fu, no yaku,
kataagari."""

from __future__ import annotations

from tests.unit.mahjong_engine.mje_helpers import calls_of, discard, play, refused, table


def _tsumo_table(hand14: str, seat: int = 1, **kw) -> dict:
    return table({seat: hand14}, turn=seat, dora=kw.pop("dora", "1z"), discards={seat: "9m"} | kw.pop("discards", {}), **kw)


def _winner(s: dict) -> dict:
    return s["last_result"]["winners"][0]


def test_seven_pairs_with_four_of_a_kind_is_not_a_win() -> None:
    s = _tsumo_table("1111m22p33p44p66p66m", seat=1)
    err = refused(s, 1, {"type": "tsumo"})
    assert err.code == "not_agari"


def test_kokushi_13_sided_wait_is_a_double_yakuman_when_enabled() -> None:
    hand = "19m19p19s1234567z1m"  # all 13 kinds held: the 13-sided wait
    s = table({1: hand}, turn=1, dora="2z", discards={1: "8s"})
    play(s, 1, "tsumo")
    assert _winner(s)["yakuman_multiplier"] == 2
    t = table({1: hand}, turn=1, dora="2z", discards={1: "8s"}, options={"doubleYakuman": False})
    play(t, 1, "tsumo")
    assert _winner(t)["yakuman_multiplier"] == 1


def test_highest_reading_ryanpeikou_over_seven_pairs() -> None:
    s = _tsumo_table("223344m556677p88s", seat=1)
    play(s, 1, "tsumo")
    names = [y[0] for y in _winner(s)["yaku"]]
    assert "량페코" in names and "칠대자" not in names


def test_6_6_example_2_dealer_tsumo_28_fu_is_30_fu_3900_all() -> None:
    # riichi, tsumo, tanyao, dora 1 (indicator 2m); 777p closed triplet + 46m kanchan: 20+2+4+2 = 28
    s = table({0: "234m777p345s22s46m5m"}, turn=0, dealer=0, dora="2m", ura="1z", riichi=[0], discards={0: "9m"})
    play(s, 0, "tsumo")
    w = _winner(s)
    assert (w["han"], w["fu"]) == (4, 30)
    assert s["last_result"]["deltas"] == [11700, -3900, -3900, -3900]


def test_pinfu_tsumo_is_20_fu_and_an_open_20_fu_hand_is_30() -> None:
    s = _tsumo_table("23m567m234p678s55s4m", seat=1)  # ryanmen 4m on 23m: pinfu + tsumo + tanyao
    play(s, 1, "tsumo")
    assert _winner(s)["fu"] == 20
    # open tanyao: runs only, ryanmen, 55s pair, tsumo 2 fu -> 22 would be 30; ron 20 -> 30
    o = table({1: "234m678p55s34s", 0: "5s123p789p11z22234z"}, turn=0, dora="1z", melds={1: [{"type": "chi", "tiles": "567s", "from": 0}]}, discards={1: "9m"})
    discard(o, 0, "5s")
    play(o, 1, "claim", call="ron")
    assert _winner(o)["fu"] == 30


def test_seven_pairs_is_25_fu() -> None:
    s = _tsumo_table("1133m2266p3388s55z", seat=1)
    play(s, 1, "tsumo")
    assert _winner(s)["fu"] == 25


def test_open_hand_without_yaku_cannot_tsumo() -> None:
    s = table({1: "234m678p55s78s9s"}, turn=1, dora="1z", melds={1: [{"type": "chi", "tiles": "567s", "from": 0}]}, discards={1: "9m"})
    err = refused(s, 1, {"type": "tsumo"})
    assert err.message == "역이 없어 화료할 수 없습니다"


def test_kataagari_no_ron_on_the_wait_without_yaku() -> None:
    # open 234m 567p 88s + 33z... : seat 3 waits 3z (yakuhai? no, 3z = 서: not its wind) / 8s
    s = table({0: "8s159p159s1234567z", 3: "234m567p88s33z"}, dora="1m", melds={3: [{"type": "pon", "tiles": "666p", "from": 2}]})
    discard(s, 0, "8s")
    assert "ron" not in calls_of(s, 3)
