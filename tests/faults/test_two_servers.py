"""Two production servers behind nginx, and a whole server lost mid-game (issue 38).

Two servers (`python -m tilerooms.web.prod_server`, each its own gunicorn with two workers, one
shared frontend build) listen on two loopback ports behind an nginx started here with
`deploy/nginx.conf` (its upstreams and port rewritten for loopback), on the machine's PostgreSQL
and Redis (a database of its own, emptied first). Three browsers (two players and a spectator, each
with a number-tile room and a mahjong room open) reach everything through nginx only.

- The server holding the number-tile mover's socket is SIGKILLed mid-turn, start, master and
  workers at once: every cut browser reconnects through nginx to the other server within the
  rejoin grace, sees the same racks, draft, hands and deadlines, and both games are played to
  their end; each game is recorded once.
- Redis (a private `redis-server` on a temporary port, never the machine's) is restarted
  mid-game: its append-only file brings the rooms back, the browsers carry on without a reload.

nginx comes from Debian (`scripts/bootstrap.sh` installs `nginx-light` for the test command); the
test skips, saying so, where it is missing.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import psutil
import pytest
import redis
import sqlalchemy as sa
from playwright.sync_api import expect

from tests.e2e import seeding
from tests.e2e.navigation import create_room, join_from_lobby, watch_from_lobby
from tests.faults.conftest import RESULTS, ScaledSite, healthy, server_env
from tests.faults.test_worker_faults import Player
from tests.helpers.services import free_port, redis_answers
from tilerooms.bench.load import nginx_binary, start_nginx
from tilerooms.rooms.play import REJOIN_GRACE_MS

LB_REDIS_URL = os.environ.get("TILEROOMS_LB_REDIS_URL", "redis://127.0.0.1:6379/12")
WEB_DIR = RESULTS / "web-two-servers"  # the two servers' shared frontend build (not the suite's .web)
GRACE_S = REJOIN_GRACE_MS / 1000
# the mahjong AIs' hands (test_mahjong_results): no pairs or near neighbours, they never call
JUNK = ["1m4m7m1p4p7p1s4s7s2z3z6z7z", "2m5m8m2p5p8p2s5s8s2z3z6z7z", "3m6m9m3p6p9p3s6s9s2z3z6z7z"]
RIICHI_HAND = "234m567m345p22s34s5s"  # riichi, pinfu, tanyao: tsumo on 5s


class Balancer:
    """nginx in front of the servers, run by the test (not as a system service)."""

    def __init__(self, port: int, upstreams: list[int], folder: Path) -> None:
        self.port, self.upstreams, self.folder = port, upstreams, folder
        self.url = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        """Start nginx (its configuration checked first); wait until it answers `/_health` through a server."""
        self.proc = start_nginx(self.port, self.upstreams, self.folder)
        deadline = time.monotonic() + 20
        while not healthy(self.url):
            assert self.proc.poll() is None, (self.folder / "error.log").read_text()
            assert time.monotonic() < deadline, "nginx did not reach a healthy server"
            time.sleep(0.3)

    def stop(self) -> None:
        """Stop nginx (its master passes the signal to its workers)."""
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=15)
            self.proc = None


@dataclass
class Cluster:
    """Two servers and the nginx in front of them."""

    servers: list[ScaledSite]
    balancer: Balancer
    redis_url: str
    url: str

    def restart_on(self, redis_url: str) -> None:
        """Stop both servers and start them again on another Redis (same ports, same build)."""
        for server in self.servers:
            server.stop()
        self.redis_url = redis_url
        for server in self.servers:
            server.env = {**server.env, "REDIS_URL": redis_url, "REFLEX_REDIS_URL": redis_url}
            server.start()

    def holding(self, pid: int) -> ScaledSite:
        """The server one of whose processes is `pid`."""
        for server in self.servers:
            if server.proc is not None and pid in {p.pid for p in psutil.Process(server.proc.pid).children(recursive=True)}:
                return server
        raise AssertionError(f"no server runs pid {pid}")


@pytest.fixture(scope="module")
def cluster(pg_schema_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """Two production servers (2 workers each) behind nginx, on the machine's Redis and PostgreSQL."""
    if nginx_binary() is None:
        pytest.skip("nginx is not installed and could not be installed (scripts/bootstrap.sh installs Debian's nginx-light with BOOTSTRAP_BROWSER=1)")
    if not redis_answers(LB_REDIS_URL, timeout=1):
        pytest.skip(f"Redis at {LB_REDIS_URL} does not answer")
    redis.Redis.from_url(LB_REDIS_URL).flushdb()  # a database of its own
    lb_port, ports = free_port(), [free_port(), free_port()]
    # the pages' socket goes to the address the browser opened (nginx), never to one server
    env = server_env(
        LB_REDIS_URL, pg_schema_url, "two-servers-",
        REFLEX_API_URL=f"http://localhost:{lb_port}", REFLEX_WEB_WORKDIR=str(WEB_DIR), REFLEX_TRUSTED_PROXY_HOPS="1",
    )  # fmt: skip
    RESULTS.mkdir(exist_ok=True)
    servers = [ScaledSite(dict(env), port, RESULTS / f"two-servers-{i + 1}.log") for i, port in enumerate(ports)]
    balancer = Balancer(lb_port, ports, tmp_path_factory.mktemp("nginx"))
    made = Cluster(servers, balancer, LB_REDIS_URL, balancer.url)
    try:
        for server in servers:  # one after the other: they build into the same folder
            server.log.write_bytes(b"")
            server.start()
        balancer.start()
        yield made
    finally:
        balancer.stop()
        for server in servers:
            server.stop()
        shutil.copy(balancer.folder / "error.log", RESULTS / "two-servers-nginx.log") if (balancer.folder / "error.log").exists() else None
        redis.Redis.from_url(LB_REDIS_URL).flushdb()


