"""Beginner mode (spec §7.1) from the viewer's own view only (`games/mahjong/hints.py`): the
furiten badge (spec 5.5: own discards, a passed winning tile until the next own discard, riichi
until the hand ends), the waits, tenpai-keeping discards and their unseen copies — and nothing
of it depends on another hand or the wall."""

from __future__ import annotations

import copy
import json
import random

from tests.unit.mahjong_engine.mje_helpers import calls_of, discard, pass_, pid, play, table
from tilerooms.core import RuleError
from tilerooms.games.mahjong import ai, engine, hints
from tilerooms.games.mahjong.tiles import kinds_to_string
from tilerooms.table.mahjong.rows import mahjong_table

# 23m: waits 1m-4m, pinfu (+ tanyao on 4m): a ron hand on either tile
WAITS_1M_4M = "23m456p678p234s55p"
# seat 1 throws the 4m (it is also the turn seat: 14 tiles)
DISCARDER = "4m159p159s1234567z"


def _view(state: dict, seat: int) -> dict:
    return json.loads(json.dumps(engine.view(state, pid(state, seat))))  # data only, as over the wire


def _own(state: dict, seat: int, **kw):
    return mahjong_table(_view(state, seat), {}, **kw).own


def _kinds(text: str) -> list[int]:
    return [hints.token_kind(c) for c in (text[i : i + 2] for i in range(0, len(text), 2))]


def _pass_all(state: dict) -> None:
    """Every seat still asked passes, until the window is settled."""
    h = state["hand"]
    while h["stage"] == "claim":
        window = h["claim"]
        pass_(state, next(s for s, r in enumerate(window["responses"]) if r is None and s != window["from"]))


def _discard_drawn(state: dict, seat: int) -> None:
    """The turn seat throws what it drew; every seat asked passes."""
    play(state, seat, "discard", tile=state["hand"]["drawn"][seat])
    _pass_all(state)


def test_a_wait_in_my_own_discards_is_furiten_and_the_badge_shows():
    # 23m waits 1m-4m and a 4m lies in my own pond: 버림패 후리텐 (spec 5.5)
    s = table({0: WAITS_1M_4M + "9m"}, discards={0: "4m"}, dora="1z", live="9s")
    view = _view(s, 0)
    assert hints.is_furiten(view)  # on my own turn too: the hand I waited with is furiten
    # the discard that keeps the waits says so; unseen: 1m 4 + 4m 3 (one in my pond)
    assert hints.discard_hints(view)[hints.token_kind("9m")] == hints.DiscardHint(tuple(_kinds("1m4m")), 7, True)
    own = _own(s, 0, beginner=True)
    assert own.furiten
    assert {hints.token_notation(t): hint for t, hint in own.hints.items()}["9m"] == "대기 1만·4만 · 남은 7장 · 후리텐"
    discard(s, 0, "9m")
    view = _view(s, 0)
    assert hints.current_waits(view) == _kinds("1m4m") and hints.is_furiten(view) and view["me"]["furiten"]
    own = _own(s, 0)
    assert own.furiten and own.waits_text == "대기 1만·4만"


def test_discarding_one_of_the_waits_is_marked_furiten_in_the_hint():
    # 56m + a drawn 4m: throwing the 4m back waits on 4m-7m with a 4m in my own pond
    s = table({0: "56m234p567p345s88s" + "4m"}, dora="1z")
    hint = hints.discard_hints(_view(s, 0))[hints.token_kind("4m")]
    assert hint.waits == tuple(_kinds("4m7m")) and hint.furiten
    assert hint.unseen == 3 + 4  # the thrown 4m stays visible in my pond
    discard(s, 0, "4m")
    assert hints.is_furiten(_view(s, 0)) and _own(s, 0).furiten


