"""Every finished game kept whole in the records database (issue 21): seed, options, seats, the room
layer's log and the result, from which `games/<game>/replay.py` rebuilds it move by move.

Written once, by the game-end listener, when a game ends with a result — every such game, with or
without AIs, guests included (by their public id; a guest's browser key is never anywhere near
here). A game dropped back to the waiting room has no result and is not kept. No row exists while a
game runs, so nothing of a game in progress can be read through these functions.

A record's id is the room result's `record_id`: 22 random url-safe characters (128 bits), the
game's shareable link. Nothing about the room or the game derives it, so nobody reaches another
person's game by guessing.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import re
import secrets
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlmodel import col, select

from tilerooms.accounts import rewards, settings
from tilerooms.core.replay import LogEntry, ReplayStep
from tilerooms.db.engine import session
from tilerooms.db.models import GameRecord, GameRecordGuest, GameRecordMember, User
from tilerooms.games import GAMES
from tilerooms.rooms import play
from tilerooms.rooms.identity import guest

log = logging.getLogger(__name__)

RECORD_ID = re.compile(r"[A-Za-z0-9_-]{22,32}")  # what `secrets.token_urlsafe(16)` makes

__all__ = [
    "GameRecord",
    "store_finished_game",
    "load_game",
    "games_of",
    "seats_of",
    "log_of",
    "replay_of",
    "final_state_of",
    "on_game_end",
    "forget_member",
    "guest_ref",
    "keep_for_guest",
    "keep_for_guest_soon",
    "guest_games_of",
    "move_guest_games",
]


# -- writing ----------------------------------------------------------------------------------


def _moment(ms: float) -> datetime:
    return datetime.fromtimestamp(ms / 1000, tz=UTC)


def _record_of(room: Any, key: str) -> GameRecord:
    """The row of the room's last game (its match from the start: the log begins with the match)."""
    setup = room.game_setup
    entries = play.log_entries(room)
    next_games = [e["at"] for e in entries if e.get("action", {}).get("type") == "nextGame"]
    started = next_games[-1] if next_games else setup["options"].get("startedAt", 0)
    ended = entries[-1]["at"] if entries else (room.updated_at or started)
    return GameRecord(
        id=room.result.get("record_id") or secrets.token_urlsafe(16),  # a room finished before record ids
        game_key=key,
        room_id=room.id,
        game=room.game,
        game_no=1 + len(next_games),
        seed=setup["seed"],
        options_json=json.dumps(setup["options"], ensure_ascii=False),
        seats_json=json.dumps(setup.get("seats") or [{"id": p} for p in setup["players"]], ensure_ascii=False),
        log_json=json.dumps(entries, ensure_ascii=False, separators=(",", ":")),
        result_json=json.dumps(room.result, ensure_ascii=False),
        started_at=_moment(started),
        ended_at=_moment(ended),
    )


def store_finished_game(room: Any, engine: sa.Engine | None = None) -> str:
    """Keep the room's just-finished game; returns its record id. Once per game (`play.game_id`):
    a second call, or a racing worker, finds the stored one and returns its id."""
    if room.status != "finished" or not room.result or room.game_setup is None or room.game_state is None:
        raise ValueError("only a finished game is stored")
    key = play.game_id(room)
    with session(engine) as s:
        found = s.exec(select(GameRecord.id).where(GameRecord.game_key == key)).first()
        if found is not None:
            return found
        record = _record_of(room, key)
        members = {rewards.member_user_id(seat["id"]) for seat in json.loads(record.seats_json)} - {None}
        existing = set(s.exec(select(User.id).where(col(User.id).in_(members))).all()) if members else set()
        s.add(record)
        s.flush()  # the record first: its members refer to it
        for user_id in sorted(existing):
            s.add(GameRecordMember(record_id=record.id, user_id=user_id))
        try:
            s.commit()
        except IntegrityError:  # another worker stored this game first
            s.rollback()
            found = s.exec(select(GameRecord.id).where(GameRecord.game_key == key)).first()
            if found is None:
                raise
            return found
    return record.id


