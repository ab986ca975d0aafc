"""Spec §10 checklist gaps through the engine: sanma setup, double ron past the wrap-around,
kataagari, houtei / haitei calls, nagashi with a called discard, abortive
draws' dealer / honba / sticks, riichi boundaries, consecutive time-outs, hidden answers."""

from __future__ import annotations

import json

import pytest

from tests.unit.mahjong_engine.mje_helpers import (
    all_pass,
    assert_tiles,
    calls_of,
    claim,
    discard,
    pass_,
    pid,
    position,
    refused,
    table,
    tile,
)
from tilerooms.games.mahjong import engine

WAIT_47M = "56m234p567p345s88s"  # 4m-7m, tanyao + pinfu: 2000 (child), 2900 (dealer) without aka dora
WAIT_47M_B = "56m234p567p345s77s"
THROW_4M = "4m159p159s1234567z"


# --- §10 셋업 (sanma): same seed, same seating / wall / deal; dead wall 14


def test_sanma_same_seed_same_setup_and_a_14_tile_dead_wall() -> None:
    a = engine.setup({"startedAt": 5}, ["p", "q", "r"], 42)
    b = engine.setup({"startedAt": 5}, ["p", "q", "r"], 42)
    assert a == b and sorted(a["players"]) == ["p", "q", "r"]
    h = a["hand"]
    assert len(h["rinshan"]) + len(h["dora"]) + len(h["ura"]) == 14
    assert len(h["live"]) + 1 == 55 and [len(c) for c in h["closed"]].count(13) == 2
    assert_tiles(a)


# --- §10 더블론: the honba / sticks go to the winner *nearest after the discarder*, not the lowest seat


def test_double_ron_bonus_goes_to_the_nearest_after_the_discarder_across_seat_0() -> None:
    # seat 2 deals in; seats 3 and 0 (the dealer) ron: seat 3 comes first after seat 2
    s = table(
        {0: WAIT_47M_B, 2: THROW_4M, 3: WAIT_47M}, turn=2, dora="1z", honba=1, riichi_pool=1000, points=[25000, 25000, 25000, 24000], options={"akaDora": 0}
    )
    discard(s, 2, "4m")
    claim(s, 0, "ron")
    claim(s, 3, "ron")
    record = s["last_result"]
    assert [w["seat"] for w in record["winners"]] == [3, 0]
    assert record["deltas"] == [2900, 0, -(2900 + 2000 + 300), 2000 + 300 + 1000]
    assert s["riichi_pool"] == 0 and record["next"]["dealer"] == 0  # the dealer won: renchan


def test_head_bump_across_seat_0_keeps_the_nearest_only() -> None:
    s = table({0: WAIT_47M_B, 2: THROW_4M, 3: WAIT_47M}, turn=2, dora="1z", options={"doubleRon": "headBump", "akaDora": 0})
    discard(s, 2, "4m")
    claim(s, 0, "ron")
    claim(s, 3, "ron")
    record = s["last_result"]
    assert [w["seat"] for w in record["winners"]] == [3] and record["deltas"] == [0, 0, -2000, 2000]


# --- §10 역 없는 화료 / 5.6 가타아가리: a shanpon where only one wait gives a yaku

KATA = "234m567s88s66z"  # + pon 999p: waits 8s (no yaku) / 6z (역패 발)
KATA_MELDS = {3: [{"type": "pon", "tiles": "999p", "from": 2}]}


def test_kataagari_the_no_yaku_wait_cannot_be_ronned() -> None:
    s = table({0: "8s19m159p159s12347z", 3: KATA}, dora="1m", melds=KATA_MELDS)
    discard(s, 0, "8s")
    assert "ron" not in calls_of(s, 3)
    err = refused(s, 3, {"type": "claim", "call": "ron"})
    assert err.message == "역이 없어 화료할 수 없습니다"
    all_pass(s)
    assert s["hand"]["furiten_temp"][3]  # spec 5.5: a winning shape passed for want of a yaku


def test_kataagari_the_yaku_wait_can_be_ronned() -> None:
    s = table({0: "6z19m159p159s12347z", 3: KATA}, dora="1m", melds=KATA_MELDS)
    discard(s, 0, "6z")
    assert calls_of(s, 3) == ["ron", "pon"]
    claim(s, 3, "ron")
    names = [y[0] for y in s["last_result"]["winners"][0]["yaku"]]
    assert names[0] == "역패: 발" and "도라" in names  # the 2m dora (indicator 1m) rides on the yaku


