"""Presence per person, kept in the room record itself (issue 17: points 4, 8, 9).

A person is present in a room while any live socket of theirs shows it, on any worker. The room
keeps those sockets as `Room.sockets[person_id] = ["<worker id>/<client token>", ...]` (never
shown to anyone: `views.py` builds views field by field, and a client token is a bearer
credential). The functions here are pure changes of a room; `RoomService` runs them under the
room's lock. A person whose last socket goes starts the rejoin grace (`play.REJOIN_GRACE_MS`):
their seat shows `connected=False` from `disconnected_at`, a spectator goes to `away_spectators`,
and `play.expire_disconnected` releases the place once the grace is over.

Workers: each backend worker has a random id. A worker that dies without clean-up (SIGKILL, OOM)
leaves its sockets in rooms; the surviving workers notice its heartbeat is gone and call
`drop_worker` on the rooms it held (`WorkerRegistry`, Redis strategy in `presence_redis.py`).
"""

from __future__ import annotations

import secrets
from typing import Protocol

from tilerooms.rooms.models import Room

MAX_SOCKETS_PER_PERSON = 16  # more tabs than this: the oldest entries go (bounds the record)


def new_worker_id() -> str:
    """A fresh random id for this backend worker (letters and digits, no `/`)."""
    return "w" + secrets.token_hex(6)


def socket_id(worker_id: str, token: str) -> str:
    """How a room records one socket: the worker holding it and the client token."""
    return f"{worker_id}/{token}"


def worker_of(socket: str) -> str:
    """The worker id part of a recorded socket."""
    return socket.split("/", 1)[0]


def mark_present(room: Room, person_id: str) -> None:
    """`person_id` is here: their seat is connected again and a spectator is no longer away."""
    index = room.seat_of(person_id)
    if index is not None:
        room.seats[index].connected = True
        room.seats[index].disconnected_at = None
        room.seats[index].arrived = True
    room.away_spectators.pop(person_id, None)


def await_arrival(room: Room, person_id: str, now: int) -> None:
    """A room made over a socket: its host is away until a page of theirs shows the room (one who
    never comes is let go after the grace), but not yet "gone" for the game's autopilot."""
    start_away(room, person_id, now)
    index = room.seat_of(person_id)
    if index is not None:
        room.seats[index].arrived = False


def start_away(room: Room, person_id: str, now: int) -> None:
    """`person_id` has no socket in the room any more: the rejoin grace starts at `now` (a grace
    already running keeps its start)."""
    index = room.seat_of(person_id)
    if index is not None:
        seat = room.seats[index]
        if seat.connected or seat.disconnected_at is None:
            seat.connected = False
            seat.disconnected_at = now
    elif person_id in room.spectators:
        room.away_spectators.setdefault(person_id, now)


def is_present(room: Room, person_id: str) -> bool:
    """True when nothing about `person_id`'s place says they are away."""
    index = room.seat_of(person_id)
    if index is not None:
        return room.seats[index].connected
    return person_id not in room.away_spectators


def attach(room: Room, person_id: str, socket: str) -> None:
    """A socket of `person_id` shows this room: they are present. The socket is recorded even for
    an outsider (a password room's visitor), so a later join counts it."""
    sockets = room.sockets.setdefault(person_id, [])
    if socket not in sockets:
        sockets.append(socket)
        del sockets[:-MAX_SOCKETS_PER_PERSON]
    mark_present(room, person_id)


def detach(room: Room, person_id: str, socket: str | None, now: int) -> None:
    """A socket of `person_id` stopped showing this room (closed, or moved to another room). With
    `socket=None` every socket of theirs is gone. Their last socket going starts the grace."""
    sockets = room.sockets.get(person_id, [])
    if socket is None:
        sockets = []
    elif socket in sockets:
        sockets.remove(socket)
    if sockets:
        return  # another tab of the same person still shows the room (issue 17, point 8)
    room.sockets.pop(person_id, None)
    start_away(room, person_id, now)


def drop_worker(room: Room, worker_id: str, now: int) -> list[str]:
    """Forget every socket a dead worker held in this room; returns the people left with none,
    whose grace starts now (issue 17, point 4)."""
    gone: list[str] = []
    for person_id, sockets in list(room.sockets.items()):
        kept = [s for s in sockets if worker_of(s) != worker_id]
        if len(kept) == len(sockets):
            continue
        if kept:
            room.sockets[person_id] = kept
            continue
        room.sockets.pop(person_id, None)
        start_away(room, person_id, now)
        gone.append(person_id)
    return gone


def holds_sockets_of(room: Room, worker_id: str) -> bool:
    """True when the room records any socket held by `worker_id`."""
    return any(worker_of(s) == worker_id for sockets in room.sockets.values() for s in sockets)


class WorkerRegistry(Protocol):
    """Which workers are alive and which rooms each holds sockets in (memory here, Redis in
    `presence_redis.py`)."""

    worker_id: str

    async def beat(self) -> bool:
        """Say this worker is alive; True when others had declared it dead meanwhile (it must
        attach its live sockets again)."""
        ...

    async def hold(self, room_id: str) -> None:
        """Note that this worker holds a socket in `room_id`."""
        ...

    async def prune(self, keep: set[str]) -> None:
        """This worker now holds sockets only in `keep`."""
        ...

    async def dead_workers(self) -> list[str]:
        """Registered workers whose heartbeat has stopped (never this one)."""
        ...

    async def claim(self, worker_id: str) -> list[str] | None:
        """Take the clean-up of a dead worker: the rooms it held, or None when another worker has
        it already."""
        ...

    async def release(self, worker_id: str) -> None:
        """The dead worker is cleaned up: forget it."""
        ...

    async def retire(self) -> None:
        """This worker stops cleanly: let the others clean up after it at once."""
        ...


class LocalWorkers:
    """One process serving every room (the embedded default): no other worker can die under it."""

    def __init__(self, worker_id: str | None = None) -> None:
        self.worker_id = worker_id or new_worker_id()

    async def beat(self) -> bool:
        """Nothing to say: nobody else is listening."""
        return False

    async def hold(self, room_id: str) -> None:
        """Nothing to note."""

    async def prune(self, keep: set[str]) -> None:
        """Nothing to prune."""

    async def dead_workers(self) -> list[str]:
        """No other workers."""
        return []

    async def claim(self, worker_id: str) -> list[str] | None:
        """Nothing to claim."""
        return None

    async def release(self, worker_id: str) -> None:
        """Nothing to release."""

    async def retire(self) -> None:
        """Nothing to hand over."""
