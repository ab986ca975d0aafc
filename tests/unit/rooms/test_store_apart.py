"""The in-process store keeps a game's append-only state lists apart (issue 20: a late hanchan's
past hands were two thirds of every change's JSON): what it stores must always read back as the
room it was given, a refused change must still leave the last save, and a new game starts clean."""

from __future__ import annotations

import asyncio

from tilerooms.bench.room_size import ai_game
from tilerooms.rooms import play
from tilerooms.rooms.store import MemoryRoomStore


def _stored_text(store: MemoryRoomStore, room_id: str) -> str:
    return store._apart[room_id]["logs"][2]


def test_a_hanchan_saved_after_every_action_reads_back_equal_and_each_past_hand_is_serialised_once():
    store = MemoryRoomStore()
    text, length, serialised, grown, changes = None, None, 0, 0, 0
    for room in ai_game("mahjong", seed=3):
        store.put(room)
        changes += 1
        if _stored_text(store, room.id) is not text:
            text, serialised = _stored_text(store, room.id), serialised + 1
        grew = len(room.game_state["logs"]) != length
        if grew:
            length, grown = len(room.game_state["logs"]), grown + 1
        if grew or changes % 50 == 0:
            assert store.peek(room.id).model_dump() == room.model_dump()
    assert room.status == "finished" and length >= 8  # a whole hanchan: 8 hands or more
    assert store.peek(room.id).model_dump() == room.model_dump()
    assert serialised == grown < changes / 100  # again only when a hand was added: ~12 times in ~2,000 changes


def test_a_refused_change_leaves_the_last_save_past_hands_included():
    store = MemoryRoomStore()
    for room in ai_game("mahjong", seed=3):
        if len(room.game_state["logs"]) == 2:
            break
    store.put(room)
    saved = room.model_dump()

    async def refused() -> None:
        live = await store.load_for_change(room.id)
        live.game_state["logs"].append('{"record":{"kind":"exhaustive"}}')
        live.game_state["logs"][0] = "{}"
        live.game_state["points"][0] += 8000
        store.abandon(room.id)

    asyncio.run(refused())
    assert store.peek(room.id).model_dump() == saved
    assert len(store.peek(room.id).game_state["logs"]) == 2


def test_a_new_game_in_the_same_room_stores_no_past_hands_of_the_last():
    store = MemoryRoomStore()
    *_, room = ai_game("mahjong", seed=3)
    store.put(room)
    play.begin_game(room, room.game_players, 11, 10**9)
    store.put(room)
    assert store.peek(room.id).game_state["logs"] == []
    assert store.peek(room.id).model_dump() == room.model_dump()


def test_a_game_without_append_only_lists_is_stored_whole():
    store = MemoryRoomStore()
    for room in ai_game("rummikub", seed=3):
        store.put(room)
    assert room.id not in store._apart
    assert store.peek(room.id).model_dump() == room.model_dump()
