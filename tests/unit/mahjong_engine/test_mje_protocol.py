"""Spec §10: setup, the protocol (errors, stale packets, no mutation on refusal), timers and
autopilot (8.5), the uniform claim delay and information leaks (8.3), replays."""

from __future__ import annotations

import json

import pytest

from tests.unit.mahjong_engine.mje_helpers import all_pass, assert_tiles, discard, pid, position, refused, table
from tilerooms.core import RuleError
from tilerooms.games.mahjong import engine


def test_same_seed_same_seating_wall_and_deal() -> None:
    a = engine.setup({"startedAt": 5}, ["p", "q", "r", "s"], 42)
    b = engine.setup({"startedAt": 5}, ["p", "q", "r", "s"], 42)
    assert a == b and engine.setup({}, ["p", "q", "r", "s"], 43)["hand"]["live"] != a["hand"]["live"]
    h = a["hand"]
    assert len(h["live"]) + 1 == 70  # 70 live tiles; the dealer has drawn one
    assert len(h["rinshan"]) + len(h["dora"]) + len(h["ura"]) == 14
    assert len(h["closed"][a["dealer"]]) == 14 and h["stage"] == "afterDraw"
    assert_tiles(a)


def test_sanma_has_108_tiles_without_2m_to_8m_and_55_live() -> None:
    s = engine.setup({}, ["p", "q", "r"], 7)
    assert s["mode"] == "sanma" and len(s["hand"]["live"]) + 1 == 55
    every = sorted(s["hand"]["live"] + s["hand"]["rinshan"] + s["hand"]["dora"] + s["hand"]["ura"] + [t for c in s["hand"]["closed"] for t in c])
    assert len(every) == 108 and not any(1 <= t >> 2 <= 7 for t in every)


@pytest.mark.parametrize("players", [["a", "b"], ["a", "b", "c", "d", "e"], ["a", "a", "b"], "abcd"])
def test_three_or_four_distinct_players(players) -> None:
    with pytest.raises(RuleError) as err:
        engine.setup({}, players, 1)
    assert err.value.code == "bad_players"


def test_bad_options_are_refused() -> None:
    for options in ({"length": "long"}, {"nope": 1}, {"turnSeconds": 2}, {"startedAt": "x"}):
        with pytest.raises(RuleError) as err:
            engine.resolve_options(options)
        assert err.value.code == "bad_option"


@pytest.mark.parametrize(
    "action",
    [
        None,
        [],
        {"type": "fly"},
        {"type": "discard"},
        {"type": "discard", "tile": 999},
        {"type": "discard", "tile": "x"},
        {"type": "claim", "call": "steal"},
        {"type": "setPref", "autoWin": 1},
        {"type": "discard", "tile": 1, "seq": "1"},
        {"type": "discard", "tile": "²:5p"},  # "²".isdigit() is true, but int("²") raises
        {"type": "kakan", "tile": "١:5p"},  # an Arabic-Indic digit: no tile id of ours
    ],
)
def test_malformed_actions_are_bad_action(action) -> None:
    s = engine.setup({}, ["p", "q", "r", "s"], 1)
    err = refused(s, s["dealer"], action)
    assert err.code == "bad_action" and err.message


def test_stale_and_duplicate_packets_are_refused() -> None:
    s = engine.setup({}, ["p", "q", "r", "s"], 1)
    dealer = pid(s, 0)
    t = s["hand"]["drawn"][0]
    engine.apply(s, dealer, {"type": "discard", "tile": t, "seq": 0})
    assert refused(s, 0, {"type": "discard", "tile": t, "seq": 0}).code in ("stale", "not_your_turn")
    all_pass(s)
    assert refused(s, 2, {"type": "pass", "seq": 0}).code == "stale"


def test_not_your_turn_and_no_tile() -> None:
    s = engine.setup({}, ["p", "q", "r", "s"], 1)
    other = s["hand"]["closed"][1][0]
    assert refused(s, 1, {"type": "discard", "tile": other}).message == "지금은 당신 차례가 아닙니다"
    assert refused(s, 0, {"type": "discard", "tile": other}).code == "no_tile"


# --- timers (8.5) -----------------------------------------------------------------------------------


def test_turn_timeout_is_tsumogiri_and_empties_the_bank() -> None:
    s = engine.setup({"startedAt": 1000}, ["p", "q", "r", "s"], 3)
    due = engine.deadline(s)
    assert due == 1000 + 15000 + 60000
    dealer = pid(s, 0)
    assert refused(s, 0, {"type": "timeout", "at": due - 1}).code == "not_yet"
    drawn = s["hand"]["drawn"][0]
    engine.apply(s, dealer, {**engine.on_timeout(s, dealer), "at": due})
    assert s["hand"]["discards"][0][-1]["tile"] == drawn and s["hand"]["discards"][0][-1]["tsumogiri"]
    assert s["time_bank"][0] == 0 and s["timeouts"][0] == 1


