"""Spec §10: riichi checks (5.4), ankan after riichi, kan dora timing, chankan, suukaikan, haitei."""

from __future__ import annotations

from tests.unit.mahjong_engine.mje_helpers import (
    all_pass,
    assert_tiles,
    calls_of,
    claim,
    discard,
    play,
    position,
    refused,
    table,
    tile,
)
from tilerooms.games.mahjong import engine

TENPAI_4M = "4m123p456p789p1122z"  # riichi by throwing the 4m: waits 1z / 2z
OTHERS = ["19m19p19s1234567z", "4489m3579s6z3579p", "56m234p567p345s88s"]  # seat 3 rons a 4m


def _riichi_table(**kw) -> dict:
    return position([TENPAI_4M, *OTHERS], dora="3z", ura="3z", **kw)


def test_riichi_needs_1000_points() -> None:
    s = _riichi_table(points=[999, 25000, 25000, 25001])
    err = refused(s, 0, {"type": "discard", "tile": tile(s, 0, "4m"), "riichi": True})
    assert err.message == "점수가 1000점 미만이라 리치할 수 없습니다"


def test_riichi_needs_four_live_tiles() -> None:
    s = _riichi_table(live_count=3)
    err = refused(s, 0, {"type": "discard", "tile": tile(s, 0, "4m"), "riichi": True})
    assert err.message == "남은 패가 부족해 리치할 수 없습니다"
    assert engine.view(s, "A")["me"]["legal"]["riichi"] == []


def test_riichi_needs_tenpai_after_the_discard() -> None:
    s = _riichi_table()
    err = refused(s, 0, {"type": "discard", "tile": tile(s, 0, "1z"), "riichi": True})
    assert err.code == "not_tenpai"


def test_ronned_riichi_discard_puts_no_stick_down() -> None:
    s = _riichi_table()
    discard(s, 0, "4m", riichi=True)
    claim(s, 3, "ron")
    assert s["riichi_pool"] == 0
    assert s["last_result"]["deltas"][0] == -2000  # the ron only; no 1000 stick
    assert sum(s["points"]) == 100000


def test_riichi_stick_is_paid_when_the_window_closes_without_ron() -> None:
    s = _riichi_table(hand_overrides={"first_round_clean": True})  # first discard: double riichi
    discard(s, 0, "4m", riichi=True)
    assert s["points"][0] == 25000  # not yet: the window is open
    all_pass(s)
    assert s["points"][0] == 24000 and s["riichi_pool"] == 1000
    assert s["hand"]["riichi"][0]["established"] and s["hand"]["riichi"][0]["double"]


def test_after_riichi_only_the_drawn_tile_may_go() -> None:
    s = position(["123p456p789p1122z", *OTHERS[:2], "56m234p567p345s88s" + "9m"], turn=3, riichi=[3], discards={3: "1s"})
    err = refused(s, 3, {"type": "discard", "tile": tile(s, 3, "5m")})
    assert err.message == "리치 후에는 쯔모한 패만 버릴 수 있습니다"
    discard(s, 3, "9m")


def test_ankan_after_riichi_that_changes_the_waits_is_refused() -> None:
    # 3334m waits 2m / 4m / 5m; a 3m ankan would leave the 4m tanki only
    s = position(["3334m123p456p789s3m", *OTHERS], riichi=[0], discards={0: "9p"})
    assert engine.view(s, "A")["me"]["legal"]["ankan"] == []
    err = refused(s, 0, {"type": "ankan", "kind": 2})
    assert err.code == "riichi_ankan"


def test_ankan_after_riichi_that_keeps_waits_and_reading_is_allowed() -> None:
    s = position(["111m234p567p789s5z1m", "29m19p19s1234567z", *OTHERS[1:]], riichi=[0], discards={0: "9p"}, options={"ankanChankanKokushi": False})
    play(s, 0, "ankan", kind=0)
    assert s["hand"]["melds"][0][0]["type"] == "ankan" and s["hand"]["stage"] == "afterDraw"
    assert s["hand"]["dora_revealed"] == 2  # ankan: the new indicator at once
    assert_tiles(s)


def test_an_ankan_named_by_one_of_its_tiles_is_the_kan_of_its_kind() -> None:
    """The table sends an ankan as one of its tiles' view tokens ("ankan:<token>" on its button):
    the engine's parse reads the kind from it, the one parse of that action (issue 33)."""
    s = position(["111m234p567p789s5z1m", "29m19p19s1234567z", *OTHERS[1:]], riichi=[0], discards={0: "9p"}, options={"ankanChankanKokushi": False})
    token = next(t for t in engine.view(s, "A")["me"]["hand"] if t.endswith(":1m"))
    engine.apply(s, "A", {"type": "ankan", "tile": token})
    assert s["hand"]["melds"][0][0]["type"] == "ankan" and [t >> 2 for t in s["hand"]["melds"][0][0]["tiles"]] == [0] * 4


# --- kans and dora -----------------------------------------------------------------------------------

KAN_HAND = "777z123m456m789m1p"  # seat 1: 777z, waits 1p


