"""Live game sessions inside a room: start, player actions, time-outs, leaving, AI scheduling, results.

Time enters the engine only as data: every action is stamped with the server's `at` (epoch ms), so
the engines stay deterministic and a client can never choose its own clock.

Every change this module makes to a running game's state goes through `_apply`, `sync_away` or
`resume`, which append it to `room.game_log` (issue 21): with `room.game_setup` (seed, options,
players) the log rebuilds the game exactly (`games/<game>/replay.py`), AI moves, time-outs, leaves
and absences included. The log is kept in the room only and stored with the game's record when it
ends (`accounts/game_records.py`).
"""

from __future__ import annotations

import json
import random
import secrets
from typing import Any

from tilerooms.core import RuleError
from tilerooms.core.protocol import Engine
from tilerooms.rooms.catalog import game_info
from tilerooms.rooms.identity import is_ai
from tilerooms.rooms.models import Room
from tilerooms.rooms.waiting import vacate

REJOIN_GRACE_MS = 60_000  # issue: a refresh returns the player to their seat within 60 s
# the AIs asked in a claim window answer this long after it opened: their thinking never holds up
# the push of the discard that opened it, so no browser's frame times tell an AI could call
AI_ANSWER_MS = 50
AI_RETRY_MS = 5_000  # an AI that has been handed its turn is not handed it again before this
INTERNAL_ACTIONS = frozenset({"timeout", "leave", "nextGame"})  # only the room layer sends these
MAX_RECENT_EVENTS = 30


def _engine(room: Room) -> Engine:
    """The engine of the room's game (its registered GameDefinition's)."""
    return game_info(room.game).engine


def begin_game(room: Room, players: list[str], seed: int, now: int) -> None:
    """Start the engine for `players` (seat order) with a fresh seed."""
    engine = _engine(room)
    options = {**room.options, "startedAt": now}
    room.game_state = engine.setup(options, players, seed)
    # recorded with every option the engine filled in: a later change of a default (mahjong's
    # claim delay, issue 35: 6) must not change how this game replays
    kept = room.game_state.get("options")
    recorded = {**options, **kept} if isinstance(kept, dict) else options
    room.game_setup = {"seed": seed, "options": recorded, "players": list(players), "seats": _seats(room, players)}
    room.game_log = ""
    room.game_players = list(players)
    room.games_played += 1  # game_id() = room id + this number: the key of records and rewards
    room.status = "playing"
    room.result = None
    room.ai_due = {}
    room.recent_events = []
    room.paused_at = None
    for seat in room.seats:
        seat.ready = seat.occupant is not None and seat.occupant.kind == "ai"


def _seats(room: Room, players: list[str]) -> list[dict[str, Any]]:
    """Who played, in the engine's player order, as the game began (a leaver's seat empties later)."""
    seats = []
    for player in players:
        index = room.seat_of(player)
        occupant = room.seats[index].occupant if index is not None else None
        seats.append(
            {
                "id": player,
                "name": occupant.name if occupant else player,
                "kind": occupant.kind if occupant else "guest",
                "level": occupant.level if occupant else None,
                **({"number": occupant.number} if occupant and occupant.kind == "ai" else {}),
            }
        )
    return seats


def game_id(room: Room) -> str:
    """A stable id of the room's current (or last) game, unique across rooms and restarts."""
    return f"{room.id}-{room.games_played}"


def in_game(room: Room, player_id: str) -> bool:
    """True when `player_id` is a participant of the running game who has not left it."""
    return room.status in ("playing", "paused") and player_id in room.game_players and room.seat_of(player_id) is not None


def _require_playing(room: Room) -> None:
    """Refuse unless the room's game is running (not paused, not over)."""
    if room.status == "paused":
        raise RuleError("paused", "일시정지 중이에요")
    if room.status != "playing" or room.game_state is None:
        raise RuleError("not_playing", "진행 중인 게임이 없어요")


def _game_state(room: Room) -> dict[str, Any]:
    """The room's engine state; a room without a game has nothing to apply or view."""
    if room.game_state is None:
        raise RuleError("not_playing", "진행 중인 게임이 없어요")
    return room.game_state


def _apply(room: Room, player_id: str, action: dict[str, Any], now: int) -> list[dict[str, Any]]:
    """`engine.apply` of an action stamped with `now`, logged once the engine accepted it."""
    events = _engine(room).apply(_game_state(room), player_id, {**action, "at": now})
    _log(room, {"at": now, "by": player_id, "action": {k: v for k, v in action.items() if k != "at"}})
    _record(room, events)
    return events