def test_acting_late_spends_the_bank() -> None:
    s = engine.setup({"startedAt": 0}, ["p", "q", "r", "s"], 3)
    engine.apply(s, pid(s, 0), {"type": "discard", "tile": s["hand"]["drawn"][0], "at": 15000 + 7000})
    assert s["time_bank"][0] == 60000 - 7000


def test_claim_timeout_passes_with_furiten() -> None:
    s = table({0: "4m159p159s1234567z", 3: "56m234p567p345s88s"}, options={"startedAt": 0})
    discard(s, 0, "4m", at=0)
    assert engine.deadline(s) == 8000  # claimSeconds, no bank
    who = engine.active_players(s)[0]
    assert refused(s, 1, {"type": "timeout", "at": 7999}).code == "not_yet"
    engine.apply(s, who, {**engine.on_timeout(s, who), "at": 8000})
    assert s["hand"]["furiten_temp"][3] and s["hand"]["stage"] == "afterDraw" and s["hand"]["turn"] == 1


def test_two_timeouts_in_a_row_mean_autopilot_until_the_player_acts() -> None:
    s = engine.setup({"startedAt": 0}, ["p", "q", "r", "s"], 5)
    now = 0
    for _ in range(2):  # two of seat 0's turns time out; the others discard at once
        now = engine.deadline(s)
        engine.apply(s, pid(s, 0), {"type": "timeout", "at": now})
        while not (s["hand"]["turn"] == 0 and s["hand"]["stage"] == "afterDraw"):
            active = engine.active_players(s)
            if s["hand"]["stage"] == "claim":
                now = max(now, engine.deadline(s))
                engine.apply(s, active[0], {"type": "timeout", "at": now})
            else:
                seat = s["hand"]["turn"]
                engine.apply(s, active[0], {"type": "discard", "tile": s["hand"]["drawn"][seat], "at": now})
            if s["phase"] != "playing":
                pytest.skip("the hand ended early for this seed")
    assert s["autopilot"][0]
    assert engine.deadline(s) == s["hand"]["turn_started_at"] + 2000
    engine.apply(s, pid(s, 0), {"type": "discard", "tile": s["hand"]["drawn"][0], "at": now + 100})
    assert not s["autopilot"][0] and s["timeouts"][0] == 0


def test_leaving_puts_the_seat_on_autopilot_for_good() -> None:
    s = engine.setup({"startedAt": 0}, ["p", "q", "r", "s"], 5)
    engine.apply(s, pid(s, 1), {"type": "leave"})
    assert s["left"][1] and s["autopilot"][1]
    assert refused(s, 1, {"type": "pass"}).code == "left"


def test_a_left_seat_on_turn_still_times_out_and_play_goes_on() -> None:
    s = engine.setup({"startedAt": 0}, ["p", "q", "r", "s"], 5)
    mover = engine.active_players(s)[0]
    engine.apply(s, mover, {"type": "leave", "at": 0})
    for _ in range(3):  # the room fires every passed deadline for every active player
        due = engine.deadline(s)
        for player in engine.active_players(s):
            engine.apply(s, player, {**engine.on_timeout(s, player), "at": due})
            break
    assert engine.active_players(s) != [mover] or s["hand"]["turn"] != s["players"].index(mover)
    assert len(s["hand"]["discards"][s["players"].index(mover)]) == 1  # autopilot discarded


def test_shift_time_moves_every_clock() -> None:
    s = engine.setup({"startedAt": 0}, ["p", "q", "r", "s"], 5)
    before = engine.deadline(s)
    engine.shift_time(s, 5000)
    assert engine.deadline(s) == before + 5000


# --- the uniform claim delay and leaks (5.3, 8.3) ------------------------------------------------------


def _window(seat3: str, **options: object) -> dict:
    s = table({0: "4m159p159s1234567z", 3: seat3}, options={"startedAt": 0, **options})
    engine.apply(s, "A", {"type": "discard", "tile": s["hand"]["closed"][0][0], "at": 0})
    return s


def test_the_window_lasts_at_least_400ms_whether_or_not_anybody_can_claim() -> None:
    nobody = _window("19m18p19s123456z7p")
    ron = _window("56m234p567p345s88s")
    assert engine.deadline(nobody) == 400  # spec 5.3 step 2: 기본 400ms
    engine.apply(ron, "D", {"type": "pass", "at": 50})  # the ron-capable seat passes at once
    assert ron["hand"]["stage"] == "claim" and engine.deadline(ron) == 400
    # the same players are asked in both cases, and others see the same claim view
    assert engine.active_players(nobody)[:2] == engine.active_players(ron)[:2] == ["B", "C"]
    assert engine.view(nobody, "B")["claim"] == engine.view(ron, "B")["claim"]
    assert engine.view(nobody, "B")["deadline"] is None and engine.view(nobody, None)["deadline"] is None


