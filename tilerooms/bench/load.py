"""Live play under load, on loopback: many rooms at once against real prod workers (issue 20).

Each room has a person who plays (a socket.io client), AIs in the other seats, and a spectator:

- number tiles (1 person + 1 AI 쉬움): on their turn the person puts a rack tile on the table
  (`place_new`: a draft move every viewer sees live), thinks, and draws;
- mahjong (1 person + 3 AIs 쉬움): the person discards when it is their turn (the drawn tile,
  else a legal one), passes every claim window and confirms every hand result.

We time each action of the person until the spectator receives the frame that shows it, and record
every frame both clients receive. One table covers several set-ups — `--rooms 50,100,200` on one
worker (rooms and Reflex states in process) and, with `--workers 1,2`, the largest room count on
two workers with Redis (Reflex's Redis state manager, rooms in Redis: the `start_scaled.sh`
mode). Columns: the people's actions and the rooms' changes (AI moves included) per second,
action → spectator median / p95 / p99, the workers' CPU per room-second, their memory growth per
room, and the median / p95 bytes of the room-update frames a client receives per change, per game.
Below the table: which vars those bytes are, per game.

The load generator runs beside the workers on the same cores: its own CPU is printed, and so is the
machine's load average before and after. Not part of CI.

    python -m tilerooms.bench.load [--rooms 50,100,200] [--workers 1,2] [--quick] [--seconds 60] [--nginx]

`--nginx` adds a row: the largest room count on two servers of one worker each behind nginx
(`deploy/nginx.conf`, Debian's nginx), sharing Redis, the clients reaching only nginx: the
several-machines deployment of docs/deploy.md on one host. Its CPU column counts nginx too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import re
import shutil
import socket
import statistics
import subprocess
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from tilerooms import settings
from tilerooms.bench.room_latency import (
    LOBBY_STATE,
    MAHJONG_TABLE,
    PREFIX,
    ROOM_STATE,
    ROOT,
    RUMMIKUB_TABLE,
    Client,
    _free_port,
    _start_backend,
    household,
)
from tilerooms.rooms.catalog import game_info

REDIS_BENCH_URL = settings.current().bench_redis_url  # a database of its own
GAME_SHORT = {"rummikub": "NT", "mahjong": "MJ"}


@dataclass
class Figures:
    """What one set-up measured."""

    rooms: int
    workers: int
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))  # game -> ms
    frame_bytes: dict[tuple[str, str], list[int]] = field(default_factory=lambda: defaultdict(list))  # (game, role)
    var_bytes: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))  # game -> var -> bytes
    path_bytes: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))  # game -> field path -> bytes
    changes: dict[str, int] = field(default_factory=lambda: defaultdict(int))  # game -> room versions seen
    stored: dict[str, int] = field(default_factory=lambda: defaultdict(int))  # game -> room versions stored meanwhile
    actions: int = 0
    errors: list[str] = field(default_factory=list)
    window: tuple[float, float] = (0.0, 0.0)  # perf_counter() of the measuring window
    seconds: float = 0.0
    worker_cpu_s: float = 0.0
    redis_cpu_s: float | None = None
    redis_commands: Counter | None = None  # (command, key shape) -> count in the window (`--redis-commands`)
    redis_round_trips: int = 0  # the commands clients sent (those scripts ran not counted)
    generator_cpu_s: float = 0.0
    rss_idle_mb: float = 0.0
    rss_end_mb: float = 0.0
    redis_mb: float | None = None
    load_before: tuple[float, float, float] = (0.0, 0.0, 0.0)
    load_after: tuple[float, float, float] = (0.0, 0.0, 0.0)
    reference_ms: tuple[float, float] = (0.0, 0.0)  # `reference_ms` before and after the run

    address_base: int = 0  # the first room's loopback address number
    setup_s: float = 0.0
    stopped: bool = False  # the window closed: every room stops at its next action
    servers: int = 1  # 2: two servers of `workers` workers behind nginx (--nginx)

    def measured(self, sent: float) -> bool:
        return self.window[0] <= sent <= self.window[1]


# -- one room ------------------------------------------------------------------------------------
async def _open_room(player: Client, watcher: Client, game: str, ais: int) -> None:
    for client in (player, watcher):
        await client.connect()
        await client.hydrate()  # as a browser loading the lobby does: every state var read once
    sent = await player.emit(LOBBY_STATE, "create_room", form={"game": game, "name": "load"})
    await player.wait_for(lambda f: "/room/r" in f, sent)
    room_id = re.search(r"/room/(r[0-9a-f]+)", next(f for _, f in reversed(player.frames) if "/room/r" in f)).group(1)
    player.path = watcher.path = f"/room/{room_id}"
    watcher.query = {"watch": "1"}
    await player.wait_for(lambda f: True, await player.emit(ROOM_STATE, "enter"))
    await watcher.wait_for(lambda f: True, await watcher.emit(ROOM_STATE, "enter"))
    for seat in range(1, ais + 1):
        await player.wait_for(lambda f: True, await player.emit(ROOM_STATE, "add_ai", seat=seat, level="easy"))
    await _start(player)


async def _start(player: Client) -> None:
    await player.wait_for(lambda f: '"playing"' in f, await player.emit(ROOM_STATE, "room_request", request="start"))


async def _restart_if_over(player: Client) -> bool:
    if player.vars.get("status") != "finished":
        return False
    await player.wait_for(lambda f: True, await player.emit(ROOM_STATE, "room_request", request="back_to_waiting"))
    await _start(player)
    return True


async def _number_tiles(player: Client, watcher: Client, figures: Figures, rng: random.Random, think: tuple[float, float]) -> None:
    while not figures.stopped:
        if await _restart_if_over(player):
            continue
        if not player.vars.get("my_turn"):
            await asyncio.sleep(0.1)  # the AI is thinking (server clock)
            continue
        await asyncio.sleep(rng.uniform(*think))
        rack = [c for c in player.vars.get("rack_cells") or [] if c]  # cell ids, "" for an empty cell
        if rack and player.vars.get("my_turn"):
            tile = rng.choice(rack)
            await player.wait_for(lambda f: True, await player.emit(RUMMIKUB_TABLE, "toggle", tile_id=tile))
            sent = await player.emit(RUMMIKUB_TABLE, "place_new")  # the draft move everyone sees
            # the tile in the code of a set slot ("12 11 4 K8a|…", rummikub_view.set_code)
            on_table = re.compile(rf"set_\d+_rx_state_\":\"[^\"]*\b{tile}\b|sets_more_rx_state_\":\[[^\]]*\b{tile}\b")
            arrived = await watcher.wait_for(lambda f, on_table=on_table: on_table.search(f) is not None, sent)
            _count(figures, "rummikub", sent, arrived)
            await player.wait_for(lambda f, on_table=on_table: on_table.search(f) is not None, sent)
            await asyncio.sleep(rng.uniform(*think) / 2)
        kind = "draw" if _pool(str(player.vars.get("turn") or "")) > 0 else "pass"
        sent = await player.emit(RUMMIKUB_TABLE, "game_action", kind=kind)  # reverts the draft, ends the turn
        arrived = await watcher.wait_for(lambda f: '"turn_rx_state_"' in f, sent)  # whose turn, the pool …
        _count(figures, "rummikub", sent, arrived)
        await player.wait_for(lambda f: '"my_turn_rx_state_":false' in f.replace(" ", "") or '"status' in f, sent)


async def _mahjong(player: Client, watcher: Client, figures: Figures, rng: random.Random, think: tuple[float, float]) -> None:
    while not figures.stopped:
        if await _restart_if_over(player):
            continue
        info = player.vars.get("mj_info") or {}
        own = player.vars.get("mj_own") or {}
        claim = player.vars.get("mj_claim") or {}
        result = player.vars.get("mj_result") or {}
        if claim.get("open") and not claim.get("answered"):
            await player.wait_for(lambda f: True, await player.emit(MAHJONG_TABLE, "mj_call", call="pass"))
            continue
        if result.get("shown") and not result.get("i_am_ready"):
            await player.wait_for(lambda f: True, await player.emit(MAHJONG_TABLE, "mj_ready"))
            continue
        if not (info.get("my_turn") and own.get("can_discard")):
            await asyncio.sleep(0.1)
            continue
        await asyncio.sleep(rng.uniform(*think))
        own = player.vars.get("mj_own") or {}
        legal = [t["id"] for t in (own.get("drawn") or []) + (own.get("hand") or []) if t.get("legal")]
        if not legal or not own.get("can_discard"):
            continue
        token = legal[0]  # tsumogiri when the drawn tile may go
        sent = await player.emit(MAHJONG_TABLE, "mj_swipe", token=token)
        arrived = await watcher.wait_for(lambda f, t=token: f'"{t}"' in f, sent)  # in the pond
        _count(figures, "mahjong", sent, arrived)
        await player.wait_for(lambda f: '"mj_own' in f, sent)


def _count(figures: Figures, game: str, sent: float, arrived: float) -> None:
    if figures.measured(sent):
        figures.latencies[game].append((arrived - sent) * 1000)
        figures.actions += 1


def _pool(turn: str) -> int:
    """The pool's tile count in a number-tile `turn` line as a browser receives it
    ("current pool deadline start tiles last", `table/rummikub/rows.py turn_line`; "" for none)."""
    parts = turn.split(" ")
    return int(parts[1]) if len(parts) > 1 else 0


async def _room(
    base: str, index: int, game: str, figures: Figures, rng: random.Random, think: tuple[float, float], ready: asyncio.Barrier, setup: asyncio.Semaphore
) -> None:
    # each room's people come from an address of their own (the rate limits count per address too)
    address = household(index + figures.address_base)
    player, watcher = Client(base, address), Client(base, address)
    step = "set-up"
    try:
        try:
            async with setup:  # a few rooms at a time: 200 rooms opening at once time out
                await _open_room(player, watcher, game, game_info(game).practice_ais or 1)
        finally:
            await ready.wait()  # every room plays before the measuring window opens
        step = "play"
        await {"rummikub": _number_tiles, "mahjong": _mahjong}[game](player, watcher, figures, rng, think)
    except Exception as err:  # noqa: BLE001 - counted, the other rooms go on
        figures.errors.append(f"{game} {step}: {type(err).__name__}: {err} (screen error: {player.vars.get('error')!r})")
    finally:
        for client in (player, watcher):
            try:
                if step == "play":  # leave, so the room closes instead of playing on for its grace
                    await client.wait_for(lambda f: True, await client.emit(ROOM_STATE, "leave"), timeout=5)
            except Exception:  # noqa: BLE001
                pass
            try:
                await client.close()
            except Exception:  # noqa: BLE001
                pass
        _tally_frames(figures, game, "player", player)
        _tally_frames(figures, game, "spectator", watcher)


def _path_bytes(into: Counter, path: str, value: object, depth: int = 0) -> None:
    """Bytes of each field inside a var, by path ("mj_seats[].discards[].aria"): the JSON of the
    value under each key, keys included; lists are walked item by item."""
    if depth > 4:
        return
    if isinstance(value, list):
        for item in value:
            _path_bytes(into, path + "[]", item, depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            sub = f"{path}.{key}"
            into[sub] += len(json.dumps({key: item}, ensure_ascii=False).encode()) - 2
            if isinstance(item, (list, dict)):
                _path_bytes(into, sub, item, depth + 1)


def _tally_frames(figures: Figures, game: str, role: str, client: Client) -> None:
    """The room-update frames (those carrying a new room `version`) received in the window: their
    sizes, and the bytes of each var in them."""
    versions: list[int] = []
    for at, frame in client.frames:
        if not figures.window[0] <= at <= figures.window[1]:
            continue
        try:
            delta = json.loads(frame[len(PREFIX) :])[1].get("delta") or {}
        except (ValueError, IndexError, AttributeError):
            continue
        room = delta.get(ROOM_STATE) or {}
        if "version_rx_state_" not in room:
            continue
        versions.append(room["version_rx_state_"])
        figures.frame_bytes[(game, role)].append(len(frame.encode()))
        for substate, values in delta.items():
            for key, value in values.items():
                name = key.removesuffix("_rx_state_") if substate in (ROOM_STATE, RUMMIKUB_TABLE, MAHJONG_TABLE) else f"{substate.rsplit('.', 1)[-1]}.{key}"
                size = len(json.dumps({key: value}, ensure_ascii=False).encode()) - 2
                figures.var_bytes[game][name] += size
                figures.path_bytes[game][name] += size  # a leaf itself when it holds no fields (a compact string or list)
                _path_bytes(figures.path_bytes[game], name, value)
    if role == "spectator" and versions:
        figures.changes[game] += len(set(versions))
        figures.stored[game] += max(versions) - min(versions) + 1  # every stored version in between


# -- one set-up ----------------------------------------------------------------------------------
def _worker_procs(proc: subprocess.Popen) -> list[psutil.Process]:
    parent = psutil.Process(proc.pid)
    return [parent, *parent.children(recursive=True)]


def _cpu_s(procs: list[psutil.Process]) -> float:
    total = 0.0
    for p in procs:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return total


def _rss(procs: list[psutil.Process]) -> float:
    total = 0
    for p in procs:
        try:
            total += p.memory_info().rss
        except psutil.NoSuchProcess:
            pass
    return total / 2**20


def _redis_proc() -> psutil.Process | None:
    for p in psutil.process_iter(["name"]):
        if (p.info.get("name") or "").startswith("redis-server"):
            return p
    return None


def _redis_used_mb() -> float:
    import redis

    return redis.Redis.from_url(REDIS_BENCH_URL).info("memory")["used_memory"] / 2**20


async def _play(
    base: str,
    figures: Figures,
    games: list[str],
    seconds: float,
    warmup: float,
    think: tuple[float, float],
    procs: list[psutil.Process],
    redis_proc: psutil.Process | None,
    during: Callable[[list[psutil.Process], float], None] | None,
) -> None:
    rng = random.Random(7)
    kinds = [games[i % len(games)] for i in range(figures.rooms)]
    ready = asyncio.Barrier(figures.rooms + 1)
    setup = asyncio.Semaphore(20)

    async def meter() -> None:
        opened = time.perf_counter()
        await ready.wait()
        figures.setup_s = time.perf_counter() - opened
        await asyncio.sleep(warmup)  # the first deals and AI turns settle
        me = psutil.Process()
        cpu0, red0, gen0 = _cpu_s(procs), _cpu_s([redis_proc]) if redis_proc else None, _cpu_s([me])
        start = time.perf_counter()
        figures.window = (start, start + seconds)
        if during is not None:
            during(procs, seconds)  # e.g. a profiler attached for the window
        await asyncio.sleep(seconds)
        figures.seconds = time.perf_counter() - start
        figures.worker_cpu_s = _cpu_s(procs) - cpu0
        figures.redis_cpu_s = _cpu_s([redis_proc]) - red0 if redis_proc and red0 is not None else None
        figures.generator_cpu_s = _cpu_s([me]) - gen0
        figures.rss_end_mb = _rss(procs)

    tasks = [asyncio.create_task(_room(base, i, game, figures, rng, think, ready, setup)) for i, game in enumerate(kinds)]
    await meter()
    figures.stopped = True
    await asyncio.gather(*tasks)


def measure(
    rooms: int,
    workers: int,
    *,
    games: list[str],
    seconds: float,
    warmup: float,
    ai_delay_ms: int,
    think: tuple[float, float],
    env: dict[str, str] | None = None,
    warm: float = 6.0,
    at_idle: Callable[[list[psutil.Process]], None] | None = None,
    during: Callable[[list[psutil.Process], float], None] | None = None,
    nginx: bool = False,
    count_redis: bool = False,
) -> Figures:
    """Start a backend (1 worker in process, or `workers` workers with Redis), play, stop it.
    First `warm` seconds of play in a few rooms that then leave; `at_idle(worker processes)` is
    called after that, before the measured rooms open, `during(worker processes,
    seconds)` as the measuring window opens. `nginx`: two such servers with Redis behind nginx;
    `count_redis`: the Redis commands of the window too."""
    figures = Figures(rooms, workers, servers=2 if nginx else 1)
    if count_redis and workers > 1:  # the Redis commands of the window (`redis_commands`)
        counting, also = redis_commands(figures), during

        def during(procs: list[psutil.Process], seconds: float) -> None:
            counting(procs, seconds)
            if also is not None:
                also(procs, seconds)

    figures.load_before = os.getloadavg()
    before_ms = reference_ms()
    port = _free_port()
    db = tempfile.NamedTemporaryFile(prefix="tilerooms-bench-", suffix=".db", delete=False)
    db.close()
    states = tempfile.mkdtemp(prefix="tilerooms-bench-states-")  # Reflex's disk state manager: a fresh folder
    env = {"TILEROOMS_AI_DELAY_MS": str(ai_delay_ms), "DATABASE_URL": f"sqlite:///{db.name}", "REFLEX_STATES_WORKDIR": states, **(env or {})}
    redis_proc = None
    if workers > 1 or nginx:
        import redis

        redis.Redis.from_url(REDIS_BENCH_URL).flushdb()  # the bench's own database only
        env.update(REDIS_URL=REDIS_BENCH_URL, REFLEX_REDIS_URL=REDIS_BENCH_URL, TILEROOMS_WORKERS=str(workers))
        redis_proc = _redis_proc()
        redis0 = _redis_used_mb()
    proc = _start_backend(port, **env)
    behind: list[subprocess.Popen] = []  # --nginx: the second server and nginx
    try:
        if nginx:
            port, behind = _behind_nginx(port, env)
        time.sleep(2.0)  # every worker has imported the app
        procs = [p for started in (proc, *behind) for p in _worker_procs(started)]
        if warm > 0:
            # a few rooms of each game play first, then leave: lazy imports (the number-tile AI's
            # solver loads SciPy/HiGHS), caches and allocator arenas are not counted per room
            warm_up = Figures(2 * workers * len(games), workers, address_base=100_000)
            asyncio.run(_play(f"ws://127.0.0.1:{port}", warm_up, games, warm, 0.0, think, procs, None, None))
        if at_idle is not None:
            at_idle(procs)
        figures.rss_idle_mb = _rss(procs)
        asyncio.run(_play(f"ws://127.0.0.1:{port}", figures, games, seconds, warmup, think, procs, redis_proc, during))
        if workers > 1 or nginx:
            figures.redis_mb = _redis_used_mb() - redis0
    finally:
        for started in (*reversed(behind), proc):
            started.terminate()
            try:
                started.wait(15)
            except subprocess.TimeoutExpired:
                started.kill()
        os.unlink(db.name)
        shutil.rmtree(states, ignore_errors=True)
        if workers > 1 or nginx:
            import redis

            redis.Redis.from_url(REDIS_BENCH_URL).flushdb()
    figures.load_after = os.getloadavg()
    figures.reference_ms = (before_ms, reference_ms())
    return figures


# -- two servers behind nginx (--nginx) -----------------------------------------------------------
NGINX_CONF = ROOT / "deploy" / "nginx.conf"


def nginx_config(port: int, upstreams: list[int], folder: Path) -> str:
    """deploy/nginx.conf for loopback: its upstream servers (app1:3000, app2:3000) replaced by
    127.0.0.1:`upstreams` with the same options, listening on 127.0.0.1:`port`, its pid, logs and
    temporary files in `folder`, in the foreground."""
    text = NGINX_CONF.read_text()
    options = re.search(r"server app\d+:3000 ([^;]*);", text)
    text, removed = re.subn(r"\n\s*server app\d+:3000 [^;]*;", "", text)
    if removed != 2 or options is None or "listen 80;" not in text:
        raise ValueError(f"{NGINX_CONF} no longer has the upstreams app1:3000, app2:3000 and `listen 80;`")
    servers = "".join(f"\n        server 127.0.0.1:{p} {options.group(1)};" for p in upstreams)
    text = text.replace("least_conn;", "least_conn;" + servers, 1).replace("listen 80;", f"listen 127.0.0.1:{port};")
    temp = "".join(f"\n    {kind}_temp_path {folder}/{kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    text = text.replace("http {", f"http {{\n    access_log {folder}/access.log;{temp}", 1)
    return f"daemon off;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log info;\n{text}"


def nginx_binary() -> str | None:
    """Debian's nginx (`/usr/sbin` is not on every PATH)."""
    return shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)