def _log(room: Room, entry: dict[str, Any]) -> None:
    room.game_log += json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n"


def log_entries(room: Room) -> list[dict[str, Any]]:
    """The room's game log as entries (`tilerooms.core.replay`), oldest first."""
    return [json.loads(line) for line in room.game_log.splitlines()]


def _record(room: Room, events: list[dict[str, Any]]) -> None:
    seq = room.game_state.get("seq") if room.game_state else None
    for event in events:
        # a public event ("to": None) is kept without the key: views then share it, not copy it
        kept = event if event.get("to") is not None else {k: v for k, v in event.items() if k != "to"}
        room.recent_events.append({**kept, "seq": seq})
    del room.recent_events[:-MAX_RECENT_EVENTS]


class KeepChanges(Exception):
    """A refusal that comes after the room already changed (a time-out fired first): the room
    service stores the room, then raises `error` to the actor."""

    def __init__(self, error: RuleError) -> None:
        super().__init__(error.message)
        self.error = error


def fire_overdue(room: Room, now: int) -> set[str]:
    """Fire a deadline that has passed by `now` before anything else happens, exactly as the tick
    would have; returns the players who were due (empty when no deadline had passed)."""
    if room.status != "playing" or room.game_state is None:
        return set()
    engine = _engine(room)
    deadline = engine.deadline(room.game_state)
    if deadline is None or deadline > now:
        return set()
    due = set(engine.active_players(room.game_state))
    run_timeouts(room, now)
    return due


def player_action(room: Room, player_id: str, action: object, now: int) -> list[dict[str, Any]]:
    """Apply one action from a seated player; returns the engine's events.

    An action counts at the server time it arrives (issue 17): when a deadline has passed, its
    time-out is applied first; an action of a player who was due then is refused as late, any
    other action is judged against the table after the time-out.
    """
    fired = fire_overdue(room, now)
    try:
        if player_id in fired:
            raise RuleError("late", "시간이 지났어요")
        return _apply_player_action(room, player_id, action, now)
    except RuleError as err:
        if fired:
            raise KeepChanges(err) from None
        raise


def _apply_player_action(room: Room, player_id: str, action: object, now: int) -> list[dict[str, Any]]:
    _require_playing(room)
    if not in_game(room, player_id):
        raise RuleError("not_in_game", "이 게임의 참가자가 아니에요")
    # the action's shape is the engine's to judge (its `parse_action`); the room layer only needs
    # a dict to stamp with the time, and keeps the actions only it may send for itself
    if not isinstance(action, dict):
        raise RuleError("bad_action", "잘못된 요청이에요")
    if isinstance(action.get("type"), str) and action["type"] in INTERNAL_ACTIONS:
        raise RuleError("bad_action", "할 수 없는 동작이에요", message_id="not_allowed")
    events = _apply(room, player_id, action, now)
    settle(room)
    return events


def settle(room: Room) -> None:
    """After any engine change: finish the game when the engine has a result."""
    if room.game_state is None or room.status not in ("playing", "paused"):
        return
    result = _engine(room).result(room.game_state)
    if result is not None:
        room.status = "finished"
        room.result = {
            **result,
            "names": {p: room.name_of(p) for p in room.game_players},
            # the stored game's id (issue 21): random, so nobody reaches another's game by guessing
            "record_id": secrets.token_urlsafe(16),
        }
        room.ai_due = {}


def run_timeouts(room: Room, now: int) -> None:
    """Fire every passed deadline (turn clock, whole-game clock), however long nobody was connected."""
    engine = _engine(room)
    for _ in range(16):  # a time-out ends a turn, so a handful of loops always suffice
        if room.status != "playing" or room.game_state is None:
            return
        deadline = engine.deadline(room.game_state)
        if deadline is None or deadline > now:
            return
        for player in engine.active_players(room.game_state):
            _apply(room, player, engine.on_timeout(room.game_state, player), now)
            break
        settle(room)


def leave_game(room: Room, player_id: str, now: int) -> None:
    """A participant leaves: the engine returns their tiles; with no human left the game is dropped."""
    if room.status in ("playing", "paused") and player_id in room.game_players and room.game_state is not None:
        if room.game_state.get("phase") != "finished":
            _apply(room, player_id, {"type": "leave"}, now)
        room.ai_due.pop(player_id, None)
        vacate(room, player_id)
        settle(room)
        humans = [p for p in room.game_players if not is_ai(p) and room.seat_of(p) is not None]
        if room.status in ("playing", "paused") and not humans:
            abort_to_waiting(room)
        return
    vacate(room, player_id)


