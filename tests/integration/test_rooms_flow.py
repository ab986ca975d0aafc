"""A room's whole life through the RoomService, as simulated clients see it, in memory and on Redis:
create → join → AI fill → ready → start → play → time-out → leave → results → back to waiting.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.helpers.people import GUEST, HOST, WATCHER
from tests.helpers.rooms import started
from tests.integration.positions import seat_game_state
from tilerooms.core import RuleError
from tilerooms.games.rummikub.engine import make_state


async def test_lobby_lists_open_rooms_without_secrets(service):
    room_id = await service.create_room(HOST, game="rummikub", name="비밀 방", password="1234")
    lobby = await service.lobby()
    entry = next(e for e in lobby if e["id"] == room_id)
    assert entry["game_name"] == "숫자 타일"
    assert (entry["seats_taken"], entry["seats_total"], entry["status"]) == (1, 4, "waiting")
    assert entry["has_password"] is True
    assert "1234" not in json.dumps(lobby) and "password_hash" not in json.dumps(lobby)


async def test_password_and_full_room_are_refused_clearly(service):
    room_id = await service.create_room(HOST, game="rummikub", password="1234", seats=2)
    with pytest.raises(RuleError) as err:
        await service.join(room_id, GUEST, password="0000")
    assert err.value.message == "비밀번호가 맞지 않아요"
    await service.join(room_id, GUEST, password="1234")
    with pytest.raises(RuleError) as err:
        await service.join(room_id, WATCHER, password="1234")
    assert err.value.code == "room_full"


async def test_waiting_room_host_powers_and_ai_seats(service):
    room_id = await service.create_room(HOST, game="rummikub")
    await service.join(room_id, GUEST)
    with pytest.raises(RuleError) as err:
        await service.waiting_room(room_id, GUEST.id, "add_ai", seat=2, level="easy")
    assert err.value.message == "방장만 할 수 있어요"
    await service.waiting_room(room_id, HOST.id, "add_ai", seat=2, level="easy")
    await service.waiting_room(room_id, HOST.id, "set_ai_level", seat=2, level="hard")
    view = await service.view(room_id, HOST.id)
    assert view["seats"][2]["occupant"]["level"] == "hard"
    assert view["seats"][2]["occupant"]["name"] == "AI 3 (어려움)"
    await service.waiting_room(room_id, HOST.id, "remove_ai", seat=2)
    with pytest.raises(RuleError) as err:  # start needs every player ready
        await service.waiting_room(room_id, HOST.id, "start")
    assert err.value.code == "not_ready" and "철수" in err.value.message
    await service.waiting_room(room_id, HOST.id, "pass_host", target=GUEST.id)
    assert (await service.view(room_id, GUEST.id))["host_id"] == GUEST.id
    await service.waiting_room(room_id, GUEST.id, "kick", target=HOST.id)
    view = await service.view(room_id, GUEST.id)
    assert [s["occupant"] for s in view["seats"]][0] is None


async def test_host_leaving_passes_host_to_the_next_player(service):
    room_id = await service.create_room(HOST, game="rummikub")
    await service.join(room_id, GUEST)
    await service.leave(room_id, HOST.id)
    assert (await service.view(room_id, GUEST.id))["host_id"] == GUEST.id


async def test_bad_settings_are_rejected_and_change_nothing(service):
    room_id = await service.create_room(HOST, game="rummikub")
    before = await service.view(room_id, HOST.id)
    for settings in ({"options": {"turnSeconds": 61}}, {"options": {"noSuchOption": 1}}, "not a dict"):
        with pytest.raises(RuleError):
            await service.waiting_room(room_id, HOST.id, "settings", settings=settings)
    after = await service.view(room_id, HOST.id)
    assert after["options"] == before["options"] and after["version"] == before["version"]
    await service.waiting_room(room_id, HOST.id, "settings", settings={"options": {"turnSeconds": 120}})
    assert (await service.view(room_id, HOST.id))["options"]["turnSeconds"] == 120


async def test_each_viewer_sees_only_their_own_rack(service):
    room_id = await started(service, name="테스트 방")
    await service.join(room_id, WATCHER, spectate=True)
    host_view = await service.view(room_id, HOST.id)
    guest_view = await service.view(room_id, GUEST.id)
    watcher_view = await service.view(room_id, WATCHER.id)
    host_rack = host_view["game_state"]["rack"]
    guest_rack = guest_view["game_state"]["rack"]
    assert len(host_rack) == 14 and len(guest_rack) == 14
    assert watcher_view["game_state"]["rack"] is None
    room = await service.store.load(room_id)
    pool = room.game_state["pool"]
    for viewer, hidden in ((GUEST.id, host_rack + pool), (HOST.id, guest_rack + pool), (WATCHER.id, host_rack + guest_rack + pool)):
        text = json.dumps(await service.view(room_id, viewer))
        leaked = [t for t in hidden if f'"{t}"' in text]
        assert leaked == [], (viewer, leaked)
    assert "rng" not in json.dumps(watcher_view["game_state"])


async def test_play_timeout_and_leave_to_results(service, clock):
    room_id = await started(service, name="테스트 방")
    view = await service.view(room_id, HOST.id)
    first = view["game_state"]["current"]
    second = GUEST.id if first == HOST.id else HOST.id
    # a draw ends the turn and shows the drawn tile to the drawer only
    seen = await service.act(room_id, first, {"type": "draw", "seq": view["game_state"]["seq"]})
    assert any(e["type"] == "drew" and len(e["tile_ids"]) == 1 for e in seen["events"])
    mine = await service.view(room_id, first)
    assert len(mine["game_state"]["rack"]) == 15 and mine["game_state"]["current"] == second
    # a duplicate of that packet is refused and changes nothing
    with pytest.raises(RuleError) as err:
        await service.act(room_id, first, {"type": "draw", "seq": view["game_state"]["seq"]})
    assert err.value.message == "차례가 아니에요"
    # the second player sleeps through the 60 s turn clock: the server times them out
    clock.advance(61)
    await service.tick()
    after = await service.view(room_id, second)
    assert len(after["game_state"]["rack"]) == 15  # service default: revert and draw 1
    assert after["game_state"]["current"] == first
    # the second player leaves: one participant remains, the game ends without winner
    await service.leave(room_id, second)
    end = await service.view(room_id, first)
    assert end["status"] == "finished"
    assert end["result"]["endReason"] == "aborted"
    await service.waiting_room(room_id, first, "back_to_waiting")
    assert (await service.view(room_id, first))["status"] == "waiting"


async def test_a_real_win_shows_ranking_and_scores(service):
    room_id = await started(service, name="테스트 방")
    players = [HOST.id, GUEST.id]
    state = make_state(
        table=[["K10a", "K11a", "K12a"]],
        racks={HOST.id: ["R1a", "R2a", "R3a"], GUEST.id: ["B13a", "O7a"]},
        has_melded=True,
    )
    await seat_game_state(service, room_id, state)
    sets = [{"tileIds": ["K10a", "K11a", "K12a"]}, {"tileIds": ["R1a", "R2a", "R3a"]}]
    await service.act(room_id, players[0], {"type": "setDraft", "sets": sets})
    await service.act(room_id, players[0], {"type": "commit"})
    end = await service.view(room_id, GUEST.id)
    assert end["status"] == "finished"
    result = end["result"]
    assert result["winner"] == [HOST.id]
    scores = {r["player"]: r["score"] for r in result["ranking"]}
    assert scores == {HOST.id: 20, GUEST.id: -20}  # B13 + O7 = 20 (spec §6)
    assert result["names"][HOST.id] == "영희"


async def test_ai_fill_and_ai_turns_run_from_the_server_clock(service, clock):
    room_id = await service.create_room(HOST, game="rummikub")
    await service.waiting_room(room_id, HOST.id, "add_ai", seat=1, level="easy")
    await service.waiting_room(room_id, HOST.id, "start")
    for _ in range(6):  # whoever starts, the AI moves whenever it is its turn
        view = await service.view(room_id, HOST.id)
        game = view["game_state"]
        if game["current"] == HOST.id:
            await service.act(room_id, HOST.id, {"type": "draw", "seq": game["seq"]})
        else:
            turn = game["turn_no"]
            await service.tick()
            assert (await service.view(room_id, HOST.id))["game_state"]["turn_no"] == turn + 1
    room = await service.store.load(room_id)
    assert (
        sum(len(r) for r in room.game_state["racks"].values()) + len(room.game_state["pool"]) + sum(len(s["tile_ids"]) for s in room.game_state["table"]) == 106
    )


async def test_solo_practice_pause_resume_and_quit(service, clock):
    room_id = await service.create_practice(HOST, ai_count=2)
    view = await service.view(room_id, HOST.id)
    assert view["status"] == "playing" and len(view["game_state"]["players"]) == 3
    assert room_id not in [e["id"] for e in await service.lobby()]
    deadline = view["game_state"]["deadline"]
    await service.waiting_room(room_id, HOST.id, "pause")
    clock.advance(600)  # ten minutes away: nothing times out while paused
    await service.tick()
    await service.waiting_room(room_id, HOST.id, "resume")
    resumed = await service.view(room_id, HOST.id)
    assert resumed["game_state"]["deadline"] == deadline + 600_000
    await service.waiting_room(room_id, HOST.id, "quit_practice")
    assert (await service.view(room_id, HOST.id))["status"] == "waiting"


async def test_reconnect_within_grace_keeps_the_seat_and_the_draft(service, clock):
    room_id = await started(service, name="테스트 방")
    view = await service.view(room_id, HOST.id)
    current = view["game_state"]["current"]
    rack = view["game_state"]["rack"] if current == HOST.id else (await service.view(room_id, GUEST.id))["game_state"]["rack"]
    table = [{"tileIds": [rack[0]]}]
    await service.act(room_id, current, {"type": "setDraft", "sets": table})
    await service.disconnected(room_id, current)
    clock.advance(30)
    await service.tick()
    assert (await service.connected(room_id, current))["you"]["role"] == "player"  # the seat is theirs again
    back = await service.view(room_id, current)
    assert back["you"]["role"] == "player"
    assert [s["tile_ids"] for s in back["game_state"]["draft"]["sets"]] == [[rack[0]]]


async def test_after_the_grace_the_seat_is_treated_as_left(service, clock):
    room_id = await started(service, name="테스트 방")
    await service.disconnected(room_id, GUEST.id)
    clock.advance(61)
    await service.tick()
    view = await service.view(room_id, HOST.id)
    assert view["status"] == "finished" and view["result"]["endReason"] == "aborted"
    assert all(s["occupant"] is None or s["occupant"]["id"] != GUEST.id for s in view["seats"])


async def test_chat_is_plain_text_bounded_and_rate_limited(service, clock):
    room_id = await service.create_room(HOST, game="rummikub")
    await service.join(room_id, WATCHER, spectate=True)
    await service.say(room_id, WATCHER.id, "<script>alert(1)</script>\u0000 안녕")
    line = (await service.view(room_id, HOST.id))["chat"][-1]
    assert line["text"] == "<script>alert(1)</script> 안녕" and line["name"] == "민수"
    with pytest.raises(RuleError) as err:
        await service.say(room_id, HOST.id, "가" * 201)
    assert err.value.code == "long_chat"
    for i in range(4):  # 5 lines per 10 s, the refused long one included
        await service.say(room_id, HOST.id, f"메시지 {i}")
    with pytest.raises(RuleError) as err:
        await service.say(room_id, HOST.id, "한 번 더")
    assert err.value.code == "rate_limited"
    clock.advance(10)
    await service.say(room_id, HOST.id, "이제 괜찮아요")


async def test_set_draft_flood_is_limited_and_changes_nothing(service):
    room_id = await started(service, name="테스트 방")
    view = await service.view(room_id, HOST.id)
    current = view["game_state"]["current"]
    for _ in range(10):
        await service.act(room_id, current, {"type": "setDraft", "sets": []})
    before = (await service.store.load(room_id)).game_state
    with pytest.raises(RuleError) as err:
        await service.act(room_id, current, {"type": "setDraft", "sets": []})
    assert err.value.code == "rate_limited"
    assert (await service.store.load(room_id)).game_state == before


async def test_malformed_and_internal_actions_are_rejected(service):
    room_id = await started(service, name="테스트 방")
    before = (await service.store.load(room_id)).model_dump()
    current = before["game_state"]["current"]
    for action in (None, "draw", {"type": 3}, {"type": "timeout"}, {"type": "leave"}, {"type": "setDraft", "sets": "x"}):
        with pytest.raises(RuleError):
            await service.act(room_id, current, action)
    with pytest.raises(RuleError) as err:
        await service.act(room_id, WATCHER.id, {"type": "draw"})
    assert err.value.code == "not_in_game"
    after = (await service.store.load(room_id)).model_dump()
    assert after == before


async def test_a_two_game_match_goes_on_to_the_next_game(service):
    room_id = await started(service, options={"gamesPerMatch": 2})
    state = make_state(
        table=[["K10a", "K11a", "K12a"]],
        racks={HOST.id: ["R1a", "R2a", "R3a"], GUEST.id: ["B13a", "O7a"]},
        has_melded=True,
        options={"gamesPerMatch": 2},
    )
    await seat_game_state(service, room_id, state)
    with pytest.raises(RuleError):  # clients never send the engine's nextGame themselves
        await service.act(room_id, HOST.id, {"type": "nextGame"})
    sets = [{"tileIds": ["K10a", "K11a", "K12a"]}, {"tileIds": ["R1a", "R2a", "R3a"]}]
    await service.act(room_id, HOST.id, {"type": "setDraft", "sets": sets})
    await service.act(room_id, HOST.id, {"type": "commit"})
    first = await service.view(room_id, GUEST.id)
    assert first["status"] == "finished" and first["result"]["match"]["finished"] is False
    await service.waiting_room(room_id, GUEST.id, "next_game")
    second = await service.view(room_id, GUEST.id)
    assert second["status"] == "playing"
    assert second["game_state"]["match"]["game_no"] == 2
    assert second["game_state"]["match"]["totals"] == {HOST.id: 20, GUEST.id: -20}
    assert len(second["game_state"]["rack"]) == 14


async def test_an_unknown_game_is_refused_clearly_and_mahjong_rooms_open(service):
    assert await service.create_room(HOST, game="mahjong")  # its table landed (issue 7)
    with pytest.raises(RuleError) as err:
        await service.create_room(HOST, game="chess")
    assert err.value.code == "bad_game"


async def test_game_end_listeners_hear_each_finished_or_aborted_game_once(service, clock):
    from tilerooms.rooms.play import game_id

    heard: list[tuple[str, str, object]] = []

    async def listener(room):
        heard.append((game_id(room), room.status, (room.result or {}).get("endReason")))

    service.on_game_end(listener)
    room_id = await started(service, name="테스트 방")
    await service.act(room_id, (await service.view(room_id, HOST.id))["game_state"]["current"], {"type": "draw"})
    assert heard == []
    await service.leave(room_id, GUEST.id)  # one participant left: aborted
    assert heard == [(f"{room_id}-1", "finished", "aborted")]
    await service.waiting_room(room_id, HOST.id, "back_to_waiting")
    assert len(heard) == 1


async def test_a_mahjong_room_of_ai_seats_plays_on_from_the_server_clock(service, clock):
    room_id = await service.create_practice(HOST, game="mahjong", ai_count=3, level="normal")
    view = await service.view(room_id, HOST.id)
    assert view["status"] == "playing"
    seq = (await service.store.load(room_id)).game_state["seq"]
    for _ in range(60):  # the human never acts: their turns time out; the AIs play theirs
        clock.advance(2)
        await service.tick()
        await asyncio.sleep(0)
    state = (await service.store.load(room_id)).game_state
    assert state["seq"] > seq + 10  # AIs discarded and answered windows, the human timed out
    assert sum(len(d) for d in state["hand"]["discards"]) >= 6


async def test_a_mahjong_room_with_its_own_options_starts_sanma_with_three_seated(service):
    room_id = await service.create_room(HOST, game="mahjong", options={"length": "tonpuu", "turnSeconds": 10, "akaDora": 3})
    with pytest.raises(RuleError):  # the engine's own range: 5–60 s
        await service.waiting_room(room_id, HOST.id, "settings", settings={"options": {"turnSeconds": 120}})
    for seat in (1, 2):
        await service.waiting_room(room_id, HOST.id, "add_ai", seat=seat, level="easy")
    await service.waiting_room(room_id, HOST.id, "start")
    state = (await service.store.load(room_id)).game_state
    assert len(state["players"]) == 3
    assert state["options"]["length"] == "tonpuu" and state["options"]["turnSeconds"] == 10


async def test_the_lobby_list_follows_every_change_including_a_closed_room(service):
    room_id = await service.create_room(HOST, game="rummikub", name="첫 방")
    assert [e["seats_taken"] for e in await service.lobby() if e["id"] == room_id] == [1]
    await service.join(room_id, GUEST)
    assert [e["seats_taken"] for e in await service.lobby() if e["id"] == room_id] == [2]
    await service.leave(room_id, GUEST.id)
    await service.leave(room_id, HOST.id)  # nobody left: the room closes
    assert room_id not in [e["id"] for e in await service.lobby()]
