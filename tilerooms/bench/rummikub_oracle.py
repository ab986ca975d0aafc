"""An independent exact oracle for the number-tile benchmark: the most rack value a player who has
already melded can lay down, by the integer program of den Hertog & Hulshof (2006, "Solving
Rummikub problems by integer linear programming"), solved with `scipy.optimize.milp` (HiGHS).

It shares no code with `tilerooms/games/rummikub/solver.py` (only the tile constants of
`tiles.py` and the size limits of `rules.py`) and follows the textbook model literally:

- every valid set is enumerated as a count vector over the 52 faces plus a joker count:
  groups are 3–4 tiles of one number in distinct colours, runs are 3–13 consecutive numbers
  (1..13, no wrap) of one colour; a joker may stand for any member, at most the 2 jokers per
  set, and a set needs at least one real tile (rules.normalize_set rejects all-joker sets, and
  with two jokers a 3-tile set always has one anyway). Long runs (6–13) are enumerated too: the
  oracle does not rely on the "runs of 3–5 suffice" argument the game's solver uses. Sets with the
  same tiles in different readings (R5 R6 JK as 4-5-6 or 5-6-7; R5 JK JK as a run or a group) are
  one column;
- integer x_s in 0..2 (how many copies of set s; each face exists twice) and y_f in
  0..rack_count(f) (rack tiles of face f laid down; f = the joker too);
- for every face f, jokers included: sum_s count_s(f)·x_s = table_count(f) + y_f, i.e. every
  table tile stays on the table and nothing else appears (spec §5.4);
- objective, exactly the value the benchmark checks: the number printed on each placed number
  tile, a placed joker worth 0. The benchmark asks the game's solver for its plan with
  `joker_value=0`, and `Plan.value` sums `TILES[t].n or 0` over the placed tiles, so a rack
  joker adds nothing either way. The game's solver ranks "empty the rack" above the value, but
  an emptying plan places every number tile, which is also the most value there is, so the
  optimum value is the same. (Its "at least one rack tile" rule only changes a 0-value answer.)

The first-meld rule (spec §5.3) is not modelled: every benchmark position has the player to move
already melded (`random_position` sets it, `played_positions` selects for it), and
`oracle_value` refuses other positions instead of answering a different question.

Columns whose tiles do not exist in table + rack are dropped before the solve (their x_s could
only be 0); this is presolve, not a change of the model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp

from tilerooms.games.rummikub.rules import MAX_GROUP, MAX_RUN
from tilerooms.games.rummikub.tiles import COLOURS, NUMBERS, TILES

N_NUMBER_FACES = len(COLOURS) * len(NUMBERS)  # 52
JOKER_INDEX = N_NUMBER_FACES  # the 53rd entry of a count vector
N_ENTRIES = N_NUMBER_FACES + 1
MAX_JOKERS_PER_SET = 2  # there are only two jokers
MAX_COPIES = 2  # each face exists twice, so no set can be used three times
MIN_SET = 3


@dataclass(frozen=True)
class SetShape:
    """One valid set: `counts` over the 52 faces and the joker (index 52), its `kind`, and one
    reading `slots` in table order (a face index, or JOKER_INDEX for a joker)."""

    counts: tuple[int, ...]
    kind: str
    slots: tuple[int, ...]


@dataclass(frozen=True)
class OracleResult:
    """The oracle's optimum: `value` (placed number tiles at face value, jokers 0), the rack
    tiles `placed`, and the whole table after the move as `sets` of tile ids (a witness that a
    reader or the engine can check)."""

    value: int
    placed: list[str]
    sets: list[list[str]]
    kinds: list[str]


def face_index(colour: str, n: int) -> int:
    """The count-vector entry of a number face (colour order of tiles.COLOURS)."""
    return COLOURS.index(colour) * len(NUMBERS) + (n - 1)


def entry_of(tile_id: str) -> int:
    """The count-vector entry of a tile id: its face, or JOKER_INDEX for JK1/JK2."""
    t = TILES[tile_id]
    return JOKER_INDEX if t.n is None else face_index(t.colour, t.n)  # type: ignore[arg-type]


def entry_value(entry: int) -> int:
    """What laying one tile of this entry is worth: its number; a joker 0 (see module docstring)."""
    return 0 if entry == JOKER_INDEX else entry % len(NUMBERS) + 1


def _shape(slots: list[int], kind: str) -> SetShape:
    counts = [0] * N_ENTRIES
    for s in slots:
        counts[s] += 1
    return SetShape(tuple(counts), kind, tuple(slots))


def _runs() -> list[SetShape]:
    out = []
    for colour in COLOURS:
        for length in range(MIN_SET, MAX_RUN + 1):
            for start in range(1, 13 - length + 2):
                faces = [face_index(colour, start + k) for k in range(length)]
                for mask in range(1 << length):
                    jokers = bin(mask).count("1")
                    if jokers > MAX_JOKERS_PER_SET or jokers == length:
                        continue
                    out.append(_shape([JOKER_INDEX if mask >> k & 1 else f for k, f in enumerate(faces)], "run"))
    return out


def _groups() -> list[SetShape]:
    out = []
    for n in NUMBERS:
        for mask in range(1, 1 << len(COLOURS)):
            real = [face_index(c, n) for k, c in enumerate(COLOURS) if mask >> k & 1]
            for jokers in range(MAX_JOKERS_PER_SET + 1):
                # group jokers stand for missing colours: real + jokers <= 4 colours
                if MIN_SET <= len(real) + jokers <= MAX_GROUP:
                    out.append(_shape(real + [JOKER_INDEX] * jokers, "group"))
    return out


@cache
def all_sets() -> tuple[SetShape, ...]:
    """Every valid set, one per distinct count vector (the first reading found is kept)."""
    seen: dict[tuple[int, ...], SetShape] = {}
    for shape in _runs() + _groups():
        seen.setdefault(shape.counts, shape)
    return tuple(seen.values())


@cache
def _count_matrix() -> np.ndarray:
    """sets × 53 matrix of the count vectors of `all_sets()`."""
    return np.array([s.counts for s in all_sets()], dtype=np.int64)


def solve_oracle(table: Sequence[Sequence[str]], rack: Sequence[str]) -> OracleResult:
    """The most rack value (number tiles at face value, jokers 0) a melded player can lay down
    on `table` (its sets as tile ids) from `rack`, with the move that does it.

    Exact: HiGHS with no relative gap and no time limit; raises RuntimeError if it does not
    report an optimum. An unchanged table with nothing placed is always feasible, so the value
    is 0 when nothing can be played.
    """
    table_tiles = [t for s in table for t in s]
    table_count = np.zeros(N_ENTRIES, dtype=np.int64)
    rack_count = np.zeros(N_ENTRIES, dtype=np.int64)
    for t in table_tiles:
        table_count[entry_of(t)] += 1
    for t in rack:
        rack_count[entry_of(t)] += 1
    avail = table_count + rack_count

    counts = _count_matrix()
    # presolve: how often each set can be built from the tiles that exist (0 drops the column)
    per_entry = np.where(counts > 0, avail // np.maximum(counts, 1), MAX_COPIES)
    cap = np.minimum(per_entry.min(axis=1), MAX_COPIES)
    keep = np.flatnonzero(cap > 0)
    a_sets = counts[keep].T  # 53 × kept sets
    n_sets = len(keep)

    # columns: x_s for the kept sets, then y_e for every entry (bounded by the rack count)
    c = np.concatenate([np.zeros(n_sets), -np.array([entry_value(e) for e in range(N_ENTRIES)], float)])
    a = np.hstack([a_sets, -np.eye(N_ENTRIES, dtype=np.int64)])
    lb = np.zeros(n_sets + N_ENTRIES)
    ub = np.concatenate([cap[keep], rack_count]).astype(float)
    res = milp(
        c,
        constraints=[LinearConstraint(a, table_count, table_count)],
        integrality=np.ones(n_sets + N_ENTRIES),
        bounds=Bounds(lb, ub),
        # HiGHS's MIP presolve (probing on thousands of 0–2 columns) took seconds, the solve itself
        # milliseconds: the root LP is nearly integral here
        options={"mip_rel_gap": 0.0, "presolve": False},
    )
    if res.status != 0 or res.x is None:
        raise RuntimeError(f"oracle MILP did not reach an optimum: {res.status} {res.message}")
    x = np.rint(res.x).astype(np.int64)
    y = x[n_sets:]
    value = int(sum(entry_value(e) * int(y[e]) for e in range(N_ENTRIES)))
    chosen = [(all_sets()[keep[i]], int(x[i])) for i in range(n_sets) if x[i]]
    return _witness(table_tiles, list(rack), y, chosen, value)


def _witness(table_tiles: list[str], rack: list[str], y: np.ndarray, chosen: list[tuple[SetShape, int]], value: int) -> OracleResult:
    """Turn the set counts into tile ids: table tiles first, then the placed rack tiles."""
    pool: dict[int, list[str]] = {}
    for t in table_tiles:
        pool.setdefault(entry_of(t), []).append(t)
    placed: list[str] = []
    left = {e: int(k) for e, k in enumerate(y) if k}
    for t in rack:
        e = entry_of(t)
        if left.get(e):
            left[e] -= 1
            placed.append(t)
            pool.setdefault(e, []).append(t)
    sets: list[list[str]] = []
    kinds: list[str] = []
    for shape, times in chosen:
        for _ in range(times):
            sets.append([pool[s].pop() for s in shape.slots])
            kinds.append(shape.kind)
    assert not any(pool.values()), "the balance rows use every table and placed tile"
    return OracleResult(value, placed, sets, kinds)


def oracle_value(table: Sequence[Sequence[str]], rack: Sequence[str], *, has_melded: bool = True) -> int:
    """The optimum rack value of `solve_oracle`; only for a player who has melded (the first-meld
    rule is not modelled, see the module docstring)."""
    if not has_melded:
        raise ValueError("the oracle models melded players only (no first-meld rule)")
    return solve_oracle(table, rack).value


def tiles_text(tile_ids: Sequence[str]) -> str:
    """Tile ids in the readable "R7a" notation, colour-then-number order, jokers last."""

    def key(t: str) -> tuple[int, int, str]:
        tl = TILES[t]
        return (len(COLOURS), 0, t) if tl.n is None else (COLOURS.index(tl.colour), tl.n, t)  # type: ignore[arg-type]

    return " ".join(sorted(tile_ids, key=key))


def position_text(table: Sequence[Sequence[str]], rack: Sequence[str]) -> str:
    """A position for a reader: one table set per line in the "R7a" notation, then the rack."""
    lines = [f"  table set {k + 1:2}: [{' '.join(s)}]" for k, s in enumerate(table)]
    lines.append(f"  rack: {tiles_text(rack)}")
    return "\n".join(lines)
