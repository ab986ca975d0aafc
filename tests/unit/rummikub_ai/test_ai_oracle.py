"""Hard lays the optimum rack value: against a brute-force search written here (it shares no code
with solver.py: subsets of the rack, then an exhaustive partition into sets judged by the engine's
`normalize_set`), and against the independent `rummikub-solver` package when installed."""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilerooms.bench.rummikub_ai import oracle_value, played_positions, random_position
from tilerooms.games.rummikub.rules import normalize_set
from tilerooms.games.rummikub.solver import TableSetIn, solve
from tilerooms.games.rummikub.tiles import ALL_TILE_IDS, TILES


def _valid(ids: tuple[str, ...]) -> bool:
    if normalize_set(list(ids), "group") is not None:
        return True
    # a run is valid in some order: sorted numbers with jokers in the gaps/ends (spec 5.5 (b))
    return normalize_set(sorted(ids, key=lambda t: TILES[t].n or 99), "run") is not None


@cache
def _partitions(tiles: frozenset[str]) -> bool:
    if not tiles:
        return True
    first = min(tiles)
    rest = sorted(tiles - {first})
    for size in range(2, min(12, len(rest)) + 1):
        for combo in itertools.combinations(rest, size):
            if _valid((first, *combo)) and _partitions(tiles - {first, *combo}):
                return True
    return False


def brute_force_value(table: list[list[str]], rack: list[str]) -> int:
    """The most number value of rack tiles that can go down with the table rearranged freely."""
    table_ids = frozenset(t for s in table for t in s)
    best = 0
    for r in range(1, len(rack) + 1):
        for chosen in itertools.combinations(rack, r):
            value = sum(TILES[t].n or 0 for t in chosen)
            if value > best and _partitions(table_ids | frozenset(chosen)):
                best = value
    return best


def _small(seed: int) -> tuple[list[list[str]], list[str]]:
    rng = random.Random(seed)
    # a few related tiles so that rearrangements matter: two colours, numbers 3..9, the jokers
    pool = [t for t in ALL_TILE_IDS if TILES[t].n is None or (TILES[t].colour in "RB" and 3 <= TILES[t].n <= 9)]
    rng.shuffle(pool)
    table: list[list[str]] = []
    for ids in (pool[i : i + 3] for i in range(0, 24, 3)):
        if len(table) < 2 and normalize_set(sorted(ids, key=lambda t: TILES[t].n or 99)):
            table.append(sorted(ids, key=lambda t: TILES[t].n or 99))
    # fall back to a fixed pair of sets when the shuffle gave none
    table = table or [["R3a", "R4a", "R5a"], ["B7a", "R7a", "JK1"]]
    used = {t for s in table for t in s}
    rack = [t for t in pool if t not in used][:4]
    return table, rack


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_hard_matches_brute_force_on_small_positions(seed):
    table, rack = _small(seed)
    sets = [TableSetIn(normalize_set(s).tile_ids, normalize_set(s).kind) for s in table]  # type: ignore[union-attr]
    plan = solve(sets, rack, has_melded=True, joker_value=0)
    assert (0 if plan is None else plan.value) == brute_force_value(table, rack)


@pytest.mark.parametrize("seed", range(6))
def test_hard_matches_rummikub_solver(seed):
    pytest.importorskip("rummikub_solver")
    state = random_position(500 + seed)
    table = [TableSetIn(s["tile_ids"], s["kind"], s["pos"]) for s in state["table"]]
    plan = solve(table, state["racks"]["A"], has_melded=True, joker_value=0)
    assert (0 if plan is None else plan.value) >= oracle_value(state)


def test_hard_matches_rummikub_solver_on_played_positions():
    pytest.importorskip("rummikub_solver")
    for state in played_positions(4, 77):
        player = state["current"]
        table = [TableSetIn(s["tile_ids"], s["kind"], s["pos"]) for s in state["table"]]
        plan = solve(table, state["racks"][player], has_melded=True, joker_value=0)
        assert (0 if plan is None else plan.value) >= oracle_value(state)
