"""Spec §10: the claim window (5.3) — priority, early settling, multiple ron, furiten, kuikae,
houtei, sanma (no chi), disconnected players."""

from __future__ import annotations

from tests.unit.mahjong_engine.mje_helpers import (
    all_pass,
    assert_tiles,
    calls_of,
    claim,
    discard,
    pass_,
    pid,
    play,
    position,
    refused,
)
from tilerooms.games.mahjong import engine

DISCARDER = "4m159p159s1234567z"  # seat 0 throws the 4m
CHI_4M = "23m2468p2468s777z"  # seat 1 (next seat): chi 4m with 23m
PON_4M = "4489m3579p3579s6z"  # seat 2: pon 4m
RON_4M = "56m234p567p345s88s"  # seat 3: 56m waits 4m-7m, tanyao + pinfu
QUIET3 = "19m178p19s123456z"  # seat 3 with nothing to say about a 4m


def _table(seat3: str = QUIET3, **kw) -> dict:
    return position([DISCARDER, CHI_4M, PON_4M, seat3], dora="1z", **kw)


def test_pon_beats_chi_declared_at_the_same_time() -> None:
    s = _table()
    discard(s, 0, "4m")
    assert calls_of(s, 1) == ["chi"] and calls_of(s, 2) == ["pon"]
    claim(s, 1, "chi", "2m", "3m")
    assert s["hand"]["stage"] == "claim"  # a pon may still come
    claim(s, 2, "pon")
    h = s["hand"]
    assert h["stage"] == "afterCall" and h["turn"] == 2
    assert h["melds"][2][0]["type"] == "pon" and h["melds"][1] == []
    assert_tiles(s)


def test_pon_waits_for_a_ron_capable_player() -> None:
    s = _table(RON_4M)
    discard(s, 0, "4m")
    claim(s, 2, "pon")
    assert s["hand"]["stage"] == "claim"  # seat 3 could ron: not settled yet
    pass_(s, 3)
    assert s["hand"]["stage"] == "afterCall" and s["hand"]["turn"] == 2
    assert s["hand"]["furiten_temp"][3]  # passed a winning tile (5.3 step 6)


def test_pon_settles_at_once_when_only_chi_is_left() -> None:
    s = _table()
    discard(s, 0, "4m")
    claim(s, 2, "pon")  # seat 1 has not answered, but it can only chi
    assert s["hand"]["stage"] == "afterCall" and s["hand"]["turn"] == 2


DOUBLE = ["4m159p159s1234567z", "19m19p19s1234567z", "56m234p567p345s77s", "56m234p567p345s88s"]


def test_double_ron_pays_both_and_the_nearest_takes_honba_and_sticks() -> None:
    s = position(DOUBLE, dora="1z", honba=1, riichi_pool=1000, points=[25000, 25000, 25000, 24000])
    discard(s, 0, "4m")
    assert calls_of(s, 2) == ["ron"] and calls_of(s, 3) == ["ron"]
    claim(s, 3, "ron")
    assert s["phase"] == "playing"  # waits for the other ron-capable seat
    claim(s, 2, "ron")
    record = s["last_result"]
    assert [w["seat"] for w in record["winners"]] == [2, 3]
    # tanyao + pinfu 30 fu = 2000 each; seat 2 (nearest after seat 0) adds 300 honba + 1000 stick
    assert record["deltas"] == [-2000 - 300 - 2000, 0, 2000 + 300 + 1000, 2000]
    assert s["riichi_pool"] == 0 and s["phase"] == "handResult"


def test_head_bump_pays_only_the_nearest() -> None:
    s = position(DOUBLE, dora="1z", options={"doubleRon": "headBump"})
    discard(s, 0, "4m")
    claim(s, 2, "ron")
    claim(s, 3, "ron")
    record = s["last_result"]
    assert [w["seat"] for w in record["winners"]] == [2]
    assert record["deltas"] == [-2000, 0, 2000, 0]


def test_three_rons_with_triple_ron_abort_is_sanchaho() -> None:
    s = position(["4m159p159s1234567z", "56m234s678p345p99p", DOUBLE[2], DOUBLE[3]], dora="1z", honba=2)
    discard(s, 0, "4m")
    for seat in (1, 2, 3):
        claim(s, seat, "ron")
    record = s["last_result"]
    assert record["kind"] == "abortive" and record["reason"] == "sanchaho"
    assert record["deltas"] == [0, 0, 0, 0] and record["next"]["honba"] == 3 and record["next"]["dealer"] == 0


