"""The solver's own paths: the lexicographic solve and its value-only fallback on a time-out."""

from __future__ import annotations

import warnings

from scipy.optimize import OptimizeWarning

from tilerooms.bench.rummikub_ai import random_position
from tilerooms.games.rummikub import ai, engine, solver
from tilerooms.games.rummikub.solver import TableSetIn, solve

TABLE = [TableSetIn(["K1a", "K2a", "K3a"], "run", {"row": 0, "col": 0}), TableSetIn(["R4a", "R5a", "R6a", "R7a", "R8a"], "run", {"row": 1, "col": 0})]
RACK = ["R6b", "O13a"]


def test_one_solve_lays_the_value_and_keeps_the_untouched_set():
    plan = solve(TABLE, RACK, has_melded=True)
    assert plan is not None and plan.status == "optimal" and plan.notes["layout"] == "optimal"
    assert plan.placed == ["R6b"] and plan.changed_sets == 1
    assert any(not s.changed and s.tile_ids == ["K1a", "K2a", "K3a"] for s in plan.sets)


def test_a_timed_out_lexicographic_solve_falls_back_to_the_value_alone(monkeypatch):
    real = solver._Model.solve
    calls: list[list[float]] = []

    def first_times_out(self, time_limit):
        calls.append([self.ub[j] for j in range(len(self.ub))])
        status, x = real(self, time_limit)
        return (solver.TIME_LIMIT_STATUS, x) if len(calls) == 1 else (status, x)

    monkeypatch.setattr(solver._Model, "solve", first_times_out)
    plan = solve(TABLE, RACK, has_melded=True)
    assert len(calls) == 2 and sum(calls[1]) < sum(calls[0])  # the keep columns were fixed at 0
    assert plan is not None and plan.status == "optimal" and plan.notes["layout"] == "value-only"
    assert plan.placed == ["R6b"] and plan.value == 6


def test_an_infeasible_position_is_solved_once(monkeypatch):
    real = solver._Model.solve
    calls: list[float] = []

    def counted(self, time_limit):
        calls.append(time_limit)
        return real(self, time_limit)

    monkeypatch.setattr(solver._Model, "solve", counted)
    assert solve(TABLE, ["O13a", "B2a"], has_melded=True) is None
    assert len(calls) == 1


def test_highs_knows_every_option_the_solver_sets():
    # scipy hands unknown names to HiGHS, which ignores them with an OptimizeWarning: a renamed
    # option would silently cost the speed it was set for
    with warnings.catch_warnings(record=True) as log:
        warnings.simplefilter("always")
        assert solve(TABLE, RACK, has_melded=True) is not None
    assert not [w for w in log if issubclass(w.category, OptimizeWarning)]


def _new(ids: list[str], kind: str = "run") -> solver.PlannedSet:
    return solver.PlannedSet(ids, kind, None, True)


def test_merge_runs_joins_runs_that_continue_each_other():
    merged = solver.merge_runs([_new(["R4a", "R5a", "JK1"]), _new(["K1a", "B1a", "O1a"], "group"), _new(["R1a", "R2a", "R3a"]), _new(["R8b", "R9b", "R10b"])])
    assert [s.tile_ids for s in merged] == [["K1a", "B1a", "O1a"], ["R1a", "R2a", "R3a", "R4a", "R5a", "JK1"], ["R8b", "R9b", "R10b"]]


def test_merge_runs_keeps_apart_what_is_not_one_run():
    sets = [_new(["R1a", "R2a", "R3a"]), _new(["R5a", "R6a", "R7a"]), _new(["B4a", "B5a", "B6a"])]
    assert [s.tile_ids for s in solver.merge_runs(sets)] == [s.tile_ids for s in sets]


def test_a_meld_with_table_changes_keeps_its_rack_only_sets_apart():
    # initialMeldAllowExtend: a rack-only run once got joined to a run holding table tiles, so
    # the engine counted no meld points (found on random_position(90120))
    state = random_position(90120)
    state["has_melded"]["A"] = False
    state["options"]["initialMeldAllowExtend"] = True
    view = engine.view(state, "A")
    actions = ai.hard_move(view)
    assert actions[0]["type"] == "setDraft" and ai.is_legal(view, actions)


def test_both_table_jokers_move_into_one_new_set():
    # R6 frees JK1, B9 frees JK2; O1 holds both jokers up (O1 JK JK): the rack goes out
    state = engine.make_state(table=[["R5a", "JK1", "R7a"], ["K9a", "JK2", "O9a"]], racks={"A": ["R6a", "B9a", "O1a"], "B": ["O2a"]}, has_melded=True)
    view = engine.view(state, "A")
    actions = ai.hard_move(view)
    assert ai.is_legal(view, actions)
    sets = sorted(sorted(s["tileIds"]) for s in actions[0]["sets"])
    assert sets == [["B9a", "K9a", "O9a"], ["JK1", "JK2", "O1a"], ["R5a", "R6a", "R7a"]]