# -- seeding a position through Redis, as a third worker would -------------------------------------
@pytest.fixture
def remote_seeding(cluster: Cluster, monkeypatch: pytest.MonkeyPatch) -> None:
    """`tests.e2e.seeding`'s seeds, written through a room service on the cluster's Redis: a room
    change like any other (lock, new version, wake time, announced on the bus to both servers)."""
    from tilerooms import settings, wiring

    def replace(room_id: str, change: Callable) -> object:
        async def changed() -> object:
            service = wiring.build_service(settings.load({"REDIS_URL": cluster.redis_url}))
            seeded: list = []

            def apply(room, now: int) -> None:
                change(room)
                seeded.append(room.model_copy(deep=True))

            await service._change(room_id, apply)
            return seeded[0]

        with ThreadPoolExecutor(1) as pool:  # Playwright's sync API runs a loop in this thread
            return pool.submit(asyncio.run, changed()).result(timeout=30)

    monkeypatch.setattr(seeding, "_replace_game", replace)


def _room(cluster: Cluster, room_id: str) -> dict:
    raw = redis.Redis.from_url(cluster.redis_url).get(f"tilerooms:room:{room_id}")
    assert raw is not None, f"room {room_id} is gone from Redis"
    return json.loads(raw)


def _seats(room: dict) -> list[str | None]:
    return [(s.get("occupant") or {}).get("id") for s in room["seats"]]


def _socket_pids(cluster: Cluster, room_id: str, person_id: str) -> set[int]:
    """The worker pids holding `person_id`'s sockets in the room (presence's record in Redis)."""
    store = redis.Redis.from_url(cluster.redis_url)
    pids = set()
    for socket in _room(cluster, room_id).get("sockets", {}).get(person_id, []):
        worker = store.get(f"tilerooms:worker:{socket.split('/', 1)[0]}")
        if worker:
            pids.add(int(json.loads(worker)["pid"]))
    return pids


def _records(db_url: str, room_id: str) -> list[tuple]:
    """The kept games of a room and the count of reward rows of its games, in the servers' schema."""
    engine = sa.create_engine(db_url)
    with engine.connect() as conn:
        kept = conn.execute(sa.text("SELECT game_key FROM game_records WHERE room_id = :r ORDER BY game_key"), {"r": room_id}).all()
        rewards = conn.execute(sa.text("SELECT count(*) FROM reward_ledger WHERE game_id LIKE :g"), {"g": f"{room_id}-%"}).scalar()
    engine.dispose()
    return [*(tuple(row) for row in kept), ("rewards", rewards)]


# -- the rooms -------------------------------------------------------------------------------------
def _number_tile_room(cluster: Cluster, host: Player, guest: Player, watcher: Player) -> str:
    """A two-player number-tile room with 180 s turns and a spectator, started; returns its id."""
    room_id = create_room(host.page, cluster.url, name="기계 장애 숫자")
    host.page.locator('select[name="turn_seconds"]').select_option("180")
    join_from_lobby(guest.page, cluster.url, room_id)
    guest.page.locator("#ready").click()
    expect(host.page.locator("#seat-1")).to_contain_text("준비", timeout=10_000)
    watch_from_lobby(watcher.page, cluster.url, room_id)
    host.page.locator("#start").click()
    for p in (host, guest, watcher):
        expect(p.page.locator("#room-status")).to_have_attribute("data-status", "playing", timeout=15_000)
    return room_id


