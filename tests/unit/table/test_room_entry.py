"""Entering a room (issue 33: 4 and 9): the page first drops what it showed before — the menu, an
error line, the last room's name, options and tables — keeping only the viewer's own settings;
then it reads the room once and shows the view that answers. What goes to the browser is what
changed: a reload that finds the room as it was sends none of the room's vars again."""

from __future__ import annotations

import reflex as rx

from tests.helpers.states import browser_root, open_path, substate
from tilerooms import wiring
from tilerooms.i18n import server_text
from tilerooms.rooms.identity import guest
from tilerooms.rooms.service import RoomService
from tilerooms.shell.identity import IdentityState
from tilerooms.table.mahjong.state import MahjongTable
from tilerooms.table.rummikub.state import RummikubTable
from tilerooms.table.state import RoomState

GONE = "없는 방이거나 이미 닫힌 방이에요"


def _go(root: rx.State, path: str) -> None:
    open_path(root, path, "entry-tab-1")


def _browser(monkeypatch) -> tuple[RoomService, rx.State, RoomState]:
    service = RoomService(seed_source=lambda: 7)
    monkeypatch.setattr(wiring, "_rooms", wiring.on(service))  # this worker's rooms: live viewers on this service
    root = browser_root()
    _go(root, "/lobby")
    return service, root, substate(root, RoomState)


async def _practice(service: RoomService, root: rx.State, game: str) -> str:
    who = substate(root, IdentityState)._current_user()
    return await service.create_practice(who, game=game, ai_count=1 if game == "rummikub" else 3)


async def test_entering_a_room_reads_it_once_and_shows_the_answer(monkeypatch):
    service, root, room = _browser(monkeypatch)
    room_id = await _practice(service, root, "rummikub")
    reads: list[str] = []
    store = service.store
    for name in ("load", "load_for_change"):
        original = getattr(store, name)

        async def counted(room_id, _original=original, _name=name):
            reads.append(_name)
            return await _original(room_id)

        monkeypatch.setattr(store, name, counted)

    async def no_view(*args, **kwargs):
        raise AssertionError("entering builds its view from the room it read, never a second view")

    monkeypatch.setattr(service, "view", no_view)
    _go(root, f"/room/{room_id}")
    await room.enter()
    assert room.status == "playing" and room.role == "player" and room.game == "rummikub"
    # the one read (`connected`: my seat is mine again; nothing to change), then the live registry
    # records this tab's socket (its own read, and the change that records it). Before: a view,
    # `connected`, the registry's two, and a second view: five reads
    assert reads == ["load", "load", "load_for_change"]

    reads.clear()
    _go(root, f"/room/{room_id}")
    await room.enter()  # a reload: seat and socket are known, nothing changes
    assert reads == ["load", "load"]


async def test_a_reload_that_finds_the_room_as_it_was_sends_nothing_of_it_again(monkeypatch):
    service, root, room = _browser(monkeypatch)
    room_id = await _practice(service, root, "mahjong")
    _go(root, f"/room/{room_id}")
    await room.enter()
    table = substate(root, MahjongTable)
    assert table.mj_own.hand  # the table shows my hand
    _go(root, f"/room/{room_id}")
    await room.enter()  # a reload shows the socket the first entry recorded (a push would have)
    root._clean()
    _go(root, f"/room/{room_id}")
    await room.enter()
    delta = root.get_delta()
    assert not delta.get(room.get_full_name())
    assert set(delta.get(table.get_full_name(), {})) <= {"mj_turn_rx_state_"}  # the turn's clock moved on, nothing else
    assert table.mj_own.hand  # and still shows it (its caches were reset with what it shows)


async def test_what_a_room_page_showed_never_shows_on_the_next_one(monkeypatch):
    service, root, room = _browser(monkeypatch)
    rk_room = await _practice(service, root, "rummikub")
    _go(root, f"/room/{rk_room}")
    await room.enter()
    rummikub, mahjong = substate(root, RummikubTable), substate(root, MahjongTable)
    room.set_menu_open(True)
    room.toggle_reduced_motion()  # the viewer's own settings stay from room to room
    mahjong.mj_large = False
    assert rummikub.rack_cells

    # (a) 메뉴 -> 나가기: the next practice game opens with its menu shut
    await room.leave()
    assert room.menu_open is False and room.status == "loading" and not rummikub.rack_cells
    _go(root, "/lobby")
    mj_room = await _practice(service, root, "mahjong")
    _go(root, f"/room/{mj_room}")
    await room.enter()
    assert room.status == "playing" and room.game == "mahjong" and room.menu_open is False
    assert room.reduced_motion is True and mahjong.mj_large is False
    room.set_menu_open(True)
    _go(root, f"/room/{mj_room}")
    await room.enter()  # a reload of the same game: its menu shut too
    assert room.menu_open is False

    # (c) a missing room shows nothing of the room before
    _go(root, "/room/r0123456789abcdef")
    await room.enter()
    assert (room.status, server_text(room.error, room.error_args)) == ("closed", GONE)
    assert (room.room_name, room.game_name, room.options_text, room.options_text_en, room.game) == ("", "", "", "", "")
    assert room.seats == [] and room.chat == [] and not mahjong.mj_own.hand

    # (b) its error does not follow to the next live board
    _go(root, "/lobby")
    rk_room = await _practice(service, root, "rummikub")  # the first one closed when I left it
    _go(root, f"/room/{rk_room}")
    await room.enter()
    assert room.status == "playing" and room.error == "" and rummikub.rack_cells
    assert room.reduced_motion is True


async def test_a_password_room_asks_then_lets_in_through_the_one_path(monkeypatch):
    service, root, room = _browser(monkeypatch)
    host = guest("passwordhost1", "방장")
    room_id = await service.create_room(host, game="rummikub", name="비밀 방", password="1234")
    _go(root, f"/room/{room_id}")
    await room.enter()
    assert room.needs_password is True and room.role == "outsider" and room.room_name == "비밀 방"
    await room.submit_password({"password": "0000"})
    assert room.needs_password is True and room.error != "" and room.role == "outsider"  # refused: nothing changed
    await room.submit_password({"password": "1234"})
    assert (room.needs_password, room.error, room.role) == (False, "", "player")
    assert sum(1 for s in room.seats if not s.empty) == 2