# --- furiten (5.5) --------------------------------------------------------------------------------

WAIT_47M = "56m234p567p345s88s"  # 4m-7m


def test_discard_furiten_hides_ron_but_tsumo_is_allowed() -> None:
    s = position(["4m159p159s1234567z", QUIET3.replace("178p", "179p"), PON_4M, WAIT_47M], dora="1z", discards={3: "7m"})
    discard(s, 0, "4m")
    assert "ron" not in calls_of(s, 3)
    assert engine.view(s, pid(s, 3))["me"]["furiten"] is True
    t = position(["159p159s1234567z", QUIET3, PON_4M, WAIT_47M + "4m"], turn=3, dora="1z", discards={3: "7m"})
    play(t, 3, "tsumo")
    assert t["last_result"]["winners"][0]["seat"] == 3


def test_passed_ron_is_same_turn_furiten_until_own_discard() -> None:
    # seat 3 passes the 4m; seat 1 then throws a 7m: no ron; after seat 3's own discard it may ron
    s = position(["4m159p159s1234567z", "19m19p19s1234567z", "4489m3579p3569s6z", WAIT_47M], dora="1z", live="7m1p9s7m")
    discard(s, 0, "4m")
    assert calls_of(s, 3) == ["ron"]
    all_pass(s)
    assert s["hand"]["furiten_temp"][3]
    discard(s, 1, "7m")  # seat 1 drew the 7m
    assert "ron" not in calls_of(s, 3)
    all_pass(s)
    discard(s, 2, "1p")
    all_pass(s)
    discard(s, 3, "9s")  # seat 3's own discard ends the same-turn furiten
    assert not s["hand"]["furiten_temp"][3]
    all_pass(s)
    discard(s, 0, "7m")
    assert calls_of(s, 3) == ["ron"]


def test_missed_ron_in_riichi_is_furiten_to_the_end_of_the_hand() -> None:
    s = position(
        ["4m159p159s1234567z", "19m19p19s1234567z", "4489m3579p3569s6z", WAIT_47M], dora="1z", ura="5z", live="7m1p9s7m", riichi=[3], discards={3: "8p"}
    )
    discard(s, 0, "4m")
    all_pass(s)
    assert s["hand"]["furiten_riichi"][3]
    for seat, t in ((1, "7m"), (2, "1p"), (3, "9s")):
        discard(s, seat, t)
        if seat == 1:
            assert "ron" not in calls_of(s, 3)
        all_pass(s)
    discard(s, 0, "7m")
    assert "ron" not in calls_of(s, 3)  # still furiten after the own discard
    err = refused(s, 3, {"type": "claim", "call": "ron"})
    assert err.message == "후리텐이라 론할 수 없습니다"


# --- kuikae (5.2) ---------------------------------------------------------------------------------


def test_kuikae_after_chi_refuses_the_same_tile_and_the_other_suji() -> None:
    s = position(["2m159p159s1234567z", "2345m2468p2468s7z", QUIET3.replace("19m", "99m"), "19m19p19s123456z7p"], dora="1z")
    discard(s, 0, "2m")
    claim(s, 1, "chi", "3m", "4m")
    assert refused(s, 1, {"type": "discard", "tile": _id(s, 1, "5m")}).code == "kuikae"
    err = refused(s, 1, {"type": "discard", "tile": _id(s, 1, "2m")})
    assert err.message == "방금 울은 패와 같은 패는 버릴 수 없습니다"
    discard(s, 1, "2p")
    assert_tiles(s)


def _id(s: dict, seat: int, text: str) -> int:
    from tests.unit.mahjong_engine.mje_helpers import tile

    return tile(s, seat, text)


def test_a_chi_that_leaves_no_legal_discard_is_not_offered() -> None:
    # seat 1: three pons (no yaku) and 2345m; chi 2m with 34m would leave only 2m / 5m (both kuikae)
    melds = {1: [{"type": "pon", "tiles": "111s", "from": 0}, {"type": "pon", "tiles": "999s", "from": 0}, {"type": "pon", "tiles": "888p", "from": 0}]}
    s = position(["2m159p1589s4567z99p", "2345m", "19m166789p3s4567z", "1289m3467p3467s5z"], melds=melds, dora="9m")
    discard(s, 0, "2m")
    assert calls_of(s, 1) == []


