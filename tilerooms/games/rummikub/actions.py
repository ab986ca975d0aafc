"""Parsing client actions (spec §8.2): shape checks only, so a malformed packet is a RuleError.

Every action is a dict with "type" and optionally "seq" (the state seq the client saw), "turn"
(the turn number it was made in) and "at" (epoch ms, stamped by the server's room layer).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tilerooms.core import RuleError
from tilerooms.games.rummikub.tiles import TILES

ACTION_TYPES = frozenset({"setDraft", "undoDraft", "resetDraft", "commit", "draw", "pass", "timeout", "leave", "nextGame"})
MAX_SETS = 106
MAX_POS = 1000


@dataclass
class ParsedAction:
    """A shape-checked action; `sets` only for setDraft (dicts with tile_ids, as, pos)."""

    type: str
    seq: int | None = None
    turn: int | None = None
    at: float | None = None
    sets: list[dict[str, Any]] = field(default_factory=list)


def _bad(message_id: str, message: str) -> RuleError:
    return RuleError("bad_action", message, message_id=message_id)


def _is_int(value: object) -> bool:
    return type(value) is int


def _parse_set(raw: object) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise _bad("bad_action.set", "조합 형식이 올바르지 않아요")
    ids = raw.get("tileIds")
    if not isinstance(ids, list) or len(ids) > len(TILES):
        raise _bad("bad_action.set_tiles", "조합의 타일 목록이 올바르지 않아요")
    for tid in ids:
        if not isinstance(tid, str) or tid not in TILES:
            raise _bad("bad_action.tile", "알 수 없는 타일이에요")
    hint = raw.get("as")
    if hint not in (None, "run", "group"):
        raise _bad("bad_action.set_kind", "조합 종류는 run 또는 group이어야 해요")
    pos = raw.get("pos")
    if pos is not None:
        if not (isinstance(pos, dict) and _is_int(pos.get("row")) and _is_int(pos.get("col"))):
            raise _bad("bad_action.set_pos", "조합 위치가 올바르지 않아요")
        if not (abs(pos["row"]) <= MAX_POS and abs(pos["col"]) <= MAX_POS):
            raise _bad("bad_action.set_pos", "조합 위치가 올바르지 않아요")
        pos = {"row": pos["row"], "col": pos["col"]}
    return {"tile_ids": list(ids), "as": hint, "pos": pos}


def parse_action(action: object) -> ParsedAction:
    """Check the shape of `action` and return it parsed; RuleError("bad_action") otherwise."""
    if not isinstance(action, dict):
        raise _bad("bad_action", "잘못된 요청이에요")
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        raise _bad("bad_action.type", "알 수 없는 행동이에요")
    parsed = ParsedAction(kind)
    for key in ("seq", "turn"):
        value = action.get(key)
        if value is not None and not _is_int(value):
            raise _bad("bad_action.seq", "요청 번호가 올바르지 않아요")
        setattr(parsed, key, value)
    at = action.get("at")
    if at is not None:
        if type(at) not in (int, float) or not (0 <= at < 1e15):
            raise _bad("bad_action.at", "시각 형식이 올바르지 않아요")
        parsed.at = at
    if kind == "setDraft":
        sets = action.get("sets")
        if not isinstance(sets, list) or len(sets) > MAX_SETS:
            raise _bad("bad_action.sets", "조합 목록이 올바르지 않아요")
        # empty sets carry nothing (a set dragged empty): dropped
        parsed.sets = [s for s in (_parse_set(r) for r in sets) if s["tile_ids"]]
    return parsed
