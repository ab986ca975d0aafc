"""Presence across backend workers on one Redis (issue 17, point 4): a worker that dies without
clean-up leaves its sockets in rooms; the survivors see its heartbeat stop, one of them claims the
clean-up, and the people whose only sockets were there start the rejoin grace.

Each simulated worker is a RoomService + LiveViewers + RedisWorkers on one Redis prefix, with a
short heartbeat TTL; a worker "dies" by no longer sweeping (its heartbeat runs out, as after a
SIGKILL), and the set of live sockets stands for Reflex's token manager.
"""

from __future__ import annotations

import asyncio
import json
import os
from dataclasses import dataclass, field

import pytest

from tests.helpers.people import GUEST, HOST
from tests.helpers.rooms import waiting
from tests.integration.test_redis_workers import services_on_one_redis
from tilerooms.rooms.identity import guest
from tilerooms.rooms.live import LiveViewers
from tilerooms.rooms.play import REJOIN_GRACE_MS
from tilerooms.rooms.presence_redis import RedisWorkers
from tilerooms.rooms.service import RoomService

TTL_S = 1
GRACE_S = REJOIN_GRACE_MS / 1000


@dataclass
class Worker:
    """One backend worker: its service, its live viewers and the sockets it holds."""

    service: RoomService
    live: LiveViewers
    sockets: set[str] = field(default_factory=set)

    async def holds(self, token: str) -> bool:
        return token in self.sockets

    async def sweep(self) -> None:
        await self.live.sweep(self.holds)

    async def open(self, token: str, room_id: str, viewer_id: str) -> None:
        """A browser tab's socket lands here and shows `room_id`."""
        self.sockets.add(token)
        await self.live.watch(token, room_id, viewer_id)


@pytest.fixture
async def workers(redis_url, clock):
    async with services_on_one_redis(redis_url, clock, 3) as made:
        yield [Worker(svc, LiveViewers(svc, RedisWorkers(client, prefix=svc.store._prefix, ttl_s=TTL_S))) for svc, client in made]


async def _die(worker: Worker) -> None:
    """SIGKILL: the worker stops sweeping, and its heartbeat runs out."""
    worker.sockets.clear()
    await asyncio.sleep(TTL_S + 0.2)


async def _seat(service: RoomService, room_id: str, index: int) -> dict:
    return (await service.view(room_id, HOST.id))["seats"][index]


async def test_a_seat_whose_only_socket_was_on_a_killed_worker_is_freed_after_the_grace(workers, clock):
    one, two, _ = workers
    room_id = await waiting(two.service, name="워커")
    await two.open("host-tab", room_id, HOST.id)
    await one.open("guest-tab", room_id, GUEST.id)  # the guest closes it while `one` is killed
    await one.sweep()
    await two.sweep()
    await _die(one)
    await two.sweep()  # the survivor sees the heartbeat gone and cleans up
    seat = await _seat(two.service, room_id, 1)
    assert seat["occupant"]["id"] == GUEST.id and not seat["connected"]
    clock.advance(GRACE_S + 1)
    await two.service.tick()
    assert (await _seat(two.service, room_id, 1))["occupant"] is None
    assert (await _seat(two.service, room_id, 0))["connected"]  # the host's socket lives on


async def test_a_second_tab_on_a_live_worker_keeps_the_seat_when_the_other_worker_dies(workers, clock):
    one, two, _ = workers
    room_id = await waiting(two.service, name="워커")
    await two.open("host-tab", room_id, HOST.id)
    await one.open("guest-tab-1", room_id, GUEST.id)
    await two.open("guest-tab-2", room_id, GUEST.id)
    await one.sweep()
    await _die(one)
    await two.sweep()
    clock.advance(GRACE_S + 1)
    await two.service.tick()
    seat = await _seat(two.service, room_id, 1)
    assert seat["occupant"]["id"] == GUEST.id and seat["connected"]
    room = await two.service.store.load(room_id)
    assert room.sockets[GUEST.id] == [two.live.socket("guest-tab-2")]


