"""Each level on hand-written positions (spec §5.3–§5.5 examples, GUIDE §7 shapes)."""

from __future__ import annotations

import random

import pytest

from tilerooms.games.rummikub import ai, engine
from tilerooms.games.rummikub.solver import Plan

from .helpers import decide_and_apply, draft_sets, json_view, position, table_sets


def test_hard_splits_a_run_for_the_middle_tile():
    # spec 5.4 official example 4: R4-R8 + R6 → R4-R6 / R6-R8
    state = position(table=[["R4a", "R5a", "R6a", "R7a", "R8a"]], racks={"A": ["R6b", "K1a"], "B": ["O1a"]}, has_melded=True)
    _, after = decide_and_apply(state, "hard")
    assert table_sets(after) == [["R4a", "R5a", "R6a"], ["R6b", "R7a", "R8a"]]
    assert after["racks"]["A"] == ["K1a"]


def test_hard_retrieves_a_joker():
    # spec 10: [B5 JK B7] + rack [B6 K3 R3] → [B5 B6 B7] [K3 R3 JK]
    state = position(table=[["B5a", "JK1", "B7a"]], racks={"A": ["B6a", "K3a", "R3a", "O9a"], "B": ["O1a"]}, has_melded=True)
    _, after = decide_and_apply(state, "hard")
    assert table_sets(after) == [["B5a", "B6a", "B7a"], ["JK1", "K3a", "R3a"]]
    assert after["racks"]["A"] == ["O9a"]


def test_hard_finds_the_table_joker_shape_from_the_guide():
    # GUIDE §7: table [K10 K11 K12 JK] + rack [K9]; the joker moves to 13
    state = position(table=[["K10a", "K11a", "K12a", "JK1"]], racks={"A": ["K9a", "O2a"], "B": ["O1a"]}, has_melded=True)
    _, after = decide_and_apply(state, "hard")
    assert table_sets(after) == [["JK1", "K10a", "K11a", "K12a", "K9a"]]
    assert after["racks"]["A"] == ["O2a"]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_initial_meld_of_30_from_the_rack_alone_with_a_joker(level):
    # spec 5.3: [JK K9 K10] read as 9-10-11 is 30; the table set may not be touched
    table = [["O3a", "O4a", "O5a"]]
    state = position(table=table, racks={"A": ["JK1", "K9a", "K10a", "O2a", "B1a"], "B": ["O1a"]})
    _, after = decide_and_apply(state, level)
    assert after["has_melded"]["A"]
    assert ["O3a", "O4a", "O5a"] in table_sets(after)  # untouched (C3)
    assert sorted(after["racks"]["A"]) == ["B1a", "O2a"]  # no extension before the meld


def test_no_meld_under_30_means_a_draw():
    # spec 5.3: B1-B3 + K5 R5 O5 = 21 < 30
    state = position(racks={"A": ["B1a", "B2a", "B3a", "K5a", "R5a", "O5a"], "B": ["O1a"]})
    for level in ai.LEVELS:
        assert ai.decide(engine.view(state, "A"), level, random.Random(1)) == [{"type": "draw"}]


def test_initial_meld_with_extension_allowed():
    # initialMeldAllowExtend=on: after 30 from the rack, the same turn may add to table sets
    state = position(table=[["R11a", "R12a", "R13a"]], racks={"A": ["K10a", "K11a", "K12a", "R10a"], "B": ["O1a"]}, options={"initialMeldAllowExtend": True})
    _, after = decide_and_apply(state, "hard")
    assert after["phase"] == "finished" and after["winner_ids"] == ["A"]  # R10 went on R11-R13


def test_easy_lays_rack_sets_and_never_touches_the_table():
    table = [["R4a", "R5a", "R6a"]]
    state = position(table=table, racks={"A": ["R7a", "K8a", "R8a", "B8a", "O1a"], "B": ["O2a"]}, has_melded=True)
    for seed in range(10):
        actions, after = decide_and_apply(state, "easy", seed)
        if actions == [{"type": "draw"}]:
            continue  # the occasional miss
        assert ["R4a", "R5a", "R6a"] in table_sets(after)
        assert sorted(after["racks"]["A"]) == ["O1a", "R7a"]


def test_easy_sometimes_misses_a_play():
    state = position(racks={"A": ["K10a", "R10a", "B10a", "O1a"], "B": ["O2a"]}, has_melded=True)
    draws = sum(ai.decide(engine.view(state, "A"), "easy", random.Random(s)) == [{"type": "draw"}] for s in range(200))
    assert 5 < draws < 80


def test_normal_extends_but_does_not_split():
    # R6 fits only by splitting R4-R8 (hard's move); R9 extends the run's end (normal's move)
    state = position(
        table=[["R4a", "R5a", "R6a", "R7a", "R8a"], ["K2a", "B2a", "O2a"]], racks={"A": ["R6b", "R9a", "R2a", "B13a"], "B": ["O1a"]}, has_melded=True
    )
    _, after = decide_and_apply(state, "normal")
    assert table_sets(after) == [["B2a", "K2a", "O2a", "R2a"], ["R4a", "R5a", "R6a", "R7a", "R8a", "R9a"]]
    assert sorted(after["racks"]["A"]) == ["B13a", "R6b"]