def start_nginx(port: int, upstreams: list[int], folder: Path) -> subprocess.Popen:
    """nginx with `nginx_config` in `folder` (checked first), listening once this returns."""
    binary = nginx_binary()
    if binary is None:
        raise RuntimeError("nginx is not installed (Debian: apt-get install nginx-light)")
    conf = folder / "nginx.conf"
    conf.write_text(nginx_config(port, upstreams, folder))
    args = [binary, "-p", str(folder), "-c", str(conf), "-e", str(folder / "error.log")]
    check = subprocess.run([*args, "-t"], capture_output=True, text=True)
    if check.returncode != 0:
        raise RuntimeError(f"nginx refused {conf}: {check.stderr}")
    proc = subprocess.Popen(args, start_new_session=True)
    for _ in range(100):
        if proc.poll() is not None:
            raise RuntimeError(f"nginx stopped: {(folder / 'error.log').read_text()}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return proc
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("nginx did not listen in 10 s")


def _behind_nginx(port: int, env: dict[str, str]) -> tuple[int, list[subprocess.Popen]]:
    """A second server like the one on `port`, and nginx in front of both: (nginx's port, [second
    server, nginx])."""
    second_port, lb_port = _free_port(), _free_port()
    second = _start_backend(second_port, **env)
    folder = Path(tempfile.mkdtemp(prefix="tilerooms-bench-nginx-"))
    return lb_port, [second, start_nginx(lb_port, [port, second_port], folder)]


# -- Redis commands per room change (--redis-commands) ------------------------------------------
def redis_commands(figures: Figures) -> Callable[[list[psutil.Process], float], None]:
    """A `during` hook: Redis MONITOR on the bench's database for the window, counting each
    command by name and key shape into `figures` (issue 38: round trips per room change). MONITOR
    costs Redis and the workers time: the row's CPU and latency are not comparable with a run
    without it."""
    import threading

    import redis

    db = redis.Redis.from_url(REDIS_BENCH_URL).connection_pool.connection_kwargs.get("db", 0)
    figures.redis_commands = Counter()

    def shape(key: str) -> str:
        key = re.sub(r"r[0-9a-f]{10}\b", "<room>", key)
        return re.sub(r"[0-9a-f]{8,}(-[0-9a-f]{4,})*", "<id>", key)[:60]

    def watch(seconds: float) -> None:
        end = time.monotonic() + seconds
        in_multi: set[tuple[object, object]] = set()
        with redis.Redis.from_url(REDIS_BENCH_URL).monitor() as monitor:
            for command in monitor.listen():
                if time.monotonic() > end:
                    break
                if command.get("db") != db:
                    continue
                parts = command["command"].split(" ", 2)
                if command.get("client_type") == "lua":  # run by a script: no round trip of its own
                    figures.redis_commands[(f"({parts[0].upper()} in a script)", "")] += 1
                    continue
                client, name = (command.get("client_address"), command.get("client_port")), parts[0].upper()
                if name == "MULTI":
                    in_multi.add(client)
                    figures.redis_round_trips += 1  # MULTI … EXEC go out in one packet
                elif name == "EXEC":
                    in_multi.discard(client)
                elif client not in in_multi:
                    figures.redis_round_trips += 1
                figures.redis_commands[(parts[0].upper(), shape(parts[1]) if len(parts) > 1 else "")] += 1

    return lambda procs, seconds: threading.Thread(target=watch, args=(seconds,), daemon=True).start()


def redis_command_lines(figures: Figures, top: int = 12) -> str:
    """Redis commands per room change seen by the spectators, by command and key."""
    if not figures.redis_commands:
        return ""
    changes = sum(figures.changes.values()) or 1
    sent = sum(n for (name, _), n in figures.redis_commands.items() if not name.startswith("("))
    lines = [
        f"- {figures.rooms} rooms / {figures.workers} worker(s): Redis commands per room change {sent / changes:.1f} sent by clients "
        f"(~{figures.redis_round_trips / changes:.1f} round trips), {sum(figures.redis_commands.values()) / changes:.1f} run with those of scripts ({changes} changes)"
    ]
    lines += [f"    {n / changes:5.2f}  {name} {key}" for (name, key), n in figures.redis_commands.most_common(top)]
    return "\n".join(lines)


# -- the table -----------------------------------------------------------------------------------
def _pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))] if values else float("nan")


