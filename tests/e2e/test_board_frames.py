"""What a number-tile draft move puts on the wire, in real browsers (issue 20: 2): a host with an
AI and a spectator on a seeded mid-game table of 12 sets; the host puts one rack tile on the table
as a new set. Every websocket frame each browser receives for that move is counted, in bytes, as
the browser receives it: the spectator's frames stay under the median target (400 B) and the
host's under the p95 target (1.5 KB). The frames are searched too: the spectator's carry the moved
tile (by its id: a set goes as "rank row col K8a"), and none of theirs carries a tile of either rack.
Then the tile goes back onto the rack's last cell, one of the empty cells sent only as a count.
"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.frames import record_frames
from tests.e2e.seeding import seed_rummikub
from tests.e2e.test_board import _center, _mouse_drag
from tests.e2e.test_board_feedback import start_watched

# the same seeded position and targets as the unit test of the same frames (AI_RACK: its guest's rack)
from tests.unit.table.test_rummikub_frames import GUEST_RACK as AI_RACK
from tests.unit.table.test_rummikub_frames import HOST_RACK, TABLE, TARGET_MEDIAN, TARGET_P95, TILE_ID


def test_a_draft_move_reaches_the_spectator_in_a_small_frame(players, base_url):
    host, watcher = players("영희", "민수")
    host_frames, watcher_frames = record_frames(host), record_frames(watcher)
    room_id = start_watched(host, watcher, base_url, "작은 프레임")
    expect(watcher.locator("#watching")).to_be_visible(timeout=20_000)

    seed_rummikub(room_id, TABLE, [HOST_RACK, AI_RACK], current_seat=0)
    expect(host.locator("#my-turn")).to_be_visible(timeout=15_000)
    expect(host.locator("#rack [data-tile]")).to_have_count(len(HOST_RACK))
    expect(watcher.locator("#table [data-tile]")).to_have_count(sum(len(s) for s in TABLE), timeout=15_000)
    host.locator("#rack #tile-K8a").click()
    expect(host.locator("#rack #tile-K8a")).to_have_attribute("data-selected", "true")
    host.wait_for_timeout(300)  # the selection's own frame is in
    marks = (len(host_frames), len(watcher_frames))

    host.locator("#place-new").click()
    expect(watcher.locator("#table #tile-K8a")).to_be_visible(timeout=10_000)
    expect(host.locator("#table #tile-K8a")).to_be_visible()
    expect(watcher.locator("#live-draft")).to_be_visible()
    host.wait_for_timeout(500)  # every frame of the move has arrived

    moved = [f for f in host_frames[marks[0] :] if "version_rx_state_" in f]
    seen = [f for f in watcher_frames[marks[1] :] if "version_rx_state_" in f]
    sizes = {"host": [len(f.encode()) for f in moved], "spectator": [len(f.encode()) for f in seen]}
    print(f"draft move: frames to the host {sizes['host']} B, to the spectator {sizes['spectator']} B")
    assert len(seen) == 1 and len(moved) == 1, sizes  # one frame each: the acting browser gets its result once
    assert max(sizes["spectator"]) <= TARGET_MEDIAN, seen
    assert max(sizes["host"]) <= TARGET_P95, moved
    # the count reads real content: the moved tile is in the spectator's frame, and no rack tile is in
    # any of theirs since the seeded table (before it, the game's own first deal was on the table)
    assert "K8a" in TILE_ID.findall(seen[0])
    leaked = {t for f in watcher_frames[marks[1] :] for t in TILE_ID.findall(f)} & (set(HOST_RACK + AI_RACK) - {"K8a"})
    assert not leaked, f"the spectator's frames carried rack tiles: {sorted(leaked)}"

    # the empty cells after the last tile come as a count (rack_size), yet each is a cell to drop on
    expect(host.locator("#rack [data-rack-cell]")).to_have_count(20)
    last_cell = host.locator('#rack [data-rack-cell="19"]')
    expect(last_cell.locator("[data-tile]")).to_have_count(0)
    _mouse_drag(host, host.locator("#table #tile-K8a"), _center(last_cell))
    expect(last_cell.locator("#tile-K8a")).to_be_visible(timeout=10_000)
    expect(watcher.locator("#table #tile-K8a")).to_have_count(0, timeout=10_000)
