"""Claim windows last the same whoever could answer (spec 5.3 step 2, §10; issue 17 point 10).

A seeded practice game (one human, three AIs at their real 1–3 s pace) runs on the room service
with a fake clock ticking every 50 ms. The human sees every push (the bus) and answers at once:
passes when asked, throws the drawn tile on its turn, confirms results. For each claim window we
note whether an AI could have called (read from the server state, never from a view) and, on the
human's side, how long after the tile appeared (a) the next push came that the human did not cause
and (b) the window closed. Both must have the same distribution with and without an AI able to call.

The pace (issue 35: 6): the AIs decide as a window opens and the human answers at once, so every
window closes at exactly the room's minimum delay — 400 ms by default, the host's choice otherwise.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tests.integration.conftest import FakeClock
from tilerooms.rooms.bus import MemoryBus
from tilerooms.rooms.identity import guest
from tilerooms.rooms.ratelimit import RateLimiter
from tilerooms.rooms.service import RoomService
from tilerooms.rooms.store import MemoryRoomStore

HUMAN = guest("timingbrowser1", "지수")
TICK_S = 0.05
WINDOWS_WANTED = 250  # the windows of about three hands (discards, kans)


@dataclass
class Window:
    """One claim window as the server opened it and as the human saw it end."""

    opened_at: int
    ai_could_call: bool
    first_push_ms: int | None = None  # the next frame the human did not cause
    changed: set[str] = field(default_factory=set)  # what those frames changed, before the close
    closed_ms: int | None = None  # the frame where the window was gone


@dataclass
class HumanWire:
    """The human's side: every view pushed to them, with the fake clock's time."""

    service: RoomService
    clock: FakeClock
    room_id: str = ""
    acting: bool = False  # a push caused by the human's own action is not a change by others
    windows: dict[int, Window] = field(default_factory=dict)
    open_key: int | None = None
    last_frame: str = ""

    async def on_push(self, room_id: str, version: int) -> None:
        """The bus listener: the human's new view after a change, timed, and the window's fate."""
        if room_id != self.room_id:
            return
        room = await self.service.store.load(room_id)
        view = await self.service.view(room_id, HUMAN.id)
        frame = json.dumps(view, sort_keys=True)
        before, self.last_frame = self.last_frame, frame
        now = self.clock()
        if self.open_key is not None:
            window = self.windows[self.open_key]
            state = room.game_state
            claim = state and state.get("hand") and state["hand"]["claim"]
            closed = claim is None or claim["opened_at"] != self.open_key
            if frame != before and not self.acting:
                if window.first_push_ms is None:
                    window.first_push_ms = now - window.opened_at
                if not closed:
                    window.changed |= _changed_paths(json.loads(before), view)
            if closed:
                window.closed_ms = now - window.opened_at
                self.open_key = None
        self._note_new_window(room)

    def _note_new_window(self, room) -> None:
        state = room.game_state
        claim = state and state.get("phase") == "playing" and state["hand"]["claim"]
        if not claim or claim["opened_at"] in self.windows:
            return
        ai_seats = [s for s, p in enumerate(state["players"]) if p.startswith("ai-")]
        self.windows[claim["opened_at"]] = Window(claim["opened_at"], any(claim["eligible"][s] for s in ai_seats))
        self.open_key = claim["opened_at"]

    async def answer(self) -> None:
        """What a quick human does with the view in front of them."""
        view = (await self.service.view(self.room_id, HUMAN.id))["game_state"]
        if view is None or view["phase"] == "finished":
            return
        me = view["me"]
        action: dict[str, Any] | None = None
        if view["phase"] == "handResult" and HUMAN.id not in view["ready"]:
            action = {"type": "ready"}
        elif me and me["claim"] and me["claim"]["calls"]:
            action = {"type": "pass"}
        elif me and me["legal"]:
            action = {"type": "discard", "tile": me["drawn"] or me["legal"]["discard"][-1]}
        if action is not None:
            self.acting = True
            try:
                await self.service.act(self.room_id, HUMAN.id, {**action, "seq": view["phaseSeq"]})
            finally:
                self.acting = False


def _changed_paths(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    """Keys whose value differs, as "key" or "game_state.key"."""
    out = {k for k in after if k != "game_state" and before.get(k) != after[k]}
    old_game, new_game = before.get("game_state") or {}, after.get("game_state") or {}
    return out | {f"game_state.{k}" for k in new_game if old_game.get(k) != new_game[k]}


async def _play_windows(seed: int, options: dict[str, Any] | None = None, wanted: int = WINDOWS_WANTED) -> list[Window]:
    clock = FakeClock()
    seeds = random.Random(seed)
    service = RoomService(
        MemoryRoomStore(),
        MemoryBus(),
        clock=clock,
        ai_delay_ms=(1000, 3000),  # the AIs' real pace
        seed_source=lambda: seeds.randrange(2**62),
        limiter=RateLimiter(clock=clock.seconds),
    )
    wire = HumanWire(service, clock)
    service.bus.subscribe(wire.on_push)
    wire.room_id = await service.create_practice(HUMAN, game="mahjong", ai_count=3, level="normal", options=options)
    await wire.on_push(wire.room_id, 0)
    for _ in range(40_000):
        await wire.answer()
        clock.advance(TICK_S)
        await service.tick()
        room = await service.store.load(wire.room_id)
        finished = room.status != "playing"
        if finished or sum(w.closed_ms is not None for w in wire.windows.values()) >= wanted:
            break
    return [w for w in wire.windows.values() if w.closed_ms is not None]


async def test_claim_windows_look_the_same_to_a_human_whether_or_not_an_ai_could_call():
    windows = await _play_windows(seed=17)
    could = [w for w in windows if w.ai_could_call]
    could_not = [w for w in windows if not w.ai_could_call]
    assert len(could) >= 10 and len(could_not) >= 50, (len(could), len(could_not))
    closed = {flag: Counter(w.closed_ms for w in windows if w.ai_could_call is flag) for flag in (True, False)}
    first = {flag: Counter(w.first_push_ms for w in windows if w.ai_could_call is flag) for flag in (True, False)}
    # the fake clock makes server timing exact: every window must close after the same time, and
    # the first frame the human did not cause must come after the same time, in both groups
    assert set(closed[True]) == set(closed[False]), closed
    assert set(first[True]) == set(first[False]), first
    # while a window is open, others' (hidden) answers move only the counters (spec 5.3 step 7)
    assert set().union(*(w.changed for w in windows)) <= {"version", "game_state.seq"}
    # spec 5.3 step 2: the default minimum, and nothing more, since nobody keeps a window waiting
    assert Counter(w.closed_ms for w in windows) == Counter({400: len(windows)}), Counter(w.closed_ms for w in windows)


async def test_the_host_chooses_the_claim_windows_minimum_delay():
    windows = await _play_windows(seed=18, options={"claimMinDelayMs": 1000}, wanted=40)
    assert len(windows) >= 40
    assert Counter(w.closed_ms for w in windows) == Counter({1000: len(windows)})
