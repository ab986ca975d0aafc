"""Live rooms in real browsers: two players and a spectator in one room.

A move in one browser appears in the others; a reload within 60 s returns the same seat with the
draft intact; and no websocket frame received by the opponent or the spectator carries the other
rack's tile ids or the pool.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.frames import record_frames
from tests.e2e.navigation import create_room, join_from_lobby, watch_from_lobby
from tilerooms.games.rummikub.tiles import ALL_TILE_IDS

TILE_ID = re.compile(r"\b(?:[KRBO](?:1[0-3]|[1-9])[ab]|JK[12])\b")


def _ids(page, selector: str) -> set[str]:
    """Tile ids shown under `selector` in this browser."""
    return set(page.locator(f"{selector} [data-tile]").evaluate_all("els => els.map(e => e.dataset.tile)"))


def test_two_players_and_a_spectator_play_live(open_page, base_url):
    host, guest, watcher = (open_page(locale="ko-KR") for _ in range(3))
    guest_frames, watcher_frames = record_frames(guest), record_frames(watcher)
    room_id = create_room(host, base_url, name="e2e 방", nickname="영희")
    expect(host.locator("#room-name")).to_have_text("e2e 방", timeout=15_000)

    # the others come in the way a user does: the lobby's list, 참가 and 관전
    join_from_lobby(guest, base_url, room_id)
    expect(guest.locator("#room-status")).to_have_attribute("data-status", "waiting", timeout=30_000)
    watch_from_lobby(watcher, base_url, room_id)
    expect(watcher.locator("#room-status")).to_have_attribute("data-status", "waiting", timeout=30_000)
    # the host sees the guest sit down, live
    expect(host.locator("#seat-1 .seat-name")).not_to_have_text("빈 자리", timeout=10_000)

    guest.locator("#ready").click()
    expect(host.locator("#seat-1")).to_contain_text("준비", timeout=10_000)
    host.locator("#start").click()
    for page in (host, guest, watcher):
        expect(page.locator("#room-status")).to_have_attribute("data-status", "playing", timeout=10_000)

    host_turn = host.locator("#my-turn")
    guest_turn = guest.locator("#my-turn")
    for _ in range(100):
        if host_turn.is_visible() or guest_turn.is_visible():
            break
        host.wait_for_timeout(100)
    mover, other = (host, guest) if host_turn.is_visible() else (guest, host)
    expect(mover.locator("#rack [data-tile]")).to_have_count(14)
    expect(other.locator("#rack [data-tile]")).to_have_count(14)
    expect(watcher.locator("#rack [data-tile]")).to_have_count(0)
    mover_rack = sorted(_ids(mover, "#rack"))

    # a live draft: the mover puts one rack tile on the table; the others see it appear
    tile = mover_rack[0]
    mover.locator(f"#rack #tile-{tile}").click()
    mover.locator("#place-new").click()
    expect(mover.locator(f"#table #tile-{tile}")).to_be_visible(timeout=10_000)
    expect(other.locator(f"#table #tile-{tile}")).to_be_visible(timeout=10_000)
    expect(watcher.locator(f"#table #tile-{tile}")).to_be_visible(timeout=10_000)

    # reload within 60 s: same seat, draft intact
    mover.reload()
    expect(mover.locator("#my-turn")).to_be_visible(timeout=30_000)
    expect(mover.locator(f"#table #tile-{tile}")).to_be_visible()

    # the mover draws: a draft would be thrown away, so it asks first; then the turn passes
    mover.locator("#draw").click()
    mover.locator("#draw-confirm").click()
    expect(other.locator("#my-turn")).to_be_visible(timeout=10_000)
    expect(mover.locator("#rack [data-tile]")).to_have_count(15)

    # chat (in the game's common menu) reaches everyone, as text; a shut menu counts it unread
    watcher.locator("#game-menu").click()
    watcher.locator("#chat-input").fill("<b>안녕</b>하세요")
    watcher.locator("#chat-send").click()
    expect(watcher.locator("#chat-log")).to_contain_text("<b>안녕</b>하세요", timeout=10_000)
    expect(watcher.locator("#chat-unread")).to_have_count(0)
    expect(host.locator("#chat-unread")).to_have_text("1", timeout=10_000)
    host.locator("#game-menu").click()
    expect(host.locator("#chat-log")).to_contain_text("<b>안녕</b>하세요", timeout=10_000)
    expect(host.locator("#chat-log b")).to_have_count(0)
    host.locator("#menu-close").click()
    expect(host.locator("#chat-unread")).to_have_count(0)

    # nothing hidden ever reached the opponent or the spectator: the racks come from each
    # owner's own screen, the pool is every other tile that is not on the table
    mover_rack, other_rack = _ids(mover, "#rack"), _ids(other, "#rack")
    table = _ids(host, "#table")
    pool = set(ALL_TILE_IDS) - mover_rack - other_rack - table
    assert len(pool) == 106 - 15 - 14 - len(table)
    other_frames = guest_frames if other is guest else []
    for frames, hidden, who in (
        (other_frames, mover_rack | pool, "opponent"),
        (watcher_frames, mover_rack | other_rack | pool, "spectator"),
    ):
        seen = {t for f in frames for t in TILE_ID.findall(f)}
        leaked = seen & (hidden - {tile})  # the drafted tile was public while on the table
        assert not leaked, f"{who} saw hidden tiles: {sorted(leaked)}"
    # the capture works: the spectator's frames did carry the public draft tile
    assert tile in {t for f in watcher_frames for t in TILE_ID.findall(f)}
    if other is not guest:  # the guest was the mover: its frames must show only its own rack
        seen = {t for f in guest_frames for t in TILE_ID.findall(f)}
        assert not seen & (other_rack | pool) - {tile}
    else:  # and the opponent's frames carried its own rack
        assert other_rack <= {t for f in guest_frames for t in TILE_ID.findall(f)}