def test_the_windows_minimum_is_the_rooms_option() -> None:
    """Issue 35: 6 — the host picks 400 / 700 / 1000 ms; a game stored before the option keeps 1 s."""
    assert engine.deadline(_window("19m18p19s123456z7p", claimMinDelayMs=700)) == 700
    assert engine.deadline(_window("19m18p19s123456z7p", claimMinDelayMs=1000)) == 1000
    older = table({0: "4m159p159s1234567z"}, options={"startedAt": 0})
    del older["options"]["claimMinDelayMs"]  # as a state saved before the option existed
    engine.apply(older, "A", {"type": "discard", "tile": older["hand"]["closed"][0][0], "at": 5000})
    assert older["hand"]["claim"]["min_until"] == 6000


def _hidden(state: dict, viewer_seat: int | None) -> set[int]:
    h = state["hand"]
    hidden = set(h["live"]) | set(h["rinshan"]) | set(h["dora"][h["dora_revealed"] :]) | set(h["ura"])
    for seat, closed in enumerate(h["closed"]):
        if seat != viewer_seat:
            hidden |= set(closed)
    return hidden


def assert_no_leak(state: dict) -> None:
    """Whole-JSON string search: no hidden tile id token in anybody else's view (spec 8.3)."""
    for viewer_seat in [None, *range(len(state["players"]))]:
        viewer = None if viewer_seat is None else state["players"][viewer_seat]
        text = json.dumps(engine.view(state, viewer), ensure_ascii=False)
        leaked = [t for t in _hidden(state, viewer_seat) if f'"{t}:' in text]
        assert not leaked, (viewer, leaked)
        for secret in ("eligible", "ron_capable", "responses", '"rng"', '"live"', '"ura"'):
            assert secret not in text
        if state["hand"]["claim"] is not None and viewer_seat is not None:
            mine = state["hand"]["claim"]["eligible"][viewer_seat]
            assert ('"calls"' in text) == bool(mine)


def test_views_leak_no_hidden_tile_in_a_played_game() -> None:
    from tilerooms.games.mahjong.random_bot import self_play

    steps = []

    def check(state: dict) -> None:
        steps.append(1)
        if state["phase"] == "playing" and len(steps) % 7 == 0:
            assert_no_leak(state)

    self_play(["p", "q", "r", "s"], 11, on_step=check, options={"length": "tonpuu"})
    self_play(["p", "q", "r"], 12, on_step=check, options={"length": "tonpuu"})


def test_own_claim_options_are_shown_only_to_their_owner() -> None:
    s = _window("56m234p567p345s88s")
    assert engine.view(s, "D")["me"]["claim"]["calls"] == ["ron"]
    for viewer in ("A", "B", "C", None):
        assert "ron" not in json.dumps(engine.view(s, viewer))
    assert_no_leak(s)


def test_events_give_the_drawn_tile_only_to_the_drawer() -> None:
    s = engine.setup({}, ["p", "q", "r", "s"], 1)
    events = engine.apply(s, pid(s, 0), {"type": "discard", "tile": s["hand"]["drawn"][0]})
    events += engine.apply(s, engine.active_players(s)[0], {"type": "timeout", "at": 10**6})
    draw = [e for e in events if e["type"] == "draw"][0]
    assert draw["to"] == [pid(s, 1)]
    assert all("tile" not in e for e in engine.events_for(events, pid(s, 2)) if e["type"] in ("drew", "draw"))


def test_setup_positions_round_trip_through_json() -> None:
    s = position(["4m159p159s1234567z", "19m19p19s1234567z", "4489m3579p3579s6z", "56m234p567p345s88s"])
    assert engine.from_json(engine.to_json(s)) == s
    broken = engine.to_json(s)
    broken["hand"]["live"].pop()
    with pytest.raises(ValueError):
        engine.from_json(broken)


def test_every_viewer_sees_each_finished_hand_and_the_points_after_it() -> None:
    from tilerooms.games.mahjong.random_bot import self_play

    state, _ = self_play(["p", "q", "r", "s"], 21, options={"length": "tonpuu"})
    records = state["history"]
    assert len(records) >= 4
    for viewer in ["p", "s", None]:
        history = engine.view(state, viewer)["handHistory"]
        assert [h["round"] for h in history] == [r["round"] for r in records]
        assert history[-1]["points"] == state["points"]  # the chart's last point is the final score
        assert all(set(h) == {"round", "points"} for h in history)  # labels and points only, no tiles