# --- §10 하저패 / 해저: no chi (nor kan) on the last discard, no kakan after the last draw

CHI_4M = "23m2468p2468s777z"  # seat 1: chi 4m with 23m
KAN_4M = "444m9m3579p3579s6z"  # seat 2: pon or daiminkan 4m


@pytest.mark.parametrize(("live_count", "chi", "pon_kan"), [(5, ["chi"], ["pon", "kan"]), (0, [], [])])
def test_the_last_discard_offers_no_chi_pon_or_kan(live_count: int, chi: list[str], pon_kan: list[str]) -> None:
    s = position([THROW_4M, CHI_4M, KAN_4M, WAIT_47M], dora="1z", live_count=live_count, filler_seats=[0])
    discard(s, 0, "4m")
    assert calls_of(s, 1) == chi and calls_of(s, 2) == pon_kan and calls_of(s, 3) == ["ron"]


@pytest.mark.parametrize(("live_count", "allowed"), [(1, True), (0, False)])
def test_no_kakan_after_the_haitei_draw(live_count: int, allowed: bool) -> None:
    s = position(
        ["5s123p789p19m11z", "19m19p19s1234567z", "46s123m789p99m123p", "2468m2468p2368s6z"],
        melds={0: [{"type": "pon", "tiles": "555s", "from": 1}]},
        dora="1z",
        live_count=live_count,
        filler_seats=[1],
    )
    legal = engine.view(s, "A")["me"]["legal"]["kakan"]
    assert bool(legal) is allowed
    if not allowed:
        assert refused(s, 0, {"type": "kakan", "tile": tile(s, 0, "5s")}).code == "cannot_kan"


# --- §10 유국만관: a terminal / honor discard that was called kills it


def _nagashi_table() -> dict:
    # seat 2 has thrown 1m 9m 9p and now throws its drawn 1z; seat 3 could pon it; one live tile left
    return table({2: "2468m2468p2468s3z1z", 3: "11z5m13579p1357s6z"}, turn=2, live="9s", live_count=1, filler_seats=[0, 1], discards={2: "19m9p"}, dora="5z")


def test_nagashi_mangan_when_no_discard_was_called() -> None:
    s = _nagashi_table()
    discard(s, 2, "1z")
    all_pass(s)
    discard(s, 3, "5m")  # seat 3 drew the last tile (9s)
    all_pass(s)
    record = s["last_result"]
    assert record["kind"] == "exhaustive" and record["nagashi"] == [2]
    assert record["deltas"] == [-4000, -2000, 8000, -2000]


def test_no_nagashi_mangan_once_a_discard_was_called() -> None:
    s = _nagashi_table()
    discard(s, 2, "1z")
    claim(s, 3, "pon")
    discard(s, 3, "5m")
    all_pass(s)
    discard(s, 0, "9s")  # seat 0 drew the last tile
    all_pass(s)
    record = s["last_result"]
    assert record["kind"] == "exhaustive" and 2 not in record["nagashi"]
    assert record["deltas"][2] <= 0  # no mangan for seat 2 (noten)
    assert_tiles(s)


# --- §10 도중유국: every abortive draw keeps the dealer, adds a honba and keeps the sticks


def test_four_winds_abort_keeps_dealer_adds_honba_keeps_sticks() -> None:
    s = position(
        ["1z258m369p147s2468p", "1z47m258p369s2358m", "1z47p258s369m2357p", "1z69p369m147s4567p"],
        live="9m9p9s",
        honba=2,
        riichi_pool=2000,
        points=[25000, 24000, 25000, 24000],
        hand_overrides={"first_round_clean": True},
    )
    for seat in range(4):
        discard(s, seat, "1z")
        all_pass(s)
    record = s["last_result"]
    assert record["reason"] == "suufon" and record["deltas"] == [0, 0, 0, 0]
    assert record["next"]["dealer"] == 0 and record["next"]["honba"] == 3 and s["riichi_pool"] == 2000


def test_four_riichi_abort_keeps_dealer_adds_honba_keeps_sticks() -> None:
    s = position(
        ["4m123s456s789s3344z", "123m456m789m1p234s", "123p456p789p2s567s", "678s99s111z222z55z"],
        riichi=[1, 2, 3],
        discards={1: "9s", 2: "9m", 3: "1m"},
        dora="6z",
        ura="6z",
        dealer=1,
        honba=1,
        riichi_pool=3000,
        points=[25000, 24000, 24000, 24000],
    )
    discard(s, 0, "4m", riichi=True)
    all_pass(s)
    record = s["last_result"]
    assert record["reason"] == "suucha" and record["deltas"] == [0, 0, 0, 0]
    assert record["next"]["dealer"] == 1 and record["next"]["honba"] == 2
    assert s["riichi_pool"] == 4000 and s["points"][0] == 24000  # the fourth stick stays on the table


