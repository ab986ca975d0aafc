"""The lobby's 빠른 대전 panel (issue 37): press a mode, wait while the page shows the queue live,
go to the room the matcher made, or cancel.

The queue itself lives in the room layer (`rooms/quick_match.py`) and is the truth; this state only
mirrors it for one browser. Its loop (`follow`, started with the lobby) asks every second: while
this browser queues, that renews the entry's lease, and a closed tab or a page left for another
stops the loop, which takes the entry out. A page that loads (or a socket that reconnects to
another worker after its worker died, whose page state may have died with it) takes the person's
place from the queue store as its own; a place that expired meanwhile is put back with its first
waiting time when the page still remembers it, and otherwise the page says it was lost.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any, ClassVar

import reflex as rx

from tilerooms import wiring
from tilerooms.core import RuleError
from tilerooms.i18n import refusal
from tilerooms.reflex_ext import sockets
from tilerooms.reflex_ext.assign import put
from tilerooms.reflex_ext.page_reset import entered, reset
from tilerooms.reflex_ext.payloads import browser_event
from tilerooms.rooms.identity import Identity
from tilerooms.rooms.quick_match import FILL_WAITS_S
from tilerooms.shell.identity import IdentityState
from tilerooms.shell.origin import request_origin

QUEUE_POLL_S = 1.0  # the queue's state and this browser's lease, every second
CLOSED_POLLS = 3  # a socket seen closed this many seconds in a row is closed
FILLS = ("off", *(str(s) for s in FILL_WAITS_S))
FILL_LEVELS = ("easy", "normal", "hard")
LOBBY_PATHS = ("", "/lobby")


def clock_text(ms: int) -> str:
    """A waiting time as "m:ss"."""
    seconds = max(0, ms) // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


class QuickMatchState(rx.State):
    """This browser's quick-match panel."""

    counts: dict[str, int] = {}  # mode id -> people queued
    mode: str = ""  # the mode this browser waits for ("" when it does not)
    waited: str = "0:00"
    waiting: int = 0  # people queued for that mode
    fill_in: int = -1  # seconds until the AI fill (-1: no fill)
    fill: str = "off"  # the AI fill chosen for the next press ("off" or seconds)
    level: str = "easy"
    error: str = ""
    error_args: dict[str, str] = {}
    _queued: dict[str, Any] = {}  # what this browser asked for: mode, since, fill, level (kept on entry)
    _follower: str = ""  # the id of this tab's running loop (the newest takes over)
    KEPT_ON_ENTRY: ClassVar[tuple[str, ...]] = ("_queued", "_follower", "fill", "level")

    @browser_event
    async def enter(self) -> None:
        """The lobby opens: what the panel showed goes (its loop shows the queue again)."""
        with entered(self):
            put(self, {"counts": await wiring.rooms().quick.counts()})

    @browser_event
    def choose_fill(self, value: str | list[str]) -> None:
        """AI fill for the next press: "off", "10", "30" or "60" (seconds); anything else is ignored."""
        if value in FILLS:
            self.fill = value

    @browser_event
    def choose_level(self, value: str | list[str]) -> None:
        """The level of the AIs that fill; anything else is ignored."""
        if value in FILL_LEVELS:
            self.level = value

    @browser_event
    async def join(self, mode: str) -> None:
        """Queue for `mode` with the AI fill chosen (a refusal shows on the panel's error line)."""
        who = (await self.get_state(IdentityState))._current_user()
        fill = None if self.fill == "off" else int(self.fill)
        try:
            status = await wiring.rooms().quick.join(who, mode, fill, self.level, origin=request_origin(self))
        except RuleError as err:
            self.error, args = refusal(err)
            put(self, {"error_args": args})
            return
        self._queued = {"mode": mode, "since": status["since"], "fill": fill, "level": self.level}
        put(self, {"error": "", "error_args": {}})
        self._show(status, await wiring.rooms().quick.counts())

    @browser_event
    async def cancel(self) -> None:
        """Leave the queue."""
        who = (await self.get_state(IdentityState))._current_user()
        self._queued = {}
        await wiring.rooms().quick.leave(who.id)
        self._show({"state": "idle"}, await wiring.rooms().quick.counts())

    def _show(self, status: dict[str, Any], counts: dict[str, int]) -> None:
        waiting = status["state"] == "waiting"
        now = wiring.rooms().service.clock()
        fill_at = status.get("fill_at") if waiting else None
        put(
            self,
            {
                "counts": counts,
                "mode": status["mode"] if waiting else "",
                "waited": clock_text(now - status["since"]) if waiting else "0:00",
                "waiting": status.get("waiting", 0) if waiting else 0,
                "fill_in": -1 if fill_at is None else max(0, (fill_at - now + 999) // 1000),
            },
        )

    def _shown(self) -> bool:
        return self.router.url.path.rstrip("/") in LOBBY_PATHS

    @browser_event(background=True)
    async def follow(self):
        """While the lobby is open: the queue's state every second (renewing this browser's place);
        to the room once matched. The place goes when the page or its tab does. The newest loop of
        a tab takes over (a reload, or a reconnect to another worker after its worker died): an
        older one sees it is no longer the follower and stops, leaving the place alone."""
        token = self.router.session.client_token
        quick = wiring.rooms().quick
        me = secrets.token_hex(6)
        async with self:
            self._follower = me
            who = (await self.get_state(IdentityState))._current_user()
        matched = ""
        first = True
        try:
            while not matched and await self._still_open(token):
                async with self:
                    if self._follower != me:
                        return None
                    queued = dict(self._queued)
                if first and not queued:
                    # the queue is the truth, not this page's state: a page state kept only in its
                    # dead worker's memory is gone after a reconnect, the place in the queue is not
                    queued = await self._adopt(who)
                first = False
                status = await quick.beat(who.id) if queued else {"state": "idle"}
                if queued and status["state"] == "idle":
                    async with self:
                        still = self._queued == queued  # not cancelled meanwhile
                    if still:  # the place went while this page was away (its worker died): queue again
                        status = await self._queue_again(who, queued)
                counts = await quick.counts()
                async with self:
                    if self._follower != me or not self._shown():
                        return None
                    if self._queued == queued:  # else pressed or cancelled meanwhile: that request showed its own state
                        if status["state"] == "matched":
                            matched, self._queued = status["room"], {}
                        elif status["state"] == "idle" and queued:
                            self._queued = {}
                            self.error = "quick.lost"
                        self._show(status, counts)
                if not matched:
                    await asyncio.sleep(QUEUE_POLL_S)
        finally:
            async with self:
                mine = self._follower == me
                left = dict(self._queued) if mine else {}
                if mine:
                    self._follower = ""
                    if not matched:
                        self._queued = {}
                        reset(self)
            if left and not matched:
                await quick.leave(who.id)  # the lobby or its tab is gone: so is the place
        if not matched:
            return None
        await quick.reached(who.id)
        return rx.redirect(f"/room/{matched}")

    async def _adopt(self, who: Identity) -> dict[str, Any]:
        """This person's place in a queue, taken as this page's own (after a reconnect, or in a
        tab opened while they wait); nothing when they have none."""
        entry = await wiring.rooms().quick.store.get(who.id)
        if entry is None:
            return {}
        fill = None if entry.fill_after_ms is None else entry.fill_after_ms // 1000
        queued = {"mode": entry.mode, "since": entry.since, "fill": fill, "level": entry.ai_level}
        async with self:
            if not self._queued:
                self._queued = queued
            return dict(self._queued)

    async def _still_open(self, token: str) -> bool:
        """Whether this tab's socket is open: closed only after `CLOSED_POLLS` checks in a row (a
        socket just reconnected to another worker may not be recorded as open yet)."""
        for _ in range(CLOSED_POLLS):
            if await sockets.connected(token):
                return True
            await asyncio.sleep(QUEUE_POLL_S)
        return False

    async def _queue_again(self, who: Identity, queued: dict[str, Any]) -> dict[str, Any]:
        """Put a lost place back with its first waiting time; idle when that is refused now."""
        try:
            return await wiring.rooms().quick.join(who, queued["mode"], queued["fill"], queued["level"], since=queued["since"])
        except RuleError:
            return {"state": "idle"}
