"""Riichi mahjong (issue 21): 50 seeded games played through the room layer (AIs, and "guest"
seats that idle into time-outs, drop their socket into the away autopilot and come back, leave, or
pause and resume a solo game) replay from their seed and log to exactly the live game's states.

Half the games are east-only (tonpuu) to keep the file near half a minute, half full hanchan;
4-player and sanma."""

from __future__ import annotations

import json
import random

from tilerooms.games.mahjong import replay
from tilerooms.rooms import play

from .room_driver import Habits, log_kinds, play_room_game

GAMES = 50


def _table(seed: int) -> tuple[list[tuple[str, str, str]], dict, Habits]:
    rng = random.Random(seed)
    count = 3 if seed % 4 == 3 else 4
    people = rng.choice((0, 1, 1, 2))
    seats = [(f"g-p{i}", "guest", "easy") if i < people else (f"ai-{i}", "ai", rng.choice(("easy", "normal"))) for i in range(count)]
    options = {"length": "hanchan" if seed % 2 else "tonpuu", "akaDora": rng.choice((0, 2, 3)), "doubleRon": rng.choice(("allow", "headBump"))}
    habits = Habits(
        idle=0.15 if people else 0.0,
        drop=0.01 if people else 0.0,
        leave_after=rng.choice((None, 200)) if people > 1 else None,
        pause=0.003 if people == 1 else 0.0,
    )
    return seats, options, habits


def test_fifty_seeded_games_replay_to_the_live_final_state():
    kinds: dict[str, int] = {}
    for seed in range(GAMES):
        seats, options, habits = _table(seed)
        room = play_room_game("mahjong", 20_000 + seed, seats, options, habits).room
        assert room.status == "finished"
        setup = json.loads(json.dumps(room.game_setup))  # as stored: through JSON
        log = play.log_entries(room)
        assert replay.final_state(setup["seed"], setup["options"], setup["players"], log) == room.game_state, seed
        for kind, n in log_kinds(room).items():
            kinds[kind] = kinds.get(kind, 0) + n
    for kind in ("discard", "pass", "claim", "ready", "timeout", "away", "leave", "shift"):
        assert kinds.get(kind, 0) > 0, (kind, kinds)


def test_each_replayed_step_carries_the_events_of_its_entry():
    room = play_room_game("mahjong", 9, [("ai-0", "ai", "easy"), ("ai-1", "ai", "easy"), ("ai-2", "ai", "easy")], {"length": "tonpuu"}).room
    setup = room.game_setup
    steps = replay.replay(setup["seed"], setup["options"], setup["players"], play.log_entries(room))
    first = next(steps)
    assert first.index == 0 and first.entry is None and first.state["seq"] == 0
    kinds = {e["type"] for step in steps for e in step.events}
    assert {"discard", "claimWindow", "handEnded", "gameEnded"} <= kinds


def test_a_game_recorded_before_the_claim_delay_option_replays_with_its_1_s_windows():
    """Issue 35: 6 — games recorded before `claimMinDelayMs` existed ran every claim window for 1 s;
    their stored options lack the key, and they still replay exactly. A game recorded now carries
    every option its engine filled in, so a later default never changes it."""
    seats, options, habits = _table(5)
    room = play_room_game("mahjong", 20_105, seats, {**options, "length": "tonpuu", "claimMinDelayMs": 1000}, habits).room
    setup = json.loads(json.dumps(room.game_setup))
    assert setup["options"]["claimMinDelayMs"] == 1000 and setup["options"]["claimSeconds"] == 8
    older = {k: v for k, v in setup["options"].items() if k != "claimMinDelayMs"}
    log = play.log_entries(room)
    assert replay.final_state(setup["seed"], older, setup["players"], log) == room.game_state
    try:  # the same log with today's default would not be that game: the rule above is needed
        differs = replay.final_state(setup["seed"], {**older, "claimMinDelayMs": 400}, setup["players"], log) != room.game_state
    except replay.ReplayError:
        differs = True
    assert differs
