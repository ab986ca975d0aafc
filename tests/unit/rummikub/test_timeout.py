"""spec §5.7 / §8.5 time-outs with every option value, the 3-timeout short clock, and the
service's whole-game clock."""

import pytest

from tests.unit.rummikub.helpers import act, assert_all_106, position, rejected, set_draft, table_tiles
from tilerooms.games.rummikub import engine

T0 = 1_000_000


def start(rack, table=(), pool=None, **opts):
    options = {"startedAt": T0, **opts}
    return position(table=list(table), racks={"A": rack, "B": ["O2a"]}, pool=pool, options=options, has_melded={"A": True, "B": True})


def time_out(state):
    """Fire the timer exactly at the deadline, as the room layer would."""
    action = engine.on_timeout(state, state["current"])
    assert action == {"type": "timeout"}
    return engine.apply(state, state["current"], {**action, "at": engine.deadline(state)})


def test_deadline_is_turn_start_plus_turn_seconds():
    s = start(["R1a"], turnSeconds=90)
    assert engine.deadline(s) == T0 + 90_000


def test_timeout_before_the_deadline_is_refused():
    s = start(["R1a"])
    assert rejected(s, "A", {"type": "timeout", "at": T0 + 59_999}).code == "not_yet"
    assert rejected(s, "A", {"type": "timeout"}).code == "not_yet"  # no "at": time = turn start


def test_unchanged_draft_draws_one():
    s = start(["R1a"], pool=["K5a", "K6a"])
    time_out(s)
    assert s["racks"]["A"] == ["R1a", "K5a"] and s["current"] == "B"
    assert s["turn_started_at"] == T0 + 60_000


def test_unchanged_draft_with_empty_pool_passes():
    s = start(["R1a"], pool=[])
    time_out(s)
    assert s["racks"]["A"] == ["R1a"] and s["consecutive_passes_with_empty_pool"] == 1


@pytest.mark.parametrize("penalty", [1, 3])
def test_invalid_draft_reverts_table_and_rack_then_draws_the_penalty(penalty):
    s = start(["R7b", "K1a"], table=[["R4a", "R5a", "R6a", "R7a", "R8a"]], pool=["O1a", "O2b", "O3a", "O4a"], invalidTimeoutPenalty=penalty)
    engine.apply(s, "A", set_draft(["R4a", "R5a"], ["R6a", "R7a", "R8a", "R7b"]))
    events = time_out(s)
    assert table_tiles(s) == [["R4a", "R5a", "R6a", "R7a", "R8a"]]
    assert s["racks"]["A"] == ["R7b", "K1a"] + ["O1a", "O2b", "O3a"][:penalty]
    returned = [e for e in events if e["type"] == "returned"]
    assert returned == [{"type": "returned", "to": ["A"], "player": "A", "tile_ids": ["R7b"]}]


def test_invalid_draft_penalty_3_with_2_in_the_pool_draws_2():
    s = start(["R1a", "K1a"], pool=["O1a", "O2b"], invalidTimeoutPenalty=3)
    engine.apply(s, "A", set_draft(["R1a", "K1a"]))
    time_out(s)
    assert s["racks"]["A"] == ["R1a", "K1a", "O1a", "O2b"] and s["pool"] == []


def test_valid_draft_commits_with_commit_option():
    s = start(["R1a", "R2a", "R3a", "K9a"], timeoutValidDraft="commit")
    engine.apply(s, "A", set_draft(["R1a", "R2a", "R3a"]))
    time_out(s)
    assert table_tiles(s) == [["R1a", "R2a", "R3a"]] and s["racks"]["A"] == ["K9a"]


def test_valid_draft_reverts_and_draws_one_with_revert_option_the_default():
    s = start(["R1a", "R2a", "R3a", "K9a"], pool=["O5a", "O6a"])
    assert s["options"]["timeoutValidDraft"] == "revert"
    engine.apply(s, "A", set_draft(["R1a", "R2a", "R3a"]))
    time_out(s)
    assert s["table"] == [] and s["racks"]["A"] == ["R1a", "R2a", "R3a", "K9a", "O5a"]


def test_valid_draft_below_initial_meld_is_invalid_at_timeout():
    s = position(
        racks={"A": ["R1a", "R2a", "R3a"], "B": ["O2a"]}, pool=["O5a", "O6a", "O7a"], options={"invalidTimeoutPenalty": 3, "timeoutValidDraft": "commit"}
    )
    engine.apply(s, "A", set_draft(["R1a", "R2a", "R3a"]))
    time_out(s)
    assert s["table"] == [] and len(s["racks"]["A"]) == 6


