"""A browser that goes from the lobby to a room stops holding the lobby's list (issue 20: 4): the
list names every open room, so with 100 rooms open each browser in a room held ~35 KB of it. The
lobby owns that (issue 33: 9): its follow loop sees the browser show another page, ends, and drops
the list; the room page knows nothing of the lobby."""

from __future__ import annotations

from tests.helpers.states import browser_root, substate
from tilerooms import wiring
from tilerooms.pages.lobby.state import LobbyState
from tilerooms.rooms.identity import guest
from tilerooms.rooms.service import RoomService
from tilerooms.table.state import RoomState

HOSTS = [guest(f"lobbyhost{n:04d}", f"방장{n}") for n in range(5)]


async def test_leaving_the_lobby_for_a_room_drops_the_lobby_list_and_the_lobby_loads_it_again(monkeypatch):
    service = RoomService(seed_source=lambda: 7)
    monkeypatch.setattr(wiring, "_rooms", wiring.on(service))
    room_ids = [await service.create_room(host, game="rummikub", name=f"방 {n}") for n, host in enumerate(HOSTS)]
    root = browser_root()
    lobby, room = substate(root, LobbyState), substate(root, RoomState)

    root._update_router_vars({"pathname": "/lobby", "asPath": "/lobby", "token": "lobby-tab-1", "headers": {}}, {})
    await lobby.refresh()  # the lobby page's on_load
    assert sorted(r["id"] for r in lobby.rooms) == sorted(room_ids)
    lobby._following = True  # its follow loop runs
    assert lobby._take(await service.lobby()) is True  # and keeps the list while the lobby shows

    path = f"/room/{room_ids[2]}"
    root._update_router_vars({"pathname": path, "asPath": path, "query": {"room_id": room_ids[2]}, "token": "lobby-tab-1", "headers": {}}, root.router_data)
    root._clean()
    await room.enter()  # the 참가 button's page load
    assert room.status == "waiting" and room.role == "player"

    # the loop's next turn sees the room's page: it ends, and drops the list
    assert lobby._take(await service.lobby()) is False
    lobby._stop()
    assert lobby.rooms == [] and lobby._following is False
    assert "rooms_rx_state_" in root.get_delta()[lobby.get_full_name()]  # the browser drops its copy too

    root._update_router_vars({"pathname": "/lobby", "asPath": "/lobby", "token": "lobby-tab-1", "headers": {}}, root.router_data)
    await lobby.refresh()  # back in the lobby: the list is there again
    assert len(lobby.rooms) == len(room_ids)
