"""The production worker: gunicorn's uvicorn worker, configured for many idle game sockets.

A worker holds every open browser's websocket for as long as the tab is open. What one costs is
what limits rooms per worker (issue 20: 4, `python -m tilerooms.bench.connections`):
- granian (Reflex's default server) keeps ~160 KB per websocket outside Python's heap (its Rust
  websocket buffers), whatever its options;
- uvicorn's sans-I/O websockets keep ~60 KB, of which ~45 KB are permessage-deflate's zlib state.
Game frames are a few hundred bytes (docs/performance.md), so compressing them saves little on the
wire; the browsers got them uncompressed from granian too. Without it a browser costs ~85 KB.

The socket work granian did on its Rust threads is now in the event loop, so the loop is uvloop's
(libuv): at 200 rooms on two workers p95 72-81 ms against 91-113 on asyncio's, CPU per room·s
5.7-5.9 against 6.3-6.4 (docs/performance.md, "The server").
"""

from __future__ import annotations

from typing import Any

from uvicorn_worker import UvicornWorker


class GameWorker(UvicornWorker):
    """A uvicorn worker: uvloop, h11, sans-I/O websockets without per-message compression."""

    CONFIG_KWARGS: dict[str, Any] = {
        "loop": "uvloop",
        "http": "h11",
        "ws": "websockets-sansio",
        "ws_per_message_deflate": False,
    }
