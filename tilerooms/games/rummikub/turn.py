"""Turn checks (spec §8.2): draft conservation C1–C3 and `validate_turn` for commit and time-outs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tilerooms.core import RuleError
from tilerooms.games.rummikub.rules import NormalizedSet, normalize_set


@dataclass
class TurnCheck:
    """Outcome of `validate_turn`: `ok`, or the failing `code`/`message` (+ `invalid_sets`).

    On success `normalized` holds the normalised sets and `from_rack` the rack tiles played.
    `meld_points` is the initial-meld total of rack-only new sets (spec §5.3).
    """

    ok: bool
    code: str = ""
    message: str = ""
    message_id: str = ""  # the catalog id when one code has several messages (else the code)
    invalid_sets: list[int] = field(default_factory=list)
    normalized: list[NormalizedSet] = field(default_factory=list)
    from_rack: list[str] = field(default_factory=list)
    meld_points: int = 0
    required: int = 0  # the initial meld's minimum, for `initial_meld_points`

    def error(self) -> RuleError:
        """The failure as a RuleError (invalid set indices in `details` when there are any)."""
        details: dict[str, Any] = {"invalidSets": self.invalid_sets} if self.invalid_sets else {}
        if self.code == "initial_meld_points":  # the message's parameters
            details.update(required=self.required, points=self.meld_points)
        return RuleError(self.code, self.message, message_id=self.message_id or None, **details)


def conservation_problem(
    table: Sequence[dict[str, Any]],
    rack: Sequence[str],
    draft_sets: Sequence[Sequence[str]],
    has_melded: bool,
    allow_extend: bool,
) -> TurnCheck | None:
    """The first broken draft-conservation rule (spec §8.2 C1–C3), or None.

    C1: only start-of-turn table tiles and own rack tiles, each once. C2: every table tile stays on
    the table. C3: before the first meld (extension off), start-of-turn sets stay exactly as they are.
    """
    table_ids = {tid for s in table for tid in s["tile_ids"]}
    allowed = table_ids | set(rack)
    seen: set[str] = set()
    for ids in draft_sets:
        for tid in ids:
            if tid not in allowed:
                return TurnCheck(False, "not_your_tile", "내 받침대나 테이블에 있는 타일만 놓을 수 있어요")
            if tid in seen:
                return TurnCheck(False, "duplicate_tile", "같은 타일이 두 번 들어 있어요")
            seen.add(tid)
    if not table_ids <= seen:
        return TurnCheck(False, "table_to_rack", "테이블의 타일은 내 받침대로 가져올 수 없어요")
    if not has_melded and not allow_extend:
        draft_groups = {frozenset(ids) for ids in draft_sets}
        for s in table:
            start = frozenset(s["tile_ids"])
            if start in draft_groups:
                continue
            if any(start < g for g in draft_groups):
                return TurnCheck(False, "initial_meld_table", "첫 등록 전에는 테이블의 세트에 타일을 붙일 수 없어요", message_id="initial_meld_table.extend")
            return TurnCheck(False, "initial_meld_table", "첫 등록 전에는 테이블의 타일을 옮길 수 없어요")
    return None


def validate_turn(
    table: Sequence[dict[str, Any]],
    rack: Sequence[str],
    draft: Sequence[dict[str, Any]],
    has_melded: bool,
    options: dict[str, Any],
) -> TurnCheck:
    """Would committing `draft` (dicts with "tile_ids" and maybe "as") end the turn legally?

    Checks in the spec's order (§8.2 validateTurn): 1) conservation C1–C3, 2) at least one rack
    tile played, 3) every set valid, 4) the initial meld (rack-only new sets worth at least
    `initialMeldPoints`). Never raises; see `TurnCheck.error()`.
    """
    sets = [list(d["tile_ids"]) for d in draft]
    allow_extend = bool(options["initialMeldAllowExtend"])
    problem = conservation_problem(table, rack, sets, has_melded, allow_extend)
    if problem:
        return problem
    table_ids = {tid for s in table for tid in s["tile_ids"]}
    from_rack = [tid for ids in sets for tid in ids if tid not in table_ids]
    if not from_rack:
        return TurnCheck(False, "no_rack_tile", "랙에서 타일을 1개 이상 내야 해요")
    normalized = [normalize_set(ids, d.get("as")) for ids, d in zip(sets, draft)]
    invalid = [i for i, n in enumerate(normalized) if n is None]
    if invalid:
        return TurnCheck(False, "invalid_sets", "빨간 표시된 조합을 고쳐 주세요", invalid_sets=invalid)
    valid = [n for n in normalized if n is not None]
    meld_points = sum(n.points for n in valid if not any(t in table_ids for t in n.tile_ids))
    if not has_melded:
        required = options["initialMeldPoints"]
        if meld_points < required:
            return TurnCheck(
                False,
                "initial_meld_points",
                f"첫 등록은 {required}점 이상이어야 해요 (지금 {meld_points}점)",
                meld_points=meld_points,
                required=required,
            )
    return TurnCheck(True, normalized=valid, from_rack=from_rack, meld_points=meld_points)
