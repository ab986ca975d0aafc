"""spec §10 checklist lines the other files covered only in part (see the audit table)."""

import json
from collections import Counter

import pytest

from tests.unit.rummikub.helpers import act, position, rejected, set_draft, table_tiles
from tilerooms.games.rummikub import engine
from tilerooms.games.rummikub.engine import events_for
from tilerooms.games.rummikub.tiles import COLOURS, TILES

T0 = 1_000_000


def melded(table: list[list[str]], rack: list[str], pool: list[str], **opts) -> dict:
    """A two-player position, A to move, both past their first meld, clock at T0."""
    return position(table=table, racks={"A": rack, "B": ["O2a"]}, pool=pool, options={"startedAt": T0, **opts}, has_melded=True)


def time_out(state: dict) -> list[dict]:
    """Fire the current player's timer exactly at the deadline (spec §8.5)."""
    return engine.apply(state, state["current"], {"type": "timeout", "at": engine.deadline(state)})


def outcome(events: list[dict]) -> str:
    """The public `timedOut` outcome of a time-out's events."""
    return next(e["outcome"] for e in events if e["type"] == "timedOut")


# --- 셋업 ---------------------------------------------------------------------------------------


def test_the_104_number_tiles_are_4_colours_times_1_to_13_twice():
    # spec 10 셋업 / §3: 숫자 104 = 4색 × 1~13 × 2
    faces = Counter((t.colour, t.n) for t in TILES.values() if not t.is_joker)
    assert faces == Counter({(c, n): 2 for c in COLOURS for n in range(1, 14)})
    assert [t for t in TILES.values() if t.is_joker] == [TILES["JK1"], TILES["JK2"]]


# --- 시간 초과 (무효 초안) -------------------------------------------------------------------------


def test_invalid_rearrangement_without_rack_tiles_takes_the_penalty_at_timeout():
    # spec 5.7 / 8.5: a draft with an invalid set is 무효 even when no rack tile is in it
    s = melded([["R4a", "R5a", "R6a", "R7a", "R8a"]], ["K1a"], ["O1a", "O2b", "O3a", "O4a"], invalidTimeoutPenalty=3)
    engine.apply(s, "A", set_draft(["R4a", "R5a"], ["R6a", "R7a", "R8a"]))
    events = time_out(s)
    assert outcome(events) == "penalty"
    assert table_tiles(s) == [["R4a", "R5a", "R6a", "R7a", "R8a"]]
    assert s["racks"]["A"] == ["K1a", "O1a", "O2b", "O3a"] and s["pool"] == ["O4a"]
    assert s["current"] == "B" and s["draft"] is None


def test_invalid_draft_timeout_with_2_in_the_pool_draws_2_and_ends_the_turn():
    # spec 10: 무효 초안 → 테이블·랙 복구 후 3개, 풀에 2개뿐이면 2개; the turn is over (5.7)
    s = melded([["K9a", "R9a", "B9a"]], ["O9a", "R1a", "K2a"], ["B12a", "B13a"], invalidTimeoutPenalty=3)
    turn = s["turn_no"]
    engine.apply(s, "A", set_draft(["K9a", "R9a"], ["B9a", "O9a", "R1a"]))
    time_out(s)
    assert table_tiles(s) == [["K9a", "R9a", "B9a"]]
    assert s["racks"]["A"] == ["O9a", "R1a", "K2a", "B12a", "B13a"] and s["pool"] == []
    assert s["current"] == "B" and s["turn_no"] == turn + 1


def test_valid_rearrangement_without_rack_tiles_draws_one_at_timeout():
    # spec 5.7 names no branch for a valid table with no rack tile: treated as "no change" (1 tile)
    s = melded([["R4a", "R5a", "R6a", "R7a", "R8a", "R9a"]], ["K1a"], ["O1a", "O2b", "O3a"], invalidTimeoutPenalty=3, timeoutValidDraft="commit")
    engine.apply(s, "A", set_draft(["R4a", "R5a", "R6a"], ["R7a", "R8a", "R9a"]))
    events = time_out(s)
    assert outcome(events) == "draw"
    assert table_tiles(s) == [["R4a", "R5a", "R6a", "R7a", "R8a", "R9a"]]
    assert s["racks"]["A"] == ["K1a", "O1a"]


# --- 시간 초과 (변경 없음) ------------------------------------------------------------------------


@pytest.mark.parametrize("touched", [False, True])
def test_unchanged_draft_draws_one_even_with_commit_and_penalty_3(touched):
    # spec 10: 유효 초안이면(commit) 자동 확정, 변경이 없으면 1개 — a draft reset to the start is unchanged
    s = melded([["K7a", "R7a", "B7a"]], ["O7a", "K1a"], ["B2a", "B3a", "B4a"], timeoutValidDraft="commit", invalidTimeoutPenalty=3)
    if touched:
        engine.apply(s, "A", set_draft(["K7a", "R7a"], ["B7a", "O7a", "K1a"]))  # invalid
        engine.apply(s, "A", act("resetDraft"))
    events = time_out(s)
    assert outcome(events) == "draw"
    assert table_tiles(s) == [["K7a", "R7a", "B7a"]]
    assert s["racks"]["A"] == ["O7a", "K1a", "B2a"] and s["current"] == "B"


