"""Action → other client's screen update, measured over real websockets against a real backend.

Starts `reflex run --env prod --backend-only` (one worker, in-process rooms) in its own process,
then plays with raw socket.io clients (Engine.IO v4 over `websockets`): in each room a host and a
guest, the mover puts a rack tile on the table (`place_new`) and we time until the *other* client
receives the delta that shows that tile. Prints median / p95 for 1 room and for N concurrent
rooms, and the backend's resident memory per room. Each room's two people come from a loopback
address of their own (`household`), as `load.py`'s do: the rate limits count per address too, and
50 rooms on one address ran out of its buckets.

    python -m tilerooms.bench.room_latency [--rooms 50] [--moves 20]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

import psutil
import websockets

ROOT = Path(__file__).resolve().parents[2]
ROOT_STATE = "reflex___state____state"
ROOM_STATE = f"{ROOT_STATE}.tilerooms___table___state____room_state"
LOBBY_STATE = f"{ROOT_STATE}.tilerooms___pages___lobby___state____lobby_state"
RUMMIKUB_TABLE = f"{ROOM_STATE}.tilerooms___table___rummikub___state____rummikub_table"  # the board's substate
MAHJONG_TABLE = f"{ROOM_STATE}.tilerooms___table___mahjong___state____mahjong_table"
PREFIX = "42/_event,"


def household(index: int) -> str:
    """The loopback address (127.x.y.z, all of it loopback on Linux) of simulated household
    `index`: the server's rate limits count per address too (rooms/ratelimit.py), so each room's
    people come from an address of their own, as people at home do."""
    return f"127.{1 + index // 62500}.{1 + index // 250 % 250}.{1 + index % 250}"


class Client:
    """A browser stand-in: one token, one socket, every received delta time-stamped."""

    def __init__(self, base: str, address: str | None = None) -> None:
        self.base = base
        self.address = address  # a loopback source address (127.x.y.z): one "household" per room under load
        self.token = str(uuid.uuid4())
        self.frames: list[tuple[float, str]] = []
        self.vars: dict[str, object] = {}
        self._changed = asyncio.Event()
        self.path = "/lobby"
        self.query: dict[str, str] = {}

    async def connect(self) -> None:
        url = f"{self.base}/_event/?token={self.token}&EIO=4&transport=websocket"
        extra = {"local_addr": (self.address, 0)} if self.address else {}
        self.ws = await websockets.connect(url, max_size=None, **extra)
        await self.ws.recv()  # Engine.IO open packet
        await self.ws.send("40/_event,")
        self._reader = asyncio.create_task(self._read())

    async def hydrate(self) -> None:
        """What a browser sends first on every (re)connect (Reflex's `initialEvents`): the page's
        hydration, which reads every var of every state, then its on_load handlers."""
        await self.wait_for(lambda f: True, await self.emit(ROOT_STATE, "hydrate_and_load", vars={}))

    async def _read(self) -> None:
        async for message in self.ws:
            if message == "2":  # ping
                try:
                    await self.ws.send("3")
                except websockets.ConnectionClosed:
                    return
                continue
            if not message.startswith(PREFIX):
                continue
            self.frames.append((time.perf_counter(), message))
            try:
                update = json.loads(message[len(PREFIX) :])[1]
            except (ValueError, IndexError):
                continue
            if not isinstance(update, dict):  # e.g. the answer to a ping: ["ping", "pong"]
                continue
            for substate, values in (update.get("delta") or {}).items():
                if substate in (ROOM_STATE, RUMMIKUB_TABLE, MAHJONG_TABLE):  # full names: a moved module renames them
                    for key, value in values.items():
                        self.vars[key.removesuffix("_rx_state_")] = value
            self._changed.set()

    async def emit(self, state: str, handler: str, **payload: object) -> float:
        """Send one event; returns the send time."""
        room = re.search(r"/room/(r[0-9a-f]+)", self.path)
        query = {**({"room_id": room.group(1)} if room else {}), **self.query}
        as_path = self.path + ("?" + "&".join(f"{k}={v}" for k, v in self.query.items()) if self.query else "")
        router = {"pathname": self.path, "asPath": as_path, **({"query": query} if query else {})}
        event = {"name": f"{state}.{handler}", "payload": payload, "router_data": router}
        sent = time.perf_counter()
        await self.ws.send(PREFIX + json.dumps(["event", event]))
        return sent

    async def wait_for(self, predicate, since: float = 0.0, timeout: float = 20.0) -> float:
        """Arrival time of the first frame after `since` for which predicate(frame) holds."""
        deadline = time.perf_counter() + timeout
        checked = 0
        while time.perf_counter() < deadline:
            for at, frame in self.frames[checked:]:
                if at >= since and predicate(frame):
                    return at
            checked = len(self.frames)
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), timeout=max(0.01, deadline - time.perf_counter()))
            except TimeoutError:
                break
        raise TimeoutError("no matching frame")

    async def close(self) -> None:
        await self.ws.close()


async def _room(base: str, moves: int, latencies: list[float], ready: asyncio.Barrier | None, address: str) -> None:
    host, guest = Client(base, address), Client(base, address)
    await host.connect()
    await guest.connect()
    sent = await host.emit(LOBBY_STATE, "create_room", form={"game": "rummikub", "name": "bench"})
    await host.wait_for(lambda f: "/room/r" in f, sent)
    room_id = re.search(r"/room/(r[0-9a-f]+)", next(f for _, f in reversed(host.frames) if "/room/r" in f)).group(1)
    host.path = guest.path = f"/room/{room_id}"
    await host.wait_for(lambda f: True, await host.emit(ROOM_STATE, "enter"))
    await guest.wait_for(lambda f: True, await guest.emit(ROOM_STATE, "enter"))
    await guest.wait_for(lambda f: True, await guest.emit(ROOM_STATE, "toggle_ready"))
    sent = await host.emit(ROOM_STATE, "room_request", request="start")
    await host.wait_for(lambda f: '"playing"' in f, sent)
    await guest.wait_for(lambda f: '"playing"' in f, sent)
    if ready is not None:
        await ready.wait()  # every room is playing before anyone measures
    for _ in range(moves):
        mover, other = (host, guest) if host.vars.get("my_turn") else (guest, host)
        rack = [c for c in mover.vars.get("rack_cells") or [] if c]
        tile = rack[0]
        await mover.wait_for(lambda f: True, await mover.emit(RUMMIKUB_TABLE, "toggle", tile_id=tile))
        sent = await mover.emit(RUMMIKUB_TABLE, "place_new")
        arrived = await other.wait_for(lambda f, t=tile: re.search(rf"\b{t}\b", f) is not None, sent)
        latencies.append((arrived - sent) * 1000)
        await mover.wait_for(lambda f, t=tile: re.search(rf"\b{t}\b", f) is not None, sent)
        sent = await mover.emit(RUMMIKUB_TABLE, "game_action", kind="resetDraft")
        await other.wait_for(lambda f: True, sent)
        await asyncio.sleep(0.25)  # stay under the setDraft rate limit (10/s)
    await host.close()
    await guest.close()


async def _measure(base: str, rooms: int, moves: int, first: int = 0) -> list[float]:
    """The latencies of `moves` draft moves in each of `rooms` rooms at once, the rooms' people at
    households `first`, `first` + 1, … (a run's phases use households of their own)."""
    latencies: list[float] = []
    barrier = asyncio.Barrier(rooms) if rooms > 1 else None
    await asyncio.gather(*(_room(base, moves, latencies, barrier, household(first + i)) for i in range(rooms)))
    return latencies


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_backend(port: int, **extra_env: str) -> subprocess.Popen:
    env = dict(os.environ)  # the child's environment: ours, without a Redis URL unless `extra_env` names one
    env.pop("REDIS_URL", None)
    env.pop("REFLEX_REDIS_URL", None)
    env.update(extra_env)
    env.update(REFLEX_TELEMETRY_ENABLED="false")
    env.setdefault("TILEROOMS_SECRET_KEY", "bench-only-" + uuid.uuid4().hex)  # prod mode needs one
    # the production start (gunicorn + tilerooms.web.worker), backend only
    cmd = [sys.executable, "-m", "tilerooms.web.prod_server", "--backend-only", "--backend-port", str(port), "--loglevel", "warning"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # a worker tracing every allocation from its first import on (bench.memory) starts several times slower
    limit_s = 300 if "TILEROOMS_TRACEMALLOC_DIR" in extra_env else 60
    for _ in range(limit_s * 10):
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return proc
        time.sleep(0.1)
    start = psutil.Process(proc.pid)
    for p in [*start.children(recursive=True), start]:  # gunicorn is the start's child: kill it too
        try:
            p.kill()
        except psutil.NoSuchProcess:
            pass
    raise RuntimeError(f"backend did not start in {limit_s} s")


def _rss_mb(proc: subprocess.Popen) -> float:
    parent = psutil.Process(proc.pid)
    return sum(p.memory_info().rss for p in [parent, *parent.children(recursive=True)]) / 2**20


def _summary(name: str, values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
    return f"{name}: median {statistics.median(values):.1f} ms, p95 {p95:.1f} ms ({len(values)} moves)"


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--moves", type=int, default=20)
    args = parser.parse_args()
    port = _free_port()
    proc = _start_backend(port)
    try:
        base = f"ws://127.0.0.1:{port}"
        asyncio.run(_measure(base, 1, 3, first=0))  # warm-up
        idle = _rss_mb(proc)
        one = asyncio.run(_measure(base, 1, args.moves, first=1))
        print(_summary("1 room", one))
        many = asyncio.run(_measure(base, args.rooms, args.moves, first=2))
        print(_summary(f"{args.rooms} concurrent rooms", many))
        grown = _rss_mb(proc) - idle
        print(
            f"backend memory: {idle:.0f} MB after warm-up, +{grown:.1f} MB for {args.rooms + 1} more rooms "
            f"({grown / (args.rooms + 1) * 1024:.0f} KB per room incl. 2 client states each)"
        )
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    main()
