"""Each level on hand-written positions: efficiency, defence, calls, riichi, wins, kans, kita.

Every decision is made from the seat's JSON view (`mjai_helpers.decide`) and then applied through
the engine, which validates it.
"""

from __future__ import annotations

import pytest

from tilerooms.games.mahjong import engine
from tilerooms.games.mahjong.hand import waits
from tilerooms.games.mahjong.tiles import ids_to_string

from .mjai_helpers import apply_all, decide, json_view, kind, kind_of, open_window, pid, position

# 13-tile hands that cannot call or win on the usual test tiles (no pairs, no runs)
QUIET = ["147m258p369s1234z", "147p258s369m5677z", "147s258m369p1256z"]
LEVELS = ("easy", "normal", "hard")


def test_normal_and_hard_take_the_ukeire_best_discard():
    # 1-shanten: cutting 1s leaves 15 tiles that advance the hand, 2s 12, 4s or 6s 11, 2m or 3m 7
    state = position(["23m456p789p1246s55z", *QUIET])
    for level in ("normal", "hard"):
        actions = decide(state, 0, level)
        assert actions == [{"type": "discard", "tile": actions[0]["tile"]}]
        assert kind(actions[0]["tile"]) == kind_of("1s"), level
    apply_all(state, 0, decide(state, 0, "hard"))


def test_hard_looks_two_steps_ahead_one_step_from_tenpai():
    # 2356789m 22p 678p 24s, 1-shanten. Cutting 9m keeps the most draws (1m 4m 3s: 12 unseen), but
    # 1m or 4m then waits on the 24s kanchan (3s, 4 tiles). Cutting 2s (or 4s) keeps 11 draws
    # (1m 4m 7m), and each leaves a run wait: 47m, 147m or 14m. Normal counts draws; hard counts
    # the winning tiles those draws lead to (tenpai_quality 92 against 64).
    state = position(["2356789m22678p24s", *QUIET])
    assert kind(decide(state, 0, "normal")[0]["tile"]) == kind_of("9m")
    assert kind(decide(state, 0, "hard")[0]["tile"]) in (kind_of("2s"), kind_of("4s"))


def test_easy_still_keeps_the_shanten():
    state = position(["23m456p789p1246s55z", *QUIET])
    for seed in range(10):
        (action,) = decide(state, 0, "easy", seed)
        assert action["type"] == "discard"  # never anything the view does not list
        assert action["tile"] in json_view(state, 0)["me"]["legal"]["discard"]


def _riichi_table(my_hand: str, riichi_discards: str, dora: str = "1z") -> dict:
    # seat 1 is in riichi (its first discard lies sideways); seats 2 and 3 are quiet
    return position([my_hand, "147p258s369m5677z", "147s258m369p1256z", "147m258p369s1234z"], discards={1: riichi_discards}, riichi=[1], dora=dora)


def test_hard_folds_with_genbutsu_against_a_riichi():
    # a slow hand (3-shanten) against a riichi: 8s is the riichi seat's own discard (genbutsu)
    state = _riichi_table("13m 46m 57p 9p 24s 78s 3z 6z 7z", "8s9m2p3s")
    hard = decide(state, 0, "hard")
    assert kind(hard[0]["tile"]) == kind_of("8s")
    assert not hard[0].get("riichi")
    normal = decide(state, 0, "normal")  # normal does not defend: it keeps 78s and throws an honor
    assert kind(normal[0]["tile"]) >= kind_of("1z")
    apply_all(state, 0, hard)


def test_hard_pushes_with_a_strong_tenpai():
    # tenpai on 5s-8s with three dora (5p red + 55p dora via the 4p indicator); 1m drawn is dangerous
    state = _riichi_table("234m678m345p55p67s1m", "9p9s1z", dora="4p")
    (action,) = decide(state, 0, "hard")
    h = state["hand"]
    rest = [t for t in h["closed"][0] if t != int(action["tile"].split(":")[0])]
    assert waits(ids_to_string(rest)), "hard keeps its tenpai against the riichi"
    apply_all(state, 0, [action])


