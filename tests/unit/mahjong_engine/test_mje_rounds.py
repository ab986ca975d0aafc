"""Spec §10: exhaustive and abortive draws (5.8), pao (6.5), dealer / honba (5.9), game end (5.10),
final ranking (6.7), sanma (5.7)."""

from __future__ import annotations

import pytest

from tests.unit.mahjong_engine.mje_helpers import all_pass, assert_tiles, calls_of, claim, discard, play, position
from tilerooms.games.mahjong import engine

DEALER_LAST = "1357m2468p3579s6z7z"  # seat 0 throws the 7z as the last tile, noten
TENPAI = ["123m456m789m1p234s", "123p456p789p2s567s", "678s99s111z222z55z"]  # seats 1-3
NOTEN = ["147m258p369s1357z", "147p258s369m2467z", "19m19p19s23467z8p5m"]


# sanma: seat 0 (dealer, noten) throws the 7z as the last tile; seats 1-2 (spec 5.7: a 2000 pool)
SANMA_DEALER_LAST = "19m13579p2468s56z7z"
SANMA_TENPAI = ["123p456p789p2s567s", "111s999s123p456p1z"]
SANMA_NOTEN = ["19m147p258s12345z", "19m147p258s12346z"]
YONMA = (DEALER_LAST, TENPAI, NOTEN, "1z")
SANMA = (SANMA_DEALER_LAST, SANMA_TENPAI, SANMA_NOTEN, "3z")


@pytest.mark.parametrize(
    ("table", "tenpai_seats", "expected"),
    [
        (YONMA, (1,), [-1000, 3000, -1000, -1000]),
        (YONMA, (1, 2), [-1500, 1500, 1500, -1500]),
        (YONMA, (1, 2, 3), [-3000, 1000, 1000, 1000]),
        (SANMA, (1,), [-1000, 2000, -1000]),
        (SANMA, (1, 2), [-2000, 1000, 1000]),
    ],
    ids=["4p-1", "4p-2", "4p-3", "sanma-1", "sanma-2"],
)
def test_tenpai_payments_and_dealer_noten_rotates(table: tuple, tenpai_seats: tuple[int, ...], expected: list[int]) -> None:
    dealer_last, tenpai, noten, dora = table
    hands = [dealer_last] + [tenpai[i] if i + 1 in tenpai_seats else noten[i] for i in range(len(tenpai))]
    s = position(hands, live_count=0, filler_seats=[0], dora=dora)
    discard(s, 0, "7z")
    all_pass(s)
    record = s["last_result"]
    assert record["kind"] == "exhaustive" and record["deltas"] == expected
    assert record["tenpai"] == list(tenpai_seats)
    assert record["next"]["dealer"] == 1 and record["next"]["honba"] == 1  # dealer noten: rotates, honba +1
    view = engine.view(s, None)
    assert set(view["lastResult"]["hands"]) == {s["players"][i] for i in tenpai_seats}  # noten hands hidden


def test_a_wait_on_a_tile_held_four_times_is_noten() -> None:
    s = position([DEALER_LAST, "6666s234m567m789p", NOTEN[1], NOTEN[2]], live_count=0, filler_seats=[0], dora="1z")
    discard(s, 0, "7z")
    all_pass(s)
    assert s["last_result"]["tenpai"] == []


def test_nagashi_mangan_pays_a_mangan_and_no_tenpai_payments() -> None:
    s = position([DEALER_LAST, TENPAI[0], NOTEN[1], NOTEN[2]], live_count=0, filler_seats=[0, 1, 3], discards={2: "19m9p1z"}, dora="1z")
    discard(s, 0, "7z")
    all_pass(s)
    record = s["last_result"]
    assert record["nagashi"] == [2]
    assert record["deltas"] == [-4000, -2000, 8000, -2000]


# --- abortive draws -------------------------------------------------------------------------------


