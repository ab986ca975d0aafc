"""English of the Korean lines the server builds with a name or numbers in them (pure, no Reflex).

The fixed lines are in `SERVER_MESSAGES`; these are the ones a pattern finds: an AI seat's name
("AI 2 (쉬움)" -> "AI 2 (Easy)") and a refusal that carries numbers. Both tables, the room page and
the replays ask here.
"""

from __future__ import annotations

import re

AI_NAME = re.compile(r"^AI (\d+) \((쉬움|보통|어려움)\)$")
AI_LEVELS_EN = {"쉬움": "Easy", "보통": "Normal", "어려움": "Hard"}


def name_en(name: str) -> str:
    """A seat's name in English: an AI seat's level is translated, a person's name kept."""
    match = AI_NAME.match(name)
    return f"AI {match.group(1)} ({AI_LEVELS_EN[match.group(2)]})" if match else name
