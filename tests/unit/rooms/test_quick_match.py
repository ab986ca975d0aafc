"""The quick-match service on the in-process stores (issue 37): one queue per person, leases,
refusals, the matcher seating a started game, AI fill, a lost room's entry put back."""

from __future__ import annotations

import pytest

from tests.helpers.people import GUEST, HOST, WATCHER
from tilerooms.core import RuleError
from tilerooms.rooms.identity import Identity, is_ai
from tilerooms.rooms.queue_store import MatchNote, MemoryQueueStore
from tilerooms.rooms.quick_match import LEASE_MS, ORPHAN_MS, QuickMatch
from tilerooms.rooms.ratelimit import RateLimiter
from tilerooms.rooms.service import RoomService


class Clock:
    ms = 1_800_000_000_000

    def __call__(self) -> int:
        return self.ms

    def seconds(self) -> float:
        return self.ms / 1000


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def quick(clock: Clock) -> QuickMatch:
    service = RoomService(clock=clock, ai_delay_ms=(0, 0), limiter=RateLimiter(clock=clock.seconds))
    return QuickMatch(service, MemoryQueueStore(), worker_id="w-test")


async def test_joining_another_mode_replaces_the_first_queue(quick: QuickMatch) -> None:
    await quick.join(HOST, "rummikub-3")
    status = await quick.join(HOST, "mahjong-4-tonpuu")
    assert status["state"] == "waiting" and status["mode"] == "mahjong-4-tonpuu"
    assert await quick.counts() == {**dict.fromkeys(await quick.counts(), 0), "mahjong-4-tonpuu": 1}


async def test_bad_requests_are_refused_in_korean_and_change_nothing(quick: QuickMatch) -> None:
    for mode, fill, level in (("chess", None, "easy"), ("rummikub-2", 7, "easy"), ("rummikub-2", 30, "genius"), (["rummikub-2"], None, "easy")):
        with pytest.raises(RuleError) as err:
            await quick.join(HOST, mode, fill, level)
        assert any("\uac00" <= ch <= "\ud7a3" for ch in err.value.message)
    assert (await quick.status(HOST.id))["state"] == "idle"


async def test_two_people_are_seated_in_one_started_game(quick: QuickMatch) -> None:
    await quick.join(HOST, "rummikub-2")
    assert await quick.match_once() == 0  # alone: nobody to play
    await quick.join(GUEST, "rummikub-2")
    assert await quick.match_once() == 1
    first, second = await quick.status(HOST.id), await quick.status(GUEST.id)
    assert first["state"] == second["state"] == "matched" and first["room"] == second["room"]
    room = await quick.rooms.store.load(first["room"])
    assert room is not None and room.status == "playing"
    assert sorted(room.game_players) == sorted([HOST.id, GUEST.id])
    assert not any(s.occupant is not None and s.occupant.kind == "ai" for s in room.seats)


async def test_a_person_in_a_game_in_progress_may_not_queue(quick: QuickMatch) -> None:
    await quick.join(HOST, "rummikub-2")
    await quick.join(GUEST, "rummikub-2")
    await quick.match_once()
    with pytest.raises(RuleError) as err:
        await quick.join(HOST, "rummikub-3")
    assert err.value.code == "in_game"


async def test_queueing_leaves_a_waiting_room(quick: QuickMatch) -> None:
    room_id = await quick.rooms.create_room(HOST, game="rummikub")
    await quick.rooms.join(room_id, GUEST)
    await quick.join(GUEST, "rummikub-2")
    room = await quick.rooms.store.load(room_id)
    assert room is not None and room.seat_of(GUEST.id) is None


async def test_an_unrenewed_entry_expires_and_a_renewed_one_stays(quick: QuickMatch, clock: Clock) -> None:
    await quick.join(HOST, "rummikub-3")
    await quick.join(GUEST, "rummikub-3")
    clock.ms += LEASE_MS - 1000
    await quick.beat(GUEST.id)
    clock.ms += 2000
    await quick.match_once()
    assert (await quick.status(HOST.id))["state"] == "idle"
    assert (await quick.status(GUEST.id))["state"] == "waiting"


async def test_ai_fill_after_the_wait_seats_ais_of_the_chosen_level(quick: QuickMatch, clock: Clock) -> None:
    await quick.join(HOST, "mahjong-4-tonpuu", 10, "normal")
    clock.ms += 9_000
    assert await quick.match_once() == 0
    clock.ms += 1_000
    await quick.beat(HOST.id)
    assert await quick.match_once() == 1
    room = await quick.rooms.store.load((await quick.status(HOST.id))["room"])
    assert room is not None and room.status == "playing" and room.options["length"] == "tonpuu"
    ais = [s.occupant for s in room.seats if s.occupant is not None and is_ai(s.occupant.id)]
    assert len(ais) == 3 and {a.level for a in ais} == {"normal"}


async def test_a_match_whose_room_never_appeared_is_queued_again(quick: QuickMatch, clock: Clock) -> None:
    await quick.join(HOST, "rummikub-2")
    await quick.join(WATCHER, "rummikub-2")
    entries = await quick.store.waiting("rummikub-2")
    # the matcher took them and died before making the room
    assert await quick.store.take(entries, MatchNote(room_id="rdeadbeef00", at=clock(), entry=entries[0]))
    assert (await quick.status(HOST.id))["state"] == "waiting"  # still making the room, as far as anyone knows
    clock.ms += ORPHAN_MS
    status = await quick.status(HOST.id)
    assert status["state"] == "waiting" and status["since"] == next(e.since for e in entries if e.person_id == HOST.id)
    assert (await quick.store.get(HOST.id)) is not None


async def test_a_member_is_queued_with_their_rating(clock: Clock) -> None:
    asked: list[tuple[str, str]] = []

    async def rating(person_id: str, key: str) -> float:
        asked.append((person_id, key))
        return 1234.0

    service = RoomService(clock=clock, limiter=RateLimiter(clock=clock.seconds))
    quick = QuickMatch(service, rating=rating)
    member = Identity(id="u-7", name="회원", kind="member")
    await quick.join(member, "mahjong-3")
    await quick.join(GUEST, "mahjong-3")  # a guest is never looked up
    assert asked == [("u-7", "mahjong3")]
    assert {e.person_id: e.rating for e in await quick.store.waiting("mahjong-3")} == {"u-7": 1234.0, GUEST.id: 1500.0}