def test_kyuushu_keeps_the_dealer_adds_honba_and_keeps_the_sticks() -> None:
    s = position(["19m19p19s1234z2568m", *NOTEN], riichi_pool=1000, honba=1, points=[25000, 25000, 25000, 24000], hand_overrides={"first_round_clean": True})
    play(s, 0, "kyuushu")
    record = s["last_result"]
    assert record["kind"] == "abortive" and record["reason"] == "kyuushu"
    assert record["next"] == {"dealer": 0, "round_wind": 0, "hand_number": 0, "honba": 2, "extension": False}
    assert s["riichi_pool"] == 1000


def test_four_winds_on_the_first_go_around_abort() -> None:
    s = position(
        ["1z258m369p147s2468p", "1z47m258p369s2358m", "1z47p258s369m2357p", "1z69p369m147s4567p"], live="9m9p9s", hand_overrides={"first_round_clean": True}
    )
    for seat in range(4):
        discard(s, seat, "1z")
        if seat < 3:
            all_pass(s)
    all_pass(s)
    assert s["last_result"]["reason"] == "suufon"


def test_four_riichi_abort() -> None:
    s = position(
        ["4m123s456s789s3344z", "123m456m789m1p234s", "123p456p789p2s567s", "678s99s111z222z55z"],
        riichi=[1, 2, 3],
        discards={1: "9s", 2: "9m", 3: "1m"},
        dora="6z",
        ura="6z",
    )
    discard(s, 0, "4m", riichi=True)
    all_pass(s)
    assert s["last_result"]["reason"] == "suucha"
    assert s["riichi_pool"] == 1000 and sum(s["points"]) + s["riichi_pool"] == 100000


# --- pao (6.5) --------------------------------------------------------------------------------------

DRAGONS = {1: [{"type": "pon", "tiles": "555z", "from": 0}, {"type": "pon", "tiles": "666z", "from": 2}]}


def _pao_table() -> dict:
    # seat 3 throws the third dragon; seat 1 pons it and waits 1p tanki for daisangen
    s = position(["2468m2468p2468s9m", "77z123m19p", "13579m1357p3579s", "7z13579s2469m1234z"], turn=3, melds=DRAGONS, live="3z3z1p1p", dora="1z")
    discard(s, 3, "7z")
    claim(s, 1, "pon")
    assert s["hand"]["pao"][1] == {"yakuman": "daisangen", "liable": 3}
    discard(s, 1, "9p")
    all_pass(s)
    return s


def test_pao_tsumo_is_paid_by_the_liable_player() -> None:
    s = _pao_table()
    discard(s, 2, "3z")
    all_pass(s)
    discard(s, 3, "3z")
    all_pass(s)
    discard(s, 0, "2m")
    all_pass(s)
    assert s["hand"]["drawn"][1] >> 2 == 9
    play(s, 1, "tsumo")
    assert s["last_result"]["deltas"] == [0, 32000, 0, -32000]


def test_pao_ron_by_another_player_is_split() -> None:
    s = _pao_table()
    discard(s, 2, "3z")
    all_pass(s)
    discard(s, 3, "3z")
    all_pass(s)
    discard(s, 0, "1p")  # the dealer draws the 1p and throws it
    claim(s, 1, "ron")
    assert s["last_result"]["deltas"] == [-16000, 32000, 0, -16000]


# --- game end (5.10) and ranking (6.7) --------------------------------------------------------------

WIN14 = "123m456m789m123p55p"  # tsumo + ittsu, 30 fu: 1000/2000, dealer 2000 all


def _tsumo(seat: int, *, dealer: int, points: list[int], round_wind: int = 1, hand_number: int = 3, **kw) -> dict:
    quiet = ["147s258s369s1357z", "2468s13579s2467z", "147s258s369s2457z"]
    hands = [quiet.pop() if s != seat else WIN14 for s in range(4)]
    s = position(hands, turn=seat, dealer=dealer, points=points, dora="1z", round_wind=round_wind, hand_number=hand_number, **kw)
    play(s, seat, "tsumo")
    return s


def test_south_4_ends_when_a_non_dealer_wins() -> None:
    s = _tsumo(0, dealer=3, points=[40000, 20000, 20000, 20000])
    assert s["phase"] == "finished" and engine.result(s)["endReason"] == "normal"


