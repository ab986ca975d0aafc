"""A random (slightly greedy) bot and a self-play driver, for property tests and the benchmark.

The bot reads the engine state directly (it is a test tool, not an opponent for people) and only
ever plays moves the engine offers; the driver stamps every action with a simulated clock, jumps
to deadlines when nobody else acts, and records the action log for replays.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

from tilerooms.games.mahjong import engine
from tilerooms.games.mahjong.claims import chi_choices, pon_choices
from tilerooms.games.mahjong.riichi import riichi_discards
from tilerooms.games.mahjong.shape import counts_of, shanten_of
from tilerooms.games.mahjong.turn import ankan_kinds, can_kita, can_kyuushu, kakan_tiles, legal_discards
from tilerooms.games.mahjong.wins import can_tsumo


def _best_discards(state: dict[str, Any], seat: int, tiles: list[int]) -> list[int]:
    h = state["hand"]
    closed = h["closed"][seat]
    n_melds = len(h["melds"][seat])
    scored = []
    for t in tiles:
        counts = counts_of(closed)
        counts[t >> 2] -= 1
        scored.append((shanten_of(tuple(counts), n_melds), t))
    best = min(s for s, _ in scored)
    return [t for s, t in scored if s == best]


def choose(state: dict[str, Any], player: str, rng: random.Random) -> dict[str, Any]:
    """A legal action for `player` now (the caller makes sure the player is active)."""
    seat = state["players"].index(player)
    if state["phase"] == "handResult":
        return {"type": "ready"}
    h = state["hand"]
    if h["stage"] == "claim":
        window = h["claim"]
        calls = window["eligible"][seat]
        if "ron" in calls and rng.random() < 0.95:
            return {"type": "claim", "call": "ron"}
        for call in ("kan", "pon", "chi"):
            if call in calls and rng.random() < 0.3:
                if call == "pon":
                    return {"type": "claim", "call": "pon", "tiles": rng.choice(pon_choices(state, seat, window["tile"]))}
                if call == "chi":
                    return {"type": "claim", "call": "chi", "tiles": rng.choice(chi_choices(state, seat, window["tile"]))}
                return {"type": "claim", "call": "kan"}
        return {"type": "pass"}
    if h["stage"] == "afterDraw":
        if can_tsumo(state, seat) is not None and rng.random() < 0.95:
            return {"type": "tsumo"}
        if can_kyuushu(state, seat) and rng.random() < 0.5:
            return {"type": "kyuushu"}
        if can_kita(state, seat) and rng.random() < 0.7:
            return {"type": "kita"}
        kinds = ankan_kinds(state, seat)
        if kinds and rng.random() < 0.5:
            return {"type": "ankan", "kind": rng.choice(kinds)}
        added = kakan_tiles(state, seat)
        if added and rng.random() < 0.5:
            return {"type": "kakan", "tile": rng.choice(added)}
        rd = riichi_discards(state, seat)
        if rd and rng.random() < 0.7:
            return {"type": "discard", "tile": rng.choice(rd), "riichi": True}
    tiles = legal_discards(state, seat)
    if rng.random() < 0.8 and len(tiles) > 1:
        tiles = _best_discards(state, seat, tiles)
    return {"type": "discard", "tile": rng.choice(tiles)}


def self_play(
    players: list[str],
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    bot_seed: int | None = None,
    timeout_rate: float = 0.02,
    on_step: Callable[[dict[str, Any]], None] | None = None,
    max_steps: int = 200_000,
) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
    """Play a whole game with random bots in every seat; returns (final state, action log).

    Now and then a deadline is allowed to pass instead (time-outs, autopilot). `on_step(state)` is
    called after every apply (invariant checks).
    """
    rng = random.Random(seed if bot_seed is None else bot_seed)
    state = engine.setup({"startedAt": 0, **(options or {})}, players, seed)
    log: list[tuple[str, dict[str, Any]]] = []
    now: float = 0
    for _ in range(max_steps):
        if engine.result(state) is not None:
            return state, log
        active = engine.active_players(state)
        h = state["hand"]
        waiting_only = h["stage"] == "claim" and all(r is not None for s, r in enumerate(h["claim"]["responses"]) if s != h["claim"]["from"])
        if waiting_only or rng.random() < timeout_rate:
            now = max(now, cast(float, engine.deadline(state)))  # the game is not over: a deadline is set
            player = active[0]
            action: dict[str, Any] = {**engine.on_timeout(state, player), "at": now}
        else:
            player = rng.choice(active)
            action = {**choose(state, player, rng), "at": now}
            now += 100
        engine.apply(state, player, action)
        log.append((player, action))
        if on_step is not None:
            on_step(state)
    raise RuntimeError("game did not end")


def replay(players: list[str], seed: int, log: list[tuple[str, dict[str, Any]]], options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Rebuild a game from its seed and action log."""
    state = engine.setup({"startedAt": 0, **(options or {})}, players, seed)
    for player, action in log:
        engine.apply(state, player, action)
    return state
