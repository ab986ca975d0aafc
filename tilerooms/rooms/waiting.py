"""Waiting-room rules: seats, ready, AI seats, host powers, settings (issue: rooms, 대기방).

Every function checks first and changes the room only when the request is allowed, raising
`RuleError` with a Korean message otherwise, so a rejected request never changes anything.
"""

from __future__ import annotations

import secrets
from typing import Any

from tilerooms.core import RuleError
from tilerooms.rooms.catalog import AI_LEVELS, game_info
from tilerooms.rooms.identity import AI_PREFIX, Identity, clean_name
from tilerooms.rooms.models import Occupant, Room, Seat
from tilerooms.rooms.passwords import MAX_PASSWORD, check_password, hash_password

MAX_ROOM_NAME = 30
MAX_SPECTATORS = 50


def _require_waiting(room: Room) -> None:
    if room.status != "waiting":
        raise RuleError("not_waiting", "게임이 진행 중이라 지금은 할 수 없어요")


def _require_host(room: Room, actor_id: str) -> None:
    if room.host_id != actor_id:
        raise RuleError("not_host", "방장만 할 수 있어요")


def _seat_index(room: Room, index: object) -> int:
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(room.seats):
        raise RuleError("bad_seat", "없는 자리예요")
    return index


def _level(level: object) -> str:
    if not isinstance(level, str) or level not in AI_LEVELS:
        raise RuleError("bad_level", "AI 난이도는 쉬움·보통·어려움 중에서 골라 주세요")
    return str(level)


