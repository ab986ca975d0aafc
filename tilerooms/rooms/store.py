"""Where rooms live: the `RoomStore` contract and the embedded in-process store (the default).

A store keeps each room as JSON bytes (so the in-process default exercises the same serialisation as
Redis) with its game log as a string apart (`stored_parts`), a per-room lock that serialises every change, and a wake index: the time each room next
needs the server (a deadline, an AI turn, a rejoin grace). `claim_due` hands a due room to exactly
one caller.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Collection
from typing import Any, Protocol

from tilerooms.rooms.catalog import game_info
from tilerooms.rooms.models import Room

_APART = {"game_log"}


def stored_parts(room: Room, state_apart: Collection[str] = ()) -> tuple[bytes, str]:
    """A room as stored: its JSON (UTF-8 bytes) without the game log, and the log. The log only
    grows and is already text (JSON lines): kept apart it is neither escaped into nor parsed out of
    the room's JSON on every change — a hanchan's log is half the room (issue 20, profile).
    `state_apart`: keys of the game state left out too (the caller stores them).

    Bytes, not `str`: a room's name is Korean, so its JSON as `str` is two bytes a character, and
    three once parsed (CPython caches the UTF-8 the parser reads beside it): 8.6 KB of JSON held
    ~26 KB; as bytes 8.6 KB, and pydantic writes them ~15 % faster (issue 20: 4)."""
    exclude: dict[str, Any] = dict.fromkeys(_APART, True)
    if state_apart:
        exclude["game_state"] = set(state_apart)
    return room.__pydantic_serializer__.to_json(room, exclude=exclude), room.game_log


def from_stored(raw: str | bytes, log: str | bytes | None) -> Room:
    """A fresh room from its stored parts."""
    room = Room.model_validate_json(raw)
    room.game_log = (log.decode() if isinstance(log, bytes) else log) or ""
    return room


class RoomStore(Protocol):
    """Storage strategy for rooms (memory here, Redis in `store_redis.py`)."""

    def lock(self, room_id: str) -> contextlib.AbstractAsyncContextManager[None]: ...

    async def load(self, room_id: str) -> Room | None: ...

    async def load_for_change(self, room_id: str) -> Room | None:
        """The room for the holder of its lock to change and `save`, or to `abandon`."""
        ...

    def abandon(self, room_id: str) -> None:
        """The room from `load_for_change` was not saved: forget any change made to it."""
        ...

    async def save(self, room: Room) -> None: ...

    async def keep(self, room: Room) -> None:
        """Store a change that nobody sees: the clock handing an AI its turn (`RoomService._change`
        with `unseen`). A store may keep it in memory only."""
        ...

    async def delete(self, room_id: str) -> None: ...

    async def room_ids(self) -> list[str]: ...

    async def set_wake(self, room_id: str, at: int | None) -> None: ...

    async def claim_due(self, now: int) -> list[str]: ...


class MemoryRoomStore:
    """Rooms in this process: JSON bytes in a dict, asyncio locks, a dict as the wake index.

    It also keeps each room's last saved object: `load_for_change` hands that to the holder of
    the lock to change in place instead of parsing the JSON again — the parse was the largest
    single cost of a room change (issue 20, profile). The JSON stays the truth: a change that is
    abandoned (a refusal) drops the object and the next load parses the JSON of the last save.
    Nothing may keep an object from here across a change: views are built as copies
    (`views.room_view`, the engines' `view`), and a change runs without awaiting anything between
    its load and its save, so no other task sees a room half-changed."""

    def __init__(self) -> None:
        self._rooms: dict[str, bytes] = {}
        self._logs: dict[str, str] = {}
        self._apart: dict[str, dict[str, tuple[int, int, bytes]]] = {}  # room -> key -> (id, len, JSON)
        self._live: dict[str, Room] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._wake: dict[str, int] = {}

    @contextlib.asynccontextmanager
    async def lock(self, room_id: str) -> AsyncIterator[None]:
        """Serialise every change to one room."""
        lock = self._locks.setdefault(room_id, asyncio.Lock())
        async with lock:
            yield

    def peek(self, room_id: str) -> Room | None:
        """`load` without awaiting (tests read and seed rooms from the server's thread with it)."""
        raw = self._rooms.get(room_id)
        if raw is None:
            return None
        room = from_stored(raw, self._logs.get(room_id))
        for key, (_, _, text) in self._apart.get(room_id, {}).items():
            room.game_state[key] = json.loads(text)  # type: ignore[index]
        return room

    def put(self, room: Room) -> None:
        """`save` without awaiting; the caller holds the room's lock.

        The game's append-only state lists (`GameDefinition.append_only_keys`: a hanchan's past
        hands, two thirds of a late room's JSON) are stored apart and serialised again only when
        the list is another object or another length: storing a room at a hanchan's end took 240 µs
        a change with them, 80 without (`python -m tilerooms.bench.room_size`)."""
        state = room.game_state
        keys = [k for k in game_info(room.game).append_only_keys if state is not None and isinstance(state.get(k), list)]
        kept = self._apart.pop(room.id, {})
        if keys:
            apart = {}
            for key in keys:
                value = state[key]  # type: ignore[index]
                mark = kept.get(key)
                if mark is None or mark[:2] != (id(value), len(value)):
                    mark = (id(value), len(value), json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode())
                apart[key] = mark
            self._apart[room.id] = apart
        self._rooms[room.id], self._logs[room.id] = stored_parts(room, keys)
        self._live[room.id] = room

    async def load(self, room_id: str) -> Room | None:
        """A fresh copy of the room (changes reach the store only through `save`)."""
        return self.peek(room_id)

    async def load_for_change(self, room_id: str) -> Room | None:
        """The last saved room object itself (parsed only after an abandon); lock held."""
        room = self._live.get(room_id)
        if room is None:
            room = self.peek(room_id)
            if room is not None:
                self._live[room_id] = room
        return room

    def abandon(self, room_id: str) -> None:
        """Drop the changed object: the JSON of the last save is the room again."""
        self._live.pop(room_id, None)

    async def save(self, room: Room) -> None:
        """Store the room."""
        self.put(room)

    async def keep(self, room: Room) -> None:
        """A change nobody sees (an AI handed its turn: its `ai_due` mark) stays in the live object
        and reaches the JSON with the next save — it was 40 % of the JSON written under bench.load
        (issue 20). Should a later change be abandoned, the room is the last save's JSON again
        and the AI is handed its turn once more; of two plans for one turn, the second finds the
        table moved on and is dropped (`play.plan_still_fits`)."""
        self._live[room.id] = room

    async def delete(self, room_id: str) -> None:
        """Forget the room and its wake time."""
        self._rooms.pop(room_id, None)
        self._logs.pop(room_id, None)
        self._apart.pop(room_id, None)
        self._live.pop(room_id, None)
        self._wake.pop(room_id, None)
        self._locks.pop(room_id, None)

    async def room_ids(self) -> list[str]:
        """Every stored room id."""
        return list(self._rooms)

    async def set_wake(self, room_id: str, at: int | None) -> None:
        """When the room next needs the server (None: never)."""
        if at is None:
            self._wake.pop(room_id, None)
        else:
            self._wake[room_id] = at

    async def claim_due(self, now: int) -> list[str]:
        """Rooms whose wake time has come; each is removed from the index as it is claimed."""
        due = [room_id for room_id, at in self._wake.items() if at <= now]
        for room_id in due:
            del self._wake[room_id]
        return due

    def size_bytes(self, room_id: str) -> int:
        """Stored size of one room (benchmarks)."""
        apart = sum(len(text) for _, _, text in self._apart.get(room_id, {}).values())
        return len(self._rooms.get(room_id, b"")) + apart
