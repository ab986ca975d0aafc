"""What the number-tile board tells a viewer about moves (issue 18: 3, 5): pure, no Reflex.

- which table sets another player's move changed (1 s highlight, spec §9),
- which tiles just arrived on the table (200 ms animation),
- which rack tiles I drew and have not acted since (a "new" mark),
- who made the last move, in one short line ("AI 2: 3장 내려놓음"),
- the first-meld progress and refusal with the points still missing,
(English for the AI seats' names: `tilerooms.i18n.lines`, shared with the mahjong table.)

Everything comes from the viewer's own view and its public events (`view["events"]`: the room's
recent events this viewer may see, each stamped with the engine's `seq` after its action).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from tilerooms.i18n import text
from tilerooms.i18n.lines import name_en

# the engine's events that end a move, and what the line says about them
MOVE_EVENTS = ("committed", "drewCount", "passed", "left")
# events by which I act in my turn: after one of these my drawn tiles are no longer new
MY_ACTIONS = ("draftChanged", "committed", "drewCount", "passed", "commitFailed", "timedOut", "left")


def set_key(tile_ids: Iterable[str]) -> str:
    """A set by its tiles, whatever its order or id (draft sets carry no id)."""
    return "|".join(sorted(tile_ids))


def table_keys(table: Sequence[dict[str, Any]]) -> list[str]:
    """The keys of a committed table's sets, in table order."""
    return [set_key(s["tile_ids"]) for s in table]


def changed_keys(before: Sequence[dict[str, Any]], after: Sequence[dict[str, Any]]) -> list[str]:
    """Sets of `after` that are new or hold other tiles than any set of `before`."""
    old = set(table_keys(before))
    return [k for k in table_keys(after) if k not in old]


def arrived_tiles(before: Iterable[str], after: Iterable[str]) -> set[str]:
    """Tiles on the table now that were not on it before."""
    return set(after) - set(before)


def last_author(events: Sequence[dict[str, Any]]) -> str | None:
    """The player of the latest commit among `events`, or None."""
    for event in reversed(events):
        if event.get("type") == "committed":
            return event.get("player")
    return None


def drawn_tiles(events: Sequence[dict[str, Any]], viewer: str | None, rack: Iterable[str]) -> list[str]:
    """Tiles of my latest draw, while I have not acted since (they stay in my rack)."""
    if viewer is None:
        return []
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if event.get("type") == "drew" and event.get("player") == viewer:
            later = [e for e in events[i + 1 :] if e.get("seq") != event.get("seq")]
            if any(e.get("player") == viewer and e.get("type") in MY_ACTIONS for e in later):
                return []
            mine = set(rack)
            return [t for t in event.get("tile_ids") or [] if t in mine]
    return []


def last_move_parts(events: Sequence[dict[str, Any]]) -> tuple[str, str, int] | None:
    """The latest move among `events` as (player, kind, count), kind an i18n key after "move."
    ("placed", "drew", "drew.timeout", "passed.refused", "left" …), or None."""
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        kind = event.get("type")
        if kind not in MOVE_EVENTS:
            continue
        player = event.get("player") or ""
        same_action = [e for e in events if e.get("seq") == event.get("seq") and e.get("player") == player]
        timed_out = any(e.get("type") == "timedOut" for e in same_action)
        refused = any(e.get("type") == "commitFailed" for e in same_action)
        if kind == "committed":
            key, count = "placed", len(event.get("tile_ids") or [])
        elif kind == "drewCount":
            key, count = "drew", int(event.get("count") or 0)
        elif kind == "passed":
            key, count = "passed", 0
        else:
            key, count = "left", 0
        if kind in ("drewCount", "passed") and (timed_out or refused):
            key += ".timeout" if timed_out else ".refused"
        return player, key, count
    return None


def move_line(player: str, kind: str, count: int, names: dict[str, str], viewer: str | None) -> tuple[str, str]:
    """One move in one line, Korean and English ("AI 2: 3장 내려놓음", "AI 2 (Easy): placed 3 tiles")."""
    name = names.get(player, player)
    out = []
    for locale in ("ko", "en"):
        who = text("move.you", locale) if player == viewer else (name if locale == "ko" else name_en(name))
        plural = "" if count == 1 or locale == "ko" else "s"
        out.append(text(f"move.{kind}", locale).format(who=who, n=count, s=plural))
    return out[0], out[1]


def last_move(events: Sequence[dict[str, Any]], names: dict[str, str], viewer: str | None) -> tuple[str, str]:
    """The latest move as one line in Korean and English ("AI 2: 3장 내려놓음"), or ("", "")."""
    parts = last_move_parts(events)
    return move_line(*parts, names, viewer) if parts else ("", "")


def meld_progress(points: int, required: int) -> tuple[str, str]:
    """ "첫 등록: 18 / 30점 (12점 더)" and its English; no "more" once there."""
    key = "board.meld_progress" if points >= required else "board.meld_progress.short"
    return tuple(text(key, locale).format(points=points, required=required, missing=required - points) for locale in ("ko", "en"))  # type: ignore[return-value]


MELD_REFUSAL = re.compile(r"^첫 등록은 (\d+)점 이상이어야 해요 \(지금 (\d+)점\)$")


def explain(message: str) -> str:
    """A server message with what it leaves out: a first-meld refusal says the missing points."""
    match = MELD_REFUSAL.match(message or "")
    if not match:
        return message
    required, points = int(match.group(1)), int(match.group(2))
    return text("board.meld_refused").format(required=required, points=points, missing=required - points)


def same_as_table(draft_sets: Sequence[dict[str, Any]], table: Sequence[dict[str, Any]]) -> bool:
    """Whether a draft holds exactly the turn's starting sets (after 전체 취소: nothing to lose)."""
    return sorted(set_key(s["tile_ids"]) for s in draft_sets) == sorted(table_keys(table))
