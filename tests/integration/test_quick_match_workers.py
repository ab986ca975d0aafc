"""빠른 대전 across workers (issue 37): two quick-match services on one queue store — in process
and on Redis — share the queues; a matcher that dies hands its role on, and the people it had
queued are matched by the survivor; a room that never appeared puts its people back."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator

import pytest
from redis.asyncio import Redis

from tests.helpers.people import GUEST, HOST, WATCHER
from tests.integration.conftest import FakeClock
from tilerooms.core import RuleError
from tilerooms.rooms.bus import MemoryBus
from tilerooms.rooms.queue_store import MatchNote, MemoryQueueStore
from tilerooms.rooms.queue_store_redis import RedisQueueStore
from tilerooms.rooms.quick_match import ORPHAN_MS, QuickMatch
from tilerooms.rooms.ratelimit import RateLimiter
from tilerooms.rooms.seat_index import MemorySeatIndex, RedisSeatIndex
from tilerooms.rooms.service import RoomService
from tilerooms.rooms.store import MemoryRoomStore
from tilerooms.rooms.store_redis import RedisRoomStore

LEADER_TTL_MS = 300  # short, so a dead matcher's role moves within the test


@pytest.fixture(params=["memory", "redis"])
async def pair(request, clock: FakeClock) -> AsyncIterator[list[QuickMatch]]:
    """Two workers' quick-match services on one shared room store and queue store."""
    limiter = RateLimiter(clock=clock.seconds)
    if request.param == "memory":
        rooms, queues, seats = MemoryRoomStore(), MemoryQueueStore(), MemorySeatIndex()
        yield [
            QuickMatch(RoomService(rooms, MemoryBus(), clock=clock, limiter=limiter, seats=seats), queues, worker_id=f"w{i}", leader_ttl_ms=LEADER_TTL_MS)
            for i in range(2)
        ]
        return
    redis_url = request.getfixturevalue("redis_url")
    prefix = f"test-qm-{uuid.uuid4().hex[:8]}"
    clients = [Redis.from_url(redis_url) for _ in range(2)]
    made = [
        QuickMatch(
            RoomService(RedisRoomStore(c, prefix=prefix), MemoryBus(), clock=clock, limiter=limiter, seats=RedisSeatIndex(c, prefix=prefix)),
            RedisQueueStore(c, prefix=prefix),
            worker_id=f"w{i}",
            leader_ttl_ms=LEADER_TTL_MS,
        )
        for i, c in enumerate(clients)
    ]
    try:
        yield made
    finally:
        keys = await clients[0].keys(f"{prefix}:*")
        if keys:
            await clients[0].delete(*keys)
        for c in clients:
            await c.aclose()


def _advance(clock: FakeClock, ms: int) -> None:
    clock.ms += ms


async def test_two_workers_share_one_queue(pair: list[QuickMatch]) -> None:
    one, two = pair
    await one.join(HOST, "rummikub-3")
    await two.join(GUEST, "rummikub-3")
    assert (await one.counts())["rummikub-3"] == (await two.counts())["rummikub-3"] == 2
    await one.join(WATCHER, "rummikub-3")
    made = await one.match_once() + await two.match_once()  # only the role's holder matches
    assert made == 1
    rooms = {(await w.status(p.id))["room"] for w, p in ((one, HOST), (two, GUEST), (two, WATCHER))}
    assert len(rooms) == 1
    room = await two.rooms.store.load(rooms.pop())
    assert room is not None and room.status == "playing" and len(room.game_players) == 3


async def test_a_person_is_in_one_queue_across_workers(pair: list[QuickMatch]) -> None:
    one, two = pair
    await one.join(HOST, "rummikub-2")
    await two.join(HOST, "mahjong-3")  # their other tab, served by the other worker
    counts = await one.counts()
    assert counts["rummikub-2"] == 0 and counts["mahjong-3"] == 1
    await one.leave(HOST.id)
    assert (await two.status(HOST.id))["state"] == "idle"


async def test_a_dead_matchers_role_moves_and_nobody_queued_is_lost(pair: list[QuickMatch], clock: FakeClock) -> None:
    dead, alive = pair
    await dead.join(HOST, "rummikub-2")
    assert await dead.match_once() == 0  # it holds the role; alone, nobody to match
    # the worker dies (its loop stops); the people's pages reconnect to the survivor and beat there
    await alive.join(GUEST, "rummikub-2")
    assert await alive.match_once() == 0  # the dead worker's lease still runs
    await asyncio.sleep(LEADER_TTL_MS / 1000 + 0.1)
    _advance(clock, LEADER_TTL_MS + 100)
    assert (await alive.beat(HOST.id))["state"] == "waiting"
    assert await alive.match_once() == 1
    assert (await alive.status(HOST.id))["state"] == "matched"
    assert (await alive.status(GUEST.id))["room"] == (await alive.status(HOST.id))["room"]


async def test_a_matcher_dying_between_the_take_and_the_room_loses_nobody(pair: list[QuickMatch], clock: FakeClock) -> None:
    dead, alive = pair
    await dead.join(HOST, "rummikub-2")
    await dead.join(GUEST, "rummikub-2")
    entries = await dead.store.waiting("rummikub-2")
    assert await dead.store.take(entries, MatchNote(room_id="rneverbuilt", at=clock(), entry=entries[0]))  # then it died
    _advance(clock, ORPHAN_MS)
    assert (await alive.beat(HOST.id))["state"] == "waiting"
    assert (await alive.beat(GUEST.id))["state"] == "waiting"
    await asyncio.sleep(LEADER_TTL_MS / 1000 + 0.1)
    _advance(clock, LEADER_TTL_MS + 100)
    assert await alive.match_once() == 1
    assert (await alive.status(HOST.id))["room"] == (await alive.status(GUEST.id))["room"] != "rneverbuilt"


async def test_a_game_in_progress_on_one_worker_refuses_a_queue_on_the_other(pair: list[QuickMatch]) -> None:
    one, two = pair
    await one.join(HOST, "rummikub-2")
    await one.join(GUEST, "rummikub-2")
    assert await one.match_once() + await two.match_once() == 1
    with pytest.raises(RuleError) as err:
        await two.join(HOST, "mahjong-3")  # the seat index is shared: the other worker knows
    assert err.value.code == "in_game"
    room_id = (await one.status(HOST.id))["room"]
    await one.rooms.leave(room_id, HOST.id)  # left the game: free to queue again
    assert (await two.join(HOST, "mahjong-3"))["state"] == "waiting"
