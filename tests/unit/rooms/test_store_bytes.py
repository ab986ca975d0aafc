"""The in-process store keeps a room's JSON as UTF-8 bytes (issue 20: 4): a room's name is
Korean, so as `str` its JSON was two bytes a character, plus the UTF-8 copy CPython caches beside
it once the parser has read it."""

from __future__ import annotations

import sys

from tilerooms.bench.room_size import ai_game
from tilerooms.rooms.store import MemoryRoomStore, stored_parts


def _korean_room(game: str, actions: int):
    for done, room in enumerate(ai_game(game, seed=3), start=1):
        if done == actions:
            room.name = "게스트의 방"
            return room
    raise AssertionError("the game ended early")


def test_a_korean_room_is_stored_as_the_bytes_of_its_json_and_reads_back_equal():
    store = MemoryRoomStore()
    room = _korean_room("rummikub", 40)
    store.put(room)
    raw = store._rooms[room.id]
    assert isinstance(raw, bytes)
    assert raw == room.model_dump_json(exclude={"game_log"}).encode("utf-8")
    assert "게스트의 방".encode() in raw
    again = store.peek(room.id)
    assert again.name == "게스트의 방" and again.model_dump() == room.model_dump()
    assert store.size_bytes(room.id) == len(raw)


def test_bytes_hold_a_korean_room_in_about_a_third_of_what_the_parsed_str_did():
    room = _korean_room("mahjong", 60)
    raw, _ = stored_parts(room)
    text = raw.decode("utf-8")
    room.model_validate_json(text)  # the parser reads the str's UTF-8, which CPython then keeps
    assert sys.getsizeof(raw) < 0.4 * sys.getsizeof(text)