def test_valid_draft_auto_commits_at_timeout_and_passes_the_turn():
    # spec 10: 유효 초안이면(commit 옵션) 자동 확정 — with a table rearrangement in it
    s = melded([["R4a", "R5a", "R6a", "R7a", "R8a"]], ["R6b", "K1a"], ["B2a"], timeoutValidDraft="commit", invalidTimeoutPenalty=3)
    engine.apply(s, "A", set_draft(["R4a", "R5a", "R6a"], ["R6b", "R7a", "R8a"]))
    events = time_out(s)
    assert outcome(events) == "commit"
    assert table_tiles(s) == [["R4a", "R5a", "R6a"], ["R6b", "R7a", "R8a"]]
    assert s["racks"]["A"] == ["K1a"] and s["pool"] == ["B2a"] and s["current"] == "B"


# --- 되돌리기 / 재접속 -----------------------------------------------------------------------------


def test_draft_history_survives_a_reconnect_and_can_still_be_undone():
    # spec 5.6: 서버가 초안 기록을 보관하므로 재접속해도 유지된다 (undo works after it too)
    s = melded([["K7a", "R7a", "B7a"]], ["O7a", "R1a", "R2a", "R3a"], [])
    engine.apply(s, "A", set_draft(["K7a", "R7a", "B7a", "O7a"]))
    engine.apply(s, "A", set_draft(["K7a", "R7a", "B7a", "O7a"], ["R1a", "R2a"]))
    engine.apply(s, "A", set_draft(["K7a", "R7a", "B7a", "O7a"], ["R1a", "R2a", "R3a"]))
    back = engine.from_json(json.loads(json.dumps(engine.to_json(s))))
    mine = engine.view(back, "A")["draft"]
    assert mine["can_undo"] and mine["commit_ok"]
    assert [x["tile_ids"] for x in mine["sets"]] == [["K7a", "R7a", "B7a", "O7a"], ["R1a", "R2a", "R3a"]]
    engine.apply(back, "A", act("undoDraft"))
    assert [x["tile_ids"] for x in back["draft"]["sets"]] == [["K7a", "R7a", "B7a", "O7a"], ["R1a", "R2a"]]
    engine.apply(back, "A", act("resetDraft"))
    assert [x["tile_ids"] for x in back["draft"]["sets"]] == [["K7a", "R7a", "B7a"]]


# --- 정보 유출 ----------------------------------------------------------------------------------


def test_opponent_and_spectator_see_the_same_whatever_the_hidden_tiles_are():
    # spec 10 정보 유출 / 8.3: no id, number, validity or pool order of hidden tiles reaches B or a
    # spectator — two games that differ only in A's rack, A's (hidden) draft and the pool look alike
    opts = {"showDraftToOthers": False, "startedAt": T0}
    table = [["K11a", "K12a", "K13a"]]
    one = position(table=table, racks={"A": ["R1a", "R2a", "R3a", "K9a"], "B": ["O2a"]}, pool=["K5a", "K6a", "K7a"], options=opts, has_melded=True)
    two = position(table=table, racks={"A": ["B4a", "B6a", "O13b", "JK1"], "B": ["O2a"]}, pool=["O7b", "K6a", "K5a"], options=opts, has_melded=True)
    log_one = engine.apply(one, "A", set_draft(*table, ["R1a", "R2a", "R3a"]))  # valid
    log_two = engine.apply(two, "A", set_draft(*table, ["B4a", "B6a"], ["JK1"]))  # invalid
    log_one += engine.apply(one, "A", act("draw"))  # draws K5a
    log_two += engine.apply(two, "A", act("draw"))  # draws O7b
    for viewer in ("B", None):
        assert engine.view(one, viewer) == engine.view(two, viewer), viewer
        assert events_for(log_one, viewer) == events_for(log_two, viewer), viewer
    assert engine.view(one, "A") != engine.view(two, "A")  # the difference is real


# --- 동시성 -------------------------------------------------------------------------------------


def test_a_repeated_commit_packet_after_the_turn_came_back_is_not_your_turn():
    # spec 10 동시성: the duplicate still says "차례가 아니에요" when it is A's (next) turn again
    s = position(racks={"A": ["R10a", "R11a", "R12a", "K1a", "K2a"], "B": ["O2a", "O3a"]})
    engine.apply(s, "A", set_draft(["R10a", "R11a", "R12a"]))
    packet = {"type": "commit", "seq": s["seq"], "turn": s["turn_no"]}
    engine.apply(s, "A", packet)
    engine.apply(s, "B", act("draw"))
    assert s["current"] == "A"
    err = rejected(s, "A", packet)
    assert err.code == "not_your_turn" and err.message == "차례가 아니에요"


@pytest.mark.parametrize("stamped", [True, False])
def test_a_set_draft_arriving_after_the_turn_passed_is_refused(stamped):
    # spec 10 동시성: 턴이 넘어간 뒤 도착한 이전 턴 setDraft (with or without its turn number)
    s = position(racks={"A": ["R10a", "R11a", "R12a"], "B": ["O2a"]}, pool=["K1a", "K2a"])
    old_turn = s["turn_no"]
    engine.apply(s, "A", act("draw"))
    extra = {"turn": old_turn} if stamped else {}
    err = rejected(s, "A", set_draft(["R10a", "R11a", "R12a"], **extra))
    assert err.code == "not_your_turn" and err.message == "차례가 아니에요"
    assert s["current"] == "B" and s["draft"] is None
