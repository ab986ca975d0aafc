"""The lobby and the waiting room in the browser: a new room shows up in another browser's lobby,
the host fills a seat with an AI, changes its difficulty, removes it, and plays against one."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def test_lobby_updates_live_and_the_host_manages_ai_seats(open_page, base_url):
    host, viewer = open_page(locale="ko-KR"), open_page(locale="ko-KR")
    viewer.goto(f"{base_url}/lobby")
    expect(viewer.locator("#lobby-title")).to_have_text("로비", timeout=30_000)

    host.goto(f"{base_url}/lobby")
    host.locator("#nickname").fill("방장")
    host.locator("#room-name-input").fill("AI 자리 방")
    host.locator("#create-room").click()
    host.wait_for_url(re.compile(r"/room/r[0-9a-f]+"), timeout=30_000)
    room_id = host.url.rstrip("/").rsplit("/", 1)[-1]

    # the other browser's lobby lists the new room without a reload
    row = viewer.locator(f'.room-row[data-room="{room_id}"]')
    expect(row).to_contain_text("AI 자리 방", timeout=15_000)
    expect(row).to_contain_text("1 / 4")

    host.locator("#add-ai-normal-1").click()
    expect(host.locator("#seat-1 .seat-name")).to_have_text("AI 2 (보통)", timeout=10_000)
    host.locator("#ai-level-hard-1").click()
    expect(host.locator("#seat-1 .seat-name")).to_have_text("AI 2 (어려움)", timeout=10_000)
    host.locator("#remove-ai-1").click()
    expect(host.locator("#seat-1 .seat-name")).to_have_text("빈 자리", timeout=10_000)
    host.locator("#add-ai-easy-1").click()
    expect(host.locator("#seat-1 .seat-name")).to_have_text("AI 2 (쉬움)", timeout=10_000)
    expect(row).to_contain_text("2 / 4", timeout=15_000)

    host.locator("#start").click()
    expect(host.locator("#room-status")).to_have_attribute("data-status", "playing", timeout=10_000)
    # whoever starts, the AI takes its turn by itself and the turn comes back to the host
    expect(host.locator("#rack [data-tile]")).to_have_count(14)
    if not host.locator("#my-turn").is_visible():
        expect(host.locator("#my-turn")).to_be_visible(timeout=15_000)  # the AI moved first
    rack_before = host.locator("#rack [data-tile]").count()
    host.locator("#draw").click()
    expect(host.locator("#rack [data-tile]")).to_have_count(rack_before + 1, timeout=10_000)
    expect(host.locator("#my-turn")).to_be_visible(timeout=15_000)  # the AI played and passed back
