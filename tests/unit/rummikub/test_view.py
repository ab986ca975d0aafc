"""spec §8.3 view and event filtering: nobody sees another rack, the pool, or the RNG."""

import json

from tests.unit.rummikub.helpers import act, position, set_draft, strings_in
from tilerooms.games.rummikub import engine
from tilerooms.games.rummikub.engine import events_for


def game(show=True):
    s = engine.setup({"showDraftToOthers": show}, ["A", "B", "C"], 99)
    return s


def hidden_from(state, viewer):
    """Tile ids `viewer` must not see: the pool and every other rack."""
    hidden = set(state["pool"])
    for p, rack in state["racks"].items():
        if p != viewer:
            hidden |= set(rack)
    return hidden


def test_opponents_and_spectators_see_no_hidden_tiles_and_no_rng():
    s = game()
    for viewer in ["A", "B", "C", None, "stranger"]:
        v = engine.view(s, viewer)
        text = json.dumps(v)
        assert not (strings_in(v) & hidden_from(s, viewer)), viewer
        assert "rng" not in v and str(s["rng"]["state"]) not in text
        assert v["pool_count"] == 64
    assert engine.view(s, "A")["rack"] == s["racks"]["A"]
    assert engine.view(s, None)["rack"] is None


def test_public_counts_and_fields():
    s = game()
    v = engine.view(s, None)
    assert [p["tiles"] for p in v["players"]] == [14, 14, 14]
    assert v["current"] == s["current"] and v["deadline"] == engine.deadline(s)
    assert v["turn_no"] == 1 and v["seq"] == 0 and v["phase"] == "playing"


def test_current_player_sees_draft_validity_reason_and_meld_progress():
    s = position(racks={"A": ["B1a", "B2a", "B3a", "K5a", "R5a", "O5a", "K5b"], "B": ["O2a"]})
    engine.apply(s, "A", set_draft(["B1a", "B2a", "B3a"], ["K5a", "R5a", "O5a"], ["K5b"]))
    d = engine.view(s, "A")["draft"]
    assert [x["valid"] for x in d["sets"]] == [True, True, False]
    assert d["sets"][2]["reason"] == "3개 이상이어야 해요"
    assert d["initial_meld"] == {"points": 21, "required": 30}
    assert d["commit_ok"] is False and d["commit_problem"]["invalidSets"] == [2]


def test_show_draft_to_others_on_shows_the_draft_sets():
    s = position(racks={"A": ["R1a", "R2a", "K7a"], "B": ["O2a"]}, options={"showDraftToOthers": True})
    engine.apply(s, "A", set_draft(["R1a", "R2a"]))
    d = engine.view(s, "B")["draft"]
    assert d["sets"][0]["tile_ids"] == ["R1a", "R2a"] and d["thinking"]
    assert "K7a" not in strings_in(engine.view(s, "B"))  # the rest of A's rack stays hidden


def test_show_draft_to_others_off_shows_only_thinking_and_a_counter():
    s = position(racks={"A": ["R1a", "R2a", "K7a"], "B": ["O2a"]}, options={"showDraftToOthers": False})
    events = engine.apply(s, "A", set_draft(["R1a", "R2a"]))
    for viewer in ("B", None):
        v = engine.view(s, viewer)
        assert v["draft"] == {"thinking": True, "changes": 1}
        assert not ({"R1a", "R2a", "K7a"} & strings_in(v))
        assert not ({"R1a", "R2a"} & strings_in(events_for(events, viewer)))