# --- houtei / sanma / disconnected ----------------------------------------------------------------


def test_the_last_discard_can_only_be_ronned() -> None:
    s = position(["4m159p159s1234567z", "19m19p19s1234567z", PON_4M, WAIT_47M], dora="1z", live_count=0, filler_seats=[1])
    discard(s, 0, "4m")
    assert calls_of(s, 2) == [] and calls_of(s, 3) == ["ron"]
    claim(s, 3, "ron")
    names = [y[0] for y in s["last_result"]["winners"][0]["yaku"]]
    assert "하저로어" in names


def test_sanma_offers_no_chi() -> None:
    s = position(["49p19m159s1234567z", "23p1199m2568s777z", "19m189p19s123456z"], dora="1z")
    discard(s, 0, "4p")
    assert "chi" not in calls_of(s, 1)
    assert s["hand"]["claim"]["eligible"][1] == []


def test_disconnected_ron_capable_player_does_not_hold_up_a_pon() -> None:
    s = _table(RON_4M, autopilot=[False, False, False, True])
    discard(s, 0, "4m")
    assert s["hand"]["claim"]["responses"][3] == {"call": "pass", "tiles": []}
    claim(s, 2, "pon")
    assert s["hand"]["stage"] == "afterCall" and s["hand"]["turn"] == 2
    assert s["hand"]["furiten_temp"][3]


def test_a_seat_reported_away_is_passed_at_once_in_the_open_window() -> None:
    s = _table(RON_4M, options={"startedAt": 0})
    discard(s, 0, "4m", at=0)
    claim(s, 2, "pon")
    assert s["hand"]["stage"] == "claim"  # waiting for seat 3, who could ron
    engine.set_away(s, pid(s, 3), True, 300)  # its socket is gone (spec §10: no waiting on it)
    assert s["hand"]["stage"] == "claim" and engine.deadline(s) == 400  # only the uniform minimum left
    engine.apply(s, engine.active_players(s)[0], {"type": "timeout", "at": 400})
    assert s["hand"]["stage"] == "afterCall" and s["hand"]["turn"] == 2
    assert s["hand"]["furiten_temp"][3]  # a passed winning tile is furiten, as for a time-out (5.3 step 6)


def test_an_away_seat_is_passed_when_the_next_window_opens_and_not_once_back() -> None:
    s = _table(RON_4M, options={"startedAt": 0})
    engine.set_away(s, pid(s, 3), True, 0)
    seq = s["seq"]
    assert engine.set_away(s, pid(s, 3), True, 50) == [] and (s["away"][3], s["seq"]) == (0, seq)  # already away
    engine.set_away(s, pid(s, 3), False, 100)
    discard(s, 0, "4m", at=200)
    assert s["hand"]["claim"]["responses"][3] is None and calls_of(s, 3) == ["ron"]
    t = _table(RON_4M, options={"startedAt": 0})
    engine.set_away(t, pid(t, 3), True, 100)
    discard(t, 0, "4m", at=200)
    assert t["hand"]["claim"]["responses"][3] == {"call": "pass", "tiles": []}


def test_an_away_seat_plays_its_turn_2s_after_the_disconnect_without_spending_its_bank() -> None:
    s = _table(options={"startedAt": 0})
    bank = s["time_bank"][0]
    assert engine.deadline(s) == 15000 + bank
    engine.set_away(s, pid(s, 0), True, 9000)
    assert engine.deadline(s) == 11000
    drawn = s["hand"]["drawn"][0]
    engine.apply(s, pid(s, 0), {**engine.on_timeout(s, pid(s, 0)), "at": 11000})
    assert s["hand"]["discards"][0][-1]["tile"] == drawn  # tsumogiri
    assert s["time_bank"][0] == bank and s["timeouts"][0] == 0 and not s["autopilot"][0]


def test_an_away_seat_back_on_its_turn_has_its_normal_clock_again() -> None:
    s = _table(options={"startedAt": 0})
    engine.set_away(s, pid(s, 0), True, 1000)
    engine.set_away(s, pid(s, 0), False, 1500)
    assert engine.deadline(s) == 15000 + s["time_bank"][0]


def test_reaction_window_is_the_claim_window() -> None:
    s = _table(options={"startedAt": 0})
    assert not engine.reaction_window(s)
    discard(s, 0, "4m", at=0)
    assert engine.reaction_window(s)
