"""The lobby and account pages drop what they showed when entered again (issue 33: 9): an error or
notice line of an earlier visit never shows on the next one."""

from __future__ import annotations

import reflex as rx

from tests.helpers.states import browser_root, open_path, substate
from tilerooms import wiring
from tilerooms.pages.account.state import AccountState
from tilerooms.pages.lobby.state import LobbyState
from tilerooms.rooms.service import RoomService


def _go(root: rx.State, path: str) -> None:
    open_path(root, path, "pages-tab-1")


async def test_the_lobby_drops_an_old_error_and_keeps_its_follow_mark(monkeypatch):
    monkeypatch.setattr(wiring, "_rooms", wiring.on(RoomService(seed_source=lambda: 7)))  # this worker's rooms: live viewers on this service
    root = browser_root()
    lobby = substate(root, LobbyState)
    _go(root, "/lobby")
    lobby.error = "AI는 1~3명까지 넣을 수 있어요"  # a refused practice of an earlier visit
    lobby._following = True  # its follow loop runs
    root._clean()
    await lobby.refresh()  # the lobby entered again
    assert lobby.error == "" and lobby._following is True
    assert "error_rx_state_" in root.get_delta()[lobby.get_full_name()]  # the browser's line goes too


async def test_an_account_page_drops_the_notice_of_an_earlier_visit():
    root = browser_root()
    account = substate(root, AccountState)
    _go(root, "/signin")
    account.notice = "acct.notice.renamed"
    await account.load_signin()
    assert account.notice == ""
