"""SocketQueue: asyncio.Queue's behaviour for the two websocket layers that use it (issue 20: 4)."""

import asyncio
import tracemalloc

import pytest
import socketio
from uvicorn.config import Config
from uvicorn.server import ServerState

from tilerooms.web.socket_queue import SocketFlag, SocketQueue, use_for_engineio
from tilerooms.web.worker import GameWebSocket, GameWorker


def run(coro):
    return asyncio.run(coro)


def test_items_come_out_in_the_order_they_went_in():
    async def go():
        queue = SocketQueue()
        for item in ("a", "b", "c"):
            await queue.put(item)
        assert queue.qsize() == 3 and not queue.empty() and not queue.full()
        assert await queue.get() == "a"
        assert queue.get_nowait() == "b"
        assert await queue.get() == "c"
        assert queue.empty()
        with pytest.raises(asyncio.QueueEmpty):
            queue.get_nowait()

    run(go())


def test_a_waiting_get_receives_the_next_item_and_gets_wait_in_line():
    async def go():
        queue = SocketQueue()
        first, second = asyncio.ensure_future(queue.get()), asyncio.ensure_future(queue.get())
        await asyncio.sleep(0)
        assert not first.done() and not second.done()
        queue.put_nowait(1)
        queue.put_nowait(2)
        assert await first == 1 and await second == 2
        assert queue.empty()

    run(go())


def test_get_is_a_future_so_wait_for_starts_no_task():
    async def go():
        queue = SocketQueue()
        waiting = queue.get()
        assert isinstance(waiting, asyncio.Future)
        tasks_before = len(asyncio.all_tasks())
        later = asyncio.get_running_loop().call_later(0.01, queue.put_nowait, "packet")
        assert await asyncio.wait_for(waiting, 1) == "packet"
        assert len(asyncio.all_tasks()) == tasks_before
        later.cancel()

    run(go())


def test_a_get_that_timed_out_does_not_swallow_the_next_item():
    async def go():
        queue = SocketQueue()
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(queue.get(), 0.01)
        queue.put_nowait("after")
        assert queue.qsize() == 1
        assert await asyncio.wait_for(queue.get(), 1) == "after"

    run(go())


def test_join_waits_for_task_done_of_every_item():
    async def go():
        queue = SocketQueue()
        await queue.join()  # nothing put: returns at once
        queue.put_nowait("x")
        queue.put_nowait("y")
        joined = asyncio.ensure_future(queue.join())
        await queue.get()
        queue.task_done()
        await asyncio.sleep(0)
        assert not joined.done()
        await queue.get()
        queue.task_done()
        await asyncio.wait_for(joined, 1)
        with pytest.raises(ValueError):
            queue.task_done()

    run(go())


def test_an_empty_queue_is_a_tenth_of_an_asyncio_queue():
    async def size(make) -> int:
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            queues = [make() for _ in range(200)]
            return (tracemalloc.get_traced_memory()[0] - before) // len(queues)
        finally:
            tracemalloc.stop()

    lean, stock = run(size(SocketQueue)), run(size(asyncio.Queue))
    assert lean * 10 <= stock, (lean, stock)


def test_engineio_sockets_and_the_worker_websockets_use_it():
    sio = socketio.AsyncServer(async_mode="asgi")
    use_for_engineio(sio)
    assert isinstance(sio.eio.create_queue(), SocketQueue)

    async def app(scope, receive, send):  # pragma: no cover - never called
        return None

    config = Config(app=app, **{k: v for k, v in GameWorker.CONFIG_KWARGS.items() if k != "loop"})
    config.load()
    assert config.ws_protocol_class is GameWebSocket

    async def open_one() -> GameWebSocket:
        return GameWebSocket(config=config, server_state=ServerState(), app_state={}, _loop=asyncio.get_running_loop())

    assert isinstance(run(open_one()).queue, SocketQueue)


def test_socket_flag_wakes_its_waiters_as_an_event_does():
    async def go():
        flag = SocketFlag()
        waiting = asyncio.ensure_future(flag.wait())
        await asyncio.sleep(0)
        assert not waiting.done() and flag._waiters
        flag.set()
        assert await asyncio.wait_for(waiting, 1) is True
        assert not flag._waiters and isinstance(flag._waiters, list)
        flag.clear()
        assert not flag.is_set()

    run(go())
