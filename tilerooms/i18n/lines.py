"""English of the Korean lines the server builds with a name or numbers in them (pure, no Reflex).

The fixed lines are in `SERVER_MESSAGES`; these are the ones a pattern finds: an AI seat's name
("AI 2 (쉬움)" -> "AI 2 (Easy)") and a refusal that carries numbers. Both tables, the room page and
the replays ask here.
"""

from __future__ import annotations

import re

from tilerooms.i18n import text

AI_NAME = re.compile(r"^AI (\d+) \((쉬움|보통|어려움)\)$")
AI_LEVELS_EN = {"쉬움": "Easy", "보통": "Normal", "어려움": "Hard"}
MELD_REFUSED_KO = re.compile(r"^첫 등록은 (\d+)점 이상이어야 해요 \(지금 (\d+)점, (\d+)점 더 필요해요\)$")


def name_en(name: str) -> str:
    """A seat's name in English: an AI seat's level is translated, a person's name kept."""
    match = AI_NAME.match(name)
    return f"AI {match.group(1)} ({AI_LEVELS_EN[match.group(2)]})" if match else name


def english(message: str) -> str:
    """English of a Korean line with numbers in it (the fixed ones are in SERVER_MESSAGES), or ""."""
    match = MELD_REFUSED_KO.match(message or "")
    if match:
        required, points, missing = (int(g) for g in match.groups())
        return text("board.meld_refused", "en").format(required=required, points=points, missing=missing)
    return ""