def test_south_4_dealer_win_in_first_place_ends_with_agari_yame() -> None:
    s = _tsumo(3, dealer=3, points=[20000, 20000, 20000, 40000])
    assert engine.result(s)["endReason"] == "agariYame"
    t = _tsumo(3, dealer=3, points=[20000, 20000, 20000, 40000], options={"agariYame": False})
    assert t["phase"] == "handResult" and t["last_result"]["next"]["dealer"] == 3


def test_tobi_below_zero_ends_but_exactly_zero_plays_on() -> None:
    s = _tsumo(1, dealer=0, points=[25000, 25000, 49100, 900], round_wind=0, hand_number=0)
    assert s["points"][3] == -100 and engine.result(s)["endReason"] == "tobi"
    t = _tsumo(1, dealer=0, points=[25000, 25000, 49000, 1000], round_wind=0, hand_number=0)
    assert t["points"][3] == 0 and t["phase"] == "handResult"


def test_west_entry_when_nobody_reaches_30000_then_sudden_death() -> None:
    s = _tsumo(0, dealer=3, points=[25000, 25000, 25000, 25000])
    assert s["phase"] == "handResult" and s["last_result"]["next"]["extension"]
    play(s, 0, "ready"), play(s, 1, "ready"), play(s, 2, "ready"), play(s, 3, "ready")
    assert s["round_wind"] == 2 and s["hand_number"] == 0 and s["phase"] == "playing"  # 서1국
    t = _tsumo(1, dealer=0, points=[26000, 27000, 25000, 22000], round_wind=2, hand_number=0, extension=True)
    assert t["points"][1] >= 30000 and engine.result(t)["endReason"] == "westEntryEnd"


def test_ranking_ties_go_to_the_seat_nearer_seat_0_and_first_takes_the_pool() -> None:
    s = position(["123m456m789m123p55p", *NOTEN], points=[30000, 30000, 19000, 20000], riichi_pool=1000, phase="finished", end_reason="normal")
    result = engine.result(s)
    assert [r["seat"] for r in result["ranking"]] == [0, 1, 3, 2]
    assert result["ranking"][0]["points"] == 31000 and result["winner"] == ["A"]
    assert round(sum(r["score"] for r in result["ranking"]), 1) == 0.0


# --- sanma (5.7) --------------------------------------------------------------------------------------


def test_kita_draws_a_replacement_and_counts_as_dora() -> None:
    s = position(["4z123p456p789p111s5s", "19m1289p1289s123z", "19m3467p3467s67z9m"], rinshan="5s", dora="3z")
    play(s, 0, "kita")
    assert s["hand"]["stage"] == "claim"
    all_pass(s)
    assert [t >> 2 for t in s["hand"]["kita"][0]] == [30] and s["hand"]["drawn"][0] >> 2 == 22
    assert_tiles(s)
    play(s, 0, "tsumo")
    yaku = dict((n, h) for n, h in s["last_result"]["winners"][0]["yaku"])
    assert yaku["영상개화"] == 1 and yaku["북도라"] == 1


def test_kita_tile_can_be_ronned() -> None:
    s = position(["4z19m1289p1289s123z", "123p456p789p111s4z", "19m3467p3467s67z9m"], dora="3z")
    play(s, 0, "kita")
    assert calls_of(s, 1) == ["ron"]
    claim(s, 1, "ron")
    assert s["last_result"]["winners"][0]["seat"] == 1


def test_sanma_tsumo_loss_mangan_is_6000() -> None:
    s = position(["19m1289p1289s123z", "111p456p789p5p777z5p", "19m3467s3467p16z9m"], turn=1, dora="1z")
    play(s, 1, "tsumo")
    assert s["last_result"]["deltas"] == [-4000, 6000, -2000]


def test_sanma_indicator_1m_makes_9m_dora() -> None:
    s = position(["111p456p789p99m777z", "1289p1289s1235z9m", "3467p34667s1246z"], dora="1m")
    play(s, 0, "tsumo")
    yaku = dict((n, h) for n, h in s["last_result"]["winners"][0]["yaku"])
    assert yaku["도라"] == 2
