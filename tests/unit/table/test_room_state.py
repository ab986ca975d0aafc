"""The browser-facing RoomState holds only its viewer's view: its public vars (everything Reflex
sends to that browser) never carry another rack's tiles or the pool."""

from __future__ import annotations

from reflex_base.utils.format import json_dumps

from tests.helpers.people import GUEST, HOST
from tests.helpers.rooms import replace_game, started
from tests.helpers.states import browser_state
from tests.unit.table.test_rummikub_frames import TILE_ID
from tilerooms.games.rummikub.engine import make_state
from tilerooms.i18n import server_text
from tilerooms.rooms.service import RoomService, now_ms
from tilerooms.table.rummikub.state import RummikubTable


async def test_public_vars_carry_no_hidden_tile(service):
    room_id = await started(service)
    room = await service.store.load(room_id)
    for viewer, other in ((HOST.id, GUEST.id), (GUEST.id, HOST.id)):
        root, state = browser_state(RummikubTable, viewer)
        state._apply_view(await service.view(room_id, viewer), force=True)
        sent = json_dumps(root.dict())  # what Reflex would serialise for this browser
        hidden = set(room.game_state["racks"][other]) | set(room.game_state["pool"])
        shown = set(TILE_ID.findall(sent))  # quoted or inside a set's string
        assert not hidden & shown
        own = room.game_state["racks"][viewer]
        assert set(own) <= shown  # the viewer's own rack is there


async def test_board_rows_follow_the_view(service):
    room_id = await started(service)
    await replace_game(
        service,
        room_id,
        make_state(
            table=[["K10a", "K11a", "K12a"]],
            racks={HOST.id: ["R1a", "R2a", "R3a", "JK1"], GUEST.id: ["B13a", "O7a"]},
            has_melded={HOST.id: False, GUEST.id: True},
            options={"startedAt": now_ms()},  # the turn starts now: an epoch-0 turn would be long late
        ),
    )
    await service.act(room_id, HOST.id, {"type": "setDraft", "sets": [{"tileIds": ["K10a", "K11a", "K12a"]}, {"tileIds": ["R1a", "R2a", "R3a"]}]})
    root, state = browser_state(RummikubTable, HOST.id)
    state._apply_view(await service.view(room_id, HOST.id), force=True)
    assert state.my_turn and state.status == "playing"
    assert [c.tile.id for c in state.rack if not c.empty] == ["JK1"]  # drafted tiles left the rack
    assert len(state.rack) == 20 and state.rack[3].empty  # their cells stay free (client-local order)
    assert [[t.label for t in s.tiles] for s in state.sets] == [["10", "11", "12"], ["1", "2", "3"]]
    assert state.meld_text == "첫 등록: 6 / 30점 (24점 더)"
    assert state.meld_text_en == "Initial meld: 6 / 30 points (24 more)"
    assert server_text(state.problem, state.problem_args) == "첫 등록은 30점 이상이어야 해요 (지금 6점, 24점 더 필요해요)"
    assert server_text(state.problem, state.problem_args, "en") == "Your initial meld needs 30 points or more (now 6: 24 more needed)"
    assert [p.name for p in state.players] == ["영희", "철수"]
    # the guest sees the host's live draft, but not the joker still on the host's rack
    root, other = browser_state(RummikubTable, GUEST.id)
    other._apply_view(await service.view(room_id, GUEST.id), force=True)
    assert other.live_draft and not other.my_turn
    assert "JK1" not in json_dumps(root.dict())


async def test_a_late_push_never_replaces_a_newer_view(service):
    room_id = await started(service)
    old = await service.view(room_id, HOST.id)
    await service.say(room_id, HOST.id, "안녕")
    new = await service.view(room_id, HOST.id)
    _, state = browser_state(RummikubTable)
    state._apply_view(new)
    state._apply_view(old)
    assert [c.text for c in state.chat] == ["안녕"]


async def test_a_push_that_changes_nothing_this_viewer_sees_sends_no_frame(service):
    # issue 17 point 10: another seat's hidden answer in a claim window moves only the room's
    # version and the engine's seq; the viewer's browser must not hear of it at all
    import copy

    room_id = await service.create_practice(HOST, game="mahjong", ai_count=3, level="easy")
    view = await service.view(room_id, HOST.id)
    root, state = browser_state(RummikubTable, HOST.id)
    state._apply_view(view, force=True)
    assert await root._get_resolved_delta()  # the first view is sent
    root._clean()
    hidden_move = copy.deepcopy(view)
    hidden_move["version"] += 1
    hidden_move["game_state"]["seq"] += 1
    state._apply_view(hidden_move)
    delta = await root._get_resolved_delta()
    assert not any(values for name, values in delta.items() if "room_state" in name), delta
    # a visible change is still sent
    root._clean()
    seen = copy.deepcopy(hidden_move)
    seen["version"] += 1
    seen["chat"] = [{"no": 1, "name": "AI", "text": "안녕"}]
    state._apply_view(seen)
    assert any("chat" in str(values) for values in (await root._get_resolved_delta()).values())


async def test_an_action_reads_the_room_once_and_its_push_sends_the_actor_nothing_more(monkeypatch):
    # issue 18: 6 — one path: the handler shows the view the service built from the room it
    # changed; the push of that same version that follows finds nothing new for this browser
    from tilerooms import wiring
    from tilerooms.table.rummikub.state import RummikubTable

    service = RoomService(seed_source=lambda: 7)
    monkeypatch.setattr(wiring, "_rooms", wiring.on(service))  # this worker's rooms: live viewers on this service
    room_id = await started(service)
    first = (await service.view(room_id, HOST.id))["game_state"]["current"]
    root, table = browser_state(RummikubTable, first, room_id)
    table._apply_view(await service.view(room_id, first), force=True)
    assert table.my_turn
    root._clean()
    loads = 0

    def counting(read):
        async def counted(rid):
            nonlocal loads
            loads += 1
            return await read(rid)

        return counted

    monkeypatch.setattr(service.store, "load", counting(service.store.load))
    monkeypatch.setattr(service.store, "load_for_change", counting(service.store.load_for_change))
    await table.game_action("draw")
    assert loads == 1  # the change's own load: no second read of the room for the actor's view
    assert not table.my_turn and table.error == ""
    assert sum(1 for c in table.rack if not c.empty) == 15 and table.last_move == "나: 1장 가져옴"
    delta = await root._get_resolved_delta()
    assert not [k for values in delta.values() for k in values if k.startswith("error")], delta  # no empty error re-sent
    root._clean()
    table._apply_view(await service.view(room_id, first))  # the push of the same version
    assert not await root._get_resolved_delta()
    # a refused action only says why: nothing else changes, and the room is read once
    loads = 0
    await table.game_action("commit")
    assert loads == 1 and table.error == "not_your_turn" and server_text(table.error, table.error_args) == "차례가 아니에요"
    delta = await root._get_resolved_delta()
    assert sorted(k for values in delta.values() for k in values) == ["error_rx_state_"], delta  # the id alone: its parameters ({}) did not change