def resolve_room_options(game: str, options: object) -> dict[str, Any]:
    """The room's game options checked by the game's own option rules (engine `resolve_options`)."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RuleError("bad_option", "설정 값이 올바르지 않아요")
    info = game_info(game)
    # the room's turn choices (number tiles: 60/90/120/180 s); a game without them: its engine checks
    choices = info.turn_choices
    if choices is not None and "turnSeconds" in options and options["turnSeconds"] not in choices:
        turn_choices = "·".join(map(str, choices))
        raise RuleError("bad_option", f"턴 시간은 {turn_choices}초 중에서 골라 주세요", message_id="bad_option.turn_time", choices=turn_choices)
    resolver = getattr(info.engine, "resolve_options", None)
    clean = {k: v for k, v in options.items() if k != "startedAt"}  # time is stamped by the server
    if resolver is not None:
        resolver(clean)  # raises RuleError("bad_option", ...) on a bad key or value
    return clean


def new_room(
    room_id: str,
    host: Identity,
    *,
    game: str,
    name: object = None,
    options: object = None,
    password: object = None,
    allow_spectators: bool = True,
    seats: int | None = None,
    solo: bool = False,
    now: int = 0,
) -> Room:
    """A fresh waiting room with `host` in the first seat."""
    info = game_info(game)
    seat_count = info.max_players if seats is None else seats
    if not isinstance(seat_count, int) or not info.min_players <= seat_count <= info.max_players:
        raise RuleError("bad_seats", f"자리 수는 {info.min_players}~{info.max_players}개예요", min=info.min_players, max=info.max_players)
    if password not in (None, "") and (not isinstance(password, str) or len(password) > MAX_PASSWORD):
        raise RuleError("bad_password", "비밀번호는 64자까지예요", message_id="bad_password.long")
    room_name = clean_name(name, f"{host.name}의 방", MAX_ROOM_NAME) if name else f"{host.name}의 방"
    room = Room(
        id=room_id,
        name=room_name,
        game=info.id,  # type: ignore[arg-type]
        options=resolve_room_options(info.id, options),
        password_hash=hash_password(password) if isinstance(password, str) and password else None,
        allow_spectators=bool(allow_spectators),
        host_id=host.id,
        seats=[Seat() for _ in range(seat_count)],
        solo=solo,
        created_at=now,
        updated_at=now,
    )
    room.seats[0] = Seat(occupant=Occupant(id=host.id, name=host.name, kind=host.kind))  # type: ignore[arg-type]
    return room


def join_seat(room: Room, who: Identity, password: object = None) -> int:
    """Seat `who` in the first empty seat; returns the seat index. Re-joining is a no-op."""
    existing = room.seat_of(who.id)
    if existing is not None:
        return existing
    _require_waiting(room)
    if not check_password(password, room.password_hash):
        raise RuleError("bad_password", "비밀번호가 맞지 않아요")
    for index, seat in enumerate(room.seats):
        if seat.occupant is None:
            room.spectators.pop(who.id, None)
            room.seats[index] = Seat(occupant=Occupant(id=who.id, name=who.name, kind=who.kind))  # type: ignore[arg-type]
            return index
    raise RuleError("room_full", "빈 자리가 없어요")


def join_spectators(room: Room, who: Identity, password: object = None) -> None:
    """Add `who` to the spectators (any status: spectators may join a game in progress)."""
    if room.seat_of(who.id) is not None or who.id in room.spectators:
        return
    if not room.allow_spectators:
        raise RuleError("no_spectators", "이 방은 관전을 허용하지 않아요")
    if not check_password(password, room.password_hash):
        raise RuleError("bad_password", "비밀번호가 맞지 않아요")
    if len(room.spectators) >= MAX_SPECTATORS:
        raise RuleError("spectators_full", "관전자가 너무 많아요")
    room.spectators[who.id] = who.name


def next_host(room: Room, leaving_id: str) -> str | None:
    """The next human in seat order after the leaver (wrapping), or None when no human is left."""
    humans = [s.occupant.id for s in room.seats if s.occupant and s.occupant.kind != "ai"]
    others = [h for h in humans if h != leaving_id]
    if not others:
        return None
    index = room.seat_of(leaving_id)
    if index is None:
        return others[0]
    ordered = room.seats[index + 1 :] + room.seats[:index]
    for seat in ordered:
        if seat.occupant and seat.occupant.kind != "ai" and seat.occupant.id != leaving_id:
            return seat.occupant.id
    return others[0]


def vacate(room: Room, player_id: str) -> None:
    """Free `player_id`'s seat (or spectator place); the host passes to the next player."""
    room.spectators.pop(player_id, None)
    index = room.seat_of(player_id)
    if index is None:
        return
    if room.host_id == player_id:
        room.host_id = next_host(room, player_id) or room.host_id
    room.seats[index] = Seat()


def set_ready(room: Room, actor_id: str, ready: object) -> None:
    """Toggle the actor's ready flag in the waiting room."""
    _require_waiting(room)
    index = room.seat_of(actor_id)
    if index is None:
        raise RuleError("not_seated", "자리에 앉아야 준비할 수 있어요", message_id="not_seated.ready")
    if not isinstance(ready, bool):
        raise RuleError("bad_action", "잘못된 요청이에요")
    room.seats[index].ready = ready


def add_ai(room: Room, actor_id: str, seat_index: object, level: object) -> str:
    """Host puts an AI of `level` in an empty seat; returns the AI's id."""
    _require_waiting(room)
    _require_host(room, actor_id)
    index = _seat_index(room, seat_index)
    lvl = _level(level)
    if room.seats[index].occupant is not None:
        raise RuleError("seat_taken", "이미 누가 앉아 있는 자리예요")
    ai_id = f"{AI_PREFIX}{secrets.token_hex(4)}"
    name = f"AI {index + 1} ({AI_LEVELS[lvl]})"  # the Korean name (records, logs); the display makes each language's from number and level
    room.seats[index] = Seat(occupant=Occupant(id=ai_id, name=name, kind="ai", level=lvl, number=index + 1), ready=True)  # type: ignore[arg-type]
    return ai_id


