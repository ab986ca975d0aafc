"""Clocks (spec 8.5): turn time + time bank, the claim window, the result screen, autopilot.

All times are epoch ms carried as data; nothing here reads a real clock.
"""

from __future__ import annotations

from typing import Any, cast

from tilerooms.games.mahjong.claims import decision_ready
from tilerooms.games.mahjong.options import LEGACY_CLAIM_MIN_DELAY_MS

AUTOPILOT_TURN_MS = 2000  # spec 8.5: autopilot seats act after 2 s
RESULT_SCREEN_MS = 15000  # spec 8.5: the result screen closes after 15 s
AUTOPILOT_AFTER = 2  # spec 8.5: two time-outs in a row


def claim_min_delay_ms(options: dict[str, Any]) -> int:
    """The floor of every claim window (spec 5.3 step 2, §10: the same after every discard, whoever
    could answer): the room option ``claimMinDelayMs`` (default 400 ms); a state stored before
    the option existed keeps its 1 s."""
    return cast(int, options.get("claimMinDelayMs", LEGACY_CLAIM_MIN_DELAY_MS))


def away_since(state: dict[str, Any], seat: int) -> float | None:
    """When the room layer reported the seat's socket gone (`engine.set_away`), or None."""
    marks = state.get("away")  # absent in states stored before the key existed
    return marks[seat] if marks else None


def on_autopilot(state: dict[str, Any], seat: int) -> bool:
    """Autopilot after two time-outs in a row, while disconnected, or for good after leaving."""
    return state["autopilot"][seat] or state["left"][seat] or away_since(state, seat) is not None


def turn_deadline(state: dict[str, Any]) -> float:
    """Turn start + turnSeconds + the player's remaining bank (autopilot: start + 2 s; a seat
    that went away during its turn: 2 s from then, spec 8.5)."""
    h = state["hand"]
    seat = h["turn"]
    away = away_since(state, seat)
    if away is not None:
        return cast(float, max(h["turn_started_at"], away) + AUTOPILOT_TURN_MS)
    if on_autopilot(state, seat):
        return cast(float, h["turn_started_at"] + AUTOPILOT_TURN_MS)
    return cast(float, h["turn_started_at"] + state["options"]["turnSeconds"] * 1000 + state["time_bank"][seat])


def deadline(state: dict[str, Any]) -> float | None:
    """The next deadline in epoch ms (None once the game is over).

    Claim window: when it resolves — the uniform minimum's end once no answer is awaited (spec
    5.3 step 2; AIs answer just after it opens, `rooms.play.schedule_ai`), else the window's own
    end (claimSeconds, no time bank) while an eligible seat has not answered. Result screen: shown + 15 s.
    """
    if state["phase"] == "finished":
        return None
    if state["phase"] == "handResult":
        return cast(float | None, state["result_at"] + RESULT_SCREEN_MS)
    h = state["hand"]
    window = h["claim"]
    if h["stage"] == "claim" and window is not None:
        return cast(float | None, window["min_until"] if decision_ready(window) else window["deadline"])
    return turn_deadline(state)


def charge_turn_time(state: dict[str, Any], seat: int, now: float) -> None:
    """Spend the bank on time beyond turnSeconds (spec 8.5) when the player acts in time."""
    h = state["hand"]
    over = now - h["turn_started_at"] - state["options"]["turnSeconds"] * 1000
    if over > 0:
        state["time_bank"][seat] = max(0, state["time_bank"][seat] - int(over))


def refill_banks(state: dict[str, Any]) -> None:
    """Spec §2: +5 s to every bank at the start of each hand, up to timeBankSeconds."""
    cap = state["options"]["timeBankSeconds"] * 1000
    state["time_bank"] = [min(cap, b + 5000) for b in state["time_bank"]]


def shift_time(state: dict[str, Any], delta_ms: float) -> None:
    """Move every running clock by `delta_ms` (a paused practice game resumes where it was)."""
    if state["result_at"] is not None:
        state["result_at"] += delta_ms
    if state.get("away"):
        state["away"] = [None if at is None else at + delta_ms for at in state["away"]]
    h = state["hand"]
    if h is None:
        return
    h["turn_started_at"] += delta_ms
    if h["claim"] is not None:
        for key in ("opened_at", "min_until", "deadline"):
            h["claim"][key] += delta_ms
