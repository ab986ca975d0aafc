"""Seat names in each language (pure, no Reflex).

A person's name is theirs in every language; an AI seat's is made from its number and level id
(`Occupant.number`, `Occupant.level`): "AI 2 (쉬움)" / "AI 2 (Easy)". The room layer stores the
Korean one as the occupant's `name` (records, logs); the tables and the replays make the English
one here from the same two values, never from the Korean text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tilerooms.i18n import text


def ai_name(number: int, level: str, locale: str = "ko") -> str:
    """An AI seat's name in `locale`: "AI 2 (쉬움)", "AI 2 (Easy)"."""
    return text("ai.name", locale).format(number=number, level=text(f"level.{level}", locale))


def seat_name(seat: Mapping[str, Any], locale: str) -> str:
    """The name of who sits in a seat ({id, name, kind, level, number}, a view's occupant or a
    record's seat) in `locale`; an AI without a number (a record from before numbers were kept)
    keeps its stored name."""
    if seat.get("kind") == "ai" and seat.get("number") and seat.get("level"):
        return ai_name(int(seat["number"]), str(seat["level"]), locale)
    return str(seat.get("name") or seat.get("id") or "")


def english_names(seats: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """id -> English name of the AI seats among `seats` (a person's name needs no entry)."""
    return {seat["id"]: seat_name(seat, "en") for seat in seats if seat.get("kind") == "ai" and seat.get("number")}


def name_in_english(player: str, names: Mapping[str, str], names_en: Mapping[str, str] | None) -> str:
    """`player`'s name in English: their entry in `names_en` (an AI), else their name."""
    return (names_en or {}).get(player) or names.get(player, player)
