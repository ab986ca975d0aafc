"""What one open browser costs a worker before it shows any room (issue 20: 4, the floor under
"MB per room"): N socket.io clients connect to a fresh production worker and stay idle, then each
sends one event; the worker's RSS growth is printed per client at both points.

A load-bench room has two browsers (the person and a spectator), so twice this is what a room
costs before its own state, views and rows.

    python -m tilerooms.bench.connections [--clients 200]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time

from tilerooms.bench.load import _rss, _worker_procs, conditions
from tilerooms.bench.room_latency import ROOM_STATE, Client, _free_port, _start_backend


async def _measure(base: str, clients: int, procs: list) -> tuple[float, float, float]:
    """RSS growth in KB per client: connected and idle, then after one event each; and the
    growth after they closed."""
    start = _rss(procs)
    opened: list[Client] = []
    for i in range(clients):
        client = Client(base, f"127.0.{1 + i // 250}.{1 + i % 250}")  # an address each, as real households
        await client.connect()
        opened.append(client)
    await asyncio.sleep(3)
    connected = _rss(procs)
    for client in opened:
        client.path = "/lobby"
        await client.wait_for(lambda f: True, await client.emit(ROOM_STATE, "set_menu_open", is_open=False), timeout=10)
    await asyncio.sleep(3)
    evented = _rss(procs)
    for client in opened:
        await client.close()
    await asyncio.sleep(3)
    closed = _rss(procs)
    per = 1024 / clients
    return (connected - start) * per, (evented - start) * per, (closed - start) * per


def main() -> None:
    """Print a worker's RSS per open browser."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=200)
    args = parser.parse_args()
    db = tempfile.NamedTemporaryFile(prefix="tilerooms-bench-", suffix=".db", delete=False)
    db.close()
    port = _free_port()
    proc = _start_backend(port, DATABASE_URL=f"sqlite:///{db.name}")
    try:
        time.sleep(4)  # the worker has imported the app
        idle, evented, closed = asyncio.run(_measure(f"ws://127.0.0.1:{port}", args.clients, _worker_procs(proc)))
    finally:
        proc.terminate()
        proc.wait(15)
        os.unlink(db.name)
    print(conditions())
    print(
        f"{args.clients} browsers, worker RSS growth per browser: connected {idle:.0f} KB, after one event {evented:.0f} KB, "
        f"after they closed {closed:.0f} KB (kept by the allocator or Reflex's per-token states)"
    )


if __name__ == "__main__":
    main()
