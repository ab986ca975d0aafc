"""Surviving faults in Redis mode with two workers: a killed worker, then a restart of everything.

Two browsers play a number-tile game; the player on turn leaves a draft on the table. Then a worker
is killed with SIGKILL (no clean-up of any kind), or the whole backend is stopped and started again.
The browsers reconnect by themselves; nothing is lost: the same racks, the same table with the
draft, the same turn deadline; and the game goes on, each move reaching the other browser.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

import psutil
from playwright.sync_api import Page, expect

RECONNECT_S = 30


@dataclass
class Player:
    """A browser page and the websockets it has opened."""

    page: Page
    sockets: list[object] = field(default_factory=list)

    def tiles(self, selector: str) -> list[str]:
        """Tile ids shown under `selector`."""
        return sorted(self.page.locator(f"{selector} [data-tile]").evaluate_all("els => els.map(e => e.dataset.tile)"))

    def deadline(self) -> str:
        """The turn deadline the countdown runs to (server epoch ms)."""
        return self.page.locator(".tr-countdown").first.get_attribute("data-deadline") or ""


def _player(browser) -> Player:
    context = browser.new_context(locale="ko-KR", viewport={"width": 1280, "height": 860})
    player = Player(context.new_page())
    player.page.on("websocket", lambda ws: player.sockets.append(ws))
    return player


def _start_game(site, host: Player, guest: Player, room_name: str) -> tuple[Player, Player]:
    """Host opens a room with 180 s turns, the guest sits and is ready, the host starts; returns
    (mover, other)."""
    host.page.goto(f"{site.url}/lobby")
    expect(host.page.locator("#lobby-title")).to_have_text("로비", timeout=30_000)
    host.page.locator("#room-name-input").fill(room_name)
    host.page.locator('select[name="turn_seconds"]').select_option("180")  # the form's native select
    host.page.locator("#create-room").click()
    host.page.wait_for_url(re.compile(r"/room/r[0-9a-f]+"), timeout=30_000)
    guest.page.goto(host.page.url)
    expect(guest.page.locator("#ready")).to_be_visible(timeout=30_000)
    guest.page.locator("#ready").click()
    expect(host.page.locator("#seat-1")).to_contain_text("준비", timeout=10_000)
    host.page.locator("#start").click()
    for p in (host, guest):
        expect(p.page.locator("#room-status")).to_have_attribute("data-status", "playing", timeout=15_000)
    for _ in range(100):
        if host.page.locator("#my-turn").is_visible() or guest.page.locator("#my-turn").is_visible():
            break
        host.page.wait_for_timeout(100)
    return (host, guest) if host.page.locator("#my-turn").is_visible() else (guest, host)


def _snapshot(mover: Player, other: Player) -> dict[str, object]:
    """What must survive: both racks, the table as each browser sees it, the turn deadline."""
    return {
        "mover rack": mover.tiles("#rack"),
        "other rack": other.tiles("#rack"),
        "table (mover)": mover.tiles("#table"),
        "table (other)": other.tiles("#table"),
        "deadline (mover)": mover.deadline(),
        "deadline (other)": other.deadline(),
    }


def _make_draft(mover: Player, other: Player) -> str:
    """The mover puts one rack tile on the table as a new set; the other player sees the draft."""
    tile = mover.tiles("#rack")[0]
    mover.page.locator(f"#rack #tile-{tile}").click()
    mover.page.locator("#place-new").click()
    expect(mover.page.locator(f"#table #tile-{tile}")).to_be_visible(timeout=10_000)
    expect(other.page.locator(f"#table #tile-{tile}")).to_be_visible(timeout=10_000)
    return tile


def _wait_reconnected(player: Player, sockets_before: int) -> None:
    """The page opened a new websocket and the room is back on its screen."""
    deadline = time.monotonic() + RECONNECT_S
    while len(player.sockets) <= sockets_before and time.monotonic() < deadline:
        player.page.wait_for_timeout(200)
    assert len(player.sockets) > sockets_before, "the browser never opened a new connection"
    expect(player.page.locator("#room-status")).to_have_attribute("data-status", "playing", timeout=RECONNECT_S * 1000)


def _assert_same(mover: Player, other: Player, before: dict[str, object], tile: str) -> None:
    expect(mover.page.locator(f"#table #tile-{tile}")).to_be_visible(timeout=RECONNECT_S * 1000)
    expect(other.page.locator(f"#table #tile-{tile}")).to_be_visible(timeout=RECONNECT_S * 1000)
    expect(mover.page.locator("#my-turn")).to_be_visible()
    expect(mover.page.locator("#rack [data-tile]")).to_have_count(len(before["mover rack"]))  # type: ignore[arg-type]
    assert _snapshot(mover, other) == before


def _play_on(mover: Player, other: Player, tile: str) -> None:
    """The game goes on across workers: the mover takes the draft back and draws, the turn passes
    to the other browser, whose own draft then reaches the mover."""
    racks = len(mover.tiles("#rack"))
    mover.page.locator("#draw").click()
    mover.page.locator("#draw-confirm").click()  # a draft would be thrown away: it asks first
    expect(other.page.locator("#my-turn")).to_be_visible(timeout=15_000)
    expect(mover.page.locator(f"#table #tile-{tile}")).to_have_count(0, timeout=15_000)
    expect(mover.page.locator("#rack [data-tile]")).to_have_count(racks + 2)  # the draft tile back, one drawn
    other_tile = other.tiles("#rack")[-1]
    other.page.locator(f"#rack #tile-{other_tile}").click()
    other.page.locator("#place-new").click()
    expect(mover.page.locator(f"#table #tile-{other_tile}")).to_be_visible(timeout=15_000)


def _socket_owners(site) -> dict[int, int]:
    """Established connections on the site's port, by worker pid."""
    owners: dict[int, int] = {}
    for worker in site.workers():
        try:
            owners[worker.pid] = sum(1 for c in worker.net_connections("tcp") if c.status == psutil.CONN_ESTABLISHED and c.laddr.port == site.port)
        except psutil.NoSuchProcess:
            continue
    return owners