def _med(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def _frames(figures: Figures, game: str) -> str:
    sizes = figures.frame_bytes.get((game, "player"), []) + figures.frame_bytes.get((game, "spectator"), [])
    return f"{_med(sizes):,.0f} / {_pct(sizes, 0.95):,.0f}" if sizes else "–"


def reference_ms() -> float:
    """Milliseconds this machine takes now for a fixed piece of Python work of a worker's kind
    (building, sorting and serialising small dicts and lists), best of 5. The same tree's worker
    CPU per room·s read 2.2 one day and 3.1-4.2 the next on this VM: divide CPU figures of
    different runs by their reference before comparing them."""
    data = [{"id": f"t{i}", "tiles": [f"{j}m" for j in range(14)], "n": i} for i in range(2000)]
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(5):
            json.loads(json.dumps(data))
            sorted((dict(d, n=-d["n"]) for d in data), key=lambda d: d["n"])
        best = min(best, time.perf_counter() - start)
    return best * 1000


def conditions() -> str:
    """The machine, its load and its speed now (`reference_ms`), printed above every table."""
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), platform.processor())
    mem = psutil.virtual_memory().total / 2**30
    return (
        f"machine: {psutil.cpu_count()} cores ({cpu}), {mem:.0f} GiB, Python {platform.python_version()}, "
        f"load average now {' '.join(f'{x:.2f}' for x in os.getloadavg())}, reference work {reference_ms():.0f} ms"
    )


