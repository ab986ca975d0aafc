"""Presence survives a killed worker (issue 17, point 4), on the two-worker production server.

A guest sits in a host's waiting room. The worker holding the guest's socket is frozen (SIGSTOP, so
it cannot notice anything), the guest closes the tab, and the worker is killed (SIGKILL: no
clean-up of any kind). The surviving worker sees the dead one's heartbeat stop, drops its sockets
from the room, and the guest's seat enters the real 60 s rejoin grace, then is freed; the host's
browser sees it all. The worker holding a socket is read from the room record and the worker's
heartbeat in Redis (`rooms/presence.py`, `rooms/presence_redis.py`).
"""

from __future__ import annotations

import json
import os
import signal
import time

import redis
from playwright.sync_api import Page, expect

from tests.e2e.navigation import create_room as _create_room
from tests.faults.conftest import REDIS_URL
from tilerooms.rooms.play import REJOIN_GRACE_MS
from tilerooms.rooms.presence_redis import HEARTBEAT_TTL_S

GRACE_S = REJOIN_GRACE_MS / 1000
SWEEP_S = 1.0  # every worker's presence sweep


def _page(browser) -> Page:
    context = browser.new_context(locale="ko-KR", viewport={"width": 1280, "height": 860})
    return context.new_page()


def _room(store: redis.Redis, room_id: str) -> dict:
    return json.loads(store.get(f"tilerooms:room:{room_id}"))


def _socket_worker_pid(store: redis.Redis, room_id: str, person_id: str) -> int:
    """The pid of the worker holding `person_id`'s only socket in the room (waits for the record)."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        sockets = _room(store, room_id).get("sockets", {}).get(person_id, [])
        if len(sockets) == 1:
            worker_id = sockets[0].split("/", 1)[0]
            return int(json.loads(store.get(f"tilerooms:worker:{worker_id}"))["pid"])
        time.sleep(0.2)
    raise AssertionError(f"no single socket recorded for {person_id}: {_room(store, room_id).get('sockets')}")


def _seat(store: redis.Redis, room_id: str, index: int) -> dict:
    return _room(store, room_id)["seats"][index]


def test_a_seat_whose_closed_tabs_worker_was_killed_is_freed_after_the_grace(site, browser):
    store = redis.Redis.from_url(REDIS_URL)
    host, guest = _page(browser), _page(browser)
    try:
        room_id = _create_room(host, site.url, name="닫힌 탭")
        guest.goto(host.url)
        expect(guest.locator("#ready")).to_be_visible(timeout=30_000)
        expect(host.locator("#seat-1 .seat-name")).not_to_have_text("빈 자리", timeout=10_000)
        guest_id = _seat(store, room_id, 1)["occupant"]["id"]
        pid = _socket_worker_pid(store, room_id, guest_id)

        os.kill(pid, signal.SIGSTOP)  # frozen: it cannot see the tab close
        guest.context.close()
        time.sleep(0.5)
        os.kill(pid, signal.SIGKILL)
        killed_at = time.monotonic()

        # the survivor drops the dead worker's sockets once its heartbeat is gone: the grace starts
        away_at = None
        while time.monotonic() - killed_at < HEARTBEAT_TTL_S + 10:
            if not _seat(store, room_id, 1)["connected"]:
                away_at = time.monotonic()
                break
            time.sleep(0.2)
        assert away_at is not None, "the seat of the dead worker's socket never entered the grace"
        expect(host.locator("#seat-1")).to_contain_text("연결 끊김", timeout=30_000)
        assert _seat(store, room_id, 1)["occupant"]["id"] == guest_id  # still held during the grace

        freed_at = None
        while time.monotonic() - away_at < GRACE_S + 10:
            if _seat(store, room_id, 1)["occupant"] is None:
                freed_at = time.monotonic()
                break
            time.sleep(0.2)
        assert freed_at is not None, "the seat was never freed"
        print(f"\nkill -> grace started {away_at - killed_at:.1f} s, -> seat freed {freed_at - killed_at:.1f} s")
        assert GRACE_S - 1 <= freed_at - away_at <= GRACE_S + 3
        assert away_at - killed_at <= HEARTBEAT_TTL_S + 2 * SWEEP_S + 1
        expect(host.locator("#seat-1 .seat-name")).to_have_text("빈 자리", timeout=15_000)
        # the host, whose page may have been on the killed worker too, is present throughout the end
        assert _seat(store, room_id, 0)["connected"] and _seat(store, room_id, 0)["occupant"] is not None
    finally:
        for page in (host, guest):
            try:
                page.context.close()
            except Exception:  # noqa: BLE001 - already closed
                pass
        store.close()


def test_a_player_who_closes_one_of_two_tabs_keeps_the_seat_past_the_grace(site, browser):
    store = redis.Redis.from_url(REDIS_URL)
    host = _page(browser)
    tab_one = _page(browser)
    tab_two = tab_one.context.new_page()  # same browser profile: the same guest, another socket
    try:
        room_id = _create_room(host, site.url, name="두 탭")
        for tab in (tab_one, tab_two):
            tab.goto(host.url)
            expect(tab.locator("#ready")).to_be_visible(timeout=30_000)
        guest_id = _seat(store, room_id, 1)["occupant"]["id"]
        deadline = time.monotonic() + 15
        while len(_room(store, room_id).get("sockets", {}).get(guest_id, [])) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(_room(store, room_id)["sockets"][guest_id]) == 2

        tab_one.close()
        closed_at = time.monotonic()
        while time.monotonic() - closed_at < GRACE_S + 10:
            seat = _seat(store, room_id, 1)
            assert seat["occupant"] is not None and seat["occupant"]["id"] == guest_id, "the seat was let go"
            assert seat["connected"], "the seat shows 연결 끊김 while a tab still plays"
            time.sleep(1)
        assert len(_room(store, room_id)["sockets"][guest_id]) == 1
        # the remaining tab still plays: its ready reaches the host
        tab_two.locator("#ready").click()
        expect(host.locator("#seat-1")).to_contain_text("준비", timeout=10_000)
    finally:
        for page in (host, tab_two):
            page.context.close()
        store.close()