def test_a_killed_worker_loses_nothing_and_the_game_goes_on(site, browser):
    host, guest = _player(browser), _player(browser)
    try:
        mover, other = _start_game(site, host, guest, "워커 장애")
        tile = _make_draft(mover, other)
        before = _snapshot(mover, other)
        workers_before = {w.pid for w in site.workers()}
        assert len(workers_before) == 2

        # kill the busiest worker outright; if neither page was on it, kill the other one too, so
        # at least one player certainly loses its connection mid-game
        sockets = {id(p): len(p.sockets) for p in (mover, other)}
        owners = _socket_owners(site)
        killed = []
        for pid in sorted(owners, key=owners.get, reverse=True):  # type: ignore[arg-type]
            psutil.Process(pid).kill()
            killed.append(pid)
            mover.page.wait_for_timeout(1500)
            if any(len(p.sockets) > sockets[id(p)] for p in (mover, other)):
                break
        cut_off = [p for p in (mover, other) if len(p.sockets) > sockets[id(p)]]
        assert cut_off, "no browser lost its connection"
        for p in cut_off:
            _wait_reconnected(p, sockets[id(p)])
        _assert_same(mover, other, before, tile)
        # the dead worker was replaced, and the survivors kept serving
        assert site.proc is not None and site.proc.poll() is None
        deadline = time.monotonic() + 30
        while len(site.workers()) < 2 and time.monotonic() < deadline:
            time.sleep(0.3)
        assert len(site.workers()) == 2 and not {w.pid for w in site.workers()} & set(killed)

        _play_on(mover, other, tile)
    finally:
        host.page.context.close()
        guest.page.context.close()


def test_a_restart_of_the_whole_backend_resumes_the_game(site, browser):
    host, guest = _player(browser), _player(browser)
    try:
        mover, other = _start_game(site, host, guest, "전체 재시작")
        tile = _make_draft(mover, other)
        before = _snapshot(mover, other)
        sockets = {id(p): len(p.sockets) for p in (mover, other)}

        site.stop()  # every worker and the supervisor go; Redis keeps the rooms and the clocks
        assert not site.healthy()
        site.start()
        for p in (mover, other):
            _wait_reconnected(p, sockets[id(p)])
        _assert_same(mover, other, before, tile)
        _play_on(mover, other, tile)

        # a reload after the restart lands on the same seat too
        mover.page.reload()
        expect(mover.page.locator("#room-status")).to_have_attribute("data-status", "playing", timeout=30_000)
        expect(mover.page.locator("#rack [data-tile]")).to_have_count(len(before["mover rack"]) + 2)  # type: ignore[arg-type]
    finally:
        host.page.context.close()
        guest.page.context.close()
