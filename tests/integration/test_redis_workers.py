"""Two backend workers on one Redis: a change made through one reaches the viewers connected to
the other, deadlines fire exactly once, and the actions of one room are serialised across both."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator

import pytest
from redis.asyncio import Redis

from tests.helpers.people import GUEST, HOST
from tilerooms.core import RuleError
from tilerooms.rooms.bus import RedisBus
from tilerooms.rooms.live import LiveViewers
from tilerooms.rooms.ratelimit import RateLimiter
from tilerooms.rooms.service import RoomService
from tilerooms.rooms.store_redis import CLAIM_LEASE_MS, RedisRoomStore


@contextlib.asynccontextmanager
async def services_on_one_redis(redis_url: str, clock, count: int) -> AsyncIterator[list[tuple[RoomService, Redis]]]:
    """`count` backend workers (a RoomService and its own Redis client each) on one fresh key
    prefix, their buses listening; every key of the prefix is deleted after."""
    prefix = f"test-{uuid.uuid4().hex[:8]}"
    made: list[tuple[RoomService, Redis]] = []
    for _ in range(count):
        client = Redis.from_url(redis_url)
        bus = RedisBus(client, channel=f"{prefix}:changes")
        bus.start()
        made.append(
            (RoomService(RedisRoomStore(client, prefix=prefix), bus, clock=clock, ai_delay_ms=(0, 0), limiter=RateLimiter(clock=clock.seconds)), client)
        )
    await asyncio.sleep(0.1)  # every subscription is live
    try:
        yield made
    finally:
        for svc, _ in made:
            await svc.bus.stop()
        keys = await made[0][1].keys(f"{prefix}:*")
        if keys:
            await made[0][1].delete(*keys)
        for _, client in made:
            await client.aclose()


@pytest.fixture
async def workers(redis_url, clock):
    async with services_on_one_redis(redis_url, clock, 2) as made:
        yield [svc for svc, _ in made]


async def _started(one: RoomService, two: RoomService) -> str:
    room_id = await one.create_room(HOST, game="rummikub")
    await two.join(room_id, GUEST)  # the guest's socket lives on the other worker
    await two.waiting_room(room_id, GUEST.id, "ready", ready=True)
    await one.waiting_room(room_id, HOST.id, "start")
    return room_id


async def test_a_move_on_one_worker_is_pushed_by_the_other(workers):
    one, two = workers
    pushed: list[tuple[str, dict]] = []

    async def push(token, room_id, view):
        pushed.append((token, view))

    live = LiveViewers(two)
    live.set_pusher(push)
    room_id = await _started(one, two)
    await live.watch("guest-token", room_id, GUEST.id)
    current = (await one.view(room_id, HOST.id))["game_state"]["current"]
    await one.act(room_id, current, {"type": "draw"})
    for _ in range(50):
        if pushed and pushed[-1][1]["game_state"]["current"] != current:
            break
        await asyncio.sleep(0.02)
    token, view = pushed[-1]
    assert token == "guest-token" and view["you"]["id"] == GUEST.id
    assert view["game_state"]["current"] != current
    room = await one.store.load(room_id)
    assert not set(room.game_state["racks"][HOST.id]) & set(view["game_state"]["rack"] or [])


async def test_a_deadline_fires_once_across_two_ticking_workers(workers, clock):
    one, two = workers
    room_id = await _started(one, two)
    before = (await one.view(room_id, HOST.id))["game_state"]["turn_no"]
    clock.advance(61)
    woken = await asyncio.gather(one.tick(), two.tick(), one.tick(), two.tick())
    assert sum(woken) == 1
    after = (await one.view(room_id, HOST.id))["game_state"]
    assert after["turn_no"] == before + 1
    assert sum(p["tiles"] for p in after["players"]) == 29  # one time-out, one tile drawn


async def test_a_deadline_claimed_by_a_worker_that_died_fires_on_another(workers, clock):
    one, two = workers
    room_id = await _started(one, two)
    before = (await one.view(room_id, HOST.id))["game_state"]["turn_no"]
    clock.advance(61)
    # worker one claims the expired turn and dies before handling it (no save, no next wake)
    assert await one.store.claim_due(clock()) == [room_id]
    assert await two.tick() == 0  # leased to the dead worker: not due for anyone yet
    clock.advance(CLAIM_LEASE_MS / 1000)
    assert await two.tick() == 1  # the lease ran out: the other worker fires the time-out
    after = (await two.view(room_id, HOST.id))["game_state"]
    assert after["turn_no"] == before + 1
    assert await one.tick() == 0 and await two.tick() == 0  # and only once


async def test_a_closed_room_leaves_no_wake_behind(workers, clock):
    one, two = workers
    room_id = await _started(one, two)
    await one.store.delete(room_id)
    await one.store.set_wake(room_id, clock())  # a stray wake for a room that is gone
    assert await two.tick() == 1
    clock.advance(CLAIM_LEASE_MS / 1000 + 1)
    assert await one.tick() == 0 and await two.tick() == 0


async def test_actions_of_one_room_are_serialised_across_workers(workers):
    one, two = workers
    room_id = await _started(one, two)
    current = (await one.view(room_id, HOST.id))["game_state"]["current"]
    seq = (await one.view(room_id, HOST.id))["game_state"]["seq"]
    results = await asyncio.gather(
        one.act(room_id, current, {"type": "draw", "seq": seq}),
        two.act(room_id, current, {"type": "draw", "seq": seq}),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, RuleError)]
    assert len(refused) == 1 and refused[0].message == "차례가 아니에요"
    state = (await one.store.load(room_id)).game_state
    assert len(state["racks"][current]) == 15


async def test_a_restarted_backend_resumes_the_games_in_redis(workers, redis_url, clock):
    one, two = workers
    room_id = await _started(one, two)
    current = (await one.view(room_id, HOST.id))["game_state"]["current"]
    view = await one.view(room_id, current)
    tile = view["game_state"]["rack"][0]
    await one.act(room_id, current, {"type": "setDraft", "sets": [{"tileIds": [tile]}]})
    before = (await one.store.load(room_id)).model_dump_json()
    # both workers go away; a fresh process comes up on the same Redis
    prefix = one.store._prefix
    client = Redis.from_url(redis_url)
    fresh = RoomService(RedisRoomStore(client, prefix=prefix), RedisBus(client, channel=f"{prefix}:changes"), clock=clock, ai_delay_ms=(0, 0))
    try:
        assert (await fresh.store.load(room_id)).model_dump_json() == before  # tiles and draft intact
        mine = (await fresh.view(room_id, current))["game_state"]["draft"]["sets"]
        assert [s["tile_ids"] for s in mine] == [[tile]]
        clock.advance(61)  # its clock still knows the room's deadline
        assert await fresh.tick() == 1
        after = (await fresh.view(room_id, HOST.id))["game_state"]
        assert after["current"] != current and after["turn_no"] == view["game_state"]["turn_no"] + 1
    finally:
        await client.aclose()
