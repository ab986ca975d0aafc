"""Issue 38, a leaner Redis path: Redis round trips per room change and per Reflex state change,
counted on a private `redis-server` (its `INFO commandstats` are exact: nobody else talks to it)
and at the client's connection (one packet sent = one round trip, a pipeline included).

- a room change (lock, read, change, save, wake, unlock, announce) takes three round trips — it
  took seven — and the worker that saved a room last reads none of its bytes on its next change;
  a change made meanwhile by another worker is read, never overwritten;
- a change of a browser's Reflex state (every push of a room change, every event) takes two — it
  took four —, reads none of the states its worker wrote last, and keeps Reflex's lock: a second
  change of the same token on another worker waits for the first, and is read by the first after.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
from redis.asyncio import Connection, ConnectionPool, Redis

from tests.helpers.people import GUEST, HOST
from tests.helpers.services import throwaway_redis
from tilerooms.core import RuleError
from tilerooms.rooms.bus import RedisBus
from tilerooms.rooms.ratelimit import RateLimiter
from tilerooms.rooms.service import RoomService
from tilerooms.rooms.store_redis import RedisRoomStore


class CountingConnection(Connection):
    """A connection that counts what it sends: each call is one round trip."""

    sent = 0

    async def send_packed_command(self, command, check_health=True):  # type: ignore[no-untyped-def]
        CountingConnection.sent += 1
        await super().send_packed_command(command, check_health)


@pytest.fixture(scope="module")
def private_redis() -> Iterator[str]:
    """A `redis-server` of this module's own, so its command counts are ours alone."""
    with throwaway_redis() as url:
        if url is None:
            pytest.skip("no redis-server binary: the round trips are counted on a private server")
        yield url


@pytest.fixture
async def counted(private_redis: str) -> AsyncIterator[Redis]:
    client = Redis(connection_pool=ConnectionPool.from_url(private_redis, connection_class=CountingConnection))
    yield client
    await client.aclose()


async def _commands(client: Redis) -> dict[str, int]:
    stats = await client.info("commandstats")
    return {name.removeprefix("cmdstat_"): value["calls"] for name, value in stats.items()}


async def _window(client: Redis, work) -> tuple[int, dict[str, int]]:  # type: ignore[no-untyped-def]
    """Round trips `work()` made, and the commands Redis ran for it (scripts' own included)."""
    await client.config_resetstat()
    before = CountingConnection.sent
    await work()
    sent = CountingConnection.sent - before
    stats = await _commands(client)
    stats.pop("config|resetstat", None)
    return sent, stats


def _service(client: Redis, prefix: str, clock_ms: list[int]) -> RoomService:
    seeds = iter(range(1000, 100000))
    return RoomService(
        RedisRoomStore(client, prefix=prefix),
        RedisBus(client, channel=f"{prefix}:changes"),  # not started: only the publish is counted
        clock=lambda: clock_ms[0],
        ai_delay_ms=(0, 0),
        seed_source=lambda: next(seeds),
        limiter=RateLimiter(clock=lambda: clock_ms[0] / 1000),
    )


async def _playing_room(service: RoomService) -> str:
    room_id = await service.create_room(HOST, game="rummikub", name="round trips")
    await service.join(room_id, GUEST)
    await service.waiting_room(room_id, GUEST.id, "ready", ready=True)
    await service.waiting_room(room_id, HOST.id, "start")
    return room_id


async def test_a_room_change_takes_three_round_trips_and_reads_no_room_its_worker_saved(counted):
    prefix = f"rt-{uuid.uuid4().hex[:8]}"
    service = _service(counted, prefix, [1_800_000_000_000])
    room_id = await _playing_room(service)
    room = await service.store.load(room_id)
    talker = next(p for p in room.game_players)
    sent, commands = await _window(counted, lambda: service.say(room_id, talker, "안녕"))
    # lock + read (one script), save + wake + unlock (one script), the announcement
    assert sent == 3, commands
    assert commands.get("eval") == 2 and commands.get("publish") == 1
    assert not {"mget", "multi", "exec", "evalsha", "getdel"} & set(commands)
    # the room's bytes stayed in Redis: only the stamp and the save's lock check were read; the
    # lock and the room were written, the log (unchanged by a chat line) was not
    assert commands.get("get") == 2 and commands.get("set") == 2, commands
    assert (await service.store.load(room_id)).chat[-1].text == "안녕"


