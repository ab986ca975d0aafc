"""Deadlines (spec §8.5 + the service's whole-game clock), computed from state data only."""

from __future__ import annotations

from typing import Any, cast

SHORT_DEADLINE_MS = 3000  # spec 8.5: a player absent for 3 turns gets a short clock
ABSENT_AFTER_TIMEOUTS = 3


def deadline(state: dict[str, Any]) -> float | None:
    """The next deadline in epoch ms: min(turn deadline, whole-game deadline); None when finished.

    spec 8.5: a player who timed out 3 turns in a row gets a 3-second turn until they act.
    """
    if state["phase"] != "playing":
        return None
    cur = state["current"]
    if state["timeouts_in_a_row"].get(cur, 0) >= ABSENT_AFTER_TIMEOUTS:
        turn = state["turn_started_at"] + SHORT_DEADLINE_MS
    else:
        turn = state["turn_started_at"] + state["options"]["turnSeconds"] * 1000
    game = state["game_deadline"]
    return cast(float | None, turn if game is None else min(turn, game))


def shift_time(state: dict[str, Any], delta_ms: float) -> None:
    """Move the turn start and the whole-game deadline by `delta_ms` (a paused practice game
    resumes with the time it had left). Changes `state` in place."""
    state["turn_started_at"] += delta_ms
    if state["game_deadline"] is not None:
        state["game_deadline"] += delta_ms
