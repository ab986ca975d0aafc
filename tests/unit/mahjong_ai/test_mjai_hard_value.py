"""Hard's expected-value decisions (issue 36), as positions in the spec's notation.

Each test names what hard does and why; the ones marked "new" failed on the hard AI before the
value-aware calls and the riichi / dama expected values (`ai_calls`, `ai_riichi`, on the race
model `ai_race`); the others guard what must not change.
"""

from __future__ import annotations

from tilerooms.games.mahjong.ai_race import race

from .mjai_helpers import apply_all, decide, json_view, kind, kind_of, open_window, position

QUIET = ["147m258p369s1234z", "147p258s369m5677z", "147s258m369p1256z"]


def test_race_model_prefers_fewer_steps_and_more_tiles():
    # the race: a tenpai on 8 tiles wins more often than on 4; 1-shanten less than tenpai; no
    # draws left, no win; a threat (ending the hand sooner) lowers every chance
    calm = {"turns": 12, "unseen_total": 100, "end_rate": 0.08}
    assert race(0, 8, **calm).win > race(0, 4, **calm).win > race(1, 16, **calm).win > race(2, 30, **calm).win > 0
    assert race(0, 8, turns=0, unseen_total=100, end_rate=0.08).win == 0
    assert race(0, 8, turns=12, unseen_total=100, end_rate=0.2).win < race(0, 8, **calm).win
    assert race(1, 16, **calm, advance_factor=2.0).win > race(1, 16, **calm).win  # an open hand also calls


def test_hard_chis_for_a_tanyao_speed_call():
    # new. 2344m 56788p 3466s, all simples, 2-shanten, no dora: seat 0 (on the left) throws 5s.
    # Chi 34s+5s makes 345s: 1-shanten with tanyao secured (kuitan), and the hand's value x its
    # chance to win beats keeping it closed for a slow riichi. The old hard only opened a closed
    # hand with a dora in it, so it passed.
    state = position(["147m258p369s1234z5s", "2344m56788p3466s", QUIET[1], QUIET[2]])
    open_window(state, 0, "5s")
    actions = decide(state, 1, "hard")
    assert actions[0]["type"] == "claim" and actions[0]["call"] == "chi"
    assert sorted(kind(t) for t in actions[0]["tiles"]) == [kind_of("3s"), kind_of("4s")]
    apply_all(state, 1, actions)
    (discard,) = decide(state, 1, "hard")  # the discard after the chi keeps the tanyao
    assert kind(discard["tile"]) < 27 and kind(discard["tile"]) % 9 not in (0, 8)
    apply_all(state, 1, [discard])


def test_hard_passes_a_call_that_leaves_no_yaku():
    # 23m 9m 159p 19s 23467z: terminals in three suits, honors without a pair. Chi 23m+4m would
    # open the hand with neither tanyao, a one-suit hand nor a yakuhai set in reach (spec 5.6:
    # an open hand without a yaku can never win): hard passes however fast the chi is.
    state = position(["147p258s369m1235z4m", "23m9m159p19s23467z", QUIET[1], QUIET[2]])
    open_window(state, 0, "4m")
    view = json_view(state, 1)
    assert "chi" in view["me"]["claim"]["calls"]
    assert decide(state, 1, "hard") == [{"type": "pass"}]


def test_hard_stays_dama_on_a_kanchan_mangan():
    # new. 234m 678m 345p 55p 68s + 1z drawn, dora 5p (indicator 4p: three 5p, one red): tanyao
    # and dora make the 7s kanchan a mangan without riichi. Riichi would only lift it to haneman
    # on 4 winning tiles that the others then stop throwing; dama wins more often by ron and
    # costs no stick. The old hard declared riichi on every wait of 3 tiles or more.
    state = position(["234m678m345p55p68s1z", *QUIET[:2], "147s258m369p1256z"], dora="4p")
    assert json_view(state, 0)["me"]["legal"]["riichi"]
    (action,) = decide(state, 0, "hard")
    assert kind(action["tile"]) == kind_of("1z") and not action.get("riichi")


def test_hard_still_riichis_a_cheap_good_wait():
    # 234m 678m 345p 55p 67s + 1z: tanyao only (1000 dama) on the 5s-8s two-sided wait. Riichi
    # doubles the hand and more (ura, tsumo, ippatsu) for one stick: riichi.
    state = position(["234m678m345p55p67s1z", *QUIET[:2], "147s258m369p1256z"])
    (action,) = decide(state, 0, "hard")
    assert kind(action["tile"]) == kind_of("1z") and action.get("riichi") is True


def _dealer_riichi(hand: str, live_count: int) -> dict:
    # seat 1 is the dealer and in riichi; 1m, 9p, 1s, 1z are its discards (genbutsu for seat 0)
    others = ["147p258s369m5677z", "147s258m369p1256z", "49m258p369s12345z"]
    return position([hand, *others], discards={1: "1m9p1s1z"}, riichi=[1], dora="4p4s", dealer=1, live_count=live_count)


def test_hard_pushes_a_good_tenpai_against_a_riichi():
    # 234m 678m 345p 55p 67s + 9m drawn against a riichi (dora 5p 5s): tanyao + 2 dora on the
    # 5s-8s two-sided wait (8 tiles) is worth the risk: hard keeps the tenpai (discards 9m).
    state = _dealer_riichi("234m678m345p55p67s9m", live_count=40)
    (action,) = decide(state, 0, "hard")
    assert kind(action["tile"]) == kind_of("9m")
