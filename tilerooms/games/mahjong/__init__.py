"""Riichi mahjong (4 players, 3-player sanma): a pure-Python rules engine (`engine`, the protocol
of `tilerooms.core.protocol`), its AI, replay and review, registered as one `GAME` (issue 21: 4)."""

from __future__ import annotations

import random
from typing import Any

from tilerooms.core.protocol import GameDefinition, QuickMatchMode, form_number
from tilerooms.games.mahjong import engine, replay


def _decide(view: dict[str, Any], level: str, rng: random.Random) -> list[dict[str, Any]]:
    from tilerooms.games.mahjong import ai

    return ai.decide(view, level, rng)


def _preload() -> None:
    from tilerooms.games.mahjong import ai  # noqa: F401


def _review(seed: int | str, options: dict[str, Any], seats: list[dict[str, Any]], log: list[dict[str, Any]]) -> dict[str, Any]:
    from tilerooms.games.mahjong import review

    return review.review(seed, options, seats, log)


GAME = GameDefinition(
    id="mahjong",
    name_ko="리치 마작",
    name_en="Riichi Mahjong",
    min_players=3,  # spec 1: 4 players, or 3 for sanma
    max_players=4,
    engine=engine,
    decide=_decide,
    replay=replay.replay,
    final_state=replay.final_state,
    review=_review,
    form_fields={
        "mj_length": ("length", str),
        "mj_turn": ("turnSeconds", form_number),
        "mj_claim": ("claimSeconds", form_number),
        "mj_claim_delay": ("claimMinDelayMs", form_number),  # spec 5.3 step 2
        "mj_aka": ("akaDora", form_number),
    },
    form_switches={"mj_kuitan": "kuitan"},
    # every hidden claim answer moves `seq` (spec 5.3 step 7); a browser acts by `phaseSeq`
    unshown_keys=("seq",),
    preload=_preload,
    append_only_keys=("logs",),  # rounds.finish_hand appends each hand's log, whole (2/3 of a late room's JSON)
    mode_names={3: ("3인 (산마)", "3-player (sanma)")},  # spec 1: three players play sanma
    practice_ais=3,  # a practice game has four players (spec 1), whatever count the player chose
    set_away=engine.set_away,  # spec 8.5 / §10: a disconnected seat never holds up the others
    reaction_window=engine.reaction_window,  # the claim window (spec 5.3 step 2)
    # spec 1: 4 players, or 3 for sanma (the player count sets the mode); §2 `length`
    quick_modes=(
        QuickMatchMode("4-tonpuu", 4, "리치 마작 동풍전", "Riichi · East only", {"length": "tonpuu"}),
        QuickMatchMode("4-hanchan", 4, "리치 마작 반장전", "Riichi · Half game", {"length": "hanchan"}),
        QuickMatchMode("3", 3, "리치 마작 3인 (산마)", "Riichi · 3-player"),
    ),
)
