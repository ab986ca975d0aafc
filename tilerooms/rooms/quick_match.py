"""빠른 대전 (quick match, issue 37): the queue service every worker runs.

- `join` queues a person for one mode (`quick_modes.MODES`), with their rating for it (looked up
  through the callable wiring hands in: the room layer knows no accounts) and, when they opt in,
  "AI로 채우기" after a wait at a level. A person is in at most one queue (the store keys entries by
  person) and never in a queue and a game at once: joining is refused while they hold a seat in a
  game in progress, and the waiting rooms they sit in are left (decided here: a waiting room is
  cheap to leave, a game is not).
- `beat` is the person's open lobby saying "still here" about every second: it renews the entry's
  lease (a closed tab stops renewing and the entry goes after `LEASE_MS`; the lobby's own loop
  also cancels at once when it sees its socket close) and answers the queue's state for the page.
- `match_once` runs on the one worker holding the matcher role (`QueueStore.lead`): it drops
  expired entries, groups each mode's queue (`matchmaking.group`), takes each group out in one
  atomic step and seats it into a fresh room with the site's defaults, its game started. A matcher
  that dies hands the role on when its lease ends; one that dies between a take and the room leaves
  match notes, and the person's next `beat` puts the entry back (`ORPHAN_MS`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from tilerooms.core import RuleError
from tilerooms.rooms import matchmaking
from tilerooms.rooms.catalog import AI_LEVELS, game_info
from tilerooms.rooms.identity import Identity
from tilerooms.rooms.presence import new_worker_id
from tilerooms.rooms.queue_store import MatchNote, MemoryQueueStore, QueueEntry, QueueStore
from tilerooms.rooms.quick_modes import MODES, QuickMode, quick_mode
from tilerooms.rooms.ratelimit import Origin
from tilerooms.rooms.service import RoomService

log = logging.getLogger(__name__)

RatingLookup = Callable[[str, str], Awaitable[float]]  # (person id, rating key) -> rating
DEFAULT_RATING = 1500.0
LEASE_MS = 15_000  # an entry nobody renews this long goes (a page renews every second)
LEADER_TTL_MS = 5_000  # a matcher silent this long hands the role on
ORPHAN_MS = 10_000  # a match whose room has not appeared after this: the entry goes back
FILL_WAITS_S = (10, 30, 60)  # "N초 후 AI로 채우기"
MATCH_EVERY_S = 0.5


async def same_rating(person_id: str, rating_key: str) -> float:
    """The default lookup: everyone has the same rating (no ratings yet; guests always)."""
    return DEFAULT_RATING


def _idle() -> dict[str, Any]:
    return {"state": "idle"}


class QuickMatch:
    """Queues, their matcher and the way from a match to its room."""

    def __init__(
        self,
        rooms: RoomService,
        store: QueueStore | None = None,
        *,
        rating: RatingLookup = same_rating,
        worker_id: str | None = None,
        modes: tuple[QuickMode, ...] = MODES,
        leader_ttl_ms: int = LEADER_TTL_MS,
    ) -> None:
        self.rooms = rooms
        self.store: QueueStore = store or MemoryQueueStore()
        self.rating = rating
        self.worker_id = worker_id or new_worker_id()
        self.modes = modes
        self.leader_ttl_ms = leader_ttl_ms

    def _now(self) -> int:
        return self.rooms.clock()

    async def join(
        self, who: Identity, mode_id: object, fill_after_s: object = None, ai_level: object = "easy", *, since: int | None = None, origin: Origin | None = None
    ) -> dict[str, Any]:
        """Queue `who` for `mode_id` (replacing any other queue of theirs); `fill_after_s`: AIs take
        the empty seats after that many seconds (one of `FILL_WAITS_S`, None: people only). `since`
        keeps an earlier place's waiting time (a page putting its lost entry back). Returns `status`."""
        self.rooms.limiter.hit(who.id, "room", origin)
        mode = quick_mode(mode_id)
        if fill_after_s is not None and fill_after_s not in FILL_WAITS_S:
            raise RuleError("bad_fill", "AI로 채우기는 10·30·60초 중에서 골라 주세요")
        if not isinstance(ai_level, str) or ai_level not in AI_LEVELS:
            raise RuleError("bad_level", "AI 난이도는 쉬움·보통·어려움 중에서 골라 주세요")
        if await self.rooms.game_in_progress_of(who.id) is not None:
            raise RuleError("in_game", "진행 중인 게임에 자리가 있어요. 그 게임을 마치거나 나간 뒤에 빠른 대전을 눌러 주세요")
        await self.rooms.leave_waiting_rooms(who.id)
        now = self._now()
        rating = DEFAULT_RATING if not who.is_member else await self.rating(who.id, mode.rating_key)
        entry = QueueEntry(
            person_id=who.id,
            name=who.name,
            kind=who.kind,
            mode=mode.id,
            rating=rating,
            since=now if since is None else min(since, now),
            fill_after_ms=None if fill_after_s is None else int(fill_after_s) * 1000,
            ai_level=ai_level,  # type: ignore[arg-type]
        )
        await self.store.forget_match(who.id)
        await self.store.put(entry, now + LEASE_MS)
        return await self.status(who.id)

    async def leave(self, person_id: str) -> None:
        """Take the person out of their queue (cancel, a closed tab, another page)."""
        await self.store.remove(person_id)

    async def beat(self, person_id: str) -> dict[str, Any]:
        """The person's lobby is still open: renew their lease; returns `status`."""
        await self.store.renew(person_id, self._now() + LEASE_MS)
        return await self.status(person_id)

    async def status(self, person_id: str) -> dict[str, Any]:
        """The queue as the person's page shows it: `{"state": "waiting", "mode", "since", "waiting"
        (people queued for that mode), "fill_at" (epoch ms or None)}`, `{"state": "matched",
        "room"}` or `{"state": "idle"}`. A match whose room never appeared puts the entry back."""
        entry = await self.store.get(person_id)
        if entry is None:
            note = await self.store.match_of(person_id)
            if note is None:
                return _idle()
            if await self.rooms.store.load(note.room_id) is not None:
                return {"state": "matched", "room": note.room_id}
            if self._now() - note.at < ORPHAN_MS:
                return {"state": "waiting", "mode": note.entry.mode, "since": note.entry.since, "waiting": 0, "fill_at": None}
            log.warning("quick match room %s never appeared: %s queued again", note.room_id, person_id)
            await self.store.forget_match(person_id)
            await self.store.put(note.entry, self._now() + LEASE_MS)
            entry = note.entry
        counts = await self.store.counts()
        fill_at = None if entry.fill_after_ms is None else entry.since + entry.fill_after_ms
        return {"state": "waiting", "mode": entry.mode, "since": entry.since, "waiting": counts.get(entry.mode, 0), "fill_at": fill_at}

    async def reached(self, person_id: str) -> None:
        """The person's page went to their matched room: the note is done."""
        await self.store.forget_match(person_id)

    async def counts(self) -> dict[str, int]:
        """People queued per mode id (every mode listed, 0 for none)."""
        counted = await self.store.counts()
        return {mode.id: counted.get(mode.id, 0) for mode in self.modes}

    # -- the matcher ---------------------------------------------------------------------------
    async def match_once(self) -> int:
        """One round of the matcher on this worker, when it holds the role; the rooms made."""
        now = self._now()
        if not await self.store.lead(self.worker_id, self.leader_ttl_ms, now):
            return 0
        await self.store.expire(now)
        made = 0
        for mode in self.modes:
            entries = await self.store.waiting(mode.id)
            if not entries:
                continue
            by_person = {e.person_id: e for e in entries}
            waiting = [matchmaking.Waiting(e.person_id, e.rating, e.since, e.fill_after_ms) for e in entries]
            groups, _ = matchmaking.group(waiting, mode.players, now)
            for found in groups:
                members = [by_person[w.person_id] for w in found.members]
                if await self._seat(mode, members, found.ais, now):
                    made += 1
        return made

    async def _seat(self, mode: QuickMode, members: list[QueueEntry], ais: int, now: int) -> bool:
        """Take `members` out of the queue and into a fresh room with `ais` AIs; on a failure after
        the take, they go back to the queue with their waiting time."""
        room_id = "r" + secrets.token_hex(5)
        if not await self.store.take(members, MatchNote(room_id=room_id, at=now, entry=members[0])):
            return False  # someone left or changed their entry meanwhile: next round
        people = [Identity(id=m.person_id, name=m.name, kind=m.kind) for m in members]
        try:
            await self.rooms.create_matched(
                room_id,
                people,
                game=mode.game,
                seats=mode.players,
                options=dict(mode.options),
                ai_level=members[0].ai_level,
                name=f"빠른 대전 · {game_info(mode.game).display_names(mode.players)[0]}",
            )
        except Exception:  # noqa: BLE001 - nobody is lost: the group waits again
            log.exception("quick match room for %s failed; queued again", [m.person_id for m in members])
            for member in members:
                await self.store.forget_match(member.person_id)
                await self.store.put(member, self._now() + LEASE_MS)
            return False
        return True

    async def run(self, interval_s: float = MATCH_EVERY_S) -> None:
        """The lifespan loop: every worker runs it, the one holding the role matches."""
        while True:
            try:
                await self.match_once()
            except Exception:  # noqa: BLE001 - e.g. Redis away for a moment: the next round tries again
                log.warning("quick match round failed", exc_info=True)
            await asyncio.sleep(interval_s)
