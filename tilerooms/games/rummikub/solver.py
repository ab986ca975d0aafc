"""Exact move search for the number-tile AI: a MILP over runs and groups solved by HiGHS.

The model follows den Hertog & Hulshof (2006, "Solving Rummikub problems by integer linear
programming") and van Rijn, Takes & Vis (2015): every valid set of 3–5 tiles is a *template*
(a multiset of faces plus 0–2 jokers); longer runs are never needed because a run of 6+ tiles
always splits into runs of 3–5 that each hold a real tile (there are only two jokers). A template
may be used 0–2 times (two copies of each face). The tiles in the chosen sets must equal the
table's tiles plus the rack tiles placed (spec §5.4: nothing leaves the table).

Sets that mix table and rack tiles use the joker-free templates only: a joker stands for the face
it replaces (spec §5.5), so a count per face of "jokers standing for it" enters the face balance.
Any valid set with jokers is a joker-free set with at most two of its tiles replaced, and with two
jokers no set can lose its last real tile; this model has half the columns of the joker shapes
and a tighter relaxation (benchmark p95 about halved). Rack-only sets (initial meld points, the
extend-only model) keep the joker shapes, whose reading fixes the meld points.

On top of the textbook model (GUIDE §7):
- a 0/1 *keep* variable per table set: a kept set stays exactly as it is (its tiles leave the
  balance); the secondary objective keeps as many sets as possible so moves stay readable and
  the board keeps its layout;
- a 0/1 *out* variable that rewards emptying the rack above everything else (that wins the game);
- the initial meld (spec §5.3): rack-only sets get their own variables and must reach the points;
- an *extend-only* move class for 보통: new rack sets plus tiles added to the ends of table runs
  or a 4th colour to table groups, and nothing else.

Everything here works on what a player's own view shows (the table and its own rack): the solver
never sees the state. `solve` returns a `Plan`; the AI validates it with the engine before use.
"""

from __future__ import annotations

import time
import warnings
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from typing import Any, cast

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import coo_matrix

from tilerooms.games.rummikub.rules import normalize_set
from tilerooms.games.rummikub.tiles import COLOURS, TILES

JOKER = -1  # the joker "face" in a template slot
N_FACES = len(COLOURS) * 13
MAX_TEMPLATE_LEN = 5  # spec 5.1 sets of 6+ split into 3–5 without changing what is placed
KEEP_WEIGHT = 1  # secondary objective: one unit per untouched table set
SECONDARY_SCALE = 64  # > the most table sets there can be (106 / 3 < 36): primary dominates
DEFAULT_TIME_LIMIT = 2.0  # issue: hard must never think longer than ~2 s
TIME_LIMIT_STATUS = 1  # scipy.optimize.milp: stopped at the time limit (2 is infeasible)
LEXICOGRAPHIC_SHARE = 0.5  # of the time limit for value + layout; the rest for value alone

Face = int  # colour index * 13 + (number - 1)

HIGHS_OPTIONS = {
    # these models are a few hundred columns and solve at the root: HiGHS's MIP presolve (probing)
    # and its feasibility-jump start heuristic each cost more than the root solve itself
    # (measured on the benchmark: median 31 → 9 → 6 ms, the same optima)
    "presolve": False,
    "mip_heuristic_run_feasibility_jump": False,
}


def face_of(tile_id: str) -> Face | None:
    """The face index of a number tile (None for a joker)."""
    t = TILES[tile_id]
    if t.n is None:
        return None
    return COLOURS.index(t.colour) * 13 + (t.n - 1)


def face_value(face: Face) -> int:
    """The number printed on a face (its rack value, spec §6)."""
    return face % 13 + 1


