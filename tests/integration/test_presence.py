"""Presence per person (issue 17, points 8 and 9): a place in a room is held while any live socket
of its person shows the room; a socket that moves to another room leaves the old one; a host who
never enters a room made over a socket is let go after the grace, and the room closes.

The rules are pure changes of a room (`rooms/presence.py`); the sweep is `LiveViewers` with a fake
set of live sockets standing for Reflex's token manager, in memory and on Redis.
"""

from __future__ import annotations

from tests.helpers.people import GUEST, HOST
from tests.helpers.rooms import waiting
from tilerooms.rooms import presence
from tilerooms.rooms.identity import guest
from tilerooms.rooms.live import LiveViewers
from tilerooms.rooms.models import Occupant, Room, Seat
from tilerooms.rooms.play import REJOIN_GRACE_MS
from tilerooms.rooms.ratelimit import Origin

GRACE_S = REJOIN_GRACE_MS / 1000


class Sockets:
    """The sockets this worker holds, as Reflex's token manager would answer."""

    def __init__(self) -> None:
        self.live: set[str] = set()

    async def holds(self, token: str) -> bool:
        return token in self.live


def _room(*people: str, spectators: tuple[str, ...] = ()) -> Room:
    seats = [Seat(occupant=Occupant(id=p, name=p, kind="guest")) for p in people]
    return Room(id="r1", name="방", game="rummikub", host_id=people[0], seats=seats, spectators={s: s for s in spectators})


# -- the rules -------------------------------------------------------------------------------


def test_a_second_tab_keeps_the_seat_when_the_first_closes():
    room = _room("g-ana", "g-bo")
    presence.attach(room, "g-bo", "w1/tab-a")
    presence.attach(room, "g-bo", "w2/tab-b")
    presence.detach(room, "g-bo", "w1/tab-a", now=1_000)
    assert room.seats[1].connected and room.seats[1].disconnected_at is None
    presence.detach(room, "g-bo", "w2/tab-b", now=2_000)
    assert not room.seats[1].connected and room.seats[1].disconnected_at == 2_000
    assert "g-bo" not in room.sockets


def test_a_socket_back_within_the_grace_makes_the_seat_present_again():
    room = _room("g-ana")
    presence.attach(room, "g-ana", "w1/tab")
    presence.detach(room, "g-ana", "w1/tab", now=1_000)
    presence.attach(room, "g-ana", "w2/tab-again")
    assert room.seats[0].connected and room.seats[0].disconnected_at is None
    assert room.sockets == {"g-ana": ["w2/tab-again"]}


def test_a_dead_worker_takes_only_its_own_sockets_away():
    room = _room("g-ana", "g-bo", spectators=("g-cy",))
    presence.attach(room, "g-ana", "w1/a")  # only on the dead worker
    presence.attach(room, "g-bo", "w1/b1")
    presence.attach(room, "g-bo", "w2/b2")  # a second tab on a live worker
    presence.attach(room, "g-cy", "w1/c")
    gone = presence.drop_worker(room, "w1", now=5_000)
    assert sorted(gone) == ["g-ana", "g-cy"]
    assert (room.seats[0].connected, room.seats[0].disconnected_at) == (False, 5_000)
    assert room.seats[1].connected and room.sockets["g-bo"] == ["w2/b2"]
    assert room.away_spectators == {"g-cy": 5_000}
    assert presence.drop_worker(room, "w1", now=6_000) == []  # a second clean-up changes nothing
    assert room.seats[0].disconnected_at == 5_000


def test_a_grace_already_running_keeps_its_start():
    room = _room("g-ana")
    presence.start_away(room, "g-ana", now=1_000)
    presence.detach(room, "g-ana", None, now=9_000)
    assert room.seats[0].disconnected_at == 1_000


def test_an_outsiders_socket_is_recorded_without_giving_a_place():
    room = _room("g-ana")
    presence.attach(room, "g-lock", "w1/visitor")  # a password room's visitor, not joined yet
    assert room.sockets["g-lock"] == ["w1/visitor"] and room.seat_of("g-lock") is None
    presence.detach(room, "g-lock", "w1/visitor", now=1_000)
    assert "g-lock" not in room.sockets and room.seats[0].connected


def test_many_tabs_keep_a_bounded_record():
    room = _room("g-ana")
    for n in range(40):
        presence.attach(room, "g-ana", f"w1/tab{n}")
    assert len(room.sockets["g-ana"]) == presence.MAX_SOCKETS_PER_PERSON
    assert room.sockets["g-ana"][-1] == "w1/tab39"


# -- the sweep of one worker -----------------------------------------------------------------