def table(rows: list[Figures], games: list[str]) -> str:
    """One markdown table for every set-up measured."""
    head = (
        ["rooms", "workers", "people act/s", "room changes/s", "act→spectator ms med / p95 / p99", "worker CPU ms per room·s", "MB per room"]
        + [f"{GAME_SHORT[g]} frame B med / p95" for g in games]
        + ["load avg before → after"]
    )
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for f in rows:
        lat = [x for g in games for x in f.latencies.get(g, [])]
        changes = sum(f.changes.values())
        cpu = f.worker_cpu_s / f.seconds / f.rooms * 1000 if f.seconds else float("nan")
        mb = (f.rss_end_mb - f.rss_idle_mb) / f.rooms
        mem = f"{mb:.2f}" + (f" (+{f.redis_mb / f.rooms:.2f} Redis)" if f.redis_mb is not None else "")
        cells = [
            str(f.rooms),
            f"{f.servers} × {f.workers} + Redis + nginx" if f.servers > 1 else f"{f.workers}" + (" + Redis" if f.workers > 1 else ""),
            f"{f.actions / f.seconds:.1f}" if f.seconds else "–",
            f"{changes / f.seconds:.1f}" if f.seconds else "–",
            f"{_med(lat):.0f} / {_pct(lat, 0.95):.0f} / {_pct(lat, 0.99):.0f}",
            f"{cpu:.1f}",
            mem,
        ]
        cells += [_frames(f, g) for g in games]
        cells.append(f"{f.load_before[0]:.2f} → {f.load_after[0]:.2f}")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def memory_fit(rows: list[Figures]) -> str:
    """RSS growth of the one-worker rows fitted as fixed + per room (least squares)."""
    points = [(f.rooms, f.rss_end_mb - f.rss_idle_mb) for f in rows if f.workers == 1]
    if len({r for r, _ in points}) < 2:
        return ""
    n = len(points)
    mx, my = sum(r for r, _ in points) / n, sum(m for _, m in points) / n
    slope = sum((r - mx) * (m - my) for r, m in points) / sum((r - mx) ** 2 for r, _ in points)
    return f"- one worker's RSS growth ≈ {my - slope * mx:.0f} MB + {slope:.2f} MB × rooms (least squares over {n} rows)"


