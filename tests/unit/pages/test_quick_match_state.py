"""The lobby's 빠른 대전 panel state (issue 37): its choices keep only real values, a press queues
this browser's person and shows the queue, a refusal shows its message id and queues nobody,
cancel takes the place out."""

from __future__ import annotations

import pytest

from tests.helpers.states import browser_root, substate
from tilerooms import wiring
from tilerooms.pages.lobby.quick_state import QuickMatchState, clock_text
from tilerooms.rooms.service import RoomService
from tilerooms.shell.identity import IdentityState


@pytest.fixture
def rooms(monkeypatch) -> wiring.Rooms:
    made = wiring.on(RoomService(seed_source=lambda: 7))
    monkeypatch.setattr(wiring, "_rooms", made)
    return made


def _panel() -> tuple[QuickMatchState, IdentityState]:
    root = browser_root()
    return substate(root, QuickMatchState), substate(root, IdentityState)


def test_waiting_time_reads_minutes_and_seconds():
    assert [clock_text(ms) for ms in (0, 999, 61_000, 600_500, -5)] == ["0:00", "0:00", "1:01", "10:00", "0:00"]


def test_the_fill_choices_keep_only_real_values():
    panel, _ = _panel()
    panel.choose_fill("30")
    panel.choose_level("hard")
    for junk in ("15", "", ["10"], "on"):
        panel.choose_fill(junk)
    for junk in ("expert", ["easy"]):
        panel.choose_level(junk)
    assert (panel.fill, panel.level) == ("30", "hard")


async def test_a_press_queues_and_shows_the_queue_and_cancel_leaves(rooms):
    panel, identity = _panel()
    who = identity._current_user()
    panel.choose_fill("10")
    await panel.join("mahjong-3")
    assert panel.mode == "mahjong-3" and panel.waiting == 1 and panel.fill_in == 10 and panel.error == ""
    assert panel.counts["mahjong-3"] == 1
    entry = await rooms.quick.store.get(who.id)
    assert entry is not None and entry.fill_after_ms == 10_000
    await panel.cancel()
    assert panel.mode == "" and await rooms.quick.store.get(who.id) is None and panel.counts["mahjong-3"] == 0


async def test_a_refused_press_shows_its_message_and_queues_nobody(rooms):
    panel, identity = _panel()
    await panel.join("chess-9")
    assert panel.error == "bad_mode" and panel.mode == ""
    assert await rooms.quick.store.get(identity._current_user().id) is None
