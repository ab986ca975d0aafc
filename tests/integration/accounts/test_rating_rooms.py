"""Ratings from real rooms: a member who leaves a rated game in progress is rated last through
the room layer's own leave path (their seat empties), and `rating_for` (the matchmaking number)
reads what was stored."""

from __future__ import annotations

from tests.helpers.rooms import started
from tests.integration.accounts.test_game_end_listener import records_db  # noqa: F401 - the fixture
from tilerooms.accounts import ratings, records, users


async def test_a_member_who_leaves_a_rated_game_is_rated_last(service, records_db):  # noqa: F811
    younghee = users.member_identity(users.find_or_create_member("local", "a", "영희"))
    cheolsu = users.member_identity(users.find_or_create_member("local", "b", "철수"))
    newcomer = users.find_or_create_member("local", "c", "민지")
    service.on_game_end(records.on_game_end)
    room_id = await started(service, younghee, cheolsu)
    await service.leave(room_id, cheolsu.id)  # two players: the engine ends the game ("aborted")
    stayed, left = int(younghee.id[2:]), int(cheolsu.id[2:])
    assert ratings.current_rating(stayed, "rummikub")[2] == 1
    unrated = ratings.DEFAULT_MU * ratings.MATCH_POINTS_PER_MU
    assert unrated == 1500.0  # quick match's default for everyone unrated (guests too)
    assert await ratings.rating_for(stayed, "rummikub") > unrated > await ratings.rating_for(left, "rummikub")
    assert await ratings.rating_for(newcomer.id, "rummikub") == unrated
    assert await ratings.rating_for(stayed, "mahjong4") == unrated
    assert records.member_stats(stayed)["coins"] == 0  # an aborted game still rewards nobody