def test_nobody_waits_yakuless_in_an_open_hand():
    # two open chi (no yakuhai); 11p pair keeps every tenpai without a yaku (no tanyao)
    melds = {0: [{"type": "chi", "tiles": "234s", "from": 3}, {"type": "chi", "tiles": "678m", "from": 3}]}
    state = position(["345p78s11p6p", *QUIET], melds=melds)
    for level in ("normal", "hard"):
        (action,) = decide(state, 0, level)
        rest = [t for t in state["hand"]["closed"][0] if t != int(action["tile"].split(":")[0])]
        ws = waits(ids_to_string(rest), [{"type": "chi", "tiles": "234s"}, {"type": "chi", "tiles": "678m"}])
        assert not ws, f"{level} left a yaku-less tenpai on {ws}"
        assert kind(action["tile"]) == kind_of("1p")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_pon_yakuhai(level):
    # seat 1 holds 77z (중) and pons the 7z seat 0 throws
    state = position(["147m258p369s1234z7z", "55m 13p 468s 59p 9s 77z 2z", "147p258s369m1234z", "147s258m369p1234z"])
    open_window(state, 0, "7z")
    view = json_view(state, 1)
    assert "pon" in view["me"]["claim"]["calls"]
    actions = decide(state, 1, level)
    assert actions[0]["type"] == "claim" and actions[0]["call"] == "pon"
    apply_all(state, 1, actions)
    assert state["hand"]["stage"] == "afterCall" and state["hand"]["turn"] == 1
    apply_all(state, 1, decide(state, 1, level))  # the discard after the call respects kuikae
    assert state["hand"]["stage"] == "claim"


def test_normal_passes_a_pon_that_gives_no_yaku():
    # 9p pair, closed 1-shanten: ponning 9p would open the hand for nothing
    state = position(["147m258p369s1234z9p", "234m 567m 12s 99p 46p 5z", QUIET[1], QUIET[2]])
    open_window(state, 0, "9p")
    assert "pon" in json_view(state, 1)["me"]["claim"]["calls"]
    assert decide(state, 1, "normal") == [{"type": "pass"}]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_a_tsumo(level):
    state = position(["234m567m345p67s55p8s", *QUIET])
    assert json_view(state, 0)["me"]["legal"]["tsumo"]
    assert decide(state, 0, level) == [{"type": "tsumo"}]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_a_ron(level):
    # seat 1 waits 5s-8s with tanyao; seat 0 throws 8s
    state = position(["147m258p369s1234z8s", "234m567m345p67s55p", QUIET[1], QUIET[2]])
    open_window(state, 0, "8s")
    assert decide(state, 1, level) == [{"type": "claim", "call": "ron"}]


@pytest.mark.parametrize("level", LEVELS)
def test_seats_that_cannot_claim_pass_and_the_discarder_waits(level):
    state = position(["147m258p369s1234z8s", *QUIET])
    open_window(state, 0, "8s")
    assert decide(state, 2, level) == [{"type": "pass"}]  # listed as active, nothing to claim
    assert decide(state, 0, level) == []  # its own tile: nothing to send


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_riichi_with_a_good_wait_uses_a_legal_riichi_discard(level):
    state = position(["234m678m345p55p67s1z", *QUIET[:2], "147s258m369p1256z"])
    (action,) = decide(state, 0, level)
    legal = json_view(state, 0)["me"]["legal"]
    assert action.get("riichi") is True and action["tile"] in legal["riichi"]
    apply_all(state, 0, [action])