async def on_game_end(room: Any) -> None:
    """The RoomService listener: keeps a finished game, retried a few times on a busy database (a
    room still showing its result is stored again at start, `accounts.runtime`)."""
    if room.status != "finished" or room.game_setup is None:
        return  # dropped back to the waiting room: no game to keep
    for attempt in range(3):
        try:
            await asyncio.to_thread(store_finished_game, room)
            return
        except OperationalError:
            log.warning("storing the game of room %s failed (attempt %d)", room.id, attempt + 1)
            await asyncio.sleep(0.5 * (attempt + 1))
    log.error("the game of room %s was not stored", room.id)


def forget_member(s: Any, user_id: int, player_id: str, name: str) -> None:
    """A member deletes their account (`users.delete_member`, in its session): their stored games
    stay replayable for the others, their name in them becomes `name` and the links go."""
    links = s.exec(select(GameRecordMember).where(GameRecordMember.user_id == user_id)).all()
    for link in links:
        record = s.get(GameRecord, link.record_id)
        if record is not None:
            seats = json.loads(record.seats_json)
            for seat in seats:
                if seat.get("id") == player_id:
                    seat["name"] = name
            result = json.loads(record.result_json)
            if isinstance(result.get("names"), dict) and player_id in result["names"]:
                result["names"][player_id] = name
            record.seats_json = json.dumps(seats, ensure_ascii=False)
            record.result_json = json.dumps(result, ensure_ascii=False)
            s.add(record)
        s.delete(link)


# -- reading ----------------------------------------------------------------------------------


def load_game(record_id: object, engine: sa.Engine | None = None) -> GameRecord | None:
    """The stored game of `record_id` (a finished game's link), or None."""
    if not isinstance(record_id, str) or not RECORD_ID.fullmatch(record_id):
        return None
    with session(engine) as s:
        return s.get(GameRecord, record_id)


def games_of(user_id: int, limit: int = 20, engine: sa.Engine | None = None) -> list[dict[str, Any]]:
    """A member's stored games, newest first (/me/records): the link's id, the game, when, who
    played (names in seat order) and the room's game key (`games.id` of the rewards records)."""
    return _listed(GameRecordMember, GameRecordMember.user_id == user_id, limit, engine)


_LISTED = (GameRecord.id, GameRecord.game, GameRecord.game_key, GameRecord.ended_at, GameRecord.seats_json)


def _listed(link: Any, where: Any, limit: int, engine: sa.Engine | None, seated: str | None = None) -> list[dict[str, Any]]:
    """The stored games a link table (`link`, filtered by `where`) points at, newest first, as
    /me/records rows; with `seated`, only the games that player id sat in."""
    with session(engine) as s:
        rows = s.exec(
            select(*_LISTED).join(link, link.record_id == GameRecord.id).where(where).order_by(col(GameRecord.ended_at).desc(), GameRecord.id).limit(limit)
        ).all()
    listed = []
    for rid, game, key, ended, seats_json in rows:
        seats = json.loads(seats_json)
        if seated is None or any(seat.get("id") == seated for seat in seats):
            listed.append(
                {"record_id": rid, "game": game, "game_key": key, "ended_at": _aware(ended), "players": [seat.get("name", seat["id"]) for seat in seats]}
            )
    return listed


# -- a guest's own games (issue 34: 12) -------------------------------------------------------


def guest_ref(browser_key: str) -> str:
    """What a guest's records are keyed by: HMAC-SHA256(server secret, key) under its own label, so
    it is neither the public id (`rooms.identity.guest_id`) nor derivable from it."""
    return hmac.new(settings.secret_key().encode(), f"records:{browser_key}".encode(), hashlib.sha256).hexdigest()


