"""빠른 대전 survives a killed worker (issue 37): in Redis mode with two workers, a browser waits in
a queue; the worker holding its socket is killed with SIGKILL. The browser reconnects to the other
worker by itself, its place is still there (the wait goes on, others see it counted), and a second
browser pressing the same mode lands with it in one started game: nobody queued was lost."""

from __future__ import annotations

import re

import psutil
from playwright.sync_api import expect

from tests.faults.test_worker_faults import RECONNECT_S, _player, _socket_owners

ROOM_URL = re.compile(r"/room/r[0-9a-f]+")


def _lobby(player, site) -> None:
    player.page.goto(f"{site.url}/lobby")
    expect(player.page.locator("#lobby-title")).to_have_text("로비", timeout=30_000)
    expect(player.page.locator("#quick-match")).to_be_visible()


def test_a_killed_worker_loses_nobody_queued(site, browser):
    waiter, second = _player(browser), _player(browser)
    try:
        _lobby(waiter, site)
        waiter.page.locator("#quick-rummikub-2").click()
        expect(waiter.page.locator("#quick-status")).to_be_visible(timeout=15_000)
        expect(waiter.page.locator("#quick-waited")).to_have_text(re.compile(r"^0:0[1-9]"), timeout=10_000)

        sockets = len(waiter.sockets)
        killed = []
        for pid in sorted(_socket_owners(site), key=_socket_owners(site).get, reverse=True):  # type: ignore[arg-type]
            psutil.Process(pid).kill()
            killed.append(pid)
            waiter.page.wait_for_timeout(1500)
            if len(waiter.sockets) > sockets:
                break
        assert len(waiter.sockets) > sockets, "the waiting browser never lost its connection"
        # back on a worker: the panel shows the same place, and its wait goes on from where it was
        expect(waiter.page.locator("#quick-status")).to_be_visible(timeout=RECONNECT_S * 1000)
        waited = waiter.page.locator("#quick-waited")
        expect(waited).to_have_text(re.compile(r"^0:(0[5-9]|[1-5]\d)"), timeout=RECONNECT_S * 1000)

        _lobby(second, site)
        expect(second.page.locator("#quick-rummikub-2 .quick-count")).to_have_text(re.compile(r"^1"), timeout=15_000)
        second.page.locator("#quick-rummikub-2").click()
        for player in (waiter, second):
            player.page.wait_for_url(ROOM_URL, timeout=30_000)
        assert waiter.page.url == second.page.url
        for player in (waiter, second):
            expect(player.page.locator("#room-status")).to_have_attribute("data-status", "playing", timeout=30_000)
    finally:
        waiter.page.context.close()
        second.page.context.close()
