"""Load on loopback: many rooms with an AI seat, a player and a spectator, for a bounded time.

Each room: a player client creates it, fills seat 2 with an AI (쉬움), a spectator watches, and
the player draws whenever it is their turn after a short think; finished games restart. We time
each action until the spectator receives the broadcast, and print median / p95 / p99, errors, the
backend's CPU and its memory per room. Not part of CI (it runs for minutes).

    python -m tilerooms.bench.load [--rooms 100] [--seconds 120]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import time

import psutil

from tilerooms.bench.room_latency import LOBBY_STATE, ROOM_STATE, RUMMIKUB_TABLE, Client, _free_port, _rss_mb, _start_backend


async def _room(base: str, until: float, latencies: list[float], errors: list[str], rng: random.Random) -> None:
    player, watcher = Client(base), Client(base)
    step = "connect"
    try:
        await player.connect()
        await watcher.connect()
        sent = await player.emit(LOBBY_STATE, "create_room", form={"game": "rummikub", "name": "load"})
        await player.wait_for(lambda f: "/room/r" in f, sent)
        room_id = re.search(r"/room/(r[0-9a-f]+)", next(f for _, f in reversed(player.frames) if "/room/r" in f)).group(1)
        player.path = watcher.path = f"/room/{room_id}"
        watcher.query = {"watch": "1"}
        await player.wait_for(lambda f: True, await player.emit(ROOM_STATE, "enter"))
        await watcher.wait_for(lambda f: True, await watcher.emit(ROOM_STATE, "enter"))
        step = "add_ai"
        await player.wait_for(lambda f: True, await player.emit(ROOM_STATE, "add_ai", seat=1, level="easy"))
        step = "start"
        await player.wait_for(lambda f: '"playing"' in f, await player.emit(ROOM_STATE, "room_request", request="start"))
        step = "play"
        while time.monotonic() < until:
            status = player.vars.get("status")
            if status == "finished":
                await player.wait_for(lambda f: True, await player.emit(ROOM_STATE, "room_request", request="back_to_waiting"))
                await player.wait_for(lambda f: '"playing"' in f, await player.emit(ROOM_STATE, "room_request", request="start"))
                continue
            if not player.vars.get("my_turn"):
                await asyncio.sleep(0.1)  # the AI is thinking (server clock)
                continue
            await asyncio.sleep(rng.uniform(0.3, 1.0))  # a person's think
            kind = "draw" if player.vars.get("pool_count", 0) > 0 else "pass"
            sent = await player.emit(RUMMIKUB_TABLE, "game_action", kind=kind)
            arrived = await watcher.wait_for(lambda f: True, sent)
            latencies.append((arrived - sent) * 1000)
            await player.wait_for(lambda f: '"my_turn_rx_state_":false' in f.replace(" ", "") or "my_turn" not in f, sent)
    except Exception as err:  # noqa: BLE001 - counted, the other rooms go on
        errors.append(f"{step}: {type(err).__name__}: {err} (screen error: {player.vars.get('error')!r})")
    finally:
        for client in (player, watcher):
            try:
                await client.close()
            except Exception:  # noqa: BLE001
                pass


async def _run(base: str, rooms: int, seconds: float) -> tuple[list[float], list[str]]:
    latencies: list[float] = []
    errors: list[str] = []
    until = time.monotonic() + seconds
    rng = random.Random(7)
    await asyncio.gather(*(_room(base, until, latencies, errors, rng) for _ in range(rooms)))
    return latencies, errors


def _pct(values: list[float], p: float) -> float:
    return values[min(len(values) - 1, int(len(values) * p))]


def main() -> None:
    """Run the load and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=120.0)
    args = parser.parse_args()
    port = _free_port()
    proc = _start_backend(port, TILEROOMS_AI_DELAY_MS="300")
    try:
        backend = psutil.Process(proc.pid)
        procs = [backend, *backend.children(recursive=True)]
        idle = _rss_mb(proc)
        cpu0 = sum(p.cpu_times().user + p.cpu_times().system for p in procs)
        start = time.monotonic()
        latencies, errors = asyncio.run(_run(f"ws://127.0.0.1:{port}", args.rooms, args.seconds))
        wall = time.monotonic() - start
        cpu = sum(p.cpu_times().user + p.cpu_times().system for p in procs) - cpu0
        grown = _rss_mb(proc) - idle
    finally:
        proc.terminate()
        proc.wait(10)
    latencies.sort()
    print(f"{args.rooms} rooms for {wall:.0f} s: {len(latencies)} player actions, {len(errors)} errors")
    if latencies:
        print(f"action → spectator's broadcast: median {statistics.median(latencies):.1f} ms, "
              f"p95 {_pct(latencies, 0.95):.1f} ms, p99 {_pct(latencies, 0.99):.1f} ms")
    print(f"backend CPU {cpu / wall * 100:.0f} % of one core ({cpu / wall / args.rooms * 1000:.1f} ms CPU per room per s), "
          f"memory +{grown:.1f} MB ({grown / args.rooms * 1024:.0f} KB per room incl. 2 client states)")
    for err in errors[:5]:
        print("  error:", err)


if __name__ == "__main__":
    main()