def test_draft_and_commit_events_name_the_move_and_leave_the_tiles_to_the_views():
    # issue 20: a copy of the draft or table in each event was 2/3 of a room (30 events kept)
    s = position(racks={"A": ["R1a", "R2a", "R3a", "K7a"], "B": ["O2a"]}, table=[["B9a", "B10a", "B11a"]], options={"showDraftToOthers": True}, has_melded=True)
    drafted = engine.apply(s, "A", set_draft(["B9a", "B10a", "B11a"], ["R1a", "R2a", "R3a"]))
    assert drafted == [{"type": "draftChanged", "to": None, "player": "A", "changes": 1}]
    assert engine.view(s, "B")["draft"]["sets"][1]["tile_ids"] == ["R1a", "R2a", "R3a"]  # shown by the view
    committed = [e for e in engine.apply(s, "A", act("commit", seq=s["seq"])) if e["type"] == "committed"]
    assert committed == [{"type": "committed", "to": None, "player": "A", "tile_ids": ["R1a", "R2a", "R3a"], "first_meld": False, "meld_points": 6}]
    assert [t["tile_ids"] for t in engine.view(s, "B")["table"]] == [["B9a", "B10a", "B11a"], ["R1a", "R2a", "R3a"]]


def test_draw_event_shows_the_tile_only_to_the_drawer():
    s = position(racks={"A": ["R1a"], "B": ["O2a"]}, pool=["K13b", "K12b"])
    events = engine.apply(s, "A", act("draw"))
    assert "K13b" in strings_in(events_for(events, "A"))
    for viewer in ("B", None):
        seen = events_for(events, viewer)
        assert "K13b" not in strings_in(seen)
        assert any(e["type"] == "drewCount" and e["count"] == 1 and e["text"] == "1개 뽑음" for e in seen)


def test_penalty_returned_tiles_only_to_that_player():
    s = position(racks={"A": ["R1a", "K1a", "O9a"], "B": ["O2a"]}, pool=["B5a", "B6a", "B7a"], options={"showDraftToOthers": False, "invalidTimeoutPenalty": 3})
    engine.apply(s, "A", set_draft(["R1a", "K1a"]))
    events = engine.apply(s, "A", {"type": "timeout", "at": engine.deadline(s)})
    assert {"R1a", "K1a", "B5a"} <= strings_in(events_for(events, "A"))
    assert not ({"R1a", "K1a", "O9a", "B5a", "B6a", "B7a"} & strings_in(events_for(events, "B")))


def test_penalty3_commit_reverts_draws_3_and_ends_the_turn_as_events():
    s = position(
        racks={"A": ["R1a", "K1a", "O9a"], "B": ["O2a"]}, pool=["B5a", "B6a", "B7a", "B8a"], options={"invalidCommitPenalty": "penalty3"}, has_melded=True
    )
    engine.apply(s, "A", set_draft(["R1a", "K1a"]))
    events = engine.apply(s, "A", act("commit"))
    assert [e["type"] for e in events][:2] == ["commitFailed", "returned"]
    assert s["racks"]["A"] == ["R1a", "K1a", "O9a", "B5a", "B6a", "B7a"] and s["current"] == "B"
    assert s["table"] == []


def test_penalty3_commit_with_a_hidden_draft_tells_only_the_mover_why():
    s = position(
        racks={"A": ["R1a", "R2a", "R3a", "O9a"], "B": ["O2a"]},
        pool=["B5a", "B6a", "B7a"],
        options={"invalidCommitPenalty": "penalty3", "showDraftToOthers": False},
    )
    engine.apply(s, "A", set_draft(["R1a", "R2a", "R3a"]))  # a valid set of 6 points: no first meld
    events = engine.apply(s, "A", act("commit"))
    mine = [e for e in events_for(events, "A") if e["type"].startswith("commitFailed")]
    assert [e["type"] for e in mine] == ["commitFailed", "commitFailedReason"]
    assert mine[1]["message"] == "첫 등록은 30점 이상이어야 해요 (지금 6점)"
    for viewer in ("B", None):
        seen = [e for e in events_for(events, viewer) if e["type"].startswith("commitFailed")]
        assert seen == [{"type": "commitFailed", "to": None, "player": "A"}]


def test_a_time_out_with_a_hidden_draft_tells_only_the_mover_whether_it_was_valid():
    s = position(racks={"A": ["R1a", "K1a", "O9a"], "B": ["O2a"]}, pool=["B5a", "B6a"], options={"showDraftToOthers": False})
    engine.apply(s, "A", set_draft(["R1a", "K1a"]))  # an unfinished set: reverted, the penalty draw
    events = engine.apply(s, "A", {"type": "timeout", "at": engine.deadline(s)})
    assert [e["outcome"] for e in events_for(events, "A") if e["type"] == "timedOutOutcome"] == ["penalty"]
    for viewer in ("B", None):
        seen = [e for e in events_for(events, viewer) if e["type"].startswith("timedOut")]
        assert seen == [{"type": "timedOut", "to": None, "player": "A"}]


