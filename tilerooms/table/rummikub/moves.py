"""What the number-tile board tells a viewer about moves (issue 18: 3, 5): pure, no Reflex.

- which table sets another player's move changed (1 s highlight, spec §9),
- which tiles just arrived on the table (200 ms animation),
- the last move in one short line ("AI 2: 3장 내려놓음"),
- the first-meld progress and refusal with the points still missing,
(The AI seats' English names: `tilerooms.i18n.lines`, made from their number and level.)

Everything comes from the viewer's own engine view: the engine names the last move, who changed
the table last and the viewer's newly drawn tiles (`games/rummikub/view.py`), so nothing here
reads them back from events.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tilerooms.i18n import text
from tilerooms.i18n.lines import name_in_english


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


def move_line(player: str, kind: str, count: int, names: dict[str, str], viewer: str | None, names_en: Mapping[str, str] | None = None) -> tuple[str, str]:
    """One move in one line, Korean and English ("AI 2: 3장 내려놓음", "AI 2 (Easy): placed 3 tiles"):
    `kind` is the i18n key after "move." the engine's `last_move` carries, `count` its tiles."""
    name = names.get(player, player)
    out = []
    for locale in ("ko", "en"):
        who = text("move.you", locale) if player == viewer else (name if locale == "ko" else name_in_english(player, names, names_en))
        plural = "" if count == 1 or locale == "ko" else "s"
        out.append(text(f"move.{kind}", locale).format(who=who, n=count, s=plural))
    return out[0], out[1]


def meld_progress(points: int, required: int) -> tuple[str, str]:
    """ "첫 등록: 18 / 30점 (12점 더)" and its English; no "more" once there."""
    key = "board.meld_progress" if points >= required else "board.meld_progress.short"
    return tuple(text(key, locale).format(points=points, required=required, missing=required - points) for locale in ("ko", "en"))  # type: ignore[return-value]


def explain(message_id: str, params: dict[str, str]) -> tuple[str, dict[str, str]]:
    """A refusal (message id, parameters) with what it leaves out: a first-meld shortfall also
    says the points still missing."""
    if message_id != "initial_meld_points":
        return message_id, params
    required, points = int(params["required"]), int(params["points"])
    return "table.meld_refused", {"required": str(required), "points": str(points), "missing": str(required - points)}


def same_as_table(draft_sets: Sequence[dict[str, Any]], table: Sequence[dict[str, Any]]) -> bool:
    """Whether a draft holds exactly the turn's starting sets (after 전체 취소: nothing to lose)."""
    return sorted(set_key(s["tile_ids"]) for s in draft_sets) == sorted(table_keys(table))