def test_a_tenpai_hand_without_furiten_shows_its_waits_and_no_badge():
    s = table({0: WAITS_1M_4M, 1: DISCARDER}, turn=1)
    view = _view(s, 0)
    assert hints.current_waits(view) == _kinds("1m4m") and not hints.is_furiten(view)
    own = _own(s, 0, beginner=True)
    assert own.waits_text == "대기 1만·4만" and not own.furiten
    assert own.yaku_hint.startswith("역: ") and "핑후" in own.yaku_hint and own.no_yaku == ""


def test_a_passed_ron_is_furiten_until_my_own_next_discard():
    s = table({0: WAITS_1M_4M, 1: DISCARDER}, turn=1, live="9s9s1s")
    discard(s, 1, "4m")
    assert "ron" in calls_of(s, 0) and not _own(s, 0).furiten
    pass_(s, 0)
    _pass_all(s)
    view = _view(s, 0)
    assert view["me"]["furitenTemp"] and not view["me"]["furitenRiichi"]
    assert hints.is_furiten(view) and _own(s, 0).furiten  # 동순 후리텐 (spec 5.5)
    _discard_drawn(s, 2)
    _discard_drawn(s, 3)
    assert s["hand"]["turn"] == 0 and s["hand"]["drawn"][0] is not None
    assert _own(s, 0).furiten  # still on my own turn: it ends with my discard
    _discard_drawn(s, 0)
    view = _view(s, 0)
    assert not view["me"]["furitenTemp"] and not hints.is_furiten(view) and not _own(s, 0).furiten
    assert hints.current_waits(view) == _kinds("1m4m")


def test_a_riichi_hand_that_passed_a_ron_stays_furiten():
    s = table({0: WAITS_1M_4M, 1: DISCARDER}, turn=1, riichi=[0], live="9s9s1s9m9m9m")
    discard(s, 1, "4m")
    pass_(s, 0)
    _pass_all(s)
    assert _view(s, 0)["me"]["furitenRiichi"]
    for _ in range(2):  # two go-arounds with my own tsumogiri in between: riichi furiten lasts
        _discard_drawn(s, 2)
        _discard_drawn(s, 3)
        assert s["hand"]["turn"] == 0 and _own(s, 0).furiten and hints.is_furiten(_view(s, 0))
        _discard_drawn(s, 0)
        _discard_drawn(s, 1)
        view = _view(s, 0)
        assert not view["me"]["furitenTemp"] and hints.is_furiten(view) and view["me"]["furiten"]
        assert _own(s, 0).furiten


def test_the_hints_use_my_view_only():
    # the same hand and table for me; other hands, the wall and the dead wall differ
    a = table({0: WAITS_1M_4M + "9m"}, discards={0: "4m", 2: "7z"}, dora="1z", live="9s")
    b = copy.deepcopy(a)
    h = b["hand"]
    hidden = h["closed"][1] + h["closed"][2] + h["closed"][3] + h["live"] + h["ura"] + h["dora"][h["dora_revealed"] :]
    random.Random(5).shuffle(hidden)
    for seat in (1, 2, 3):
        h["closed"][seat], hidden = sorted(hidden[:13]), hidden[13:]
    h["live"], hidden = hidden[: len(h["live"])], hidden[len(h["live"]) :]
    h["ura"], hidden = hidden[: len(h["ura"])], hidden[len(h["ura"]) :]
    h["dora"] = h["dora"][: h["dora_revealed"]] + hidden
    assert a["hand"]["closed"][1] != h["closed"][1] and a["hand"]["live"] != h["live"]
    va, vb = _view(a, 0), _view(b, 0)
    assert va == vb
    for fn in (hints.is_furiten, hints.discard_hints, hints.current_waits, hints.visible_counts):
        assert fn(va) == fn(vb)
    assert _own(a, 0, beginner=True) == _own(b, 0, beginner=True)
    # a spectator has no hand: nothing to hint
    spectator = json.loads(json.dumps(engine.view(a, None)))
    assert not hints.is_furiten(spectator) and hints.discard_hints(spectator) == {} and hints.current_waits(spectator) == []