def abort_to_waiting(room: Room) -> None:
    """Drop the running game (no result, no rewards) and return to the waiting room."""
    room.status = "waiting"
    room.game_state = None
    room.game_players = []
    room.game_setup = None  # a finished game's log went to its record when it ended
    room.game_log = ""
    room.ai_due = {}
    room.paused_at = None
    room.result = {"aborted": True}
    for seat in room.seats:
        seat.ready = seat.occupant is not None and seat.occupant.kind == "ai"


def back_to_waiting(room: Room, actor_id: str) -> None:
    """From the results screen back to the waiting room, to ready up again."""
    if room.status != "finished":
        raise RuleError("not_finished", "게임이 아직 끝나지 않았어요")
    if room.seat_of(actor_id) is None:
        raise RuleError("not_seated", "자리에 앉은 사람만 할 수 있어요")
    room.status = "waiting"
    room.game_state = None
    room.game_players = []
    room.game_setup = None  # a finished game's log went to its record when it ended
    room.game_log = ""
    for seat in room.seats:
        seat.ready = seat.occupant is not None and seat.occupant.kind == "ai"


def next_game(room: Room, actor_id: str, now: int) -> None:
    """Start the match's next game (spec §6 gamesPerMatch: totals and wins carry over)."""
    match = (room.result or {}).get("match") or {}
    if room.status != "finished" or room.game_state is None or not match or match.get("finished", True):
        raise RuleError("no_next_game", "다음 판을 시작할 수 없어요")
    if not in_game_finished(room, actor_id):
        raise RuleError("not_in_game", "이 게임의 참가자가 아니에요")
    _apply(room, actor_id, {"type": "nextGame"}, now)
    room.games_played += 1
    room.status = "playing"
    room.result = None
    room.ai_due = {}


def in_game_finished(room: Room, player_id: str) -> bool:
    """True when `player_id` played the finished game and is still seated."""
    return player_id in room.game_players and room.seat_of(player_id) is not None


def _require_solo_host(room: Room, actor_id: str) -> None:
    humans = [s.occupant.id for s in room.seats if s.occupant and s.occupant.kind != "ai"]
    if humans != [actor_id]:
        raise RuleError("not_solo", "혼자 AI와 하는 연습 게임에서만 할 수 있어요")


def pause(room: Room, actor_id: str, now: int) -> None:
    """Pause a solo practice game: the clocks stop until `resume`."""
    _require_solo_host(room, actor_id)
    _require_playing(room)
    room.status = "paused"
    room.paused_at = now


def resume(room: Room, actor_id: str, now: int) -> None:
    """Resume a paused practice game; its deadlines move by the paused time."""
    _require_solo_host(room, actor_id)
    if room.status != "paused" or room.paused_at is None or room.game_state is None:
        raise RuleError("not_paused", "일시정지 중이 아니에요")
    _engine(room).shift_time(room.game_state, now - room.paused_at)
    _log(room, {"at": now, "shift": now - room.paused_at})
    room.status = "playing"
    room.paused_at = None
    room.ai_due = {}


def quit_practice(room: Room, actor_id: str) -> None:
    """Solo practice: leave the game from the menu and return to the waiting room."""
    _require_solo_host(room, actor_id)
    if room.status not in ("playing", "paused"):
        raise RuleError("not_playing", "진행 중인 게임이 없어요")
    abort_to_waiting(room)


def expire_disconnected(room: Room, now: int) -> None:
    """Seats whose owner stayed away past the 60 s grace are treated as left."""
    for seat in list(room.seats):
        occupant = seat.occupant
        if occupant is None or seat.connected or seat.disconnected_at is None:
            continue
        if now - seat.disconnected_at >= REJOIN_GRACE_MS:
            leave_game(room, occupant.id, now)
    for spectator in list(room.spectators):
        if spectator in room.away_spectators and now - room.away_spectators[spectator] >= REJOIN_GRACE_MS:
            room.spectators.pop(spectator, None)
            room.away_spectators.pop(spectator, None)


