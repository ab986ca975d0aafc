"""Rebuild a game from its seed and the room layer's log (issue 21), with the engine's own functions.

A log entry is one change the room layer made to a running game's state (`rooms/play.py`), in
order, each stamped with the server time `at` (epoch ms) it happened at:

- ``{"at", "by", "action"}``: `engine.apply(state, by, {**action, "at": at})` — a person's or an
  AI's move, a time-out, a leave, the match's next game;
- ``{"at", "by", "away"}``: `engine.set_away(state, by, away, at)` — a seat's socket went or came
  back (mahjong only);
- ``{"at", "shift"}``: `engine.shift_time(state, shift)` — a paused practice game resumed.

The engines are deterministic (seeded RNG, time only as data), so the same seed, options, players
and log always give the same states as the live game had.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, cast

from tilerooms.core.errors import RuleError

State = dict[str, Any]
LogEntry = dict[str, Any]


class ReplayError(ValueError):
    """The log does not fit the game: an entry the engine refuses, or one of an unknown shape."""


@dataclass
class ReplayStep:
    """The game after the setup (`index` 0, `entry` None) or after the `index`-th log entry.

    `state` is the one live state the replay changes in place: copy it to keep a step's state.
    """

    index: int
    entry: LogEntry | None
    state: State
    events: list[dict[str, Any]] = field(default_factory=list)


def apply_entry(engine: ModuleType, state: State, entry: LogEntry) -> list[dict[str, Any]]:
    """Carry out one log entry on `state` (in place); returns the engine's events."""
    if "action" in entry:
        return cast(list[dict[str, Any]], engine.apply(state, entry["by"], {**entry["action"], "at": entry["at"]}))
    if "away" in entry:
        return cast(list[dict[str, Any]], engine.set_away(state, entry["by"], entry["away"], entry["at"]))
    if "shift" in entry:
        engine.shift_time(state, entry["shift"])
        return []
    raise ReplayError(f"unknown log entry: {sorted(entry)}")


class GameReplay:
    """The replay functions of one engine module (`games/<game>/replay.py` binds its own)."""

    def __init__(self, engine: ModuleType) -> None:
        self.engine = engine

    def replay(self, seed: int | str, options: dict[str, Any], players: list[str], log: list[LogEntry]) -> Iterator[ReplayStep]:
        """Each step of the game: the state after `engine.setup(options, players, seed)`, then
        after every log entry (one live state, changed in place: copy `step.state` to keep it)."""
        state = self.engine.setup(copy.deepcopy(options), list(players), seed)
        yield ReplayStep(0, None, state)
        for index, entry in enumerate(log, 1):
            try:
                events = apply_entry(self.engine, state, entry)
            except RuleError as err:
                raise ReplayError(f"log entry {index} refused ({err.code}): {entry}") from err
            yield ReplayStep(index, entry, state, events)

    def final_state(self, seed: int | str, options: dict[str, Any], players: list[str], log: list[LogEntry]) -> State:
        """The state after the whole log: the live game's last state."""
        state: State = {}
        for step in self.replay(seed, options, players, log):
            state = step.state
        return state
