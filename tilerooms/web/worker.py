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

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn_worker import UvicornWorker

from tilerooms.web.socket_queue import SocketFlag, SocketQueue


class GameWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O websocket, lighter for a socket held open for hours (issue 20: 4): its
    received messages wait in a `SocketQueue` (~200 B, not an `asyncio.Queue`'s ~2.8 KB), its
    write-pause flag is `SocketFlag`, and the handshake's request and response, with their
    headers, are let go once the response is sent (the ASGI scope keeps the request's headers:
    ~1.5 KB a socket in the bench, more with a browser's cookies and user agent)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request = None  # type: ignore[assignment] # set by the handshake, dropped after it (`send`)
        self.queue = SocketQueue()  # type: ignore[assignment]
        self.writable = SocketFlag()
        self.writable.set()

    async def send(self, message: Any) -> None:
        """uvicorn's send; after the handshake's response it forgets the handshake."""
        await super().send(message)
        request = self.request
        if request is not None and self.handshake_complete:
            # websockets' frame parser keeps the request for the connection's life (a local of
            # its generator): its headers are emptied, every one of them is in the scope already
            request.headers.clear()
            self.request = self.response = None  # type: ignore[assignment]


class GameWorker(UvicornWorker):
    """A uvicorn worker: uvloop, h11, sans-I/O websockets (`GameWebSocket`) without per-message
    compression."""

    CONFIG_KWARGS: dict[str, Any] = {
        "loop": "uvloop",
        "http": "h11",
        "ws": "tilerooms.web.worker:GameWebSocket",
        "ws_per_message_deflate": False,
    }