def _mahjong_room(cluster: Cluster, host: Player, guest: Player, watcher: Player) -> str:
    """A mahjong room: two people and two AIs, a spectator, started; returns its id."""
    room_id = create_room(host.page, cluster.url, name="기계 장애 마작", game="mahjong")
    join_from_lobby(guest.page, cluster.url, room_id)
    for seat in (2, 3):
        host.page.locator(f"#add-ai-easy-{seat}").click()
        expect(host.page.locator(f"#add-ai-easy-{seat}")).to_have_count(0, timeout=10_000)
    guest.page.locator("#ready").click()
    expect(host.page.locator("#seat-1")).to_contain_text("준비", timeout=10_000)
    watch_from_lobby(watcher.page, cluster.url, room_id)
    host.page.locator("#start").click()
    for p in (host, guest):
        expect(p.page.locator("#mj-table")).to_be_visible(timeout=20_000)
    return room_id


def _codes(player: Player, selector: str) -> list[str]:
    return player.page.locator(selector).evaluate_all("els => els.map(e => e.dataset.code || e.dataset.tile)")


def _snapshot(nt: dict[str, Player], mj: dict[str, Player]) -> dict[str, object]:
    """What each browser shows that must survive: racks, table with the draft, hands, deadlines."""
    shot: dict[str, object] = {}
    for name, p in nt.items():
        shot[f"NT {name} rack"] = sorted(_codes(p, "#rack [data-tile]"))
        shot[f"NT {name} table"] = sorted(_codes(p, "#table [data-tile]"))
        shot[f"NT {name} deadline"] = p.page.locator(".tr-countdown").first.get_attribute("data-deadline")
    for name, p in mj.items():
        shot[f"MJ {name} hand"] = _codes(p, "#mj-hand .mj-tile")
        shot[f"MJ {name} deadline"] = p.page.locator("#mj-clock").get_attribute("data-deadline")
    return shot


def _sockets_opened(pages: list[Player]) -> dict[int, int]:
    return {id(p): len(p.sockets) for p in pages}


