"""A flood of replay loads over the real websocket (issue 35: 4), as the attack sent it.

The production backend runs in its own process (the junk test's `Backend`: one worker, rooms and
Reflex state in Redis, a records database of its own holding one finished game). One socket sends
`ReplayState.load` as fast as it can, each for another well-formed record id that is not stored
(the costliest load: today each looks the id up six times over four seconds), then the review
panel's `load_review` likewise. Then:

(a) only a handful of loads are accepted (the rate limit of the person, socket and address: a
    burst of 6, then one every 2 s), counted as the page's "loading" updates the flooder receives;
    the flooder's page says "too fast" (status `limited`, a Korean line on the page);
(b) the serving worker's memory grows by a few MB at most (a flood of as many events that do
    nothing goes first, so what any flood costs is spent before the measure): today each load is a
    background task holding the browser's state for as long as it waits and looks up;
(c) a visitor on another address, and one on the flooder's own, open the stored game right after
    the flood, and it shows;
(d) the server's log holds no traceback.

Figures (accepted loads, the worker's memory growth, the visitors' waits, another page's round
trip during the flood) are printed for the report (`-s`); nothing is asserted on speed.
"""

from __future__ import annotations

import asyncio
import os
import re
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from tests.integration.test_socket_junk import TRACEBACK, Backend, Browser
from tests.unit.replays.room_driver import play_room_game
from tilerooms.bench.room_latency import ROOT_STATE, household
from tilerooms.pages.replay.state import LOAD_LIMIT

