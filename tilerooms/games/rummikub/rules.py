"""Set rules (spec §5.1, §5.5, §8.2 normalizeSet): is a list of tiles a run or a group, and what
do its jokers stand for."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from tilerooms.games.rummikub.tiles import TILES

MAX_GROUP = 4
MAX_RUN = 13


@dataclass(frozen=True)
class NormalizedSet:
    """A valid set in its normalised form.

    `tile_ids` is the normalised order (runs ascending, groups in the client's order), `joker_as`
    maps each joker id to `(colour or None, number)` (group jokers have colour None: "one of the
    missing colours", spec §5.5), and `points` counts each joker as the number it stands for.
    """

    kind: str
    tile_ids: list[str]
    joker_as: dict[str, tuple[str | None, int]] = field(default_factory=dict)
    points: int = 0


def _as_group(ids: list[str]) -> NormalizedSet | None:
    if len(ids) > MAX_GROUP:
        return None
    nums = [TILES[i] for i in ids if TILES[i].n is not None]
    if not nums or len({t.n for t in nums}) != 1:
        return None
    if len({t.colour for t in nums}) != len(nums):  # spec 5.1: no colour twice in a group
        return None
    n = nums[0].n
    assert n is not None
    joker_as: dict[str, tuple[str | None, int]] = {i: (None, n) for i in ids if TILES[i].n is None}
    return NormalizedSet("group", list(ids), joker_as, n * len(ids))


def _run_from(ids: list[str], start: int, colour: str) -> NormalizedSet:
    joker_as: dict[str, tuple[str | None, int]] = {tid: (colour, start + k) for k, tid in enumerate(ids) if TILES[tid].n is None}
    points = sum(range(start, start + len(ids)))
    return NormalizedSet("run", list(ids), joker_as, points)


def _as_run(ids: list[str]) -> NormalizedSet | None:
    if len(ids) > MAX_RUN:
        return None
    tiles = [TILES[i] for i in ids]
    nums = [t for t in tiles if t.n is not None]
    if not nums or len({t.colour for t in nums}) != 1:
        return None
    colour = nums[0].colour
    assert colour is not None
    # spec 5.5 (a): the client's order, if it already reads as a run, is kept
    first = next(k for k, t in enumerate(tiles) if t.n is not None)
    start = cast(int, tiles[first].n) - first  # the first number tile
    if start >= 1 and start + len(ids) - 1 <= 13 and all(t.n is None or t.n == start + k for k, t in enumerate(tiles)):
        return _run_from(ids, start, colour)
    # spec 5.5 (b): sort, fill gaps with jokers, spare jokers on top (toward 13) first, then below
    by_n = sorted(nums, key=lambda t: cast(int, t.n))  # nums: number tiles only
    values = [t.n for t in by_n]
    if len(set(values)) != len(values):
        return None
    lo, hi = values[0], values[-1]
    assert lo is not None and hi is not None
    jokers = [t.id for t in tiles if t.n is None]
    gaps = (hi - lo + 1) - len(nums)
    if gaps > len(jokers):
        return None
    extra = len(jokers) - gaps
    up = min(extra, 13 - hi)
    down = extra - up
    if lo - down < 1:
        return None
    start = lo - down
    by_value = {t.n: t.id for t in by_n}
    spare = iter(jokers)
    ordered = [by_value.get(v) or next(spare) for v in range(start, hi + up + 1)]
    return _run_from(ordered, start, colour)


def normalize_set(tile_ids: list[str], as_hint: str | None = None) -> NormalizedSet | None:
    """Normalise a set of tile ids (spec §8.2 normalizeSet), or None when it is not a valid set.

    A set that reads both as a run and as a group (e.g. [R5, JK1, JK2]) follows `as_hint`
    ("run"/"group"); without a hint it is a run (spec §5.5). Unknown or repeated ids, fewer
    than three tiles, and sets without a real tile are invalid.
    """
    ids = list(tile_ids)
    if len(ids) < 3 or len(set(ids)) != len(ids) or any(i not in TILES for i in ids):
        return None
    group = _as_group(ids)
    run = _as_run(ids)
    if group and run:
        return group if as_hint == "group" else run
    return group or run


# why a set is not valid: id -> its short Korean reason (the catalog `set.reason.<id>` has both languages)
SET_PROBLEMS = {
    "unknown_tile": "알 수 없는 타일이 있어요",
    "too_short": "3개 이상이어야 해요",
    "group_too_long": "같은 숫자 묶음은 4개까지예요",
    "group_colour_twice": "같은 색이 두 개예요",
    "run_too_long": "연속 숫자는 13개까지예요",
    "run_number_twice": "같은 숫자가 두 개예요",
    "run_wraps": "13 다음에 1은 올 수 없어요",
    "run_gap": "숫자가 이어지지 않아요",
    "mixed": "같은 숫자 다른 색, 또는 같은 색 연속 숫자여야 해요",
}


def set_problem_id(tile_ids: list[str], as_hint: str | None = None) -> str | None:
    """Why `tile_ids` is not a valid set, as an id of `SET_PROBLEMS` (None when it is valid).

    Shown next to a red-bordered draft set (spec §9 실시간 검증 표시).
    """
    ids = list(tile_ids)
    if any(i not in TILES for i in ids) or len(set(ids)) != len(ids):
        return "unknown_tile"
    if len(ids) < 3:
        return "too_short"
    if normalize_set(ids, as_hint) is not None:
        return None
    nums = [TILES[i] for i in ids if TILES[i].n is not None]
    numbers = [t.n for t in nums]
    colours = [t.colour for t in nums]
    if len(set(numbers)) == 1:  # meant as a group
        return "group_too_long" if len(ids) > MAX_GROUP else "group_colour_twice"
    if len(set(colours)) == 1:  # meant as a run
        if len(ids) > MAX_RUN:
            return "run_too_long"
        if len(set(numbers)) != len(numbers):
            return "run_number_twice"
        return "run_wraps" if 13 in numbers and 1 in numbers else "run_gap"
    return "mixed"


def set_problem(tile_ids: list[str], as_hint: str | None = None) -> str | None:
    """A short Korean reason why `tile_ids` is not a valid set (None when it is valid)."""
    problem = set_problem_id(tile_ids, as_hint)
    return SET_PROBLEMS[problem] if problem else None