def test_a_lost_server_moves_every_browser_to_the_other_and_nothing_is_lost(cluster, browser, remote_seeding, pg_schema_url):
    contexts = [browser.new_context(locale="ko-KR", viewport={"width": 1280, "height": 860}) for _ in range(3)]
    try:
        people = []
        for context in contexts:  # each person: a number-tile tab and a mahjong tab
            tabs = []
            for _ in range(2):
                player = Player(context.new_page())
                player.page.on("websocket", lambda ws, player=player: player.sockets.append(ws))
                tabs.append(player)
            people.append(tabs)
        (nt_host, mj_host), (nt_guest, mj_guest), (nt_watch, mj_watch) = people
        nt_room = _number_tile_room(cluster, nt_host, nt_guest, nt_watch)
        mj_room = _mahjong_room(cluster, mj_host, mj_guest, mj_watch)

        # number tiles: the guest (seat 1) is one set from going out; mahjong: the host (seat 0)
        # drew its winning tile in riichi, the all-last hand (a tsumo ends the game)
        seeding.seed_rummikub(nt_room, [["O5a", "O6a", "O7a"]], [["K1b", "K2b", "K13a"], ["B1a", "B2a", "B3a"]], current_seat=1)
        seeding.seed_mahjong(
            mj_room, [RIICHI_HAND, *JUNK], round_wind=1, hand_number=3, dealer=3, riichi=[0], points=[29000, 25000, 25000, 21000],
            dora="1s", ura="3m", options={"turnSeconds": 60, "timeBankSeconds": 300},
        )  # fmt: skip
        expect(nt_guest.page.locator("#my-turn")).to_be_visible(timeout=15_000)
        expect(mj_host.page.locator("#mj-tsumo")).to_be_visible(timeout=15_000)
        # mid-turn: the mover's draft (B1a as a new set) is on every table
        nt_guest.page.locator("#rack #tile-B1a").click()
        nt_guest.page.locator("#place-new").click()
        for p in (nt_host, nt_guest, nt_watch):
            expect(p.page.locator("#table #tile-B1a")).to_be_visible(timeout=10_000)
        nt = {"host": nt_host, "guest": nt_guest, "watcher": nt_watch}
        mj = {"host": mj_host, "guest": mj_guest, "watcher": mj_watch}
        before = _snapshot(nt, mj)
        seats_before = {room: _seats(_room(cluster, room)) for room in (nt_room, mj_room)}
        every = [*nt.values(), *mj.values()]
        opened = _sockets_opened(every)

        # the server holding the mover's socket is lost: start, master and workers SIGKILLed at once
        guest_id = _room(cluster, nt_room)["game_players"][1]
        deadline = time.monotonic() + 15
        while not (pids := _socket_pids(cluster, nt_room, guest_id)) and time.monotonic() < deadline:
            time.sleep(0.3)
        assert pids, "the mover's socket is not recorded"
        lost = cluster.holding(next(iter(pids)))
        other = next(s for s in cluster.servers if s is not lost)
        lost_at = time.monotonic()
        killed = lost.kill()
        assert not any(psutil.pid_exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE for pid in killed)

        # every browser that was on it opens a new socket through nginx within the rejoin grace
        nt_guest.page.wait_for_timeout(1500)
        cut = [p for p in every if len(p.sockets) > opened[id(p)]]
        assert nt_guest in cut, "the mover did not lose its connection"
        for p in cut:
            while len(p.sockets) <= opened[id(p)] and time.monotonic() - lost_at < GRACE_S:
                p.page.wait_for_timeout(200)
        for p in every:
            expect(p.page.locator("#room-status")).to_have_attribute("data-status", "playing", timeout=30_000)
        reconnected_s = time.monotonic() - lost_at
        assert reconnected_s < GRACE_S, f"the browsers took {reconnected_s:.0f} s to come back"
        # only the other server's workers hold browser sockets now
        assert other.healthy() and len(other.workers()) == 2
        expect(nt_guest.page.locator("#table #tile-B1a")).to_be_visible(timeout=30_000)
        deadline = time.monotonic() + 30
        while _snapshot(nt, mj) != before and time.monotonic() < deadline:
            time.sleep(0.5)
        assert _snapshot(nt, mj) == before
        assert {room: _seats(_room(cluster, room)) for room in (nt_room, mj_room)} == seats_before
        wake = redis.Redis.from_url(cluster.redis_url).zrange("tilerooms:wake", 0, -1)
        assert {nt_room.encode(), mj_room.encode()} <= set(wake), "a room's clock was lost"
        print(f"lost server :{lost.port} ({len(killed)} processes); {len(cut)} of 6 tabs reconnected through nginx in {reconnected_s:.1f} s")

        # both games go on to their end on the surviving server
        nt_guest.page.locator("#rack #tile-B2a").click()
        nt_guest.page.locator(".table-set", has=nt_guest.page.locator("#tile-B1a")).locator(".place-here").click()
        nt_guest.page.locator("#rack #tile-B3a").click()
        nt_guest.page.locator(".table-set", has=nt_guest.page.locator("#tile-B1a")).locator(".place-here").click()
        expect(nt_guest.page.locator("#rack [data-tile]")).to_have_count(0, timeout=10_000)
        nt_guest.page.locator("#commit").click()
        for p in nt.values():
            expect(p.page.locator("#room-status")).to_have_attribute("data-status", "finished", timeout=15_000)
            expect(p.page.locator("#result-summary")).to_contain_text("승리", timeout=15_000)
        mj_host.page.locator("#mj-tsumo").click()
        for p in mj.values():
            expect(p.page.locator("#mj-result-title")).to_have_text("쯔모", timeout=15_000)
        for p in (mj_host, mj_guest):
            p.page.locator("#mj-last-ok").click()
        for p in (mj_host, mj_guest):
            expect(p.page.locator(".mj-rank-row")).to_have_count(4, timeout=15_000)

        # each game recorded once (guests: no rewards to pay, and none paid twice)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not all(len(_records(pg_schema_url, r)) == 2 for r in (nt_room, mj_room)):
            time.sleep(0.5)
        assert _records(pg_schema_url, nt_room) == [(f"{nt_room}-1",), ("rewards", 0)]
        assert _records(pg_schema_url, mj_room) == [(f"{mj_room}-1",), ("rewards", 0)]
    finally:
        for context in contexts:
            context.close()  # the lost server stays down: the next test starts both servers again


