"""One stored game as replay frames (issue 21: 2), built lazily and kept server-side.

A `Replay` walks the record's log once with the game's own engine (its `GAMES` definition) to
make the move list (one `Move` per step somebody can see: a log entry that changes nothing on the
table — an away flag, a practice pause's time shift, a claim pass, a draft not yet committed —
gets none) and keeps a deep copy of the state every `CHECKPOINT` entries. A step's state is then
rebuilt from the nearest checkpoint, so a page holds only the step it shows, never hundreds of
states. `replay_for(record)` keeps the last few replays of this worker by record id.
"""

from __future__ import annotations

import copy
import importlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from tilerooms.core.replay import LogEntry, ReplayStep, apply_entry
from tilerooms.games import GAMES
from tilerooms.i18n.lines import seat_name

CHECKPOINT = 64  # log entries between two kept states: a step is rebuilt with at most this many applies
CACHE_SIZE = 8  # replays kept per worker (each a few hundred kB at most)

State = dict[str, Any]


@dataclass
class Move:
    """One line of the move list: the state after log entry `step` (0 = the deal)."""

    step: int
    text: str
    text_en: str
    hand: int = 0  # mahjong: the hand (국) it belongs to, 0-based; number tiles: the game of the match
    marks: list[str] = field(default_factory=list)  # tiles this step brought (laid, drawn, discarded)
    kind: str = ""  # "start" for a game's or hand's first line


@dataclass
class Seat:
    """Who sat where (engine player order), with their names."""

    id: str
    name: str
    name_en: str


class GameFrames(Protocol):
    """What each game's frame module (`replays/rummikub.py`, `replays/mahjong.py`) provides
    (and `WHOLE_MATCH`: whether a record shows its whole match or only its own game)."""

    WHOLE_MATCH: bool

    def first_move(self, state: State, seats: list[Seat]) -> Move: ...

    def describe(self, step: ReplayStep, seats: list[Seat], hand: int) -> Move | None: ...

    def picture(self, state: State, move: Move, replay: Replay) -> Any: ...


class Replay:
    """A finished game's moves and, on demand, the picture of any of them."""

    def __init__(
        self, game: str, seed: int | str, options: dict[str, Any], seats: list[dict[str, Any]], log: list[LogEntry], record_id: str = "", ended: Any = None
    ) -> None:
        self.game = game
        self.record_id = record_id
        self.ended = ended
        self.seats = [Seat(s["id"], s.get("name") or s["id"], seat_name(s, "en")) for s in seats]  # an AI's English name from its number and level
        self.names = {s.id: s.name for s in self.seats}
        self.log = log
        self._frames = cast(GameFrames, importlib.import_module(f"tilerooms.replays.{game}"))
        self._engine = GAMES[game].engine
        self._replay = GAMES[game].replay
        self._checkpoints: dict[int, State] = {}
        self.moves: list[Move] = []
        self.final: State = {}
        self._walk(seed, options)

    def _walk(self, seed: int | str, options: dict[str, Any]) -> None:
        hand = 0
        players = [s.id for s in self.seats]
        for step in self._replay(seed, options, players, self.log):
            if step.index % CHECKPOINT == 0:
                self._checkpoints[step.index] = copy.deepcopy(step.state)
            move = self._frames.first_move(step.state, self.seats) if step.entry is None else self._frames.describe(step, self.seats, hand)
            if move is not None:
                hand = move.hand
                self.moves.append(move)
            self.final = step.state
        if not self._frames.WHOLE_MATCH:
            # a match's later game is stored with the whole match's log (number tiles' nextGame,
            # spec 8.4): its own moves start at the last game start
            starts = [i for i, m in enumerate(self.moves) if m.kind == "start"]
            self.moves = self.moves[starts[-1] :]

    def state_at(self, step: int) -> State:
        """A copy of the state after log entry `step` (0 = the deal)."""
        step = max(0, min(step, len(self.log)))
        base = max(i for i in self._checkpoints if i <= step)
        state = copy.deepcopy(self._checkpoints[base])
        for entry in self.log[base:step]:
            apply_entry(self._engine, state, entry)
        return state

    def picture(self, index: int) -> Any:
        """The frame of move `index` of the move list (clamped), every rack or hand revealed."""
        index = max(0, min(index, len(self.moves) - 1))
        move = self.moves[index]
        return self._frames.picture(self.state_at(move.step), move, self)


# -- the per-worker cache -----------------------------------------------------------------------

_cache: OrderedDict[str, Replay] = OrderedDict()
_lock = threading.Lock()


def replay_for(record: Any) -> Replay:
    """The replay of a stored `GameRecord` (built once per worker, the last `CACHE_SIZE` kept)."""
    found = cached(record.id)
    if found is not None:
        return found
    replay = Replay(
        record.game, record.seed, json.loads(record.options_json), json.loads(record.seats_json), json.loads(record.log_json), record.id, record.ended_at
    )
    with _lock:
        _cache[record.id] = replay
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return replay


def cached(record_id: str) -> Replay | None:
    """This worker's replay of `record_id` when it is still kept, else None."""
    with _lock:
        found = _cache.get(record_id)
        if found is not None:
            _cache.move_to_end(record_id)
        return found