REPLAY_STATE = f"{ROOT_STATE}.tilerooms___pages___replay___state____replay_state"
REVIEW_STATE = f"{REPLAY_STATE}.tilerooms___pages___replay___review_state____replay_review"
REDIS_DB = int(os.environ.get("TILEROOMS_FLOOD_REDIS_DB", "11"))  # its own database, emptied before and after
FLOOD = 300  # loads from one socket, as fast as it sends them (the attack: 3,000 in 10 s)
STATUS = re.compile(r'"status_rx_state_":"(\w+)"')


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A records database holding one finished number-tile game; (its file, the record's id)."""
    from tilerooms.accounts import game_records
    from tilerooms.db import migrate
    from tilerooms.db.engine import make_engine

    path = tmp_path_factory.mktemp("flood") / "records.db"
    url = f"sqlite:///{path}"
    migrate.upgrade(url)
    played = play_room_game("rummikub", 9, [("g-flood", "guest", "easy"), ("ai-1", "ai", "easy")])
    played.room.id = "rflood"
    engine = make_engine(url)
    record_id = game_records.store_finished_game(played.room, engine)
    engine.dispose()
    return path, record_id


@pytest.fixture(scope="module")
def backend(redis_url: str, records: tuple[Path, str]) -> Iterator[Backend]:
    """The production backend on a Redis database of its own, reading `records`."""
    import redis as redis_sync

    url = redis_url.rsplit("/", 1)[0] + f"/{REDIS_DB}"
    redis_sync.Redis.from_url(url).flushdb()
    server = Backend(url, records[0].parent / "server.log", records[0])
    yield server
    server.stop()
    redis_sync.Redis.from_url(url).flushdb()


def _rss_mb(backend: Backend) -> float:
    """Resident memory of the serving processes (the start, gunicorn and its worker), in MB: not
    the review process the worker spawns for the stored game (`accounts/game_reviews.py`)."""
    start = psutil.Process(backend.proc.pid)
    serving = [p for p in [start, *start.children(recursive=True)] if "multiprocessing" not in " ".join(p.cmdline())]
    return sum(p.memory_info().rss for p in serving) / 2**20


def _statuses(browser: Browser, state: str, since: float = 0.0) -> list[str]:
    """The values of `status` the browser was sent for the replay state (`state`'s own delta)."""
    found = []
    for at, frame in browser.frames:
        if at >= since and f'"{state}":' in frame:
            part = frame.split(f'"{state}":', 1)[1]
            found += STATUS.findall(part.split('},"', 1)[0])
    return found


async def _quiet(browser: Browser, seconds: float, limit: float = 60.0) -> float:
    """Wait until the browser has received nothing for `seconds`; returns when its last frame came."""
    deadline = time.perf_counter() + limit
    while time.perf_counter() < deadline:
        last = browser.frames[-1][0] if browser.frames else 0.0
        if time.perf_counter() - last >= seconds:
            return last
        await asyncio.sleep(0.2)
    raise AssertionError(f"the server still sent updates {limit} s on")


async def _round_trips(browser: Browser, count: int) -> list[float]:
    """Milliseconds from sending a small event (the replay's speed, changed) to its update, `count` times."""
    trips = []
    for n in range(count):
        speed = ("2", "1")[n % 2]
        sent = await browser.send_event(f"{REPLAY_STATE}.set_speed", {"speed": speed})
        at = await browser.wait_for(lambda f, s=speed: f'"speed_rx_state_":"{s}"' in f, sent, timeout=60)
        trips.append((at - sent) * 1000)
    return trips


async def _open(browser: Browser, record_id: str) -> float:
    """A visitor opens /game/<record_id> as the page does; returns the seconds until it shows."""
    browser.path = f"/game/{record_id}"
    sent = await browser.send_event(f"{REPLAY_STATE}.load")
    at = await browser.wait_for(lambda f: '"status_rx_state_":"ready"' in f, sent, timeout=60)
    return at - sent


async def test_a_flood_of_replay_loads_is_limited_and_a_visitor_still_opens_a_game(backend: Backend, records: tuple[Path, str]) -> None:
    record_id = records[1]
    flooder, visitor = Browser(backend.base), Browser(backend.base, household(7))
    await flooder.connect()
    await visitor.connect()
    calm = await _open(visitor, record_id)  # warm: the worker has built this record's replay once
    # as many events that do nothing first: what any flood costs the server (Reflex's own work per
    # event, the socket's buffers) is spent before the measure, so it counts only what loads add
    for _ in range(2 * FLOOD):
        await flooder.send_event(f"{REPLAY_STATE}.set_speed", {"speed": "1"})
    await _quiet(flooder, 2.0)
    rss_before = _rss_mb(backend)

    calm_trips = await _round_trips(visitor, 20)
    began = time.perf_counter()
    for i in range(FLOOD):
        flooder.path = f"/game/flood{i:017d}"  # well-formed (22 characters), never stored
        await flooder.send_event(f"{REPLAY_STATE}.load")
    for i in range(FLOOD):
        flooder.path = f"/game/flood{i:017d}"
        await flooder.send_event(f"{REVIEW_STATE}.load_review")
    sent_for = time.perf_counter() - began
    flood_trips = await _round_trips(visitor, 20)  # while the server works through the flood
    other, neighbour = Browser(backend.base, household(8)), Browser(backend.base)
    await other.connect()
    await neighbour.connect()
    during = await _open(other, record_id)  # a visitor on another address, right after the flood
    await _open(neighbour, record_id)  # and one on the flooder's own address (a café): its bucket holds ten people's
    last = await _quiet(flooder, 6.0, limit=120)
    elapsed = last - began
    rss_after = _rss_mb(backend)

    statuses = _statuses(flooder, REPLAY_STATE, began)
    accepted = statuses.count("loading")
    burst, rate = LOAD_LIMIT
    print(
        f"\nreplay flood: {FLOOD} loads + {FLOOD} review loads sent in {sent_for:.1f} s; accepted {accepted}; "
        f"updates to the flooder until {elapsed:.1f} s after the start; worker RSS {rss_before:.1f} -> {rss_after:.1f} MB "
        f"(+{rss_after - rss_before:.1f}); a visitor's load {calm * 1000:.0f} ms calm, {during * 1000:.0f} ms after the flood; "
        f"another page's round trip median/max {statistics.median(calm_trips):.0f}/{max(calm_trips):.0f} ms calm, "
        f"{statistics.median(flood_trips):.0f}/{max(flood_trips):.0f} ms during the flood"
    )
    assert 1 <= accepted <= burst + rate * elapsed + 1, (accepted, statuses[:20])  # the bucket refills while the server works through the flood
    assert "limited" in statuses  # the page says "너무 빨라요…" (rp.limited)
    assert rss_after - rss_before < 10, (rss_before, rss_after)
    for browser in (flooder, visitor, other, neighbour):
        await browser.close()
    await asyncio.sleep(0.5)
    assert not TRACEBACK.search(backend.text()), backend.text()[-3000:]
