"""Parsing client actions (spec §8.2): shape checks only, so a malformed packet is a RuleError.

Every action is a dict with "type" and optionally "seq" (the state seq the client saw) and "at"
(epoch ms, stamped by the room layer). A tile is a 136-id or a view token ``"53:5p"``.
Claims: ``{"type": "claim", "call": "ron" | "pon" | "kan" | "chi", "tiles": [...]}``; the short
forms ``{"type": "ron"}``, ``{"type": "pon", "tiles": [...]}`` … mean the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tilerooms.core import RuleError

ACTION_TYPES = frozenset(
    {
        "discard",
        "tsumo",
        "ankan",
        "kakan",
        "kita",
        "kyuushu",
        "claim",
        "pass",
        "ready",
        "setPref",
        "timeout",
        "leave",
    }
)
CALLS = ("ron", "pon", "kan", "chi")
PREF_KEYS = ("autoWin", "noCalls")


@dataclass
class ParsedAction:
    """A shape-checked action."""

    type: str
    seq: int | None = None
    at: float | None = None
    tile: int | None = None
    kind: int | None = None
    riichi: bool = False
    call: str | None = None
    tiles: list[int] = field(default_factory=list)
    prefs: dict[str, bool] = field(default_factory=dict)


def _bad(message_id: str, message: str) -> RuleError:
    return RuleError("bad_action", message, message_id=message_id)


def parse_tile(value: object) -> int:
    """A tile id from an int or a ``"53:5p"`` view token; RuleError("bad_action") otherwise."""
    if isinstance(value, str):
        head = value.split(":", 1)[0]
        if not (head.isascii() and head.isdecimal()):  # "²".isdigit() is true, but int("²") raises
            raise _bad("mj.bad_action.tile", "패 형식이 올바르지 않습니다")
        value = int(head)
    if type(value) is not int or not 0 <= value < 136:
        raise _bad("mj.bad_action.tile", "패 형식이 올바르지 않습니다")
    return value


def parse_action(action: object) -> ParsedAction:
    """Check the shape of `action` and return it parsed; RuleError("bad_action") otherwise."""
    if not isinstance(action, dict):
        raise _bad("mj.bad_action", "잘못된 요청입니다")
    kind = action.get("type")
    if kind in CALLS:  # short form of a claim
        action = {**action, "type": "claim", "call": kind}
        kind = "claim"
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        raise _bad("mj.bad_action.type", "알 수 없는 행동입니다")
    parsed = ParsedAction(kind)
    seq = action.get("seq")
    if seq is not None and type(seq) is not int:
        raise _bad("mj.bad_action.seq", "요청 번호가 올바르지 않습니다")
    parsed.seq = seq
    at = action.get("at")
    if at is not None:
        if type(at) not in (int, float) or not 0 <= at < 1e15:
            raise _bad("mj.bad_action.at", "시각 형식이 올바르지 않습니다")
        parsed.at = at
    if kind in ("discard", "kakan"):
        parsed.tile = parse_tile(action.get("tile"))
        riichi = action.get("riichi", False)
        if type(riichi) is not bool or (riichi and kind != "discard"):
            raise _bad("mj.bad_action.riichi", "리치 표시가 올바르지 않습니다")
        parsed.riichi = riichi
    elif kind == "ankan":
        k = action.get("kind")
        if k is None and "tile" in action:
            k = parse_tile(action["tile"]) >> 2
        if type(k) is not int or not 0 <= k < 34:
            raise _bad("mj.bad_action.kind", "깡할 패 종류가 올바르지 않습니다")
        parsed.kind = k
    elif kind == "claim":
        call = action.get("call")
        if call not in CALLS:
            raise _bad("mj.bad_action.call", "응답 종류가 올바르지 않습니다")
        parsed.call = call
        tiles = action.get("tiles", [])
        if not isinstance(tiles, list) or len(tiles) > 3:
            raise _bad("mj.bad_action.tiles", "울기에 쓸 패 목록이 올바르지 않습니다")
        parsed.tiles = [parse_tile(t) for t in tiles]
        if len(set(parsed.tiles)) != len(parsed.tiles):
            raise _bad("mj.bad_action.twice", "같은 패를 두 번 쓸 수 없습니다")
    elif kind == "setPref":
        prefs = {k: action[k] for k in PREF_KEYS if k in action}
        if not prefs or any(type(v) is not bool for v in prefs.values()):
            raise _bad("mj.bad_action.prefs", "설정 값이 올바르지 않습니다")
        parsed.prefs = prefs
    return parsed