def test_hard_riichis_even_a_mangan_dama():
    # closed tanyao-to-be with four dora (indicator 4p: 5p x3, one of them red): dama is already
    # mangan, but with a 5s-8s wait the riichi (ura-dora, ippatsu, tsumo) is worth more
    state = position(["234m678m345p05p67s1z", *QUIET[:2], "147s258m369p1256z"], dora="4p4s4m")
    (action,) = decide(state, 0, "hard")
    assert kind(action["tile"]) == kind_of("1z") and action.get("riichi") is True


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_poor_wait_with_a_yaku_stays_dama(level):
    # tanyao tenpai on the 5s kanchan; two 5s already lie in seat 2's discards, two are unseen
    state = position(["234m678m345p55p46s1z", *QUIET], discards={2: "5s5s"})
    (action,) = decide(state, 0, level)
    assert kind(action["tile"]) == kind_of("1z") and not action.get("riichi")
    assert json_view(state, 0)["me"]["legal"]["riichi"]  # riichi was on offer


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_poor_wait_without_a_yaku_riichis(level):
    # the same kanchan without a yaku (9m breaks tanyao): riichi is the only way to win by ron
    state = position(["234m789m345p55p46s1z", *QUIET], discards={2: "5s5s"})
    (action,) = decide(state, 0, level)
    assert kind(action["tile"]) == kind_of("1z") and action.get("riichi") is True


def test_after_riichi_only_tsumogiri():
    state = position(["234m678m345p55p67s1z", *QUIET], riichi=[0], discards={0: "9m"})
    for level in LEVELS:
        (action,) = decide(state, 0, level)
        assert action == {"type": "discard", "tile": json_view(state, 0)["me"]["drawn"]}


@pytest.mark.parametrize("level", LEVELS)
def test_discard_after_a_chi_respects_kuikae(level):
    # seat 0 just chi'd 3m with 45m: 3m and 6m are banned (spec 5.2); the view lists the rest
    melds = {0: [{"type": "chi", "tiles": "345m", "from": 3}]}
    state = position(["36m 1p 2p 7p 8s 9s 1z 5z 7z 6m", *QUIET], melds=melds, stage="afterCall", hand_overrides={"kuikae": [kind_of("3m"), kind_of("6m")]})
    (action,) = decide(state, 0, level)
    assert kind(action["tile"]) not in (kind_of("3m"), kind_of("6m"))
    apply_all(state, 0, [action])


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_ankan_of_an_unused_quad(level):
    state = position(["234m678m345p1z4z4z4z4z", QUIET[1], QUIET[2], "147p258s369m1235z"])
    assert decide(state, 0, level) == [{"type": "ankan", "kind": kind_of("4z")}]


@pytest.mark.parametrize("level", LEVELS)
def test_kita_in_sanma(level):
    sanma_quiet = ["19m147p258s12z567z", "19m258p369s13z567z"]
    state = position(["11m 456p 789p 234s 99s 4z", *sanma_quiet], players=["A", "B", "C"], live="5p")
    assert json_view(state, 0)["me"]["legal"]["kita"]
    actions = decide(state, 0, level)
    assert actions == [{"type": "kita"}]
    apply_all(state, 0, actions)


def test_kyuushu_normal_declares_and_hard_keeps_eleven_kinds_for_kokushi():
    nine = position(["19m19p19s1234z 55m 7p 6m", *QUIET], hand_overrides={"first_round_clean": True})
    assert json_view(nine, 0)["me"]["legal"]["kyuushu"]
    assert decide(nine, 0, "normal") == [{"type": "kyuushu"}]
    assert decide(nine, 0, "hard") == [{"type": "kyuushu"}]
    eleven = position(["19m19p19s123456z 7m 6m", *QUIET[:1], "147p258s369m5677z", "147s258m369p1256z"], hand_overrides={"first_round_clean": True})
    assert decide(eleven, 0, "hard")[0]["type"] == "discard"


def test_hand_result_screen_sends_ready_once():
    state = position(["234m567m345p67s55p8s", *QUIET])
    engine.apply(state, pid(state, 0), {"type": "tsumo"})
    assert state["phase"] == "handResult"
    for seat in range(4):
        assert decide(state, seat, "hard") == [{"type": "ready"}]
    apply_all(state, 1, decide(state, 1, "easy"))
    assert decide(state, 1, "easy") == []