async def test_a_player_with_two_tabs_who_closes_one_keeps_the_seat_past_the_grace(service, clock):
    room_id = await waiting(service, name="두 탭")
    sockets, live = Sockets(), LiveViewers(service)
    sockets.live |= {"host-tab", "guest-tab-1", "guest-tab-2"}
    await live.watch("host-tab", room_id, HOST.id)
    await live.watch("guest-tab-1", room_id, GUEST.id)
    await live.watch("guest-tab-2", room_id, GUEST.id)
    sockets.live.discard("guest-tab-1")  # one tab closed, the other plays on
    await live.sweep(sockets.holds)
    clock.advance(GRACE_S + 15)
    await service.tick()
    await live.sweep(sockets.holds)
    view = await service.view(room_id, HOST.id)
    assert view["seats"][1]["occupant"]["id"] == GUEST.id and view["seats"][1]["connected"]
    # the last tab closes: now the grace starts, and the seat goes after it
    sockets.live.discard("guest-tab-2")
    await live.sweep(sockets.holds)
    assert not (await service.view(room_id, HOST.id))["seats"][1]["connected"]
    clock.advance(GRACE_S + 1)
    await service.tick()
    assert (await service.view(room_id, HOST.id))["seats"][1]["occupant"] is None


async def test_a_tab_that_comes_back_within_the_grace_keeps_the_seat(service, clock):
    room_id = await waiting(service, name="두 탭")
    sockets, live = Sockets(), LiveViewers(service)
    sockets.live |= {"host-tab", "guest-tab"}
    await live.watch("host-tab", room_id, HOST.id)
    await live.watch("guest-tab", room_id, GUEST.id)
    sockets.live.discard("guest-tab")
    await live.sweep(sockets.holds)
    assert not (await service.view(room_id, HOST.id))["seats"][1]["connected"]
    clock.advance(30)
    sockets.live.add("guest-tab")  # the same tab reconnects to this worker
    await live.sweep(sockets.holds)
    # a socket naming the token is not the person yet (issue 35: 2): its page enters again
    assert not (await service.view(room_id, HOST.id))["seats"][1]["connected"]
    await live.watch("guest-tab", room_id, GUEST.id)
    assert (await service.view(room_id, HOST.id))["seats"][1]["connected"]
    clock.advance(GRACE_S)
    await service.tick()
    assert (await service.view(room_id, HOST.id))["seats"][1]["occupant"]["id"] == GUEST.id


async def test_a_host_who_never_enters_sees_the_room_closed_after_the_grace(service, clock):
    origin = Origin(socket="sid-lobby", address="192.0.2.4")
    never = await service.create_room(HOST, game="rummikub", name="아무도 안 옴", origin=origin)
    came = await service.create_room(GUEST, game="rummikub", name="들어옴", origin=origin)
    live, sockets = LiveViewers(service), Sockets()
    sockets.live.add("guest-tab")
    await live.watch("guest-tab", came, GUEST.id)  # this host's page opened the room
    assert {e["id"] for e in await service.lobby()} >= {never, came}
    clock.advance(GRACE_S + 1)
    await service.tick()
    await live.sweep(sockets.holds)
    assert await service.view(never, HOST.id) is None
    assert never not in {e["id"] for e in await service.lobby()}
    assert (await service.view(came, GUEST.id))["seats"][0]["connected"]


async def test_a_socket_that_watches_forty_rooms_then_leaves_leaves_no_spectator_behind(service, clock):
    rooms = []
    for n in range(40):
        host = guest(f"floodhost{n:04d}", f"방장{n}")
        rooms.append((await service.create_room(host, game="rummikub", name=f"방 {n}"), host))
    sockets, live = Sockets(), LiveViewers(service)
    sockets.live.add("one-socket")
    for n, (room_id, _) in enumerate(rooms):  # one socket, a new guest key for each room
        watcher = guest(f"floodwatcher{n:04d}", "구경꾼")
        await service.join(room_id, watcher, spectate=True)
        await live.watch("one-socket", room_id, watcher.id)
    sockets.live.clear()  # the client goes away
    await live.sweep(sockets.holds)
    clock.advance(GRACE_S + 1)
    await service.tick()
    left = [room_id for room_id, host in rooms if (await service.view(room_id, host.id))["spectators"]]
    assert left == []
    room = await service.store.load(rooms[0][0])
    assert room.sockets == {} and room.away_spectators == {}


async def test_a_player_who_leaves_takes_their_socket_out_of_the_room(service):
    room_id = await waiting(service, name="두 탭")
    live = LiveViewers(service)
    await live.watch("guest-tab", room_id, GUEST.id)
    assert (await service.store.load(room_id)).sockets[GUEST.id] == [live.socket("guest-tab")]
    await service.leave(room_id, GUEST.id)
    await live.forget("guest-tab")
    room = await service.store.load(room_id)
    assert GUEST.id not in room.sockets and room.seat_of(GUEST.id) is None
    assert live.tokens == {} and room_id not in live.rooms


async def test_a_known_socket_entering_again_stores_nothing(service):
    room_id = await waiting(service, name="두 탭")
    live = LiveViewers(service)
    await live.watch("guest-tab", room_id, GUEST.id)
    version = (await service.store.load(room_id)).version
    await live.watch("guest-tab", room_id, GUEST.id)  # a reload on the same worker
    await service.connected(room_id, GUEST.id)
    assert (await service.store.load(room_id)).version == version