@dataclass(frozen=True)
class Template:
    """One valid set shape: `slots` in reading order (faces, JOKER for a joker), its `kind` hint,
    the initial-meld `points` of that reading (spec §5.3), and its face/joker counts."""

    slots: tuple[int, ...]
    kind: str
    points: int
    faces: tuple[Face, ...]
    jokers: int

    @cached_property
    def need(self) -> tuple[tuple[Face, int], ...]:
        """(face, copies) pairs of the real tiles; computed once per template (models reuse them)."""
        return tuple(Counter(self.faces).items())


def _run_templates() -> list[Template]:
    out = []
    for ci in range(len(COLOURS)):
        for length in range(3, MAX_TEMPLATE_LEN + 1):
            for start in range(1, 15 - length):
                base = [ci * 13 + start - 1 + k for k in range(length)]
                points = sum(range(start, start + length))
                for mask in range(1 << length):
                    j = bin(mask).count("1")
                    if j > 2 or j == length:  # spec 5.1: at most two jokers, one real tile
                        continue
                    slots = tuple(JOKER if mask >> k & 1 else base[k] for k in range(length))
                    faces = tuple(sorted(s for s in slots if s != JOKER))
                    out.append(Template(slots, "run", points, faces, j))
    return out


def _group_templates() -> list[Template]:
    out = []
    for n in range(1, 14):
        for mask in range(1, 16):
            real = [ci * 13 + n - 1 for ci in range(4) if mask >> ci & 1]
            for j in range(3):
                size = len(real) + j
                if size in (3, 4):
                    slots = tuple(real) + (JOKER,) * j
                    out.append(Template(slots, "group", n * size, tuple(real), j))
    return out


@cache
def templates() -> tuple[Template, ...]:
    """Every distinct set of 3–5 tiles, as (faces, jokers) multisets.

    Shapes with the same tiles (e.g. R5 R6 JK read as 4-5-6 or 5-6-7, or R5 JK JK as a run or a
    group) are one template; it keeps the reading worth the most initial-meld points.
    """
    best: dict[tuple[tuple[Face, ...], int], Template] = {}
    for t in _run_templates() + _group_templates():
        key = (t.faces, t.jokers)
        if key not in best or t.points > best[key].points:
            best[key] = t
    return tuple(best.values())


@dataclass
class TableSetIn:
    """A committed table set as the view shows it (spec §8.1)."""

    tile_ids: list[str]
    kind: str
    pos: dict[str, Any] | None = None


@dataclass
class PlannedSet:
    """One set of the planned draft: `changed` is False for an untouched table set."""

    tile_ids: list[str]
    kind: str
    pos: dict[str, Any] | None
    changed: bool


@dataclass
class Plan:
    """A solver answer: the draft's sets, the rack tiles placed and what they are worth.

    `value` is the face value of placed number tiles (spec §6 rack value) and `jokers` how many
    rack jokers were placed; `status` is "optimal" or "timeout" (HiGHS stopped at the limit).
    """

    sets: list[PlannedSet]
    placed: list[str]
    value: int
    jokers: int
    changed_sets: int
    status: str = "optimal"
    seconds: float = 0.0
    notes: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Model:
    """The MILP being built: columns (bounds, objective, integrality) and sparse rows."""

    lb: list[float] = field(default_factory=list)
    ub: list[float] = field(default_factory=list)
    c: list[float] = field(default_factory=list)
    rows: list[int] = field(default_factory=list)
    cols: list[int] = field(default_factory=list)
    vals: list[float] = field(default_factory=list)
    row_lo: list[float] = field(default_factory=list)
    row_hi: list[float] = field(default_factory=list)

    def var(self, lb: float, ub: float, gain: float) -> int:
        self.lb.append(lb)
        self.ub.append(ub)
        self.c.append(-gain)  # milp minimises
        return len(self.lb) - 1

    def row(self, terms: Mapping[int, float], lo: float, hi: float) -> None:
        r = len(self.row_lo)
        for col, v in terms.items():
            if v:
                self.rows.append(r)
                self.cols.append(col)
                self.vals.append(v)
        self.row_lo.append(lo)
        self.row_hi.append(hi)

    def solve(self, time_limit: float) -> tuple[int, np.ndarray | None]:
        n = len(self.lb)
        constraints = []
        if self.row_lo:
            a = coo_matrix((self.vals, (self.rows, self.cols)), shape=(len(self.row_lo), n)).tocsr()
            constraints.append(LinearConstraint(a, self.row_lo, self.row_hi))
        _quiet_highs_options()
        res = milp(
            np.array(self.c),
            constraints=constraints,
            integrality=np.ones(n),
            bounds=Bounds(self.lb, self.ub),
            # the objective mixes a go-out bonus, values and a set count: only an exact optimum
            # keeps the lexicographic order, so no relative gap
            options={"time_limit": time_limit, "mip_rel_gap": 0.0, **HIGHS_OPTIONS},
        )
        if res.x is None:
            return res.status, None
        return res.status, np.rint(res.x).astype(int)