def keep_for_guest(record_id: str, browser_key: str, engine: sa.Engine | None = None) -> bool:
    """Note that the guest holding `browser_key` played the game `record_id` (once; the record
    itself may still be on its way to the database). False for a malformed id."""
    if not RECORD_ID.fullmatch(record_id):
        return False
    ref = guest_ref(browser_key)
    with session(engine) as s:
        if s.get(GameRecordGuest, (record_id, ref)) is not None:
            return True
        s.add(GameRecordGuest(record_id=record_id, guest_ref=ref))
        try:
            s.commit()
        except IntegrityError:  # the same browser's other tab noted it first
            s.rollback()
    return True


_keeping: set[asyncio.Task] = set()  # running notes: a task nobody holds may be collected mid-way


def keep_for_guest_soon(record_id: str, browser_key: str) -> None:
    """`keep_for_guest` in a thread, from a state handler that must not wait on the database."""
    task = asyncio.get_running_loop().create_task(asyncio.to_thread(keep_for_guest, record_id, browser_key))
    _keeping.add(task)
    task.add_done_callback(_kept)


def _kept(task: asyncio.Task) -> None:
    _keeping.discard(task)
    if not task.cancelled() and task.exception() is not None:
        log.warning("a guest's game was not noted: %r", task.exception())


def guest_games_of(browser_key: str, limit: int = 20, engine: sa.Engine | None = None) -> list[dict[str, Any]]:
    """The stored games the guest holding `browser_key` played, newest first (/me/records): those
    noted for their key whose seats hold the key's guest (a note is never enough on its own)."""
    return _listed(GameRecordGuest, GameRecordGuest.guest_ref == guest_ref(browser_key), limit, engine, seated=guest(browser_key).id)


def move_guest_games(browser_key: str, user_id: int, engine: sa.Engine | None = None) -> int:
    """A guest signed in as member `user_id`: the games noted for their key become the member's
    (stored ones only: a note whose record is not stored yet waits for the next sign-in check).
    Returns how many moved."""
    ref = guest_ref(browser_key)
    seated = guest(browser_key).id
    with session(engine) as s:
        notes = s.exec(select(GameRecordGuest).where(GameRecordGuest.guest_ref == ref)).all()
        if not notes:
            return 0
        stored = {r.id: r for r in s.exec(select(GameRecord).where(col(GameRecord.id).in_([n.record_id for n in notes]))).all()}
        had = set(s.exec(select(GameRecordMember.record_id).where(GameRecordMember.user_id == user_id)).all())
        moved = 0
        for note in notes:
            record = stored.get(note.record_id)
            if record is None:
                continue
            if record.id not in had and any(seat.get("id") == seated for seat in json.loads(record.seats_json)):
                s.add(GameRecordMember(record_id=record.id, user_id=user_id))
                moved += 1
            s.delete(note)
        try:
            s.commit()
        except IntegrityError:  # another tab of the browser moved them first
            s.rollback()
            return 0
    return moved


def _aware(moment: datetime) -> datetime:
    # SQLite hands datetimes back naive: they were stored as UTC
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def seats_of(record: GameRecord) -> list[dict[str, Any]]:
    """Who played, in the engine's player order: [{id, name, kind, level}]."""
    return json.loads(record.seats_json)


def log_of(record: GameRecord) -> list[LogEntry]:
    """The stored log's entries, oldest first."""
    return json.loads(record.log_json)


def _players(record: GameRecord) -> list[str]:
    return [seat["id"] for seat in seats_of(record)]


def replay_of(record: GameRecord) -> Iterator[ReplayStep]:
    """The stored game step by step, rebuilt by its engine (`games/<game>/replay.py`)."""
    return GAMES[record.game].replay(record.seed, json.loads(record.options_json), _players(record), log_of(record))


def final_state_of(record: GameRecord) -> dict[str, Any]:
    """The stored game's last state (the live game's, exactly)."""
    return GAMES[record.game].final_state(record.seed, json.loads(record.options_json), _players(record), log_of(record))
