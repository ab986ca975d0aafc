"""The lobby as a user meets it (issue 18: 1): a room listed there is joined with its 참가 button and
watched with its 관전 button; the practice choice (how many AIs, which level) starts a game with
those AIs and is still chosen when the lobby is opened again."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.navigation import ROOM_URL, create_room, lobby_row, room_id_of, watch_from_lobby
from tests.e2e.seeding import stored_room


def test_a_listed_room_is_joined_and_watched_from_the_lobby(players, base_url):
    host, guest, watcher = players("방장영희", "참가철수", "구경민수")
    room_id = create_room(host, base_url, name="로비에서 들어오는 방")

    # a second browser finds the room in the list and clicks 참가: it sits in the free seat
    row = lobby_row(guest, base_url, room_id)
    expect(row).to_contain_text("로비에서 들어오는 방")
    expect(row).to_contain_text("1 / 4")
    row.locator(".join-room").click()
    guest.wait_for_url(re.compile(rf"/room/{room_id}$"), timeout=30_000)
    expect(guest.locator("#room-name")).to_have_text("로비에서 들어오는 방", timeout=15_000)
    expect(guest.locator("#seat-1 .seat-name")).to_have_text("참가철수", timeout=15_000)
    expect(guest.locator("#ready")).to_be_visible()
    expect(host.locator("#seat-1 .seat-name")).to_have_text("참가철수", timeout=15_000)

    # a third clicks 관전: it watches, takes no seat and has no seat controls
    watch_from_lobby(watcher, base_url, room_id)
    expect(watcher.locator("#room-status")).to_have_attribute("data-status", "waiting", timeout=30_000)
    expect(host.locator("#spectator-list")).to_contain_text("구경민수", timeout=15_000)
    expect(watcher.locator("#seat-2 .seat-name")).to_have_text("빈 자리")
    expect(watcher.locator("#ready")).to_have_count(0)
    expect(watcher.locator("#start")).to_have_count(0)
    # the list counts the seated players only
    expect(lobby_row(host, base_url, room_id)).to_contain_text("2 / 4")


def test_the_practice_choice_starts_that_game_and_is_remembered(players, base_url):
    (page,) = players("연습하는나")
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#nickname")).to_have_value("연습하는나", timeout=30_000)  # hydrated
    # the default: one easy AI
    expect(page.locator("#practice-ais-1")).to_have_attribute("data-state", "on")
    expect(page.locator("#practice-level-easy")).to_have_attribute("data-state", "on")

    page.locator("#practice-ais-2").click()
    page.locator("#practice-level-normal").click()
    expect(page.locator("#practice-ais-2")).to_have_attribute("data-state", "on", timeout=10_000)
    expect(page.locator("#practice-level-normal")).to_have_attribute("data-state", "on", timeout=10_000)
    page.locator("#practice").click()
    page.wait_for_url(ROOM_URL, timeout=30_000)
    expect(page.locator("#room-status")).to_have_attribute("data-status", "playing", timeout=20_000)
    chips = page.locator("#players .player-chip")
    expect(chips).to_have_count(3, timeout=15_000)
    expect(chips.nth(1)).to_contain_text("AI 2 (보통)")
    expect(chips.nth(2)).to_contain_text("AI 3 (보통)")
    expect(page.locator("#room-name")).to_have_text("AI와 연습")
    room_id = room_id_of(page)

    # back in the lobby (a new page load) the choice is still selected
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#nickname")).to_have_value("연습하는나", timeout=30_000)
    expect(page.locator("#practice-ais-2")).to_have_attribute("data-state", "on", timeout=10_000)
    expect(page.locator("#practice-level-normal")).to_have_attribute("data-state", "on")
    expect(page.locator("#practice-ais-1")).to_have_attribute("data-state", "off")
    page.reload()
    expect(page.locator("#practice-ais-2")).to_have_attribute("data-state", "on", timeout=30_000)
    expect(page.locator("#practice-level-normal")).to_have_attribute("data-state", "on")
    # a practice room is private: it is not in the list
    expect(page.locator(f".room-row[data-room='{room_id}']")).to_have_count(0)

    # the same level for mahjong practice (always three AIs), and the practice title in English
    page.locator("#lang-switch").click()
    expect(page.locator("#lobby-title")).to_have_text("Lobby", timeout=15_000)
    expect(page.locator("#practice-level-normal")).to_have_accessible_name("Normal")
    page.locator("#practice-mahjong").click()
    page.wait_for_url(ROOM_URL, timeout=30_000)
    expect(page.locator("#mj-table")).to_be_visible(timeout=20_000)
    expect(page.locator("#room-name")).to_have_text("Practice against AI")
    room = stored_room(room_id_of(page))
    assert [s.occupant.level for s in room.seats if s.occupant is not None and s.occupant.kind == "ai"] == ["normal"] * 3
