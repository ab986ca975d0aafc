"""A seeded game played through the room layer (`rooms/play.py`), as the room service plays it but
without the service: every seat is driven by the game's AI from its own view; "guest" seats may
also sit idle (their turn times out), drop their socket and come back (mahjong: the engine's
away autopilot), leave, or pause and resume a solo practice game. The room goes through JSON every
few moves, as the store does, so the log is checked as it is really kept.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from tilerooms.core import RuleError
from tilerooms.rooms import bots, play
from tilerooms.rooms.catalog import game_info
from tilerooms.rooms.models import Occupant, Room, Seat

START_MS = 1_800_000_000_000
MAX_STEPS = 20_000
ROUND_TRIP_EVERY = 40


@dataclass
class Habits:
    """How the people ("guest" seats) behave; AI seats always play their own move at once."""

    idle: float = 0.0  # chance a person lets their turn time out
    drop: float = 0.0  # chance per step that a person's socket drops (or comes back)
    leave_after: int | None = None  # step at which the last person leaves (when another stays)
    pause: float = 0.0  # chance per step of a pause in a solo game
    next_games: bool = True  # play the match's next games (number tiles' gamesPerMatch)


@dataclass
class Played:
    """The finished room and how its game went."""

    room: Room
    finishes: list[dict[str, Any]] = field(default_factory=list)  # game state at each game end
    steps: int = 0


def seated_room(game: str, seats: list[tuple[str, str, str]], options: dict[str, Any] | None = None) -> Room:
    """A room of `game` with `seats` as (id, kind, level); solo when one person sits with AIs."""
    people = [pid for pid, kind, _ in seats if kind != "ai"]
    return Room(
        id="rreplay",
        name="replay",
        game=game,  # type: ignore[arg-type]
        options=dict(options or {}),
        host_id=people[0] if people else seats[0][0],
        seats=[
            Seat(occupant=Occupant(id=pid, name=pid, kind=kind, level=level if kind == "ai" else None))  # type: ignore[arg-type]
            for pid, kind, level in seats
        ],
        solo=len(people) == 1,
    )


class Driver:
    """Plays one room's game to its end."""

    def __init__(self, room: Room, seed: int, habits: Habits, levels: dict[str, str]) -> None:
        self.room = room
        self.rng = random.Random(seed * 7919 + 3)
        self.habits = habits
        self.levels = levels
        self.now = START_MS
        self.engine = game_info(room.game).engine
        play.begin_game(room, room.occupant_ids(), seed, self.now)

    def _people(self) -> list[str]:
        return [s.occupant.id for s in self.room.seats if s.occupant is not None and s.occupant.kind != "ai"]

    def _after_change(self) -> None:
        # the service runs this after every change (presence -> engine.set_away, AI due times)
        play.schedule_ai(self.room, self.now, (0, 0), self.rng)

    def _act(self, player: str) -> bool:
        """The AI's move for `player`; False when it had nothing to send or was refused at once."""
        room = self.room
        view = play.ai_view(room, player)
        actions = bots.decide(room.game, self.levels.get(player, "easy"), view, self.rng.randrange(2**62))
        acted = False
        for action in actions or []:
            try:
                play.player_action(room, player, {**action, "seq": room.game_state["seq"]}, self.now)
            except play.KeepChanges:
                return True  # a time-out fired first: the room changed
            except RuleError:
                if not acted and room.game == "rummikub" and room.game_state["current"] == player:
                    play.player_action(room, player, bots.fallback(room.game)[0], self.now)
                    return True
                return acted
            acted = True
            if room.status != "playing":
                break
        return acted

    def _people_habits(self, step: int) -> None:
        room, habits = self.room, self.habits
        people = [p for p in self._people() if play.in_game(room, p)]
        if habits.drop and people and self.rng.random() < habits.drop:
            seat = room.seats[room.seat_of(self.rng.choice(people))]  # type: ignore[index]
            seat.connected = not seat.connected
            seat.disconnected_at = None if seat.connected else self.now
        if habits.leave_after is not None and step >= habits.leave_after and len(people) > 1:
            play.leave_game(room, people[-1], self.now)
            habits.leave_after = None
        if habits.pause and room.solo and self.rng.random() < habits.pause:
            play.pause(room, people[0], self.now)
            self.now += self.rng.randint(1_000, 600_000)
            play.resume(room, people[0], self.now)

    def play(self) -> Played:
        played = Played(self.room)
        for step in range(MAX_STEPS):
            room = self.room
            if room.status == "finished":
                played.finishes.append(json.loads(json.dumps(room.game_state)))
                match = (room.result or {}).get("match") or {}
                if not self.habits.next_games or not match or match.get("finished", True):
                    played.room, played.steps = room, step
                    return played
                play.next_game(room, room.game_players[0], self.now)
            self.now += self.rng.randint(50, 1_500)
            self._people_habits(step)
            if room.status != "playing":
                continue
            play.fire_overdue(room, self.now)
            acted = False
            for player in self.engine.active_players(room.game_state) if room.status == "playing" else []:
                index = room.seat_of(player)
                occupant = room.seats[index].occupant if index is not None else None
                if occupant is None:
                    continue  # left: the engine's autopilot and the clock play it
                if occupant.kind != "ai" and (not room.seats[index].connected or self.rng.random() < self.habits.idle):
                    continue
                if self._act(player):
                    acted = True
                    break
            if not acted and room.status == "playing":
                deadline = self.engine.deadline(room.game_state)
                assert deadline is not None, "nobody can act and no clock runs"
                self.now = max(self.now, int(deadline))
                play.run_timeouts(room, self.now)
            self._after_change()
            if step % ROUND_TRIP_EVERY == 0:
                self.room = Room.model_validate_json(self.room.model_dump_json())  # as the store keeps it
        raise AssertionError("the game did not end")


def play_room_game(game: str, seed: int, seats: list[tuple[str, str, str]], options: dict[str, Any] | None = None, habits: Habits | None = None) -> Played:
    """One seeded game of `game` played to its end through the room layer."""
    room = seated_room(game, seats, options)
    levels = {pid: level for pid, _, level in seats}
    return Driver(room, seed, habits or Habits(), levels).play()


def log_kinds(room: Room) -> dict[str, int]:
    """How many log entries of each kind: the action types, "away" and "shift"."""
    counts: dict[str, int] = {}
    for entry in play.log_entries(room):
        kind = entry["action"]["type"] if "action" in entry else ("away" if "away" in entry else "shift")
        counts[kind] = counts.get(kind, 0) + 1
    return counts
