"""A guest's own records (issue 34: 12) on SQLite and PostgreSQL: a game a guest finished is noted
under an HMAC of their browser key (never the public id), listed for that key only when the stored
record seats the key's guest, and moved to the member's list when the guest signs in."""

from __future__ import annotations

from sqlmodel import select

from tests.integration.accounts.test_game_records import _play_out, records_url  # noqa: F401 - the fixture
from tilerooms.accounts import game_records, users
from tilerooms.db.engine import session
from tilerooms.db.models import GameRecordGuest
from tilerooms.rooms.identity import guest

KEY = "k2" + "a1" * 20
OTHER_KEY = "k2" + "b2" * 20


async def test_a_guests_game_is_theirs_alone_by_key_and_moves_to_the_account(service, clock, records_url):  # noqa: F811
    person = guest(KEY, "손님")
    service.on_game_end(game_records.on_game_end)
    room = await _play_out(service, clock, await service.create_practice(person, game="rummikub", ai_count=1, level="easy"), person)
    record_id = room.result["record_id"]
    assert game_records.guest_games_of(KEY) == []  # played, but not noted by this browser yet

    assert game_records.keep_for_guest(record_id, KEY) and game_records.keep_for_guest(record_id, KEY)  # twice: one note
    with session() as s:
        (note,) = s.exec(select(GameRecordGuest)).all()
    assert note.guest_ref == game_records.guest_ref(KEY) != game_records.guest_ref(OTHER_KEY)
    assert person.id[2:] not in note.guest_ref and KEY not in note.guest_ref
    assert [g["record_id"] for g in game_records.guest_games_of(KEY)] == [record_id]
    assert game_records.guest_games_of(OTHER_KEY) == []

    # a note for a game the key's guest did not sit in lists nothing (a note is never enough)
    assert game_records.keep_for_guest(record_id, OTHER_KEY)
    assert game_records.guest_games_of(OTHER_KEY) == []
    assert not game_records.keep_for_guest("../../etc", KEY)  # a malformed id is refused

    member = users.find_or_create_member("local", "guest-moves", "손님")
    assert game_records.move_guest_games(KEY, member.id) == 1
    assert [g["record_id"] for g in game_records.games_of(member.id)] == [record_id]
    assert game_records.guest_games_of(KEY) == []
    assert game_records.move_guest_games(KEY, member.id) == 0  # once
    assert game_records.move_guest_games(OTHER_KEY, member.id) == 0  # not their game: not moved