async def test_a_change_by_another_worker_is_read_not_overwritten(counted, private_redis):
    prefix = f"rt-{uuid.uuid4().hex[:8]}"
    clock = [1_800_000_000_000]
    one = _service(counted, prefix, clock)
    other_client = Redis.from_url(private_redis)
    other = _service(other_client, prefix, clock)  # a second worker: its own store, same Redis
    try:
        room_id = await _playing_room(one)
        players = (await one.store.load(room_id)).game_players
        await one.say(room_id, players[0], "하나")  # `one` saved the room last
        await other.say(room_id, players[1], "둘")  # then `other` changed it
        sent, commands = await _window(counted, lambda: one.say(room_id, players[0], "셋"))
        assert sent == 3 and commands.get("get") == 4, commands  # the room and its log were read this time
        assert [line.text for line in (await other.store.load(room_id)).chat] == ["하나", "둘", "셋"]
    finally:
        await other_client.aclose()


async def test_a_refused_change_leaves_the_room_and_its_wake_as_they_were(counted):
    prefix = f"rt-{uuid.uuid4().hex[:8]}"
    service = _service(counted, prefix, [1_800_000_000_000])
    room_id = await _playing_room(service)
    before = (await service.store.load(room_id)).model_dump()
    wake = await counted.zscore(f"{prefix}:wake", room_id)
    room = await service.store.load(room_id)
    idle = next(p for p in room.game_players if p != room.game_state["current"])
    with pytest.raises(RuleError):  # not their turn: refused
        await service.act(room_id, idle, {"type": "draw", "seq": room.game_state["seq"]})
    assert (await service.store.load(room_id)).model_dump() == before
    assert await counted.zscore(f"{prefix}:wake", room_id) == wake
    assert not await counted.exists(f"{prefix}:lock:{room_id}")  # the lock was freed
    current = room.game_state["current"]
    await service.act(room_id, current, {"type": "draw", "seq": room.game_state["seq"]})  # the next change reads the stored room
    assert (await service.store.load(room_id)).game_state["current"] != current


async def test_a_save_after_the_lock_expired_writes_nothing(counted):
    prefix = f"rt-{uuid.uuid4().hex[:8]}"
    service = _service(counted, prefix, [1_800_000_000_000])
    room_id = await _playing_room(service)
    store = service.store
    before = await store.load(room_id)
    async with store.lock(room_id):
        room = await store.load_for_change(room_id)
        room.name = "late"
        await counted.delete(f"{prefix}:lock:{room_id}")  # expired; another worker may hold it now
        with pytest.raises(RuleError, match="바빠요"):
            await store.save(room)
    assert (await store.load(room_id)).name == before.name


# -- Reflex's state manager ----------------------------------------------------------------------
async def test_a_reflex_state_change_takes_two_round_trips_and_keeps_the_lock(counted, private_redis):
    import reflex as rx

    from tilerooms.reflex_ext.state_redis import LeanStateManagerRedis
    from tilerooms.table.state import RoomState

    manager = LeanStateManagerRedis(redis=counted)
    token = rx.BaseStateToken(ident=f"tok-{uuid.uuid4().hex}", cls=RoomState)

    async def change(value: str) -> None:
        async with manager.modify_state(token) as root:
            (await root.get_state(RoomState))._room_id = value

    await change("r0")  # the first also starts the manager's keyspace subscription
    await asyncio.sleep(0.2)
    sent, commands = await _window(counted, lambda: change("r1"))
    assert sent == 2, commands  # lock + read, write + unlock
    assert commands.get("eval") == 2 and not {"getdel", "evalsha"} & set(commands)
    # this worker wrote the states last: none of them was read again (the stamp said so)
    assert "mget" not in commands, commands
    fresh = LeanStateManagerRedis(redis=counted)  # another worker reads what was written
    assert (await (await fresh.get_state(token)).get_state(RoomState))._room_id == "r1"

    # two changes of one token at once on two workers: the second waits for the first (Reflex's
    # lock, its keyspace events), none is lost
    order: list[str] = []

    async def slow(value: str, pause: float) -> None:  # on this worker, holding the lock a while
        async with manager.modify_state(token) as root:
            order.append(f"in {value}")
            await asyncio.sleep(pause)
            room = await root.get_state(RoomState)
            room._room_id = room._room_id + value
            order.append(f"out {value}")

    other = LeanStateManagerRedis(redis=Redis.from_url(private_redis))  # a second worker
    try:

        async def slow_elsewhere(value: str) -> None:
            async with other.modify_state(token) as root:
                order.append(f"in {value}")
                room = await root.get_state(RoomState)
                room._room_id = room._room_id + value
                order.append(f"out {value}")

        first = asyncio.create_task(slow("a", 0.3))
        await asyncio.sleep(0.05)
        await asyncio.gather(first, slow_elsewhere("b"))
        assert order == ["in a", "out a", "in b", "out b"]
        assert (await (await fresh.get_state(token)).get_state(RoomState))._room_id == "r1ab"
        # `other` wrote last: this worker reads the states again instead of taking its own
        await slow("c", 0)
        assert (await (await fresh.get_state(token)).get_state(RoomState))._room_id == "r1abc"
        assert not await counted.exists(manager._lock_key(token))
    finally:
        await other.close()
