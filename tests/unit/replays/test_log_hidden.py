"""The game log and its seed stay in the room (issue 21): no view of a running or finished room,
for any viewer, nor the lobby, carries them; a finished game's result carries only its record id."""

from __future__ import annotations

import json

from tilerooms.rooms import play
from tilerooms.rooms.models import Room
from tilerooms.rooms.views import lobby_entry, room_view, room_views

from .room_driver import Driver, Habits, seated_room

SEED = 987_654_321_987


def _everything_seen(room: Room) -> str:
    viewers = [*room.occupant_ids(), "spectator-1", None]
    seen = [room_view(room, v) for v in viewers] + list(room_views(room, room.occupant_ids() + ["spectator-1"]).values())
    return json.dumps([*seen, lobby_entry(room)])


def _room() -> Room:
    room = seated_room("rummikub", [("g-p0", "guest", "easy"), ("ai-1", "ai", "easy")])
    room.spectators["spectator-1"] = "구경꾼"
    return room


def test_no_view_carries_the_log_or_the_seed_while_playing_or_after():
    room = _room()
    driver = Driver(room, SEED, Habits(), {"ai-1": "easy"})
    for _ in range(6):  # a few moves in
        player = room.game_state["current"]
        play.player_action(room, player, {"type": "draw"}, driver.now)
    assert room.game_log and room.game_setup["seed"] == SEED
    for text in (_everything_seen(room),):
        assert "game_log" not in text and "game_setup" not in text and str(SEED) not in text
        assert "record_id" not in text  # nothing to link while it runs
    room = driver.play().room
    assert room.status == "finished" and room.game_log
    text = _everything_seen(room)
    assert "game_log" not in text and "game_setup" not in text and str(SEED) not in text
    assert room.result["record_id"] in text  # the shareable link of the finished game


def test_the_log_starts_again_with_each_game_and_is_dropped_back_in_the_waiting_room():
    room = _room()
    levels = {"g-p0": "easy", "ai-1": "easy"}
    room = Driver(room, SEED, Habits(), levels).play().room
    first = room.result["record_id"]
    play.back_to_waiting(room, "g-p0")
    assert room.game_log == "" and room.game_setup is None
    driver = Driver(room, SEED + 1, Habits(), levels)  # begins the next game
    assert room.game_log == "" and room.game_setup["seed"] == SEED + 1 and room.result is None
    second = driver.play().room.result["record_id"]
    assert first != second and len(first) >= 22 and len(second) >= 22
