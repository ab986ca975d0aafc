"""Where quick-match queues live: the `QueueStore` contract, the queue's records and the in-process
store (the default; Redis in `queue_store_redis.py`).

A person has at most one entry, whatever the mode (joining another mode replaces it: never two
queues). Each entry has a lease that the person's open lobby renews; a lease that runs out (a
closed tab, a worker that died with the socket and no page came back) drops the entry. Grouped
people are taken out in one atomic step that checks every entry is still the one the matcher
read, and each gets a match note (the room made for them, the entry it came from): their page
reads it to go to the room, and should the room never appear (the matcher's worker died between
the take and the room), the entry is put back — nobody is silently lost. One worker at a time is
the matcher (`lead`, a renewable lease): another takes over when it dies.
"""

from __future__ import annotations

from typing import Protocol

from pydantic import BaseModel

from tilerooms.rooms.models import AiLevel

MATCH_NOTE_TTL_S = 120  # a match note outlives any page's way to its room


class QueueEntry(BaseModel):
    """One person waiting for one mode."""

    person_id: str
    name: str
    kind: str  # "guest" | "member"
    mode: str
    rating: float
    since: int  # epoch ms they joined (kept when re-queued)
    fill_after_ms: int | None = None  # AIs take the empty seats after this wait (None: people only)
    ai_level: AiLevel = "easy"


class MatchNote(BaseModel):
    """Where a taken entry went: the room made for it, when, and the entry to put back if that
    room never appears."""

    room_id: str
    at: int
    entry: QueueEntry


class QueueStore(Protocol):
    """Storage strategy for quick-match queues (memory here, Redis in `queue_store_redis.py`)."""

    async def put(self, entry: QueueEntry, lease_until: int) -> None:
        """Queue `entry`, replacing any entry of the same person (in any mode)."""
        ...

    async def get(self, person_id: str) -> QueueEntry | None:
        """The person's entry, if queued."""
        ...

    async def remove(self, person_id: str) -> QueueEntry | None:
        """Take the person out of their queue; the entry they had."""
        ...

    async def renew(self, person_id: str, lease_until: int) -> bool:
        """Extend the person's lease; False when they have no entry."""
        ...

    async def waiting(self, mode: str) -> list[QueueEntry]:
        """Everyone queued for `mode`."""
        ...

    async def counts(self) -> dict[str, int]:
        """People queued per mode (modes with nobody are left out)."""
        ...

    async def take(self, entries: list[QueueEntry], note: MatchNote) -> bool:
        """Remove every one of `entries` and note where they went (`note.room_id`), in one step; False
        (nothing changed) when any of them changed or left meanwhile."""
        ...

    async def match_of(self, person_id: str) -> MatchNote | None:
        """Where the person's last taken entry went, if noted."""
        ...

    async def forget_match(self, person_id: str) -> None:
        """The person reached their room (or was put back): drop the note."""
        ...

    async def expire(self, now: int) -> list[QueueEntry]:
        """Drop the entries whose lease ended before `now`; returns them."""
        ...

    async def lead(self, worker_id: str, ttl_ms: int, now: int) -> bool:
        """Take or keep the matcher role for `ttl_ms`; False while another worker holds it."""
        ...


class MemoryQueueStore:
    """Queues in this process (one worker serves every browser)."""

    def __init__(self) -> None:
        self._entries: dict[str, QueueEntry] = {}
        self._leases: dict[str, int] = {}
        self._notes: dict[str, MatchNote] = {}
        self._leader: tuple[str, int] | None = None  # (worker id, until)

    async def put(self, entry: QueueEntry, lease_until: int) -> None:
        """Queue `entry` (a copy), replacing the person's other entry."""
        self._entries[entry.person_id] = entry.model_copy()
        self._leases[entry.person_id] = lease_until

    async def get(self, person_id: str) -> QueueEntry | None:
        """A copy of the person's entry."""
        entry = self._entries.get(person_id)
        return None if entry is None else entry.model_copy()

    async def remove(self, person_id: str) -> QueueEntry | None:
        """Drop the entry; the one it was."""
        self._leases.pop(person_id, None)
        return self._entries.pop(person_id, None)

    async def renew(self, person_id: str, lease_until: int) -> bool:
        """A new lease end for a queued person."""
        if person_id not in self._entries:
            return False
        self._leases[person_id] = lease_until
        return True

    async def waiting(self, mode: str) -> list[QueueEntry]:
        """Copies of the mode's entries."""
        return [e.model_copy() for e in self._entries.values() if e.mode == mode]

    async def counts(self) -> dict[str, int]:
        """People per mode."""
        counted: dict[str, int] = {}
        for entry in self._entries.values():
            counted[entry.mode] = counted.get(entry.mode, 0) + 1
        return counted

    async def take(self, entries: list[QueueEntry], note: MatchNote) -> bool:
        """All or nothing: every entry must still be queued as read."""
        if any(self._entries.get(e.person_id) != e for e in entries):
            return False
        for entry in entries:
            self._entries.pop(entry.person_id)
            self._leases.pop(entry.person_id, None)
            self._notes[entry.person_id] = note.model_copy(update={"entry": entry})
        return True

    async def match_of(self, person_id: str) -> MatchNote | None:
        """The person's match note."""
        return self._notes.get(person_id)

    async def forget_match(self, person_id: str) -> None:
        """Drop the note."""
        self._notes.pop(person_id, None)

    async def expire(self, now: int) -> list[QueueEntry]:
        """Entries whose lease ran out, removed."""
        gone = [person for person, until in self._leases.items() if until < now]
        return [entry for entry in [await self.remove(person) for person in gone] if entry is not None]

    async def lead(self, worker_id: str, ttl_ms: int, now: int) -> bool:
        """The matcher role: kept by its holder, taken once its lease ended."""
        if self._leader is not None and self._leader[0] != worker_id and self._leader[1] >= now:
            return False
        self._leader = (worker_id, now + ttl_ms)
        return True