async def test_a_dead_worker_is_cleaned_up_by_exactly_one_survivor(workers):
    one, two, three = workers
    room_id = await waiting(two.service, name="워커")
    await one.open("guest-tab", room_id, GUEST.id)
    await one.sweep()
    calls: list[str] = []
    for survivor, name in ((two, "two"), (three, "three")):
        real = survivor.service.worker_gone

        async def spy(room, dead, real=real, name=name):
            calls.append(name)
            return await real(room, dead)

        survivor.service.worker_gone = spy  # type: ignore[method-assign]
    await _die(one)
    await asyncio.gather(two.sweep(), three.sweep(), two.sweep(), three.sweep())
    await asyncio.gather(two.sweep(), three.sweep())
    assert len(calls) == 1
    assert not (await _seat(two.service, room_id, 1))["connected"]
    redis = two.live.workers._redis  # type: ignore[attr-defined]
    prefix = two.service.store._prefix
    assert one.live.worker_id.encode() not in await redis.smembers(f"{prefix}:workers")
    assert not await redis.exists(f"{prefix}:worker:{one.live.worker_id}:rooms")


async def test_a_reconnect_to_the_survivor_keeps_the_seat(workers, clock):
    one, two, _ = workers
    room_id = await waiting(two.service, name="워커")
    await one.open("guest-tab", room_id, GUEST.id)
    await one.sweep()
    await _die(one)
    await two.open("guest-tab-new", room_id, GUEST.id)  # the page reconnects (Reflex gives a new token)
    await two.sweep()  # the clean-up comes after the reconnect: the new socket is kept
    clock.advance(GRACE_S + 1)
    await two.service.tick()
    seat = await _seat(two.service, room_id, 1)
    assert seat["occupant"]["id"] == GUEST.id and seat["connected"]


async def test_a_stalled_worker_declared_dead_puts_its_live_sockets_back(workers, clock):
    one, two, _ = workers
    room_id = await waiting(two.service, name="워커")
    await one.open("guest-tab", room_id, GUEST.id)
    await one.sweep()
    still_open = set(one.sockets)
    await _die(one)  # a stall longer than the TTL, not a death
    await two.sweep()
    assert not (await _seat(two.service, room_id, 1))["connected"]
    one.sockets |= still_open
    await one.sweep()  # it wakes up, learns it was declared dead, and attaches again
    clock.advance(GRACE_S + 1)
    await two.service.tick()
    seat = await _seat(two.service, room_id, 1)
    assert seat["occupant"]["id"] == GUEST.id and seat["connected"]


async def test_a_clean_stop_hands_its_sockets_over_at_once(workers):
    one, two, _ = workers
    room_id = await waiting(two.service, name="워커")
    await one.open("guest-tab", room_id, GUEST.id)
    await one.sweep()
    await one.live.close()  # SIGTERM: the lifespan ends
    await two.sweep()  # no TTL to wait for
    assert not (await _seat(two.service, room_id, 1))["connected"]


async def test_the_heartbeat_names_the_process_and_the_room_list_is_pruned(workers):
    one, two, _ = workers
    room_id = await waiting(two.service, name="워커")
    other = await two.service.create_room(guest("otherhost0001", "다른"), game="rummikub")
    await one.open("guest-tab", room_id, GUEST.id)
    await one.open("guest-tab", other, GUEST.id)  # the tab moved to another room
    await one.sweep()
    redis = one.live.workers._redis  # type: ignore[attr-defined]
    prefix = one.service.store._prefix
    beat = json.loads(await redis.get(f"{prefix}:worker:{one.live.worker_id}"))
    assert beat["pid"] == os.getpid()
    await one.live._prune()
    assert await redis.smembers(f"{prefix}:worker:{one.live.worker_id}:rooms") == {other.encode()}
    assert GUEST.id not in (await one.service.store.load(room_id)).sockets
