"""Finished games kept whole (issue 21) on SQLite and PostgreSQL: real rooms played to the end (a
guest or a member with AIs, every seat moved by the game's AI from its own view) are stored once by
the game-end listener with their seed and log; the stored log replays to the room's final state; a
game in progress has no record; ids are random and url-safe."""

from __future__ import annotations

import json
import random
import re

import pytest
import sqlalchemy as sa

from tilerooms import settings as app_settings
from tilerooms.accounts import game_records, users
from tilerooms.db.engine import get_engine
from tilerooms.db.models import GameRecord
from tilerooms.rooms import bots, play
from tilerooms.rooms.catalog import game_info
from tilerooms.rooms.identity import Identity, guest
from tilerooms.rooms.models import Room

BROWSER_KEY = "replaykey0123456789"


@pytest.fixture
def records_url(db_url, monkeypatch) -> str:
    """The app's records DB (DATABASE_URL) on a fresh migrated SQLite file or Postgres schema."""
    from tilerooms.db import migrate

    migrate.upgrade(db_url)
    monkeypatch.setenv("DATABASE_URL", db_url)
    app_settings.reload()  # the environment changed: read it again
    yield db_url
    get_engine(db_url).dispose()  # the schema is dropped next: no pooled connection left in it


def _rows(url: str) -> list[GameRecord]:
    from tilerooms.db.engine import session

    with session(get_engine(url)) as s:
        return list(s.exec(sa.select(GameRecord)).scalars().all())


async def _play_out(service, clock, room_id: str, person: Identity, *, check_midway=None) -> Room:
    """Play the room's game to its end: the person's moves from the easy AI on their own view,
    the AI seats and the clocks from the server's tick."""
    rng = random.Random(7)
    for step in range(20_000):
        room = await service.store.load(room_id)
        if room.status == "finished":
            return room
        if step == 20 and check_midway is not None:
            check_midway(room)
        engine = game_info(room.game).engine
        acted = False
        if person.id in engine.active_players(room.game_state):
            view = json.loads(json.dumps(play.ai_view(room, person.id)))
            for action in bots.decide(room.game, "easy", view, rng.randrange(2**62)):
                seq = (await service.store.load(room_id)).game_state["seq"]
                try:
                    await service.act(room_id, person.id, {**action, "seq": seq})
                except Exception:  # noqa: BLE001 - refused: the clock plays the turn
                    break
                acted = True
        if not acted:
            clock.advance(0.7)
            await service.tick()
    raise AssertionError("the game did not end")


async def test_a_guests_game_with_an_ai_is_kept_once_and_replays_to_the_final_state(service, clock, records_url):
    person = guest(BROWSER_KEY, "손님")
    service.on_game_end(game_records.on_game_end)
    room_id = await service.create_practice(person, game="rummikub", ai_count=1, level="easy")

    def nothing_kept_yet(room: Room) -> None:
        assert room.status == "playing" and room.game_log and room.result is None
        assert _rows(records_url) == []  # a game in progress has no record
        assert game_records.load_game(room.id) is None and game_records.load_game(play.game_id(room)) is None

    room = await _play_out(service, clock, room_id, person, check_midway=nothing_kept_yet)
    record_id = room.result["record_id"]
    assert re.fullmatch(r"[A-Za-z0-9_-]{22,}", record_id)
    (row,) = _rows(records_url)
    assert row.id == record_id and row.game == "rummikub" and row.game_key == play.game_id(room)
    assert row.seed == room.game_setup["seed"] and json.loads(row.options_json) == room.game_setup["options"]
    seats = game_records.seats_of(row)
    assert [s["id"] for s in seats] == room.game_players and person.id in room.game_players
    assert {s["kind"] for s in seats} == {"guest", "ai"}
    assert game_records.log_of(row) == play.log_entries(room) and len(game_records.log_of(row)) > 10
    assert json.loads(row.result_json) == room.result
    assert BROWSER_KEY not in " ".join(str(v) for v in row.model_dump().values())  # the public id only
    assert row.started_at <= row.ended_at

    loaded = game_records.load_game(record_id)
    assert loaded is not None and game_records.final_state_of(loaded) == room.game_state

    # the listener heard twice (a crash between the store and the listener, a restart): still one
    await game_records.on_game_end(room)
    again = room.model_copy(update={"result": {**room.result, "record_id": "another-id-of-22-chars"}})
    assert game_records.store_finished_game(again) == record_id
    assert [r.id for r in _rows(records_url)] == [record_id]


async def test_ids_differ_per_game_and_guessing_reads_nothing(service, clock, records_url):
    service.on_game_end(game_records.on_game_end)
    ids = []
    for n in range(2):
        person = guest(f"{BROWSER_KEY}{n}", f"손님{n}")
        room_id = await service.create_practice(person, game="rummikub", ai_count=1, level="easy")
        ids.append((await _play_out(service, clock, room_id, person)).result["record_id"])
    assert len(set(ids)) == 2 and {r.id for r in _rows(records_url)} == set(ids)
    for guess in ("", "x" * 22, ids[0][:-1], ids[0] + "x" * 11, "../" + ids[0], None, 7):
        assert game_records.load_game(guess) is None


async def test_a_members_game_is_in_their_list_and_survives_their_account_deletion(service, clock, records_url):
    user = users.find_or_create_member("local", "replay", "영희")
    member = users.member_identity(user)
    service.on_game_end(game_records.on_game_end)
    room_id = await service.create_practice(member, game="rummikub", ai_count=2, level="easy")
    room = await _play_out(service, clock, room_id, member)
    (listed,) = game_records.games_of(user.id)
    assert listed["record_id"] == room.result["record_id"] and listed["game"] == "rummikub"
    assert listed["players"][room.game_players.index(member.id)] == "영희" and listed["ended_at"].tzinfo is not None
    assert game_records.games_of(user.id + 1) == []

    users.delete_member(user.id)
    row = game_records.load_game(room.result["record_id"])
    assert row is not None  # the others' game stays replayable
    assert "영희" not in row.seats_json and "영희" not in row.result_json
    assert game_records.final_state_of(row) == room.game_state


async def test_a_mahjong_game_is_kept_and_replays_to_the_final_state(service, clock, records_url):
    person = guest(BROWSER_KEY, "손님")
    service.on_game_end(game_records.on_game_end)
    room_id = await service.create_practice(person, game="mahjong", ai_count=3, level="easy", options={"length": "tonpuu"})
    room = await _play_out(service, clock, room_id, person)
    row = game_records.load_game(room.result["record_id"])
    assert row is not None and row.game == "mahjong"
    kinds = {e["action"]["type"] for e in game_records.log_of(row) if "action" in e}
    assert {"discard", "pass", "ready"} <= kinds
    assert game_records.final_state_of(row) == room.game_state


async def test_a_game_dropped_back_to_the_waiting_room_is_not_kept(service, clock, records_url):
    person = guest(BROWSER_KEY, "손님")
    service.on_game_end(game_records.on_game_end)
    room_id = await service.create_practice(person, game="rummikub", ai_count=1, level="easy")
    await service.waiting_room(room_id, person.id, "quit_practice")
    assert _rows(records_url) == []
    with pytest.raises(ValueError):
        game_records.store_finished_game(await service.store.load(room_id))