def schedule_ai(room: Room, now: int, delay_ms: tuple[int, int], rng: random.Random) -> None:
    """Give each AI whose turn it is a due time after a short human-like delay — or, in a
    reaction window (the game's optional `reaction_window`, mahjong's claim window), `AI_ANSWER_MS`
    after it opened: the room's clock wakes then (`RoomService.pause_after_tick`), the AIs think in
    a thread once the change that opened the window has gone out to every browser, and the engine
    holds their answers until the window's uniform minimum (spec mahjong 5.3 step 2, §10; issue
    35: 6). Runs after every room change and on every tick, so it first tells the engine which
    seats have no socket (`sync_away`)."""
    sync_away(room, now)
    if room.status != "playing" or room.game_state is None:
        room.ai_due = {}
        return
    info = game_info(room.game)
    active = {p for p in info.engine.active_players(room.game_state) if is_ai(p)}
    at_once = info.reaction_window is not None and info.reaction_window(room.game_state)
    for ai_id in list(room.ai_due):
        if ai_id not in active:
            del room.ai_due[ai_id]
    for ai_id in active:
        if ai_id not in room.ai_due:
            low, high = delay_ms
            room.ai_due[ai_id] = now + AI_ANSWER_MS if at_once else now + (rng.randint(low, high) if high > low else low)


def sync_away(room: Room, now: int) -> None:
    """Tell a game that plays absent seats on which human seats have no live socket now
    (`Seat.connected` False, kept by the presence code), from the moment the server sees it until
    the seat is connected again.

    The capability is the game's optional `set_away(state, player, away, now) -> events`, declared
    on its `GameDefinition`:
    mahjong passes such a seat at once in claim windows and plays its turn on autopilot 2 s after
    the disconnect (spec mahjong 8.5, §10: a disconnected player never holds up the others' calls).
    The number-tile engine has none: its disconnected players keep their turn clock and draft.
    """
    if room.status != "playing" or room.game_state is None:
        return
    set_away = game_info(room.game).set_away
    if set_away is None:
        return
    seq = room.game_state.get("seq")
    for player in room.game_players:
        index = room.seat_of(player)
        if index is None:
            continue  # a seat that left is the engine's (autopilot for good)
        seat = room.seats[index]
        if seat.occupant is None or seat.occupant.kind == "ai":
            continue
        # a practice host whose page is still loading has not left: only a seat that was here goes away
        away = not seat.connected and seat.arrived
        before = room.game_state.get("seq")
        _record(room, set_away(room.game_state, player, away, now))
        if room.game_state.get("seq") != before:  # the engine counts every change it makes
            _log(room, {"at": now, "by": player, "away": away})
    if room.game_state.get("seq") != seq:
        settle(room)


def plan_still_fits(room: Room, ai_id: str, view: dict[str, Any], seq: int) -> bool:
    """Whether an AI's plan, made on `view` at state `seq`, may still be played: the state has not
    moved, or it moved without changing anything the AI sees but the counter (other seats'
    hidden answers in the same claim window, spec mahjong 5.3 step 7), so it would decide the same."""
    if room.game_state is None:
        return False
    if room.game_state.get("seq") == seq:
        return True
    if ai_id not in _engine(room).active_players(room.game_state):
        return False
    game = game_info(room.game)
    return game.shown_view(ai_view(room, ai_id)) == game.shown_view(view)


def seen_marks(room: Room) -> tuple[Any, ...]:
    """Marks of everything the room's clock can change that someone sees: the engine's state
    (each change moves its `seq` and adds to the log), the seats and their presence, the
    spectators, the status. Equal before and after a wake: the wake only handed an AI its turn."""
    seq = room.game_state.get("seq") if room.game_state is not None else None
    seats = tuple((s.occupant.id if s.occupant else None, s.connected, s.disconnected_at, s.arrived) for s in room.seats)
    return (
        room.status,
        room.games_played,
        seq,
        len(room.game_log),
        len(room.recent_events),
        seats,
        tuple(room.spectators),
        tuple(room.away_spectators),
        room.paused_at,
        room.result is None,
    )


def next_wake(room: Room) -> int | None:
    """The earliest time the server must look at this room again (deadline, AI, rejoin grace)."""
    times: list[int] = []
    if room.status == "playing" and room.game_state is not None:
        deadline = _engine(room).deadline(room.game_state)
        if deadline is not None:
            times.append(int(deadline))
        times.extend(room.ai_due.values())
    for seat in room.seats:
        if seat.occupant is not None and not seat.connected and seat.disconnected_at is not None:
            times.append(seat.disconnected_at + REJOIN_GRACE_MS)
    times.extend(at + REJOIN_GRACE_MS for at in room.away_spectators.values())
    return min(times) if times else None


def ai_view(room: Room, ai_id: str) -> dict[str, Any]:
    """What an AI seat may see: exactly its own view, like any player (issue: AI players)."""
    return _engine(room).view(_game_state(room), ai_id)
