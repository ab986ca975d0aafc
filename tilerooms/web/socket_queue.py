"""The queue behind every open websocket: asyncio.Queue's interface in a tenth of its memory.

Each browser's socket holds two queues for as long as its tab is open: uvicorn's (what the browser
sent, for the app to receive) and engine.io's (packets waiting for the socket's writer task). An
`asyncio.Queue` is ~2.8 KB even when empty: four deques (items, getters, putters, and its `join`
event's waiters) of ~620 B each. That was ~11 KB of a room's two browsers (issue 20: 4,
`python -m tilerooms.bench.memory`). `SocketQueue` keeps its items in a list and its waiting
getters, when there are any, in another: ~200 B.

`get()` returns a future, not a coroutine. engine.io's writer waits for its next packet with
`asyncio.wait_for(queue.get(), timeout)`: given a coroutine, `wait_for` wraps it in a new Task for
every packet sent, and one stays suspended per idle socket; given a future, it waits on the future
itself. The item travels in the future's result. An awaiting task cancelled after its item was
handed over loses it — both users cancel a receiver only when its socket closes (asyncio's own
`wait_for` returns a result that arrived together with its time-out).

Unbounded only (neither uvicorn nor engine.io gives a size): `put` never waits.
"""

from __future__ import annotations

import asyncio
from typing import Any


class SocketQueue:
    """An unbounded FIFO queue for one event loop with `asyncio.Queue`'s methods."""

    __slots__ = ("_items", "_getters", "_unfinished", "_joiners")

    def __init__(self, maxsize: int = 0) -> None:
        if maxsize:
            raise ValueError("SocketQueue is unbounded")
        self._items: list[Any] = []
        self._getters: list[asyncio.Future] | None = None  # waiting `get`s, oldest first
        self._unfinished = 0  # items put and not yet `task_done` (`join`)
        self._joiners: list[asyncio.Future] | None = None

    def qsize(self) -> int:
        """Number of items waiting."""
        return len(self._items)

    def empty(self) -> bool:
        """True when no item waits."""
        return not self._items

    def full(self) -> bool:
        """Never: the queue is unbounded."""
        return False

    def put_nowait(self, item: Any) -> None:
        """Add an item; hand it straight to the oldest waiting `get`, if any."""
        self._unfinished += 1
        getters = self._getters
        while getters:
            getter = getters.pop(0)
            if not getter.done():  # a `get` whose waiter gave up (a time-out) is done already
                getter.set_result(item)
                return
        self._items.append(item)

    async def put(self, item: Any) -> None:
        """`put_nowait`: an unbounded queue never makes a putter wait."""
        self.put_nowait(item)

    def get_nowait(self) -> Any:
        """The oldest item; `asyncio.QueueEmpty` when there is none."""
        if not self._items:
            raise asyncio.QueueEmpty
        return self._items.pop(0)

    def get(self) -> asyncio.Future:
        """A future of the oldest item: done at once when one waits, else when one is put."""
        future = asyncio.get_running_loop().create_future()
        if self._items:
            future.set_result(self._items.pop(0))
        else:
            # drop the gets whose waiters gave up (timed out), then wait in line
            self._getters = [getter for getter in self._getters or () if not getter.done()]
            self._getters.append(future)
        return future

    def task_done(self) -> None:
        """One item taken out has been dealt with (`asyncio.Queue.task_done`)."""
        if self._unfinished <= 0:
            raise ValueError("task_done() called too many times")
        self._unfinished -= 1
        if self._unfinished == 0 and self._joiners:
            joiners, self._joiners = self._joiners, None
            for joiner in joiners:
                if not joiner.done():
                    joiner.set_result(None)

    async def join(self) -> None:
        """Wait until every item put has been taken out and marked `task_done`."""
        if self._unfinished == 0:
            return
        joiner = asyncio.get_running_loop().create_future()
        if self._joiners is None:
            self._joiners = []
        self._joiners.append(joiner)
        await joiner


class SocketFlag(asyncio.Event):
    """`asyncio.Event` with its waiters in a list (~60 B) instead of a deque (~620 B): uvicorn's
    per-socket write-pause flag, which nobody waits on unless the peer stops reading."""

    def __init__(self) -> None:
        super().__init__()
        self._waiters = []  # type: ignore[assignment] # Event only appends, removes and iterates


def use_for_engineio(sio: Any) -> None:
    """Give the socket.io server's engine.io sockets `SocketQueue`s: `create_queue` is engine.io's
    hook for the queue each socket's packets wait in."""
    sio.eio.create_queue = SocketQueue