def _ai_seat(room: Room, seat_index: object) -> int:
    index = _seat_index(room, seat_index)
    occupant = room.seats[index].occupant
    if occupant is None or occupant.kind != "ai":
        raise RuleError("not_ai", "AI가 앉은 자리가 아니에요")
    return index


def set_ai_level(room: Room, actor_id: str, seat_index: object, level: object) -> None:
    """Host changes an AI seat's difficulty."""
    _require_waiting(room)
    _require_host(room, actor_id)
    index = _ai_seat(room, seat_index)
    lvl = _level(level)
    occupant = room.seats[index].occupant
    assert occupant is not None
    occupant.level = lvl  # type: ignore[assignment]
    occupant.number = index + 1
    occupant.name = f"AI {index + 1} ({AI_LEVELS[lvl]})"


def remove_ai(room: Room, actor_id: str, seat_index: object) -> None:
    """Host removes an AI seat."""
    _require_waiting(room)
    _require_host(room, actor_id)
    room.seats[_ai_seat(room, seat_index)] = Seat()


def kick(room: Room, actor_id: str, target_id: object) -> None:
    """Host removes a player or spectator from the waiting room."""
    _require_waiting(room)
    _require_host(room, actor_id)
    if not isinstance(target_id, str) or target_id == actor_id:
        raise RuleError("bad_target", "내보낼 수 없는 사람이에요", message_id="bad_target.kick")
    if room.seat_of(target_id) is None and target_id not in room.spectators:
        raise RuleError("bad_target", "방에 없는 사람이에요", message_id="bad_target.absent")
    vacate(room, target_id)


def pass_host(room: Room, actor_id: str, target_id: object) -> None:
    """Host hands the host role to another seated human."""
    _require_host(room, actor_id)
    index = room.seat_of(target_id) if isinstance(target_id, str) else None
    if index is None or target_id == actor_id:
        raise RuleError("bad_target", "자리에 앉은 다른 사람에게만 넘길 수 있어요", message_id="bad_target.host")
    occupant = room.seats[index].occupant
    if occupant is None or occupant.kind == "ai":
        raise RuleError("bad_target", "AI에게는 방장을 넘길 수 없어요", message_id="bad_target.ai_host")
    room.host_id = occupant.id


def update_settings(room: Room, actor_id: str, settings: object) -> None:
    """Host changes the name, the spectator switch or the game options while waiting."""
    _require_waiting(room)
    _require_host(room, actor_id)
    if not isinstance(settings, dict):
        raise RuleError("bad_action", "잘못된 요청이에요")
    options = room.options
    if "options" in settings:
        options = resolve_room_options(room.game, {**room.options, **(settings["options"] or {})})
    name = room.name
    if "name" in settings:
        name = clean_name(settings["name"], room.name, MAX_ROOM_NAME)
    room.options = options
    room.name = name
    if "allow_spectators" in settings:
        room.allow_spectators = bool(settings["allow_spectators"])
    for seat in room.seats:  # changed rules: everyone confirms again
        if seat.occupant and seat.occupant.kind != "ai" and seat.occupant.id != room.host_id:
            seat.ready = False


def check_can_start(room: Room, actor_id: str) -> list[str]:
    """The players of the game to start, in seat order; raises when the host may not start yet."""
    _require_waiting(room)
    _require_host(room, actor_id)
    info = game_info(room.game)
    seated = [s for s in room.seats if s.occupant is not None]
    if not info.min_players <= len(seated) <= info.max_players:
        raise RuleError("not_enough_players", f"{info.min_players}~{info.max_players}명이 앉아야 시작할 수 있어요", min=info.min_players, max=info.max_players)
    waiting_for = [s.occupant.name for s in seated if s.occupant.id != room.host_id and not s.ready]  # type: ignore[union-attr]
    if waiting_for:
        names = ", ".join(waiting_for)
        raise RuleError("not_ready", f"아직 준비하지 않은 사람이 있어요: {names}", names=names)
    return [s.occupant.id for s in seated]  # type: ignore[union-attr]
