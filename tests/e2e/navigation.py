"""Reaching rooms the way a user does (issue 18): create one from the lobby's form, join or watch
one from the lobby's list of open rooms. Tests type a room's URL only when that path is what they test."""

from __future__ import annotations

import re

from playwright.sync_api import expect

ROOM_URL = re.compile(r"/room/r[0-9a-f]+")


def room_id_of(page) -> str:
    """The id of the room `page` shows."""
    return page.url.split("?", 1)[0].rstrip("/").rsplit("/", 1)[-1]


def create_room(page, base_url: str, *, name: str, password: str = "", nickname: str = "", game: str = "rummikub") -> str:
    """`page` opens the lobby and creates a room with the form of `game` ("rummikub" or
    "mahjong"); returns its id once the browser is on the room's page."""
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#nickname")).not_to_have_value("", timeout=30_000)  # hydrated: the app wrote its name
    if nickname:
        page.locator("#nickname").fill(nickname)
    if game == "mahjong":
        page.locator("#mj-room-name-input").fill(name)
        page.locator("#create-mahjong-room").click()
    else:
        page.locator("#room-name-input").fill(name)
        if password:
            page.locator("#room-password-input").fill(password)
        page.locator("#create-room").click()
    page.wait_for_url(ROOM_URL, timeout=30_000)
    return room_id_of(page)


def practice_mahjong(page) -> str:
    """From the lobby `page` shows: the mahjong practice button, then the table; returns the room's id."""
    page.locator("#practice-mahjong").click()
    page.wait_for_url(ROOM_URL, timeout=30_000)
    expect(page.locator("#mj-table")).to_be_visible(timeout=20_000)
    return room_id_of(page)


def lobby_row(page, base_url: str, room_id: str):
    """`page` opens the lobby; the row of `room_id` in its list, once listed."""
    page.goto(f"{base_url}/lobby")
    row = page.locator(f".room-row[data-room='{room_id}']")
    expect(row).to_be_visible(timeout=30_000)
    return row


def join_from_lobby(page, base_url: str, room_id: str) -> None:
    """A user's way in: the lobby's list, the room's 참가 button."""
    lobby_row(page, base_url, room_id).locator(".join-room").click()
    page.wait_for_url(re.compile(rf"/room/{room_id}$"), timeout=30_000)


def watch_from_lobby(page, base_url: str, room_id: str) -> None:
    """A spectator's way in: the lobby's list, the room's 관전 button."""
    lobby_row(page, base_url, room_id).locator(".watch-room").click()
    page.wait_for_url(re.compile(rf"/room/{room_id}\?watch=1$"), timeout=30_000)