# --- §10 리치 검증: the boundaries that are allowed (1000 points, 4 live tiles)

RIICHI_4M = "4m123p456p789p1122z"
RIICHI_OTHERS = ["19m19p19s1234567z", "4489m3579s6z3579p", "2468m2468p2368s5z"]


def test_riichi_with_exactly_1000_points_and_4_live_tiles_is_allowed() -> None:
    s = position([RIICHI_4M, *RIICHI_OTHERS], dora="3z", points=[1000, 33000, 33000, 33000], live_count=4, filler_seats=[1, 2, 3])
    assert engine.view(s, "A")["me"]["legal"]["riichi"]
    discard(s, 0, "4m", riichi=True)
    all_pass(s)
    assert s["hand"]["riichi"][0]["established"] and s["points"][0] == 0 and s["riichi_pool"] == 1000


# --- §10 시간 초과: only two time-outs *in a row* mean autopilot


def _until_seat0_turn(s: dict, now: float) -> float:
    """Play the other seats (tsumogiri; claim windows end by their deadline) until seat 0 draws."""
    while True:
        h = s["hand"]
        if h["stage"] == "claim":
            now = max(now, engine.deadline(s))
            engine.apply(s, engine.active_players(s)[0], {"type": "timeout", "at": now})
        elif h["turn"] == 0:
            return now
        else:
            seat = h["turn"]
            engine.apply(s, pid(s, seat), {"type": "discard", "tile": h["drawn"][seat], "at": now})


def test_a_timeout_then_an_own_action_then_a_timeout_is_no_autopilot() -> None:
    # quiet hands everywhere: nobody can call or win, so play is plain tsumogiri
    s = table({0: "147m258p369s1234z5z"}, options={"startedAt": 0})
    now = engine.deadline(s)
    engine.apply(s, "A", {"type": "timeout", "at": now})
    assert s["timeouts"][0] == 1 and not s["autopilot"][0]
    now = _until_seat0_turn(s, now)
    engine.apply(s, "A", {"type": "discard", "tile": s["hand"]["drawn"][0], "at": now})  # acts in time
    assert s["timeouts"][0] == 0
    now = _until_seat0_turn(s, now)
    now = engine.deadline(s)
    engine.apply(s, "A", {"type": "timeout", "at": now})
    assert s["timeouts"][0] == 1 and not s["autopilot"][0]  # not two in a row
    now = _until_seat0_turn(s, now)
    now = engine.deadline(s)
    engine.apply(s, "A", {"type": "timeout", "at": now})
    assert s["autopilot"][0]  # now two in a row
    _until_seat0_turn(s, now)
    assert engine.deadline(s) == s["hand"]["turn_started_at"] + 2000


# --- §10 정보 누출: a declared but unsettled answer is invisible to everybody else


def _strip(view: dict) -> str:
    return json.dumps({k: v for k, v in view.items() if k not in ("seq",)}, sort_keys=True, ensure_ascii=False)


def test_pending_answers_change_nobody_elses_view() -> None:
    # seat 1 may chi, seat 2 pon, seat 3 ron: the window stays open after the chi and the pon
    s = position([THROW_4M, CHI_4M, "4489m3579p3579s6z", WAIT_47M], dora="1z")
    discard(s, 0, "4m")
    others = {None: None, "A": None, "D": None}
    before = {v: _strip(engine.view(s, v)) for v in others}
    before_c = _strip(engine.view(s, "C"))
    events = claim(s, 1, "chi", "2m", "3m")
    events += claim(s, 2, "pon")
    assert s["hand"]["stage"] == "claim"
    for v in others:
        assert _strip(engine.view(s, v)) == before[v], v
        assert not any("pon" in json.dumps(e) or "chi" in json.dumps(e) for e in engine.events_for(events, v))
    assert _strip(engine.view(s, "C")) != before_c  # the pon's owner does see its own answer
    assert engine.view(s, "C")["me"]["claim"]["answered"] == "pon"
    pass_(s, 3)
    assert s["hand"]["melds"][2][0]["type"] == "pon"
