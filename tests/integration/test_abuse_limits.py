"""Limits a client cannot escape by minting a new guest key per request (issue 17, point 9).

Every request is charged to the person *and* to its origin (the socket and the address), so one
socket that makes up a new guest for each request still meets the limit.
"""

from __future__ import annotations

import secrets

from tilerooms.core import RuleError
from tilerooms.rooms.identity import Identity, guest
from tilerooms.rooms.ratelimit import Origin

SOCKET = Origin(socket="sid-attacker", address="203.0.113.9")


def _fresh_guest(name: str = "도배꾼"):
    return guest(secrets.token_hex(20), name)


async def test_fifty_rooms_from_one_socket_with_a_new_key_each_are_mostly_refused(service, clock):
    made = refused = 0
    for _ in range(50):  # 50 attempts in 16 s, as the attack did
        try:
            await service.create_room(_fresh_guest(), game="rummikub", origin=SOCKET)
            made += 1
        except RuleError as err:
            assert err.code == "rate_limited" and "잠시 후" in err.message
            refused += 1
        clock.advance(16 / 50)
    assert made <= 10 and refused >= 40


async def test_two_hundred_chat_lines_from_one_socket_with_a_new_key_each_are_mostly_refused(service, clock):
    host = _fresh_guest("방장")
    room_id = await service.create_room(host, game="rummikub", origin=Origin(socket="sid-host", address="198.51.100.1"))
    posted = 0
    for _ in range(200):  # 200 lines in 15.7 s, each from a new guest who joined to watch
        who = _fresh_guest()
        try:
            await service.join(room_id, who, spectate=True, origin=SOCKET)
            await service.say(room_id, who.id, "도배", origin=SOCKET)
            posted += 1
        except RuleError as err:
            assert err.code in ("rate_limited", "spectators_full", "no_spectators") or "관전" in err.message
        clock.advance(15.7 / 200)
    lines = [c for c in (await service.view(room_id, host.id))["chat"] if c["text"] == "도배"]
    assert posted == len(lines) <= 15


async def test_people_on_one_address_are_not_stopped_by_each_other(service, clock):
    # a household or a cafe: ten people on one address each create a room and chat at a normal pace
    address = "192.0.2.77"
    for n in range(10):
        person = _fresh_guest(f"손님{n}")
        origin = Origin(socket=f"sid-{n}", address=address)
        room_id = await service.create_room(person, game="rummikub", origin=origin)
        for _ in range(3):
            await service.say(room_id, person.id, "안녕하세요", origin=origin)
        clock.advance(1)


async def test_a_refused_request_spends_nothing(service, clock):
    person = _fresh_guest()
    origin = Origin(socket="sid-one", address="192.0.2.1")
    room_id = await service.create_room(person, game="rummikub", origin=origin)
    said = 0
    for _ in range(20):
        try:
            await service.say(room_id, person.id, "한 줄", origin=origin)
            said += 1
        except RuleError:
            pass
    assert said == 5  # the chat burst (5 lines per 10 s)
    clock.advance(2)  # one token back: the refusals above did not dig a hole
    await service.say(room_id, person.id, "다시", origin=origin)


# -- issue 35: 3 — one address cannot lock out its neighbours -------------------------------
CAFE = "198.51.100.42"  # a cafe's address, shared by a flooder and the regulars


async def _played(service, clock, who, origin: Origin) -> None:
    """`who` plays a practice game (one accepted draw): an established guest from now on."""
    room_id = await service.create_room(who, game="rummikub", origin=origin)
    await service.waiting_room(room_id, who.id, "add_ai", seat=1, level="easy", origin=origin)
    await service.waiting_room(room_id, who.id, "start", origin=origin)
    view = await service.view(room_id, who.id)
    while view["game_state"]["current"] != who.id:  # the AI may move first
        clock.advance(1)
        await service.tick()
        view = await service.view(room_id, who.id)
    await service.act(room_id, who.id, {"type": "draw", "seq": view["game_state"]["seq"]}, origin=origin)
    clock.advance(10)  # the regular's own create bucket refills a little before the flood


async def test_a_flood_of_fresh_identities_leaves_established_neighbours_able_to_create(service, clock):
    regular = _fresh_guest("단골")
    await _played(service, clock, regular, Origin(socket="sid-regular", address=CAFE))
    made = 0
    for n in range(150):  # 150 rooms in 29 s (the attack made 100), each from a fresh socket and guest key
        try:
            await service.create_room(_fresh_guest(), game="rummikub", origin=Origin(socket=f"sid-flood-{n}", address=CAFE))
            made += 1
        except RuleError as err:
            assert err.code == "rate_limited"
        clock.advance(29 / 150)
    assert made <= 120  # the address still bounds fresh identities: ten people's burst and refill
    # the flood emptied the address: a fresh identity is still refused there ...
    try:
        await service.create_room(_fresh_guest("새 손님"), game="rummikub", origin=Origin(socket="sid-newcomer", address=CAFE))
        raise AssertionError("a fresh identity created a room on an exhausted address")
    except RuleError as err:
        assert err.code == "rate_limited"
    # ... while the regular who has played there, and a member, still can
    await service.create_room(regular, game="rummikub", origin=Origin(socket="sid-regular-2", address=CAFE))
    member = Identity(id="u-77", name="회원", kind="member")
    await service.create_room(member, game="rummikub", origin=Origin(socket="sid-member", address=CAFE))


async def test_a_refused_action_does_not_make_an_identity_established(service, clock):
    stranger = _fresh_guest("구경꾼")
    host = _fresh_guest("방장")
    room_id = await service.create_room(host, game="rummikub", origin=Origin(socket="sid-h", address="192.0.2.90"))
    try:  # not seated, no game: refused
        await service.act(room_id, stranger.id, {"type": "draw", "seq": 0}, origin=Origin(socket="sid-s", address=CAFE))
    except RuleError:
        pass
    assert not service.limiter.is_established(stranger.id)