class PrivateRedis:
    """A redis-server of the test's own on a free port, with an append-only file, restartable."""

    def __init__(self, binary: str, folder: Path) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.args = [
            binary,
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(folder),
            "--appendonly",
            "yes",
            "--appendfsync",
            "always",
            "--save",
            "",
        ]
        self.log = folder / "redis.log"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        """Start it and wait until it answers."""
        self.proc = subprocess.Popen([*self.args, "--logfile", str(self.log)], start_new_session=True)
        deadline = time.monotonic() + 10
        while not redis_answers(self.url, timeout=0.5):
            assert self.proc.poll() is None and time.monotonic() < deadline, self.log.read_text()
            time.sleep(0.1)

    def stop(self) -> None:
        """SHUTDOWN as an operator's restart does (the append-only file is on disk: fsync always)."""
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=15)
            self.proc = None


def _relays(probe: redis.Redis) -> int:
    """How many workers listen on the room-change channel (`rooms/bus.py`: RedisBus)."""
    return int(probe.pubsub_numsub("tilerooms:changes")[0][1])


def test_a_redis_restart_mid_game_keeps_every_room(cluster, browser, tmp_path):
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed: the restart needs a Redis of the test's own")
    private = PrivateRedis(binary, tmp_path)
    private.start()
    contexts = [browser.new_context(locale="ko-KR", viewport={"width": 1280, "height": 860}) for _ in range(3)]
    try:
        cluster.restart_on(private.url)  # both servers on the test's own Redis, never the machine's
        host, guest, watcher = (Player(c.new_page()) for c in contexts)
        for p in (host, guest, watcher):
            p.page.on("websocket", lambda ws, p=p: p.sockets.append(ws))
        room_id = _number_tile_room(cluster, host, guest, watcher)
        deadline = time.monotonic() + 15
        while not any(p.page.locator("#my-turn").is_visible() for p in (host, guest)) and time.monotonic() < deadline:
            host.page.wait_for_timeout(200)
        mover, other = (host, guest) if host.page.locator("#my-turn").is_visible() else (guest, host)
        tile = sorted(_codes(mover, "#rack [data-tile]"))[0]
        mover.page.locator(f"#rack #tile-{tile}").click()
        mover.page.locator("#place-new").click()
        for p in (host, guest, watcher):
            expect(p.page.locator(f"#table #tile-{tile}")).to_be_visible(timeout=10_000)
        nt = {"host": host, "guest": guest, "watcher": watcher}
        before = _snapshot(nt, {})
        stored = _room(cluster, room_id)

        probe = redis.Redis.from_url(private.url)
        assert _relays(probe) == 4, "every worker of both servers relays room changes"

        private.stop()  # Redis goes away mid-turn ...
        mover.page.wait_for_timeout(2000)
        private.start()  # ... and comes back from its append-only file
        # nothing lost or corrupted: the room, its seats, and every browser's position
        assert _room(cluster, room_id)["version"] == stored["version"] and _seats(_room(cluster, room_id)) == _seats(stored)
        deadline = time.monotonic() + 30
        while _snapshot(nt, {}) != before and time.monotonic() < deadline:
            time.sleep(0.5)
        assert _snapshot(nt, {}) == before

        # a move after the restart is taken once
        mover.page.locator("#draw").click()
        mover.page.locator("#draw-confirm").click()  # the draft goes back to the rack, one tile drawn
        deadline = time.monotonic() + 15
        while _room(cluster, room_id)["version"] == stored["version"] and time.monotonic() < deadline:
            time.sleep(0.3)
        after = _room(cluster, room_id)
        assert after["version"] == stored["version"] + 1 and after["game_state"]["current"] != stored["game_state"]["current"]
        # every worker subscribed again by itself (rooms/bus.py) and the move reaches the browsers live
        deadline = time.monotonic() + 15
        while _relays(probe) != 4 and time.monotonic() < deadline:
            time.sleep(0.3)
        assert _relays(probe) == 4, "every worker relays room changes again"
        expect(other.page.locator("#my-turn")).to_be_visible(timeout=15_000)
        # recovered: the game goes on live, each move reaching every browser
        expect(watcher.page.locator(f"#table #tile-{tile}")).to_have_count(0, timeout=15_000)
        next_tile = sorted(_codes(other, "#rack [data-tile]"))[-1]
        other.page.locator(f"#rack #tile-{next_tile}").click()
        other.page.locator("#place-new").click()
        for p in (mover, watcher):
            expect(p.page.locator(f"#table #tile-{next_tile}")).to_be_visible(timeout=15_000)
    finally:
        for context in contexts:
            context.close()
        private.stop()
        for server in cluster.servers:
            server.stop()