def test_finished_view_has_the_result_and_no_deadline():
    s = position(racks={"A": ["R10a", "R11a", "R12a"], "B": ["O2a"]})
    engine.apply(s, "A", set_draft(["R10a", "R11a", "R12a"]))
    engine.apply(s, "A", act("commit"))
    v = engine.view(s, "B")
    assert v["deadline"] is None and v["result"]["winner"] == ["A"] and v["draft"] is None
    assert engine.active_players(s) == []


def test_the_view_names_the_last_move_and_who_changed_the_table():
    # issue 33: the board names the move from the view, not by reading events back
    s = position(
        racks={"A": ["R1a", "R2a", "R3a", "K7a"], "B": ["O2a", "O9a"]}, table=[["B9a", "B10a", "B11a"]], pool=["K13b", "K12b", "K11b"], has_melded=True
    )
    assert engine.view(s, None)["last_move"] is None and engine.view(s, None)["placed_by"] is None
    engine.apply(s, "A", set_draft(["B9a", "B10a", "B11a"], ["R1a", "R2a", "R3a"]))
    assert engine.view(s, "B")["last_move"] is None  # a draft edit is no move
    engine.apply(s, "A", act("commit"))
    for viewer in ("A", "B", None):
        assert engine.view(s, viewer)["last_move"] == {"player": "A", "kind": "placed", "count": 3}
        assert engine.view(s, viewer)["placed_by"] == "A"
    engine.apply(s, "B", act("draw"))
    v = engine.view(s, None)
    assert v["last_move"] == {"player": "B", "kind": "drew", "count": 1} and v["placed_by"] == "A"
    engine.apply(s, "A", {"type": "timeout", "at": engine.deadline(s)})
    assert engine.view(s, "B")["last_move"] == {"player": "A", "kind": "drew.timeout", "count": 1}
    engine.apply(s, "B", act("leave"))
    assert engine.view(s, "A")["last_move"] == {"player": "B", "kind": "left", "count": 0}


def test_a_refused_commit_and_a_pass_on_an_empty_pool_are_named_so():
    s = position(racks={"A": ["R1a", "K1a", "O9a"], "B": ["O2a"]}, pool=["B5a", "B6a", "B7a"], options={"invalidCommitPenalty": "penalty3"}, has_melded=True)
    engine.apply(s, "A", set_draft(["R1a", "K1a"]))
    engine.apply(s, "A", act("commit"))
    assert engine.view(s, "B")["last_move"] == {"player": "A", "kind": "drew.refused", "count": 3}
    assert engine.view(s, "B")["placed_by"] is None  # nothing reached the table
    engine.apply(s, "B", act("pass"))
    assert engine.view(s, "A")["last_move"] == {"player": "B", "kind": "passed", "count": 0}


def test_my_drawn_tiles_are_mine_to_see_until_i_act():
    s = position(racks={"A": ["R1a", "R2a", "R3a"], "B": ["O2a", "O3a", "O4a", "O9a"]}, pool=["K13b", "K12b", "K11b"], has_melded=True)
    engine.apply(s, "A", act("draw"))
    assert engine.view(s, "A")["drawn"] == ["K13b"]
    for viewer in ("B", None):
        assert engine.view(s, viewer)["drawn"] == [] and "K13b" not in strings_in(engine.view(s, viewer))
    engine.apply(s, "B", set_draft(["O2a", "O3a", "O4a"]))
    engine.apply(s, "B", act("commit"))
    assert engine.view(s, "A")["drawn"] == ["K13b"]  # another player's move does not end it
    engine.apply(s, "A", set_draft(["O2a", "O3a", "O4a"], ["R1a", "R2a", "R3a"]))
    assert engine.view(s, "A")["drawn"] == []  # my first action does
