"""/me/records' replay list and the replay of a stored game (issue 21: 2), on SQLite and
PostgreSQL: a member's practice game played to its end through RoomService is listed with its
replay's link, and the replay built from the stored record ends at the room's final table and racks."""

from __future__ import annotations

from tests.integration.accounts.test_game_records import _play_out, records_url  # noqa: F401 - the fixture
from tilerooms.accounts import game_records, users
from tilerooms.pages.account.state import stored_games
from tilerooms.replays import frames


async def test_a_members_stored_game_is_listed_with_its_replay_link_and_replays_to_the_end(service, clock, records_url):  # noqa: F811
    user = users.find_or_create_member("local", "replay-list", "영희")
    member = users.member_identity(user)
    service.on_game_end(game_records.on_game_end)
    room_id = await service.create_practice(member, game="rummikub", ai_count=1, level="easy")
    room = await _play_out(service, clock, room_id, member)
    record_id = room.result["record_id"]

    (row,) = stored_games(user.id)
    assert row["href"] == f"/game/{record_id}" and row["record_id"] == record_id
    assert row["game"] == "rummikub" and row["game_ko"] == "숫자 타일"
    assert "영희" in row["players"].split(" · ")
    assert stored_games(user.id + 1) == []

    replay = frames.replay_for(game_records.load_game(record_id))
    end = replay.picture(len(replay.moves) - 1)
    state = room.game_state
    assert end.over and [[t.id for t in s.tiles] for s in end.sets] == [s["tile_ids"] for s in state["table"]]
    assert {s.id: sorted(t.id for t in s.rack) for s in end.seats} == {p: sorted(r) for p, r in state["racks"].items()}
    frames._cache.clear()
