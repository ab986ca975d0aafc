"""Number tiles (issue 21): 50 seeded games played through the room layer (AIs, and "guest" seats
that idle, leave or pause) replay from their seed and log to exactly the live game's states."""

from __future__ import annotations

import json
import random

import pytest

from tilerooms.games.rummikub import replay
from tilerooms.games.rummikub.replay import ReplayError
from tilerooms.rooms import play

from .room_driver import Habits, log_kinds, play_room_game

GAMES = 50
LEVELS = ("easy", "easy", "easy", "normal")


def _table(seed: int) -> tuple[list[tuple[str, str, str]], dict, Habits]:
    """Game `seed`'s seats, options and people: 2-4 seats, some of them people, varied options."""
    rng = random.Random(seed)
    count = rng.choice((2, 2, 3, 4))
    people = rng.choice((0, 1, 1, 2)) if count > 2 else rng.choice((0, 1))
    seats = [(f"g-p{i}", "guest", "easy") if i < people else (f"ai-{i}", "ai", rng.choice(LEVELS)) for i in range(count)]
    options = {
        "gamesPerMatch": rng.choice((1, 1, 2)),
        "gameSeconds": rng.choice((0, 1800, 300)),
        "timeoutValidDraft": rng.choice(("commit", "revert")),
        "invalidTimeoutPenalty": rng.choice((1, 3)),
        "showDraftToOthers": rng.choice((False, True)),
        "initialMeldPoints": rng.choice((0, 30)),
    }
    habits = Habits(idle=0.2 if people else 0.0, leave_after=rng.choice((None, 30)) if people > 1 else None, pause=0.02 if people == 1 else 0.0)
    return seats, options, habits


def _replayed(room) -> dict:
    setup = json.loads(json.dumps(room.game_setup))  # as stored: through JSON
    log = play.log_entries(room)
    return replay.final_state(setup["seed"], setup["options"], setup["players"], log)


def test_fifty_seeded_games_replay_to_the_live_final_state():
    kinds: dict[str, int] = {}
    for seed in range(GAMES):
        seats, options, habits = _table(seed)
        played = play_room_game("rummikub", 10_000 + seed, seats, options, habits)
        room = played.room
        assert room.status == "finished"
        assert _replayed(room) == room.game_state, f"game {seed} replays to another state"
        for kind, n in log_kinds(room).items():
            kinds[kind] = kinds.get(kind, 0) + n
    # the games went through every path the room layer logs
    for kind in ("setDraft", "commit", "draw", "timeout", "leave", "nextGame", "shift"):
        assert kinds.get(kind, 0) > 0, (kind, kinds)


def test_every_step_of_a_replay_is_the_live_game_at_that_point_and_a_match_replays_game_by_game():
    seats = [("g-p0", "guest", "easy"), ("ai-1", "ai", "easy"), ("ai-2", "ai", "normal")]
    played = play_room_game("rummikub", 77, seats, {"gamesPerMatch": 2}, Habits(idle=0.3))
    setup, log = played.room.game_setup, play.log_entries(played.room)
    assert len(played.finishes) == 2
    live = []
    for step in replay.replay(setup["seed"], setup["options"], setup["players"], log):
        live.append(step.index)
        if step.index and log[step.index - 1].get("action", {}).get("type") == "nextGame":
            assert step.state["match"]["game_no"] == 2  # the second game starts here
    assert live == list(range(len(log) + 1))
    # the first game's end is the state after the log up to "nextGame"
    cut = next(i for i, e in enumerate(log) if e.get("action", {}).get("type") == "nextGame")
    assert replay.final_state(setup["seed"], setup["options"], setup["players"], log[:cut]) == played.finishes[0]
    assert replay.final_state(setup["seed"], setup["options"], setup["players"], log) == played.finishes[1]


def test_a_log_that_does_not_fit_its_game_is_refused():
    played = play_room_game("rummikub", 5, [("ai-0", "ai", "easy"), ("ai-1", "ai", "easy")])
    setup, log = played.room.game_setup, play.log_entries(played.room)
    with pytest.raises(ReplayError):
        replay.final_state(setup["seed"] + 1, setup["options"], setup["players"], log)  # another deal
    with pytest.raises(ReplayError):
        replay.final_state(setup["seed"], setup["options"], setup["players"], [{"at": 0, "who": "x"}])
