"""The production worker's websocket (tilerooms/web/worker.py GameWebSocket, issue 20: 4): a real
handshake through uvicorn's sans-I/O protocol, then what the open socket still holds."""

import asyncio
import gc

from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.http11 import Request

from tilerooms.web.socket_queue import SocketFlag, SocketQueue
from tilerooms.web.worker import GameWebSocket, GameWorker

HANDSHAKE = (
    b"GET /_event/?EIO=4&transport=websocket HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
    b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
    b"Sec-WebSocket-Protocol: 0.10.1\r\nUser-Agent: Mozilla/5.0 (Linux; Android 14) Mobile\r\n"
    b"Accept-Language: ko-KR,ko;q=0.9\r\nCookie: a=1\r\n\r\n"
)


class Transport(asyncio.Transport):
    """What the socket writes, kept."""

    def __init__(self) -> None:
        super().__init__()
        self.written: list[bytes] = []

    def write(self, data) -> None:
        self.written.append(bytes(data))

    def get_extra_info(self, name, default=None):
        return {"peername": ("127.0.0.1", 50000), "sockname": ("127.0.0.1", 8000)}.get(name, default)

    def is_closing(self) -> bool:
        return False

    def close(self) -> None:
        pass

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


def test_an_open_socket_keeps_its_headers_in_the_scope_only():
    seen = {}

    async def app(scope, receive, send):
        seen["connect"] = await receive()
        await send({"type": "websocket.accept", "subprotocol": scope["subprotocols"][0]})
        await send({"type": "websocket.send", "text": "0{}"})
        seen["message"] = await receive()

    async def go():
        config = Config(app=app, lifespan="off", **{k: v for k, v in GameWorker.CONFIG_KWARGS.items() if k != "loop"})
        config.load()
        socket = config.ws_protocol_class(config=config, server_state=ServerState(), app_state={}, _loop=asyncio.get_running_loop())
        assert isinstance(socket, GameWebSocket)
        assert isinstance(socket.queue, SocketQueue) and isinstance(socket.writable, SocketFlag)
        transport = Transport()
        socket.connection_made(transport)
        socket.data_received(HANDSHAKE)
        for _ in range(20):
            await asyncio.sleep(0)
        assert seen["connect"] == {"type": "websocket.connect"}
        assert transport.written[0].startswith(b"HTTP/1.1 101") and b"Sec-WebSocket-Protocol: 0.10.1" in transport.written[0]
        assert transport.written[1] == b"\x81\x03" + b"0{}"  # the text frame, unmasked
        assert {k.lower(): v for k, v in socket.scope["headers"]}[b"user-agent"] == b"Mozilla/5.0 (Linux; Android 14) Mobile"
        assert socket.request is None and socket.response is None
        requests = [o for o in gc.get_objects() if isinstance(o, Request) and o.path.startswith("/_event/")]
        assert requests and all(len(r.headers) == 0 for r in requests)  # the parser's copy, emptied
        # a masked client frame "2probe" still arrives
        socket.data_received(b"\x81\x86" + b"\x00\x00\x00\x00" + b"2probe")
        for _ in range(5):
            await asyncio.sleep(0)
        assert seen["message"] == {"type": "websocket.receive", "text": "2probe"}

    asyncio.run(go())
