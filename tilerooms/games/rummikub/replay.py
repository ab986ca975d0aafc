"""A finished number-tile game rebuilt from its seed and log (issue 21), by this game's own engine.

`replay(seed, options, players, log)` yields the game step by step (`ReplayStep`: after the deal,
then after each log entry: drafts, commits, draws, time-outs, leaves, a match's next game, a
practice pause); `final_state(...)` is the state after the whole log. Pure and deterministic
(`tilerooms.core.replay`).
"""

from tilerooms.core.replay import GameReplay, ReplayError, ReplayStep
from tilerooms.games.rummikub import engine

__all__ = ["replay", "final_state", "ReplayStep", "ReplayError"]

replay, final_state = GameReplay(engine).replay, GameReplay(engine).final_state
