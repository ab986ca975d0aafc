"""A finished mahjong game rebuilt from its seed and log (issue 21), by this game's own engine.

`replay(seed, options, players, log)` yields the game step by step (`ReplayStep`: after the seating
and the first deal, then after each log entry: moves, claim answers, ready, time-outs, a seat's
socket going away and coming back, leaves, a practice pause); `final_state(...)` is the state after
the whole log. Pure and deterministic (`tilerooms.core.replay`).
"""

from collections.abc import Iterator
from typing import Any

from tilerooms.core.replay import GameReplay, LogEntry, ReplayError, ReplayStep
from tilerooms.games.mahjong import engine
from tilerooms.games.mahjong.options import recorded_options

__all__ = ["replay", "final_state", "ReplayStep", "ReplayError"]

_GAME_REPLAY = GameReplay(engine)


def replay(seed: int | str, options: dict[str, Any], players: list[str], log: list[LogEntry]) -> Iterator[ReplayStep]:
    """Each step of the recorded game (`GameReplay.replay`), with the options it really ran with."""
    return _GAME_REPLAY.replay(seed, recorded_options(options), players, log)


def final_state(seed: int | str, options: dict[str, Any], players: list[str], log: list[LogEntry]) -> dict[str, Any]:
    """The state after the whole recorded log (`GameReplay.final_state`)."""
    return _GAME_REPLAY.final_state(seed, recorded_options(options), players, log)