def test_three_timeouts_in_a_row_give_a_short_deadline_until_the_player_acts():
    s = position(racks={"A": ["R1a"], "B": ["K1a"]}, options={"startedAt": T0})
    for _ in range(3):
        time_out(s)  # A
        engine.apply(s, "B", act("draw"))
    assert s["timeouts_in_a_row"]["A"] == 3
    assert engine.deadline(s) == s["turn_started_at"] + 3000
    engine.apply(s, "A", set_draft(["R1a"]))  # A is back
    assert engine.deadline(s) == s["turn_started_at"] + 60_000


def test_whole_game_clock_ends_the_game_lowest_rack_wins():
    s = position(racks={"A": ["R5a", "K9a"], "B": ["O2a", "O3a"], "C": ["JK1"]}, options={"startedAt": T0, "gameSeconds": 600})
    s["turn_started_at"] = T0 + 590_000
    assert engine.deadline(s) == T0 + 600_000  # the game clock is sooner than the turn's
    time_out(s)
    assert s["phase"] == "finished" and s["end_reason"] == "timeUp"
    assert s["winner_ids"] == ["B"]
    assert s["game_scores"] == {"A": -9, "B": 34, "C": -25}
    assert "전체 시간" in engine.result(s)["summary"]


def test_game_clock_off():
    s = position(racks={"A": ["R5a"], "B": ["O2a"]}, options={"gameSeconds": 0})
    assert s["game_deadline"] is None and engine.deadline(s) == 60_000


def test_timeouts_keep_all_106_tiles():
    s = engine.setup({"invalidTimeoutPenalty": 3}, ["A", "B"], 7)
    for _ in range(10):
        time_out(s)
    assert_all_106(s)


def test_shift_time_moves_both_clocks_for_a_paused_game():
    s = start(["R1a"], gameSeconds=600)
    before = engine.deadline(s)
    engine.shift_time(s, 30_000)
    assert engine.deadline(s) == before + 30_000 and s["game_deadline"] == T0 + 630_000


# -- issue 35: 7, the engine refuses a move stamped after a deadline itself (as mahjong's "too_late")
LATE_MOVES = [
    set_draft(["R1a", "R2a", "R3a"]),
    {"type": "commit"},
    {"type": "draw"},
    {"type": "undoDraft"},
    {"type": "resetDraft"},
]


@pytest.mark.parametrize("move", LATE_MOVES, ids=lambda m: m["type"])
def test_a_move_stamped_after_the_turn_deadline_is_refused_and_changes_nothing(move):
    s = start(["R1a", "R2a", "R3a"], pool=["K5a"], turnSeconds=60)
    assert rejected(s, "A", {**move, "at": T0 + 60_001}).code == "too_late"


def test_a_commit_stamped_after_the_whole_game_deadline_is_refused():
    s = start(["R1a", "R2a", "R3a"], pool=["K5a"], gameSeconds=600)
    s["turn_started_at"] = T0 + 590_000  # the game clock (T0 + 600 s) is sooner than the turn's
    engine.apply(s, "A", {**set_draft(["R1a", "R2a", "R3a"]), "at": T0 + 595_000})
    assert rejected(s, "A", {"type": "commit", "at": T0 + 600_000 + 60_000}).code == "too_late"
    assert s["table"] == [] and s["phase"] == "playing"


def test_the_short_clock_of_an_absent_player_binds_their_moves_too():
    s = position(racks={"A": ["R1a"], "B": ["K1a"]}, options={"startedAt": T0})
    for _ in range(3):
        time_out(s)  # A
        engine.apply(s, "B", {**act("draw"), "at": s["turn_started_at"]})
    assert rejected(s, "A", {**act("draw"), "at": s["turn_started_at"] + 3001}).code == "too_late"


def test_a_move_at_the_deadline_itself_counts_and_the_time_out_still_fires_after_it():
    s = start(["R1a"], pool=["K5a", "K6a"])
    engine.apply(s, "A", {"type": "draw", "at": T0 + 60_000})  # the last millisecond is still the turn's
    assert s["racks"]["A"] == ["R1a", "K5a"] and s["current"] == "B"
    late = {"type": "timeout", "at": engine.deadline(s) + 60_000}  # a time-out is due at or after the deadline
    engine.apply(s, "B", late)
    assert s["current"] == "A"