def _ai_game(seed: int, name: str, hands: int, visit) -> None:
    """A tonpuu of four easy AIs, `hands` hands long; `visit(state, active players)` before each move."""
    players = ["p0", "p1", "p2", "p3"]
    rngs = {p: random.Random(f"{name}-{p}") for p in players}
    state = engine.setup({"startedAt": 0, "length": "tonpuu"}, players, seed)
    now = 0
    for _ in range(6000):
        if engine.result(state) is not None or len(state["history"]) >= hands:
            break
        active = engine.active_players(state)
        visit(state, active)
        acted = False
        for player in active:
            view = json.loads(json.dumps(engine.view(state, player)))
            for action in ai.decide(view, "easy", rngs[player]):
                try:
                    engine.apply(state, player, {**action, "seq": state["seq"], "at": now})
                except RuleError:
                    break
                acted = True
            now += 100
            if acted:
                break
        if not acted:
            now = max(now, int(engine.deadline(state)))
            engine.apply(state, active[0], {"type": "timeout", "at": now})


def test_the_view_computation_agrees_with_the_engine_over_a_whole_game():
    # every seat's view between turns: hints' furiten and waits are the engine's own (spec 5.5)
    checked, furiten = 0, 0

    def visit(state: dict, active: list[str]) -> None:
        nonlocal checked, furiten
        if state["hand"] is None or state["phase"] != "playing":
            return
        for p in state["players"]:
            view = json.loads(json.dumps(engine.view(state, p)))
            me = view["me"]
            if me["drawn"] is None and len(me["hand"]) % 3 == 1:
                checked += 1
                furiten += hints.is_furiten(view)
                assert hints.is_furiten(view) == me["furiten"], (p, me)
                assert [kinds_to_string([k]) for k in hints.current_waits(view)] == me["waits"]

    _ai_game(2, "hints", 3, visit)
    assert checked > 500 and furiten > 50  # (seed 2: ~2900 views, ~200 of them furiten)


def _hints_by_every_discard(view: dict) -> dict[int, hints.DiscardHint]:
    """`discard_hints` the long way: every kind's discard tried, no shanten shortcut."""
    from tilerooms.games.mahjong.shape import wait_kinds

    counts = hints.kind_counts(hints.own_tiles(view))
    seat = view["players"][view["seat"]]
    held = tuple(hints.held_counts(view))
    visible = hints.visible_counts(view)
    discarded = hints.own_discard_kinds(view)
    out = {}
    for k in range(34):
        if counts[k]:
            counts[k] -= 1
            waits = sorted(wait_kinds(tuple(counts), held, len(seat["melds"])))
            counts[k] += 1
            if waits:
                furiten = bool(view["me"].get("furitenRiichi")) or bool(set(waits) & (discarded | {k}))
                out[k] = hints.DiscardHint(tuple(waits), sum(max(0, 4 - visible[w]) for w in waits), furiten)
    return out


def test_a_seven_pairs_wait_keeps_its_tenpai_discards():
    # 6 pairs + 2 singles: either single kept is a 7-pairs wait (spec 5.6)
    s = table({0: "1133m5577p99s1123z"}, dora="4z", live="9s")
    got = hints.discard_hints(_view(s, 0))
    assert {kinds_to_string([k]) for k in got} == {"2z", "3z"}
    assert got == _hints_by_every_discard(_view(s, 0))


def test_the_shanten_shortcut_gives_the_long_way_answer_over_whole_games():
    # every 14-tile view of three AI games: the hints equal trying every discard
    seen, tenpai = 0, 0

    def visit(state: dict, active: list[str]) -> None:
        nonlocal seen, tenpai
        for player in active:
            view = json.loads(json.dumps(engine.view(state, player)))
            if view.get("seat") is not None and len(hints.own_tiles(view)) % 3 == 2:
                seen += 1
                got = hints.discard_hints(view)
                tenpai += bool(got)
                assert got == _hints_by_every_discard(view)

    for seed in (3, 4, 5):
        _ai_game(seed, f"short-{seed}", 2, visit)
    assert seen > 300 and tenpai > 20