def test_normal_keeps_its_joker_for_a_small_gain():
    # placing JK with R1 R2 is worth 3 points: normal keeps the joker and draws
    state = position(table=[["K7a", "K8a", "K9a"]], racks={"A": ["JK1", "R1a", "R2a", "O12a"], "B": ["O1a"]}, has_melded=True)
    assert ai.decide(engine.view(state, "A"), "normal", random.Random(0)) == [{"type": "draw"}]


def test_every_level_goes_out_when_it_can():
    state = position(table=[["K7a", "K8a", "K9a"]], racks={"A": ["JK1", "R1a", "R2a"], "B": ["O1a"]}, has_melded=True)
    for level in ("normal", "hard"):
        _, after = decide_and_apply(state, level)
        assert after["winner_ids"] == ["A"]


def test_hard_dumps_the_joker_when_the_opponent_is_about_to_go_out():
    # tactic: with an opponent at 2 tiles, a joker on the rack is a 30-point liability (spec §6)
    state = position(table=[["K7a", "K8a", "K9a"]], racks={"A": ["JK1", "O5a", "B1a"], "B": ["O1a", "O2a"]}, has_melded=True)
    _, after = decide_and_apply(state, "hard")
    assert "JK1" not in after["racks"]["A"]


def test_hard_keeps_untouched_sets_and_their_places():
    table = [
        {"tile_ids": ["K1a", "K2a", "K3a"], "pos": {"row": 0, "col": 0}},
        {"tile_ids": ["B7a", "B8a", "B9a"], "pos": {"row": 1, "col": 5}},
        {"tile_ids": ["R4a", "R5a", "R6a", "R7a", "R8a"], "pos": {"row": 2, "col": 0}},
    ]
    state = position(table=table, racks={"A": ["R6b", "O13a"], "B": ["O1a"]}, has_melded=True)
    actions, after = decide_and_apply(state, "hard")
    kept = {tuple(s["tileIds"]): s.get("pos") for s in actions[0]["sets"]}
    assert kept[("K1a", "K2a", "K3a")] == {"row": 0, "col": 0}
    assert kept[("B7a", "B8a", "B9a")] == {"row": 1, "col": 5}
    places = {tuple(s["tile_ids"]): s["pos"] for s in after["table"]}
    assert places[("B7a", "B8a", "B9a")] == {"row": 1, "col": 5}


def test_decide_works_on_a_json_round_tripped_view():
    state = position(table=[["B5a", "JK1", "B7a"]], racks={"A": ["B6a", "K3a", "R3a"], "B": ["O1a"]}, has_melded=True)
    for level in ai.LEVELS:
        direct = ai.decide(engine.view(state, "A"), level, random.Random(3))
        assert ai.decide(json_view(state, "A"), level, random.Random(3)) == direct


def test_decide_takes_only_the_view_it_is_given():
    # the view holds no other rack and no pool: an AI that decided from the state could not
    state = position(table=[["R4a", "R5a", "R6a"]], racks={"A": ["R7a", "O1a"], "B": ["R3a", "K9a"]}, has_melded=True)
    view = engine.view(state, "A")
    assert "racks" not in view and "pool" not in view
    actions = ai.decide(view, "hard", random.Random(0))
    assert draft_sets(actions)[0] == ["R4a", "R5a", "R6a", "R7a"]


def test_not_my_turn_gives_no_actions():
    state = position(racks={"A": ["R1a"], "B": ["O1a"]}, has_melded=True)
    assert ai.decide(engine.view(state, "B"), "hard", random.Random(0)) == []


def test_hard_falls_back_to_normal_on_a_solver_time_out(monkeypatch):
    real = ai.solve

    def slow(*args, **kwargs):
        plan: Plan | None = real(*args, **kwargs)
        if kwargs.get("move_class") == "rearrange" and plan is not None:
            plan.status = "timeout"
        return plan

    monkeypatch.setattr(ai, "solve", slow)
    state = position(table=[["R4a", "R5a", "R6a", "R7a", "R8a"]], racks={"A": ["R6b", "R9a", "K1a"], "B": ["O1a"]}, has_melded=True)
    _, after = decide_and_apply(state, "hard")
    assert table_sets(after) == [["R4a", "R5a", "R6a", "R7a", "R8a", "R9a"]]  # normal's extension


def test_an_illegal_plan_is_never_returned(monkeypatch):
    # a broken solver plan fails the engine's turn check and the AI falls back (to a draw here)
    monkeypatch.setattr(ai, "_actions", lambda sets: [{"type": "setDraft", "sets": [{"tileIds": ["R1a"]}]}, {"type": "commit"}])
    state = position(table=[["R4a", "R5a", "R6a"]], racks={"A": ["R7a", "R1a"], "B": ["O1a"]}, has_melded=True)
    for level in ai.LEVELS:
        assert ai.decide(engine.view(state, "A"), level, random.Random(5)) == [{"type": "draw"}]
