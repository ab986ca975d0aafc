"""What the number-tile room shows around its board (pure, no Reflex): the clocks under the room's
name and the finished game's results table with its summary line."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tilerooms.i18n import text
from tilerooms.i18n.lines import name_in_english

END_REASONS = ("rackEmpty", "stalemate", "timeUp", "aborted")  # the engine's endReason: each has `room.end.<reason>`


@dataclass
class ResultRow:
    """One line of the results table."""

    rank: int
    name: str
    score: int
    tiles: int
    name_en: str = ""


def options_text(options: dict[str, Any], locale: str = "ko") -> str:
    """The number-tile room's clocks under its name: "턴 60초 · 전체 30분"."""
    return _options_line(options.get("turnSeconds", 60), options.get("gameSeconds", 1800) // 60, locale)


@functools.lru_cache(maxsize=256)  # every push shows it; rooms share a handful of clock settings
def _options_line(turn: Any, minutes: Any, locale: str) -> str:
    return text("room.options", locale).format(turn=turn, minutes=minutes)


def result_vars(result: dict[str, Any] | None, names_en: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The results table and summary line of a finished (or aborted) game (`names_en`: the AI
    seats' English names)."""
    if not result or (result.get("aborted") and "ranking" not in result):
        return {
            "result_rows": [],
            "result_summary": text("room.result_stopped") if result and result.get("aborted") else "",
            "result_summary_en": text("room.result_stopped", "en") if result and result.get("aborted") else "",
            "match_continues": False,
        }
    names = result.get("names", {})
    rows = [
        ResultRow(r["rank"], names.get(r["player"], r["player"]), r["score"], r["tilesLeft"], name_in_english(r["player"], names, names_en))
        for r in result["ranking"]
    ]
    winners = ", ".join(names.get(w, w) for w in result.get("winner", []))
    winners_en = ", ".join(name_in_english(w, names, names_en) for w in result.get("winner", []))
    end = result.get("endReason", "")
    reason, reason_en = (text(f"room.end.{end}"), text(f"room.end.{end}", "en")) if end in END_REASONS else ("", "")
    match = result.get("match") or {}
    return {
        "result_rows": rows,
        "result_summary": text("room.result_won").format(winners=winners, reason=reason) if winners else reason,
        "result_summary_en": text("room.result_won", "en").format(winners=winners_en, reason=reason_en) if winners else reason_en,
        "match_continues": bool(match) and not match.get("finished", True),
    }