def details(rows: list[Figures], games: list[str], top: int = 8) -> str:
    """Per set-up: CPU of the workers, Redis and the generator, latency per game, errors; then the
    vars that make up the frames' bytes, per game (summed over every set-up)."""
    out = []
    for f in rows:
        setup = f"{f.servers} servers × {f.workers} worker(s) behind nginx" if f.servers > 1 else f"{f.workers} worker(s)"
        parts = [f"{f.rooms} rooms / {setup}, {f.seconds:.0f} s window: workers {f.worker_cpu_s / f.seconds * 100:.0f} % of a core"]
        if f.redis_cpu_s is not None:
            parts.append(f"redis-server {f.redis_cpu_s / f.seconds * 100:.0f} %")
        parts.append(f"load generator {f.generator_cpu_s / f.seconds * 100:.0f} %")
        for g in games:
            lat = f.latencies.get(g, [])
            if f.stored.get(g):
                parts.append(f"{GAME_SHORT[g]} spectators saw {f.changes[g] / f.stored[g] * 100:.0f} % of the stored room versions")
            if lat:
                parts.append(f"{GAME_SHORT[g]} {len(lat)} actions {_med(lat):.0f}/{_pct(lat, 0.95):.0f}/{_pct(lat, 0.99):.0f} ms")
            for role in ("player", "spectator"):
                sizes = f.frame_bytes.get((g, role), [])
                if sizes:
                    parts.append(f"{GAME_SHORT[g]} {role} frames {len(sizes)} med {_med(sizes):.0f} B")
        parts.append(
            f"set-up {f.setup_s:.0f} s; RSS {f.rss_idle_mb:.0f} → {f.rss_end_mb:.0f} MB; {len(f.errors)} errors; "
            f"reference work {f.reference_ms[0]:.0f} → {f.reference_ms[1]:.0f} ms"
        )
        out.append("- " + "; ".join(parts))
        out += [f"    error: {e}" for e in f.errors[:3]]
    out += [redis_command_lines(f) for f in rows if f.redis_commands]
    if memory_fit(rows):
        out.append(memory_fit(rows))
    for g in games:
        total = Counter()
        frames = 0
        for f in rows:
            total.update(f.var_bytes.get(g, Counter()))
            frames += len(f.frame_bytes.get((g, "player"), [])) + len(f.frame_bytes.get((g, "spectator"), []))
        all_bytes = sum(total.values())
        if not frames:
            continue
        share = ", ".join(f"{name} {b / frames:.0f} B ({b / all_bytes * 100:.0f} %)" for name, b in total.most_common(top))
        out.append(f"- {GAME_SHORT[g]} bytes per room-update frame by var (mean over {frames} frames): {share}")
        paths = Counter()
        for f in rows:
            paths.update(f.path_bytes.get(g, Counter()))
        leaves = Counter({p: b for p, b in paths.items() if not any(q.startswith(p + ".") or q.startswith(p + "[]") for q in paths)})
        inner = ", ".join(f"{p} {b / frames:.0f} B ({b / all_bytes * 100:.0f} %)" for p, b in leaves.most_common(top + 4))
        out.append(f"  - the fields those bytes are (leaves, mean per frame): {inner}")
    return "\n".join(out)


