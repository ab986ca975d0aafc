"""Page state ends with its page (issue 33: 9): what a page showed — the in-game menu, an error
line, a room's name and options — never shows on the next page this browser opens. Rooms are
reached the way a user does, from the lobby's buttons; a dead room's link is typed.

Each case at a laptop's 1366×768 and a phone's 390×844."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.navigation import ROOM_URL, create_room, practice_mahjong

VIEWPORTS = [pytest.param({"width": 1366, "height": 768}, id="desktop"), pytest.param({"width": 390, "height": 844}, id="phone")]
DEAD_ROOM = "r0123456789abcdef"  # the form of a room id, and no such room
GONE = "없는 방이거나 이미 닫힌 방이에요"


def _lobby(page, base_url: str) -> None:
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#nickname")).not_to_have_value("", timeout=30_000)  # hydrated


def _practice_rummikub(page) -> None:
    """The lobby's "혼자 AI와 연습" button, then the running game's board."""
    page.locator("#practice").click()
    page.wait_for_url(ROOM_URL, timeout=30_000)
    expect(page.locator("#room-status")).to_have_attribute("data-status", "playing", timeout=20_000)
    expect(page.locator("#rack")).to_be_visible(timeout=20_000)


def _leave_by_the_menu(page) -> None:
    """메뉴 -> 나가기, back in the lobby."""
    page.locator("#game-menu").click()
    expect(page.get_by_role("dialog")).to_be_visible(timeout=10_000)
    page.locator("#leave-room").click()
    page.wait_for_url(re.compile(r"/lobby$"), timeout=30_000)
    expect(page.locator("#nickname")).not_to_have_value("", timeout=30_000)


def _no_menu_over_the_game(page) -> None:
    # the board shows with nothing over it; the page settles first (its loads' answers came)
    page.wait_for_timeout(1_500)
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.locator("#menu-close")).to_have_count(0)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_menu_left_open_by_leaving_is_shut_in_the_next_game(players, base_url, viewport):
    """(a) 메뉴 -> 나가기, then the next practice game of either game (also after a full reload
    of the tab) opens with no menu over it."""
    (page,) = players("메뉴닫기", viewport=viewport)
    _lobby(page, base_url)
    _practice_rummikub(page)
    _leave_by_the_menu(page)

    practice_mahjong(page)
    _no_menu_over_the_game(page)
    _leave_by_the_menu(page)

    page.reload()  # a full reload of the same tab: its browser state stays on the server
    expect(page.locator("#nickname")).not_to_have_value("", timeout=30_000)
    _practice_rummikub(page)
    _no_menu_over_the_game(page)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_dead_rooms_error_does_not_follow_to_the_next_board(players, base_url, viewport):
    """(b) The error of a dead room link is gone on the next live board."""
    (page,) = players("죽은링크", viewport=viewport)
    _lobby(page, base_url)
    page.goto(f"{base_url}/room/{DEAD_ROOM}")  # a dead link, typed
    expect(page.locator("#room-closed")).to_be_visible(timeout=30_000)
    expect(page.locator("#room-error")).to_contain_text(GONE)

    _lobby(page, base_url)
    _practice_rummikub(page)
    page.wait_for_timeout(1_500)
    expect(page.locator("#room-error")).to_have_count(0)
    expect(page.get_by_text(GONE)).to_have_count(0)

    _leave_by_the_menu(page)
    page.goto(f"{base_url}/room/{DEAD_ROOM}")
    expect(page.locator("#room-closed")).to_be_visible(timeout=30_000)
    _lobby(page, base_url)
    practice_mahjong(page)
    page.wait_for_timeout(1_500)
    expect(page.locator("#room-error")).to_have_count(0)
    expect(page.get_by_text(GONE)).to_have_count(0)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_missing_room_shows_nothing_of_the_room_before(players, base_url, viewport):
    """(c) A missing room shows no name, game or options of the room this browser showed before."""
    (page,) = players("이전방", viewport=viewport)
    create_room(page, base_url, name="지난번 방")
    expect(page.locator("#room-name")).to_have_text("지난번 방", timeout=20_000)
    room = page.locator(".tr-room")
    expect(room).to_contain_text("턴 60초")

    page.goto(f"{base_url}/room/{DEAD_ROOM}")  # a dead link, typed
    expect(page.locator("#room-closed")).to_be_visible(timeout=30_000)
    expect(page.locator("#room-status")).to_have_attribute("data-status", "closed")
    expect(page.locator("#room-name")).to_have_text("")
    expect(room).not_to_contain_text("지난번 방")
    expect(room).not_to_contain_text("턴 60초")
    expect(room).not_to_contain_text("숫자 타일")
