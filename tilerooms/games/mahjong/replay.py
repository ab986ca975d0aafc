"""A finished mahjong game rebuilt from its seed and log (issue 21), by this game's own engine.

`replay(seed, options, players, log)` yields the game step by step (`ReplayStep`: after the seating
and the first deal, then after each log entry: moves, claim answers, ready, time-outs, a seat's
socket going away and coming back, leaves, a practice pause); `final_state(...)` is the state after
the whole log. Pure and deterministic (`tilerooms.core.replay`).
"""

from tilerooms.core.replay import GameReplay, ReplayError, ReplayStep
from tilerooms.games.mahjong import engine

__all__ = ["replay", "final_state", "ReplayStep", "ReplayError"]

replay, final_state = GameReplay(engine).replay, GameReplay(engine).final_state
