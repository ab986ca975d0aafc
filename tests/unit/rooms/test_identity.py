"""A guest's public id is one-way (issue 17, point 1): it names the guest, it never acts as them."""

from __future__ import annotations

import pytest

from tilerooms.rooms import identity
from tilerooms.rooms.identity import clean_name, guest, guest_id
from tilerooms.rooms.waiting import new_room, update_settings
from tilerooms.shell.identity import is_current_guest_key, new_guest_key

KEY = "k2" + "0123456789abcdef" * 2 + "01234567"


@pytest.fixture
def pinned_secret():
    identity.use_secret(lambda: "s" * 48)
    yield
    identity.use_secret(identity._server_secret)


def test_the_public_id_is_not_the_key_and_holds_no_part_of_it(pinned_secret):
    who = guest(KEY, "영희")
    assert who.id.startswith("g-") and len(who.id) == 22
    assert KEY not in who.id and KEY[2:12] not in who.id
    assert who.id == guest(KEY, "다른 이름").id  # the same browser is the same guest


def test_the_id_used_as_a_key_is_somebody_else(pinned_secret):
    victim = guest(KEY)
    assert guest(victim.id[2:]).id != victim.id
    assert guest(victim.id).id != victim.id


def test_the_id_depends_on_the_server_secret():
    identity.use_secret(lambda: "a" * 48)
    first = guest_id(KEY)
    identity.use_secret(lambda: "b" * 48)
    second = guest_id(KEY)
    identity.use_secret(identity._server_secret)
    assert first != second


def test_the_default_nickname_shows_the_id_not_the_key(pinned_secret):
    who = guest(KEY)
    assert who.name == "손님" + who.id[2:6].upper()


def test_keys_of_the_old_public_form_are_replaced():
    assert is_current_guest_key(new_guest_key())
    assert len({new_guest_key() for _ in range(50)}) == 50
    for old in ("0123456789abcdef0123456789abcdef", "g-0123456789abcdef", "", None, "k2" + "x" * 40 + "!"):
        assert not is_current_guest_key(old)


def test_room_names_keep_thirty_characters_and_nicknames_sixteen(pinned_secret):
    name = "가나다라마바사아자차카타파하가나다라마바사아자차카타파하가나다"
    room = new_room("r1", guest(KEY, "영희"), now=0, name=name, game="rummikub")
    assert room.name == name[:30]  # the form allows 30 (issue 17, point 12)
    update_settings(room, room.host_id, {"name": name[::-1]})
    assert room.name == name[::-1][:30]
    assert clean_name(name, "x") == name[:16]
    assert clean_name("\ud800위험\u0000한 이름", "x") == "위험한 이름"