def test_rinshan_win_after_daiminkan_reveals_no_new_dora() -> None:
    s = position(["7z9m159p159s123456z", KAN_HAND, "19m19p19s123456z8p", "2468m2468p2468s5z"], dora="1z", rinshan="1p")
    discard(s, 0, "7z")
    claim(s, 1, "kan")
    assert s["hand"]["drawn"][1] >> 2 == 9  # the 1p from the dead wall
    play(s, 1, "tsumo")
    names = [y[0] for y in s["last_result"]["winners"][0]["yaku"]]
    assert "영상개화" in names
    assert s["hand"]["dora_revealed"] == 1


def test_daiminkan_dora_is_revealed_at_the_next_discard_and_counts_for_that_ron() -> None:
    # second indicator 8s -> dora 9s; seat 3 rons the 9s seat 1 throws after the kan
    s = position(
        ["7z9m159p159s123456z", "777z123m456m789m1p", "19m19p129s123456z", "78s234p567p345m88m"], dora="1z8s", rinshan="9s", hand_overrides={"dora_revealed": 1}
    )
    discard(s, 0, "7z")
    claim(s, 1, "kan")
    assert s["hand"]["dora_revealed"] == 1 and s["hand"]["pending_kan_dora"] == 1
    events = discard(s, 1, "9s")
    assert [e["type"] for e in events].index("doraRevealed") < [e["type"] for e in events].index("claimWindow")
    assert s["hand"]["dora_revealed"] == 2
    claim(s, 3, "ron")
    yaku = dict((name, han) for name, han in s["last_result"]["winners"][0]["yaku"])
    assert yaku.get("도라") == 1


def test_kakan_opens_a_chankan_window() -> None:
    # seat 0 adds the fourth 5s to its pon; seat 2 waits 46s kanchan with no other yaku
    s = position(
        ["5s123p789p19m11z", "19m19p19s1234567z", "46s123m789p99m123p", "2468m2468p2368s6z"],
        melds={0: [{"type": "pon", "tiles": "555s", "from": 1}]},
        dora="1z",
    )
    play(s, 0, "kakan", tile="5s")
    assert s["hand"]["stage"] == "claim" and calls_of(s, 2) == ["ron"]
    claim(s, 2, "ron")
    winner = s["last_result"]["winners"][0]
    assert [y for y in winner["yaku"] if y[0] == "창깡"] == [["창깡", 1]]


def test_four_kans_by_two_players_abort_after_the_next_discard() -> None:
    melds = {0: [{"type": "ankan", "tiles": "1111z"}], 1: [{"type": "ankan", "tiles": "2222z"}, {"type": "ankan", "tiles": "3333z"}]}
    s = position(["9999m1234p567s", "1234s678m", "1m1239p1s9s4567z78p", "2468m2468p2468s5z"], melds=melds, dora="8m", options={"ankanChankanKokushi": False})
    play(s, 0, "ankan", kind=8)
    assert s["hand"]["kan_count"] == 4 and s["hand"]["suukan_pending"]
    assert engine.view(s, "A")["me"]["legal"]["ankan"] == []
    discard(s, 0, "1p")
    all_pass(s)
    assert s["last_result"]["kind"] == "abortive" and s["last_result"]["reason"] == "suukan"


def test_no_kan_on_the_last_tile() -> None:
    s = position(["3333m12349p567s11z", *OTHERS], live_count=0, filler_seats=[1])
    assert engine.view(s, "A")["me"]["legal"]["ankan"] == []
    assert refused(s, 0, {"type": "ankan", "kind": 2}).code == "cannot_kan"


# --- the kokushi-only ankan window (spec 5.2, 5.3, issue 17 point 5) ------------------------------

ANKAN_1M = "1111m4m147p258s369p"  # seat 0 (to move) ankans 1m, then throws the 4m
RIICHI_14M = "23m456p789s234s55z"  # seat 1 in riichi: 23m waits 1m / 4m


def test_an_ankan_of_a_wait_does_not_make_a_non_kokushi_riichi_hand_furiten() -> None:
    s = table({0: ANKAN_1M, 1: RIICHI_14M}, riichi=[1], discards={1: "9m"}, rinshan="9s", dora="3z")
    play(s, 0, "ankan", kind=0)
    assert s["hand"]["stage"] == "claim" and calls_of(s, 1) == []  # only kokushi may ron an ankan
    all_pass(s)
    assert not s["hand"]["furiten_riichi"][1] and not s["hand"]["furiten_temp"][1]
    discard(s, 0, "4m")
    assert calls_of(s, 1) == ["ron"]
    claim(s, 1, "ron")
    assert s["last_result"]["winners"][0]["seat"] == 1


def test_a_kokushi_hand_may_ron_an_ankan_and_is_furiten_when_it_lets_it_pass() -> None:
    kokushi = "19m19p19s1234566z"  # waits the 7z (中) only
    s = table({0: "7777z4m147p258s369p", 1: kokushi}, rinshan="9s", dora="3z")
    play(s, 0, "ankan", kind=33)
    assert calls_of(s, 1) == ["ron"]
    all_pass(s)
    assert s["hand"]["furiten_temp"][1]
