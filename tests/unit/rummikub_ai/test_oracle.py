"""The benchmark's exact oracle (tilerooms/bench/rummikub_oracle.py): hand-written positions whose
optimum a reader can check, and a randomized cross-check against a brute force written here (rack
subsets, then an exhaustive partition into sets judged by the engine's `normalize_set`).

Values count number tiles at face value and a placed joker as 0, as the benchmark does.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache

import pytest

from tilerooms.bench.rummikub_ai import random_position
from tilerooms.bench.rummikub_oracle import JOKER_INDEX, all_sets, oracle_value, solve_oracle
from tilerooms.games.rummikub.rules import normalize_set
from tilerooms.games.rummikub.solver import TableSetIn, solve
from tilerooms.games.rummikub.tiles import TILES


def _t(text: str) -> list[str]:
    return text.split()


def _check_witness(table: list[list[str]], rack: list[str], result) -> None:
    """The oracle's move is a real move: valid sets, every table tile kept, the placed tiles from
    the rack, nothing else, and the value is what the placed tiles are worth."""
    for ids, kind in zip(result.sets, result.kinds):
        assert normalize_set(ids, kind) is not None, ids
    after = Counter(t for s in result.sets for t in s)
    assert after == Counter(t for s in table for t in s) + Counter(result.placed)
    assert not Counter(result.placed) - Counter(rack)
    assert result.value == sum(TILES[t].n or 0 for t in result.placed)


@pytest.mark.parametrize(
    "table, rack, best",
    [
        # a run from the rack alone: 7 + 8 + 9; K1a has nowhere to go
        ([], "R7a R8a R9a K1a", 24),
        # R6a takes the joker's place, the freed JK1 makes the 9s a group: 6 + 9 + 9
        # (without freeing it only R6a fits, as R5 R6 R7 JK)
        (["R5a JK1 R7a"], "R6a B9a O9a", 24),
        # both table jokers freed (R6a, B4a) and used together with the 11s: 6 + 4 + 11 + 11
        (["R5a JK1 R7a", "B2a B3a JK2"], "R6a B4a K11a O11a", 32),
        # nothing fits anywhere
        (["K1a K2a K3a"], "R10a B5a O12b", 0),
        # no wrap after 13
        ([], "R12a R13a R1a", 0),
        # split a run: R1-R4 and R3-R6 use both copies of 3 and 4: 3 + 4
        (["R1a R2a R3a R4a R5a R6a"], "R3b R4b", 7),
        # a run of 7 (longer than 5) joins two table runs: 4
        (["R1a R2a R3a", "R5a R6a R7a"], "R4a", 4),
        # the 4th colour of a group fits, the second black 7 does not: 7
        (["K7a R7a B7a"], "O7a K7b", 7),
        # a rack joker is needed and worth 0: 5 + 7
        ([], "R5a JK1 R7a", 12),
        # a group of one real tile and two jokers is a set: 11 (jokers 0)
        ([], "K11a JK1 JK2", 11),
    ],
)
def test_hand_written_positions(table, rack, best):
    table_sets = [_t(s) for s in table]
    result = solve_oracle(table_sets, _t(rack))
    assert result.value == best
    _check_witness(table_sets, _t(rack), result)


def test_a_freed_table_joker_moves_to_a_new_set():
    result = solve_oracle([_t("R5a JK1 R7a")], _t("R6a B9a O9a"))
    assert sorted(result.placed) == ["B9a", "O9a", "R6a"]
    assert any("JK1" in s and "B9a" in s for s in result.sets)


def test_nothing_playable_keeps_the_table():
    result = solve_oracle([_t("K1a K2a K3a")], _t("R10a B5a O12b"))
    assert result.value == 0 and result.placed == []
    assert [sorted(s) for s in result.sets] == [["K1a", "K2a", "K3a"]]


def test_first_meld_is_not_modelled():
    with pytest.raises(ValueError):
        oracle_value([], _t("R10a R11a R12a"), has_melded=False)


def test_every_enumerated_set_is_valid_for_the_engine():
    # count vectors read back as tiles (copy a, jokers JK1/JK2) pass the engine's own check
    for shape in all_sets():
        jokers = iter(("JK1", "JK2"))
        ids = []
        for s in shape.slots:
            if s == JOKER_INDEX:
                ids.append(next(jokers))
            else:
                ids.append("KRBO"[s // 13] + str(s % 13 + 1) + "a")
        assert normalize_set(ids, shape.kind) is not None, ids
    # 13 numbers x (4 three-colour + 1 four-colour groups, with 1-2 jokers more) plus the runs:
    # at least every joker-free run of 3..13 in 4 colours
    assert len(all_sets()) > 4 * sum(14 - n for n in range(3, 14))


# --- brute force -------------------------------------------------------------------------------

Key = tuple[str, int]  # (colour, number); ("J", 0) for a joker


def _key(tile_id: str) -> Key:
    t = TILES[tile_id]
    return ("J", 0) if t.n is None else (t.colour, t.n)  # type: ignore[return-value]


def _ids(keys: tuple[Key, ...]) -> list[str]:
    """Distinct tile ids for a multiset of faces (copy a, then b; JK1, then JK2)."""
    seen: Counter = Counter()
    out = []
    for k in keys:
        seen[k] += 1
        out.append(f"JK{seen[k]}" if k[0] == "J" else f"{k[0]}{k[1]}{'ab'[seen[k] - 1]}")
    return out


@cache
def _splits(keys: tuple[Key, ...]) -> bool:
    """Can these tiles (sorted, jokers last) be split into valid sets?"""
    if not keys:
        return True
    first = keys[0]
    if first[0] == "J":  # only jokers are left and a set needs a real tile
        return False
    rest = keys[1:]
    # a set with `first` only holds tiles of its colour or number, and jokers
    partners = [i for i, k in enumerate(rest) if k[0] in ("J", first[0]) or k[1] == first[1]]
    tried = set()
    for size in range(2, min(12, len(partners)) + 1):
        for combo in itertools.combinations(partners, size):
            members = tuple(rest[i] for i in combo)
            if members in tried:
                continue
            tried.add(members)
            if normalize_set(_ids((first, *members))) is None:
                continue
            left = tuple(k for i, k in enumerate(rest) if i not in combo)
            if _splits(left):
                return True
    return False


def _brute_force(table: list[list[str]], rack: list[str]) -> int:
    table_keys = [_key(t) for s in table for t in s]
    order = lambda k: (k[0] == "J", k)  # noqa: E731 - jokers last
    subsets = [c for r in range(len(rack) + 1) for c in itertools.combinations(rack, r)]
    subsets.sort(key=lambda c: -sum(TILES[t].n or 0 for t in c))
    for chosen in subsets:  # the most valuable subset that can go down wins
        if _splits(tuple(sorted(table_keys + [_key(t) for t in chosen], key=order))):
            return sum(TILES[t].n or 0 for t in chosen)
    raise AssertionError("the unchanged table is always a split")


def _tiny(seed: int) -> tuple[list[list[str]], list[str]]:
    """A small valid table (1-2 sets over red/blue/black 1-7, jokers now and then) and a rack of
    3-5 tiles from the same few faces, so rearrangements and long runs matter."""
    rng = random.Random(seed)
    pool = [t for t in TILES if TILES[t].n is None or (TILES[t].colour in "RBK" and TILES[t].n <= 7)]
    rng.shuffle(pool)
    table: list[list[str]] = []
    wanted = rng.randint(1, 2)
    for _ in range(20):
        if len(table) == wanted:
            break
        if rng.random() < 0.6:
            colour, length = rng.choice("RBK"), rng.randint(3, 6)
            start = rng.randint(1, 8 - length)
            faces = [f"{colour}{n}" for n in range(start, start + length)]
        else:
            n = rng.randint(1, 7)
            faces = [f"{c}{n}" for c in rng.sample("RBK", 3)]
        ids = []
        for f in faces:
            have = [t for t in pool if t[:-1] == f]
            jokers = [t for t in pool if TILES[t].n is None]
            pick = jokers[0] if jokers and rng.random() < 0.2 else (have[0] if have else None)
            if pick is None:
                break
            ids.append(pick)
            pool.remove(pick)
        else:
            if normalize_set(ids) is not None:
                table.append(ids)
                continue
        pool.extend(ids)  # give the tiles back: that set did not work out
    rack = pool[: rng.randint(3, 5)]
    return table, rack


@pytest.mark.parametrize("seed", range(60))
def test_oracle_equals_brute_force_on_tiny_positions(seed):
    table, rack = _tiny(seed)
    result = solve_oracle(table, rack)
    assert result.value == _brute_force(table, rack), (table, rack)
    _check_witness(table, rack, result)


@pytest.mark.parametrize("seed", range(3))
def test_oracle_agrees_with_the_game_solver_on_bench_positions(seed):
    state = random_position(700 + seed)
    rack = state["racks"][state["current"]]
    plan = solve([TableSetIn(s["tile_ids"], s["kind"], s["pos"]) for s in state["table"]], rack, has_melded=True, joker_value=0)
    result = solve_oracle([s["tile_ids"] for s in state["table"]], rack)
    assert (0 if plan is None else plan.value) == result.value
    _check_witness([s["tile_ids"] for s in state["table"]], rack, result)
