"""Number-tile (Rummikub-style) game: a pure-Python rules engine (`engine`, the protocol of
`tilerooms.core.protocol`), its AI, replay and review, registered as one `GAME` (issue 21: 4)."""

from __future__ import annotations

import random
from typing import Any

from tilerooms.core.protocol import GameDefinition, QuickMatchMode, form_number
from tilerooms.games.rummikub import engine, replay


def _decide(view: dict[str, Any], level: str, rng: random.Random) -> list[dict[str, Any]]:
    from tilerooms.games.rummikub import ai  # SciPy's solver: imported on the first AI turn

    return ai.decide(view, level, rng)


def _preload() -> None:
    from tilerooms.games.rummikub import ai  # noqa: F401 - SciPy's solver: ~0.5 s and ~50 MB


def _review(seed: int | str, options: dict[str, Any], seats: list[dict[str, Any]], log: list[dict[str, Any]]) -> dict[str, Any]:
    from tilerooms.games.rummikub import review

    return review.review(seed, options, seats, log)


def _minutes(value: Any) -> int:
    return form_number(value) * 60


GAME = GameDefinition(
    id="rummikub",
    name_ko="숫자 타일",
    name_en="Number Tiles",
    min_players=2,
    max_players=4,
    engine=engine,
    decide=_decide,
    replay=replay.replay,
    final_state=replay.final_state,
    review=_review,
    form_fields={
        "game_minutes": ("gameSeconds", _minutes),  # the whole-game clock
        "turn_seconds": ("turnSeconds", form_number),
        "initial_meld": ("initialMeldPoints", form_number),
        "timeout_valid_draft": ("timeoutValidDraft", str),
        "invalid_timeout_penalty": ("invalidTimeoutPenalty", form_number),
        "invalid_commit_penalty": ("invalidCommitPenalty", str),
        "joker_penalty": ("jokerPenalty", form_number),
        "games_per_match": ("gamesPerMatch", form_number),
    },
    form_switches={"allow_extend": "initialMeldAllowExtend", "show_draft": "showDraftToOthers", "hints": "hints"},
    turn_choices=(60, 90, 120, 180),  # the room's turn clocks; the engine itself takes any
    fallback_actions=({"type": "draw"},),  # an AI that cannot play draws (spec 4)
    preload=_preload,
    quick_modes=tuple(QuickMatchMode(str(n), n, f"숫자 타일 {n}인", f"Number Tiles · {n}") for n in (2, 3, 4)),
)
