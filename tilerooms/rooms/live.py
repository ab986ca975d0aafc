"""The live link of this worker's rooms to the browsers watching them (no Reflex here: the app hands
in how to push a view, `set_pusher`, and how to tell a live socket, `sweep`).

- `LiveViewers` remembers which browser tokens watch which room on this worker; after each room
  change it pushes every such viewer their own `room_view` (GUIDE §5, `app.modify_state`). It also
  records each socket in the room it shows (`rooms/presence.py`), so presence is per person across
  workers; a 1 s sweep notices closed tabs and, in Redis mode, workers that died (issue 17).
- Built by `tilerooms/wiring.py` with the service and the worker registry of the settings.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from tilerooms.games import GAMES
from tilerooms.rooms.play import REJOIN_GRACE_MS
from tilerooms.rooms.presence import LocalWorkers, WorkerRegistry, socket_id
from tilerooms.rooms.service import RoomService

log = logging.getLogger(__name__)

Pusher = Callable[[str, str, dict[str, Any]], Awaitable[None]]  # (token, room_id, view)
HoldsSocket = Callable[[str], Awaitable[bool]]  # token -> does this worker hold its live socket?
PRUNE_EVERY = 30  # sweeps between two prunes of this worker's room list in Redis


class LiveViewers:
    """Browser tokens watching each room on this worker, the push of fresh views to them, and the
    record of their sockets in the rooms (presence per person, surviving a worker's death)."""

    def __init__(self, service: RoomService, workers: WorkerRegistry | None = None) -> None:
        self.service = service
        self.workers = workers or LocalWorkers()
        self.rooms: dict[str, dict[str, str]] = {}  # room id -> {client token: viewer id}
        self.tokens: dict[str, tuple[str, str]] = {}  # client token -> (room id, viewer id)
        self.away: dict[str, tuple[str, str, float]] = {}  # token -> (room, viewer, since) while gone
        self._unsent: dict[tuple[str, str, str], bool] = {}  # (room, viewer, token) -> attach? to retry
        self._shown: dict[str, dict[str, Any]] = {}  # token -> what the last view pushed to it shows (`shown_part`)
        self._shown_version: dict[str, int] = {}  # token -> the room version of that view
        self._push: Pusher | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._sweeps = 0
        self._registered = False
        service.bus.subscribe(self.on_change)
        service.bus.on_resync(self.resync)

    @property
    def worker_id(self) -> str:
        """This worker's id, the prefix of every socket it records in a room."""
        return self.workers.worker_id

    def socket(self, token: str) -> str:
        """How rooms record `token`'s socket on this worker."""
        return socket_id(self.worker_id, token)

    async def watch(self, token: str, room_id: str, viewer_id: str) -> None:
        """`token` now shows `room_id` to `viewer_id` (a browser shows one room at a time): its
        socket is recorded in that room, and taken out of the room it showed before (issue 17)."""
        if not self._registered:
            await self._beat()  # a worker must be known alive before rooms record its sockets
        previous = self._unwatch(token)
        self._forget_shown(token)  # the page (re)loaded the room itself: the next change goes out
        self.rooms.setdefault(room_id, {})[token] = viewer_id
        self.tokens[token] = (room_id, viewer_id)
        if previous is not None and previous != (room_id, viewer_id):
            await self._tell(previous[0], previous[1], token, attach=False)
        await self.workers.hold(room_id)  # before the room records it: a death then still finds it
        await self._tell(room_id, viewer_id, token, attach=True)

    async def forget(self, token: str) -> None:
        """`token` stopped watching its room (the person left it)."""
        previous = self._unwatch(token)
        if previous is not None:
            await self._tell(previous[0], previous[1], token, attach=False)

    def _unwatch(self, token: str) -> tuple[str, str] | None:
        """Drop `token` from this worker's registry; the (room, viewer) it watched, if any."""
        away = self.away.pop(token, None)
        self._forget_shown(token)
        previous = self.tokens.pop(token, None)
        if previous is not None:
            viewers = self.rooms.get(previous[0], {})
            viewers.pop(token, None)
            if not viewers:
                self.rooms.pop(previous[0], None)
        return previous or (away[:2] if away else None)

    async def _tell(self, room_id: str, viewer_id: str, token: str, *, attach: bool) -> None:
        """Record (or drop) one socket in a room; a failure (a busy room) is retried by the sweep."""
        key = (room_id, viewer_id, token)
        self._unsent.pop(key, None)
        try:
            if attach:
                await self.service.connected(room_id, viewer_id, self.socket(token))
            else:
                await self.service.disconnected(room_id, viewer_id, self.socket(token))
        except Exception:  # noqa: BLE001 - presence must never break a page load; tried again in 1 s
            log.warning("presence update of %s in %s failed; retrying", viewer_id, room_id, exc_info=True)
            self._unsent[key] = attach

    def _forget_shown(self, token: str) -> None:
        self._shown.pop(token, None)
        self._shown_version.pop(token, None)

    def shown_to(self, token: str, view: dict[str, Any]) -> None:
        """`token`'s browser showed `view` by itself: the answer to its own request, built from
        the room that request saved. The push of that version then skips it without building its
        view again (the acting browser receives its own result once, issue 20: 2)."""
        if self.tokens.get(token, (None,))[0] == view.get("id") and "version" in view:
            self._shown[token] = shown_part(view)
            self._shown_version[token] = view["version"]

    def set_pusher(self, push: Pusher) -> None:
        """How to deliver a view to one browser (set by the app at start)."""
        self._push = push

    async def on_change(self, room_id: str, version: int) -> None:
        """Bus listener: push every local viewer of `room_id` their own view. The pushes run in
        tasks, never inline: the acting client's state lock is held while a change is announced."""
        if self._push is None or not self.rooms.get(room_id):
            return
        self._spawn(self._deliver_all(room_id, version))

    async def resync(self) -> None:
        """Push every watched room as it is now (the bus may have missed changes): a browser whose
        view did not change gets nothing."""
        if self._push is None:
            return
        for room_id in list(self.rooms):
            self._spawn(self._deliver_all(room_id))

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _deliver_all(self, room_id: str, version: int | None = None) -> None:
        """Push the room as of `version` to its viewers here: each view is built once per viewer
        (spectators share one), and a browser whose view did not change since the last push to
        it — an AI being handed its turn, presence bookkeeping — gets no push at all (issue 20:
        3): no state load, no table rows, no frame."""
        watchers = dict(self.rooms.get(room_id, {}))
        if version is not None:  # a browser that showed this version itself (its own request's answer) needs nothing
            watchers = {token: viewer for token, viewer in watchers.items() if self._shown_version.get(token) != version}
            if not watchers:
                return
        views = await self.service.views(room_id, list(watchers.values()), version)
        if views is None:
            closed = {"id": room_id, "status": "closed", "version": 1 << 62}
            for token in self.rooms.pop(room_id, {}):
                self.tokens.pop(token, None)
            for token in watchers:
                self._spawn(self._deliver(token, room_id, closed))
            return
        shown = {viewer_id: shown_part(view) for viewer_id, view in views.items()}
        pushes = []
        for token, viewer_id in watchers.items():
            self._shown_version[token] = views[viewer_id]["version"]
            if self._shown.get(token) == shown[viewer_id]:  # a deep compare: µs, a push: ms
                continue
            self._shown[token] = shown[viewer_id]  # kept: a few KB per browser, shared by its tabs
            pushes.append(self._deliver(token, room_id, views[viewer_id]))
        if pushes:
            for push in pushes[:-1]:  # each in its own task: a browser busy with its own event waits alone
                self._spawn(push)
            await pushes[-1]  # the last in this task, which has nothing else left to do

    async def _deliver(self, token: str, room_id: str, view: dict[str, Any]) -> None:
        try:
            await self._push(token, room_id, view)  # type: ignore[misc]
        except Exception:  # noqa: BLE001 - a vanished client must not break the others
            self._forget_shown(token)  # not shown: the next change is pushed whatever it holds
            log.debug("push to %s failed", token, exc_info=True)

    async def sweep(self, holds_socket: HoldsSocket) -> None:
        """Run every second: say this worker is alive, take closed tabs out of their rooms, put
        reopened ones back, and clean up after workers that died (their sockets leave their rooms;
        people left with none start the rejoin grace)."""
        await self._beat()
        for token, (room_id, viewer_id) in list(self.tokens.items()):
            if not await holds_socket(token):
                self._unwatch(token)
                self.away[token] = (room_id, viewer_id, time.monotonic())
                await self._tell(room_id, viewer_id, token, attach=False)
        # a token back on this worker within the grace is not watched again here: its page enters
        # the room again (every socket's first events), showing its identity first — a socket that
        # merely names the token gets no seat (issue 35: 2)
        for token, (_room_id, _viewer_id, since) in list(self.away.items()):
            if time.monotonic() - since > 2 * REJOIN_GRACE_MS / 1000:
                self.away.pop(token, None)  # long gone: the room has already let the seat go
        for (room_id, viewer_id, token), attach in list(self._unsent.items()):
            await self._tell(room_id, viewer_id, token, attach=attach)
        await self._clean_up_dead_workers()
        self._sweeps += 1
        if self._sweeps % PRUNE_EVERY == 0:
            await self._prune()

    async def _beat(self) -> None:
        healed = await self.workers.beat()
        self._registered = True
        if healed:
            await self._attach_all()  # declared dead during a stall: our sockets were dropped

    async def _attach_all(self) -> None:
        for token, (room_id, viewer_id) in list(self.tokens.items()):
            await self.workers.hold(room_id)
            await self._tell(room_id, viewer_id, token, attach=True)

    async def _clean_up_dead_workers(self) -> None:
        for dead in await self.workers.dead_workers():
            rooms = await self.workers.claim(dead)
            if rooms is None:
                continue  # another survivor is on it
            for room_id in rooms:
                try:
                    gone = await self.service.worker_gone(room_id, dead)
                except Exception:  # noqa: BLE001 - the claim lease runs out and the clean-up is retried
                    log.warning("dropping worker %s from room %s failed", dead, room_id, exc_info=True)
                    return
                if gone:
                    log.info("worker %s died: %s in room %s lost their last socket", dead, gone, room_id)
            await self.workers.release(dead)

    async def _prune(self) -> None:
        keep = set(self.rooms) | {room_id for room_id, _, _ in self._unsent}
        await self.workers.prune(keep)
        for room_id in set(self.rooms) - keep:  # watched meanwhile: its hold may have raced the prune
            await self.workers.hold(room_id)

    async def close(self) -> None:
        """This worker stops: the others clean up its sockets at their next sweep."""
        await self.workers.retire()


def shown_part(view: dict[str, Any]) -> dict[str, Any]:
    """What a view shows: all of it but its `version` (a room version that changed nothing this
    viewer sees has the shown part of the one before) and the game view's `unshown_keys` (mahjong's
    action count `seq`: every hidden claim answer moves it, spec 5.3 step 7, while a browser acts
    by the window's `phaseSeq`, so another seat's pass pushes nothing at all)."""
    shown = {k: v for k, v in view.items() if k != "version"}
    game = shown.get("game_state")
    if isinstance(game, dict) and view.get("game") in GAMES:
        shown["game_state"] = GAMES[view["game"]].shown_view(game)
    return shown