@cache
def plain_templates() -> tuple[Template, ...]:
    """The joker-free sets of 3–5 tiles; in mixed sets a joker stands for one of their faces."""
    return tuple(t for t in templates() if not t.jokers)


@lru_cache(maxsize=2)  # plain or not
def _need_matrix(plain: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For `plain_templates()` or `templates()`: copies of each face per template (templates ×
    faces), a mask of the faces used, and the jokers per template, for array expressions."""
    ts = plain_templates() if plain else templates()
    need = np.zeros((len(ts), N_FACES), dtype=np.int64)
    for i, t in enumerate(ts):
        for f, k in t.need:
            need[i, f] = k
    return need, need > 0, np.array([t.jokers for t in ts], dtype=np.int64)


def _counts(faces: Counter[Face]) -> np.ndarray:
    have = np.zeros(N_FACES, dtype=np.int64)
    for f, k in faces.items():
        have[f] = k
    return have


def _usable(faces: Counter[Face], jokers: int) -> list[tuple[int, Template]]:
    """The templates (joker shapes included) that `faces` and `jokers` can build, each with how
    often (at most twice: two copies of each face)."""
    need, used, tj = _need_matrix(False)
    per_face = np.where(used, _counts(faces) // np.maximum(need, 1), 2).min(axis=1)
    per_joker = np.where(tj > 0, jokers // np.maximum(tj, 1), 2)
    cap = np.minimum(np.minimum(per_face, per_joker), 2)
    ts = templates()
    return [(int(cap[i]), ts[i]) for i in np.flatnonzero(cap > 0)]


def _fillable(faces: Counter[Face], jokers: int) -> list[tuple[int, Template]]:
    """The joker-free templates that `faces` can build with `jokers` standing in for missing
    tiles, each with how often (at most twice: a third copy would need three jokers)."""
    need, _used, _tj = _need_matrix(True)
    have = _counts(faces)
    once = np.maximum(need - have, 0).sum(axis=1) <= jokers
    twice = np.maximum(2 * need - have, 0).sum(axis=1) <= jokers
    cap = once.astype(np.int64) + twice
    ts = plain_templates()
    return [(int(cap[i]), ts[i]) for i in np.flatnonzero(cap > 0)]


def _quiet_highs_options() -> None:
    # milp passes options it does not list straight to HiGHS, with a warning each time; ours are
    # deliberate. Re-added per call (it only moves to the front) since test runners reset filters;
    # it matches calls made from this module only
    warnings.filterwarnings("ignore", message="Unrecognized options detected", category=RuntimeWarning, module=__name__.replace(".", r"\."))


def _ext_options(s: TableSetIn, rack_faces: Counter[Face]) -> list[tuple[list[Face], list[Face]]]:
    """Extend-only moves for one table set: (faces added below, faces added above) (spec §5.4
    official examples 1 and 2: a tile on a run's end, the missing colour on a group)."""
    norm = normalize_set(s.tile_ids, s.kind)
    if norm is None:
        return []
    out: list[tuple[list[Face], list[Face]]] = []
    reals = [TILES[t] for t in norm.tile_ids if TILES[t].n is not None]
    if norm.kind == "group":
        if len(norm.tile_ids) >= 4:
            return []
        n = cast(int, reals[0].n)  # reals: number tiles only
        have = {t.colour for t in reals}
        for ci, c in enumerate(COLOURS):
            f = ci * 13 + n - 1
            if c not in have and rack_faces[f]:
                out.append(([], [f]))
        return out
    ci = COLOURS.index(reals[0].colour)
    first = norm.tile_ids[0]
    first_n = TILES[first].n
    lo = first_n if first_n is not None else norm.joker_as[first][1]
    hi = lo + len(norm.tile_ids) - 1
    below = 0
    while lo - below - 1 >= 1 and rack_faces[ci * 13 + lo - below - 2]:
        below += 1
    above = 0
    while hi + above + 1 <= 13 and rack_faces[ci * 13 + hi + above]:
        above += 1
    for b in range(below + 1):
        for a in range(above + 1):
            if (a or b) and len(norm.tile_ids) + a + b <= 13:
                out.append(([ci * 13 + lo - 1 - k for k in range(b, 0, -1)], [ci * 13 + hi + k for k in range(a)]))
    return out


def solve(
    table: Sequence[TableSetIn],
    rack: Sequence[str],
    *,
    has_melded: bool,
    initial_meld_points: int = 30,
    allow_extend: bool = False,
    move_class: str = "rearrange",
    joker_value: int = 0,
    max_changed: int | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    keep_sets: bool = True,
) -> Plan | None:
    """The best draft for `rack` against `table`, or None when no legal play exists.

    Objective, in this order: empty the rack (wins, spec §6); the most rack value laid (number
    faces, plus `joker_value` per rack joker placed — negative keeps jokers); the fewest changed
    table sets. `move_class` is "rearrange" (any table change, spec §5.4), "extend" (new rack
    sets plus tiles added to the ends of table sets) or "rack" (new rack sets only).
    `max_changed` caps the changed table sets for "rearrange". Before the first meld only
    rack-only new sets count and must reach `initial_meld_points` (spec §5.3); table sets stay
    untouched unless `allow_extend` (initialMeldAllowExtend). Rearrangement is one MILP with
    both goals (`keep_sets=False` drops the layout goal); if that runs past half the time limit,
    the value alone is solved in the rest (notes["layout"] == "value-only").
    """
    t0 = time.perf_counter()
    rack = list(rack)
    rack_faces: Counter[Face] = Counter(f for f in (face_of(t) for t in rack) if f is not None)
    rack_jokers = sum(1 for t in rack if TILES[t].n is None)
    table_counts = [Counter(face_of(t) for t in s.tile_ids) for s in table]
    counted: Counter[Face | None] = Counter()
    for cnt in table_counts:
        counted.update(cnt)
    table_jokers = counted.pop(None, 0)
    table_faces = cast("Counter[Face]", counted)  # the jokers (None) are out: faces only
    for cnt in table_counts:
        cnt.pop(None, None)
    joker_counts = [sum(1 for t in s.tile_ids if TILES[t].n is None) for s in table]

    touch_table = has_melded or allow_extend  # spec 5.3 / C3: before the meld the table is fixed
    rearrange = touch_table and move_class == "rearrange"
    extend = touch_table and move_class == "extend"
    meld_needed = 0 if has_melded else initial_meld_points

    m = _Model()
    big_value = 1000 * SECONDARY_SCALE  # > any value: 106 tiles are worth < 1000
    # columns: rack tiles placed by face (split into rack-only "new" and "mixed" uses)
    place_new = {f: m.var(0, k, SECONDARY_SCALE * face_value(f)) for f, k in rack_faces.items()}
    joker_new = m.var(0, rack_jokers, SECONDARY_SCALE * joker_value) if rack_jokers else None
    place_mix: dict[Face, int] = {}
    joker_mix = None
    if rearrange:
        place_mix = {f: m.var(0, k, SECONDARY_SCALE * face_value(f)) for f, k in rack_faces.items()}
        if rack_jokers:
            joker_mix = m.var(0, rack_jokers, SECONDARY_SCALE * joker_value)

    # rack-only new sets (spec 5.3 meld points come from these); with rearrangement after the
    # meld they are just part of the mixed sets, so they exist only before the meld or without it
    new_family = not rearrange or not has_melded
    new_vars: list[tuple[int, Template]] = []
    if new_family:
        for cap, t in _usable(rack_faces, rack_jokers):
            new_vars.append((m.var(0, cap, 0), t))
    mix_vars: list[tuple[int, Template]] = []
    keep_vars: list[int] = []
    joker_as: dict[Face, int] = {}
    if rearrange:
        all_jokers = rack_jokers + table_jokers
        for cap, t in _fillable(table_faces + rack_faces, all_jokers):
            mix_vars.append((m.var(0, cap, 0), t))
        keep_vars = [m.var(0, 1 if keep_sets else 0, KEEP_WEIGHT) for _ in table]
        if all_jokers:
            # how many jokers stand for each face in the mixed sets (spec 5.5: a joker is the
            # tile it replaces), so the sets themselves need no joker shapes
            faces_used = sorted({f for _v, t in mix_vars for f in t.faces})
            joker_as = {f: m.var(0, all_jokers, 0) for f in faces_used}
    ext_vars: list[tuple[int, int, list[Face], list[Face]]] = []
    if extend:
        for si, s in enumerate(table):
            for below, above in _ext_options(s, rack_faces):
                ext_vars.append((m.var(0, 1, 0), si, below, above))

    new_terms: dict[Face, dict[int, float]] = {f: {place_new[f]: -1} for f in rack_faces}
    for v, t in new_vars:
        for f in t.faces:
            new_terms[f][v] = new_terms[f].get(v, 0) + 1
    for v, _si, below, above in ext_vars:
        for f in below + above:
            new_terms[f][v] = new_terms[f].get(v, 0) + 1
    mix_terms: dict[Face, dict[int, float]] = {}
    for v, t in mix_vars:
        for f in t.faces:
            mix_terms.setdefault(f, {})[v] = 1
    # balance rows: rack-only sets use exactly the "new" placements
    for f in rack_faces:
        m.row(new_terms[f], 0, 0)
        if rearrange:  # a face is placed once per copy in the rack
            m.row({place_new[f]: 1, place_mix[f]: 1}, 0, rack_faces[f])
    if joker_new is not None:
        terms: dict[int, float] = {joker_new: -1}
        for v, t in new_vars:
            if t.jokers:
                terms[v] = terms.get(v, 0) + t.jokers
        m.row(terms, 0, 0)
        if joker_mix is not None:
            m.row({joker_new: 1, joker_mix: 1}, 0, rack_jokers)
    if rearrange:
        # spec 5.4: tiles in mixed sets = table tiles of changed sets + rack tiles placed there
        for f in set(table_faces) | set(rack_faces) | set(joker_as):
            terms = dict(mix_terms.get(f, {}))
            for si, kv in enumerate(keep_vars):
                if table_counts[si][f]:
                    terms[kv] = table_counts[si][f]
            if f in place_mix:
                terms[place_mix[f]] = -1
            if f in joker_as:
                terms[joker_as[f]] = -1
            m.row(terms, table_faces[f], table_faces[f])
        if rack_jokers or table_jokers:
            # the jokers standing for faces = table jokers of changed sets + rack jokers placed
            terms = {z: 1 for z in joker_as.values()}
            for si, kv in enumerate(keep_vars):
                if joker_counts[si]:
                    terms[kv] = joker_counts[si]
            if joker_mix is not None:
                terms[joker_mix] = -1
            m.row(terms, table_jokers, table_jokers)
        if max_changed is not None and table:
            # changed sets = len(table) - kept
            m.row({kv: 1 for kv in keep_vars}, max(0, len(table) - max_changed), len(table))
    if extend:
        for si in range(len(table)):  # one extension per table set
            terms = {v: 1 for v, s, _b, _a in ext_vars if s == si}
            if len(terms) > 1:
                m.row(terms, 0, 1)
    if meld_needed:
        m.row({v: t.points for v, t in new_vars}, meld_needed, np.inf)
    # at least one rack tile (spec 5.2)
    placed_cols = list(place_new.values()) + list(place_mix.values())
    placed_cols += [c for c in (joker_new, joker_mix) if c is not None]
    if not placed_cols:
        return None
    m.row({c: 1 for c in placed_cols}, 1, np.inf)
    # going out beats everything (spec §6: the rack-empty player wins)
    out = m.var(0, 1, big_value)
    terms = {c: 1 for c in placed_cols}
    terms[out] = -len(rack)
    m.row(terms, 0, np.inf)

    # one solve, lexicographic: keeps weigh less than one value point (SECONDARY_SCALE), so the
    # most rack value comes first and the most untouched sets second (exact, no gap)
    first_budget = time_limit * LEXICOGRAPHIC_SHARE if rearrange and keep_sets else time_limit
    status, x = m.solve(first_budget)
    layout = "optimal"
    if rearrange and keep_sets and status == TIME_LIMIT_STATUS and max_changed is None:
        # the keeps slowed the search down: the value alone (every table set free, den Hertog's
        # model), which is the part that matters, with the time left
        for kv in keep_vars:
            m.ub[kv] = 0
        status, x = m.solve(max(0.05, time_limit - (time.perf_counter() - t0)))
        layout = "value-only"
    if x is None:
        return None
    plan = _plan(
        table,
        rack,
        x,
        new_vars,
        mix_vars,
        keep_vars,
        ext_vars,
        joker_as={f: int(x[z]) for f, z in joker_as.items() if x[z]},
        status="optimal" if status == 0 else "timeout",
        seconds=time.perf_counter() - t0,
    )
    plan.notes["layout"] = layout
    return plan


def _plan(
    table: Sequence[TableSetIn],
    rack: list[str],
    x: np.ndarray,
    new_vars: list[tuple[int, Template]],
    mix_vars: list[tuple[int, Template]],
    keep_vars: list[int],
    ext_vars: list[tuple[int, int, list[Face], list[Face]]],
    *,
    joker_as: dict[Face, int],
    status: str,
    seconds: float,
) -> Plan:
    """Turn the MILP's counts into tile ids: table tiles of changed sets first, then rack tiles."""
    rack_pool: dict[Face | None, list[str]] = {}
    for t in sorted(rack):
        rack_pool.setdefault(face_of(t), []).append(t)
    kept = [bool(x[kv]) for kv in keep_vars] if keep_vars else [True] * len(table)
    uses = {v: int(x[v]) for v, _t in mix_vars}
    by_faces = {t.faces: v for v, t in mix_vars}
    for si, s in enumerate(table):
        # a changed joker-free set that the solution rebuilds face for face is really untouched
        faces = [face_of(t) for t in s.tile_ids]
        v = None if None in faces else by_faces.get(tuple(sorted(cast("list[Face]", faces))))  # no joker: faces only
        if not kept[si] and v is not None and uses[v] > 0:
            uses[v] -= 1
            kept[si] = True
    extended = {si: (b, a) for v, si, b, a in ext_vars if x[v]}
    table_pool: dict[Face | None, list[str]] = {}
    sets: list[PlannedSet] = []
    for si, s in enumerate(table):
        if si in extended:
            below, above = extended[si]
            norm = normalize_set(s.tile_ids, s.kind)
            assert norm is not None
            ids = [rack_pool[f].pop() for f in below] + list(norm.tile_ids) + [rack_pool[f].pop() for f in above]
            # the extended set stays where it was (the engine nudges it if it no longer fits)
            sets.append(PlannedSet(ids, s.kind, s.pos, True))
        elif kept[si]:
            sets.append(PlannedSet(list(s.tile_ids), s.kind, s.pos, False))
        else:
            for t in s.tile_ids:
                table_pool.setdefault(face_of(t), []).append(t)
    mixed: list[PlannedSet] = []
    stand_ins = dict(joker_as)
    for v, tpl in mix_vars:
        for _ in range(uses[v]):
            mixed.append(PlannedSet([_mixed_tile(f, table_pool, rack_pool, stand_ins) for f in tpl.slots], tpl.kind, None, True))
    rack_only: list[PlannedSet] = []
    for v, tpl in new_vars:
        for _ in range(int(x[v])):
            rack_only.append(PlannedSet([rack_pool[None if slot == JOKER else slot].pop() for slot in tpl.slots], tpl.kind, None, True))
    assert not any(table_pool.values()), "every table tile of a changed set is used again"
    # joined per family: a rack-only set joined to one with table tiles would stop counting
    # towards the initial meld (spec 5.3)
    sets += merge_runs(mixed) + merge_runs(rack_only)
    left = {t for p in rack_pool.values() for t in p}
    placed = [t for t in rack if t not in left]
    value = sum(TILES[t].n or 0 for t in placed)
    jokers = sum(1 for t in placed if TILES[t].n is None)
    changed = sum(1 for k in kept if not k) + len(extended)
    return Plan(sets, placed, value, jokers, changed, status, seconds)


def _mixed_tile(f: Face, table_pool: dict[Face | None, list[str]], rack_pool: dict[Face | None, list[str]], stand_ins: dict[Face, int]) -> str:
    """The tile for face `f` in a mixed set: a table tile of a changed set, else a joker that the
    solution lets stand for `f` (table jokers first: every one must be used again), else a rack
    tile. Any order works: per face the three counts add up to the sets' demand, and a set gets
    at most two jokers, so it keeps a real tile (spec 5.1)."""
    if table_pool.get(f):
        return table_pool[f].pop()
    if stand_ins.get(f):
        stand_ins[f] -= 1
        return (table_pool if table_pool.get(None) else rack_pool)[None].pop()
    return rack_pool[f].pop()


def merge_runs(sets: list[PlannedSet]) -> list[PlannedSet]:
    """Join new runs that continue each other (R1-R3 + R4-R6 → R1-R6): fewer, longer sets read
    better on the board; a join is kept only when the engine reads it as one run (spec §5.5)."""
    out = list(sets)
    spans = [_run_span(s) for s in out]
    merged = True
    while merged:
        merged = False
        for i in range(len(out)):
            for j in range(len(out)):
                a, b = spans[i], spans[j]
                # only a run ending right below the other's start can read as one run with it
                if i == j or a is None or b is None or a[0] != b[0] or a[2] + 1 != b[1]:
                    continue
                ids = out[i].tile_ids + out[j].tile_ids
                norm = normalize_set(ids, "run")
                if norm is None or norm.kind != "run" or norm.tile_ids != ids:
                    continue
                if norm.points != a[3] + b[3]:  # jokers must keep their numbers
                    continue
                out[i] = PlannedSet(ids, "run", None, True)
                spans[i] = (a[0], a[1], b[2], norm.points)
                del out[j], spans[j]
                merged = True
                break
            if merged:
                break
    return out


def _run_span(s: PlannedSet) -> tuple[str, int, int, int] | None:
    """(colour, first number, last number, points) of a run as the engine reads it, else None."""
    if s.kind != "run":
        return None
    norm = normalize_set(s.tile_ids, "run")
    if norm is None or norm.kind != "run":
        return None
    first = norm.tile_ids[0]
    start = TILES[first].n or norm.joker_as[first][1]
    colour = cast(str, next(TILES[t].colour for t in norm.tile_ids if TILES[t].n is not None))  # a number tile's
    return colour, start, start + len(norm.tile_ids) - 1, norm.points
