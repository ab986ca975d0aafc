"""Never an illegal move; easy never touches the table; normal only extends (hypothesis)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tilerooms.bench.rummikub_ai import random_position
from tilerooms.games.rummikub import ai, engine

from .helpers import decide_and_apply

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _small_position(seed: int, melded: bool) -> dict:
    state = random_position(seed)
    if not melded:
        state["has_melded"]["A"] = False
    return state


@SETTINGS
@given(seed=st.integers(0, 10**6), melded=st.booleans(), level=st.sampled_from(ai.LEVELS))
def test_no_level_ever_makes_an_illegal_move(seed, melded, level):
    state = _small_position(seed, melded)
    decide_and_apply(state, level, seed)  # engine.apply raises on any illegal action


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_easy_never_touches_the_table(seed):
    state = random_position(seed)
    actions, _ = decide_and_apply(state, "easy", seed)
    if actions[0]["type"] == "setDraft":
        drafted = [frozenset(s["tileIds"]) for s in actions[0]["sets"]]
        for s in state["table"]:
            assert frozenset(s["tile_ids"]) in drafted
        table_ids = {t for s in state["table"] for t in s["tile_ids"]}
        for s in actions[0]["sets"]:
            assert set(s["tileIds"]) <= table_ids or not set(s["tileIds"]) & table_ids


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_normal_only_extends_table_sets(seed):
    state = random_position(seed)
    actions, _ = decide_and_apply(state, "normal", seed)
    if actions[0]["type"] != "setDraft":
        return
    rack = set(state["racks"]["A"])
    table = [s["tile_ids"] for s in state["table"]]
    for s in actions[0]["sets"]:
        ids = s["tileIds"]
        old = [t for t in table if set(t) & set(ids)]
        assert len(old) <= 1  # no merging of table sets
        if old:
            # the whole old set, in its order, plus rack tiles on its ends (or a group's 4th)
            k = ids.index(old[0][0])
            assert ids[k : k + len(old[0])] == old[0]
            assert set(ids) - set(old[0]) <= rack
    for t in table:  # nothing split
        assert any(set(t) <= set(s["tileIds"]) for s in actions[0]["sets"])


def test_no_level_needs_its_fallback_on_random_views():
    # the level functions themselves (no try/except around them) give legal moves
    for seed in range(12):
        state = random_position(1000 + seed)
        state["has_melded"]["A"] = seed % 3 != 0
        view = engine.view(state, "A")
        for move in (ai.easy_move, ai.normal_move, ai.hard_move):
            assert ai.is_legal(view, move(view))