def main() -> None:
    """Measure each set-up and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", default="50,100,200", help="room counts on one worker (comma-separated)")
    parser.add_argument("--workers", default="1,2", help="worker counts; counts above 1 run the largest room count with Redis")
    parser.add_argument("--games", default="rummikub,mahjong", help="room kinds, alternating")
    parser.add_argument("--seconds", type=float, default=60.0, help="measuring window per set-up")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--quick", action="store_true", help="20 s windows, 3 s warm-up (the whole table in < 3 min)")
    parser.add_argument("--ai-delay-ms", type=int, default=1000, help="AI think time (the real default is 1000-3000)")
    parser.add_argument("--think", default="0.3,1.0", help="a person's think time range in s")
    parser.add_argument("--nginx", action="store_true", help="add a row: 2 servers of 1 worker behind nginx (deploy/nginx.conf), Redis shared")
    parser.add_argument("--state-manager", default="", help="REFLEX_STATE_MANAGER_MODE for one worker (Reflex's default there: disk)")
    parser.add_argument("--redis-commands", action="store_true", help="count the Redis commands per room change (MONITOR: slows the Redis rows)")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.warmup = 20.0, 3.0
    rooms = [int(x) for x in args.rooms.split(",") if x]
    workers = [int(x) for x in args.workers.split(",") if x]
    games = [g for g in args.games.split(",") if g]
    think = tuple(float(x) for x in args.think.split(","))
    setups = [(r, 1) for r in rooms if 1 in workers] + [(max(rooms), w) for w in workers if w > 1]
    print(conditions())
    print(
        f"each room: 1 person (socket.io client) + AIs + 1 spectator; AI delay {args.ai_delay_ms} ms, think {think[0]}-{think[1]} s; "
        f"games {', '.join(games)} alternating; {args.seconds:.0f} s window after {args.warmup:.0f} s warm-up; "
        f"the load generator shares the machine's cores with the workers"
    )
    rows = []
    for r, w in setups:
        env = {"REFLEX_STATE_MANAGER_MODE": args.state_manager} if args.state_manager and w == 1 else {}
        rows.append(
            measure(
                r, w, games=games, seconds=args.seconds, warmup=args.warmup, ai_delay_ms=args.ai_delay_ms, think=think, env=env, count_redis=args.redis_commands
            )
        )
        print(f"  done: {r} rooms on {w} worker(s)", flush=True)
    if args.nginx:  # the several-machines row: as many worker processes as the Redis row, in two servers
        rows.append(measure(max(rooms), 1, games=games, seconds=args.seconds, warmup=args.warmup, ai_delay_ms=args.ai_delay_ms, think=think, nginx=True))
        print(f"  done: {max(rooms)} rooms on 2 servers of 1 worker behind nginx", flush=True)
    print()
    print(table(rows, games))
    print()
    print(details(rows, games))


if __name__ == "__main__":
    main()
