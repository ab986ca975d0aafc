"""What the mahjong room shows under its name (pure, no Reflex): its length and clocks."""

from __future__ import annotations

import functools
from typing import Any

from tilerooms.i18n import text


def options_text(options: dict[str, Any], locale: str = "ko") -> str:
    """The mahjong room's options under its name: "반장전 · 타패 15초 · 응답 8초" (a sanma room's
    mode is in the game's name beside it: `GameDefinition.display_names`)."""
    return _options_line(options.get("length") == "tonpuu", options.get("turnSeconds", 15), options.get("claimSeconds", 8), locale)


@functools.lru_cache(maxsize=256)  # every push shows it; rooms share a handful of settings
def _options_line(tonpuu: bool, turn: Any, claim: Any, locale: str) -> str:
    length = text("room.options.tonpuu" if tonpuu else "room.options.hanchan", locale)
    return text("room.options.mahjong", locale).format(length=length, turn=turn, claim=claim)
