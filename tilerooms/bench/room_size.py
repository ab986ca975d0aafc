"""What one room holds as its game goes on (issue 20: 4): a whole game of AIs played through the
room layer, and at checkpoints what the in-process store keeps of it: its stored JSON, its game log,
the live object kept for the next change (`MemoryRoomStore.load_for_change`); and the time to
serialise the whole room (`stored_parts`, what the Redis store writes), to store it in process
(`MemoryRoomStore.put`, a change's save) and to parse it back (`peek`, after a refused change).

`bench.load` measures rooms in their first minute; a room late in a hanchan holds far more.

    python -m tilerooms.bench.room_size [--games rummikub,mahjong] [--seed 3] [--every 250]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator
from typing import Any

from tilerooms.rooms import bots, play
from tilerooms.rooms.catalog import game_info
from tilerooms.rooms.models import Occupant, Room, Seat
from tilerooms.rooms.store import MemoryRoomStore, stored_parts

PLAYERS = {"rummikub": ["ai-1", "ai-2", "ai-3", "ai-4"], "mahjong": ["ai-1", "ai-2", "ai-3", "ai-4"]}
MAX_ACTIONS = 20_000  # a game that never ends is a bug here: stop and say so


def deep_size(value: Any, seen: set[int] | None = None) -> int:
    """Bytes of `value` and everything it holds (dicts, lists, tuples, sets, pydantic models),
    each object counted once."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return 0
    seen.add(id(value))
    size = sys.getsizeof(value)
    if isinstance(value, dict):
        size += sum(deep_size(k, seen) + deep_size(v, seen) for k, v in value.items())
    elif isinstance(value, (list, tuple, set, frozenset)):
        size += sum(deep_size(v, seen) for v in value)
    elif hasattr(value, "__dict__"):
        size += deep_size(vars(value), seen)
    return size


def _timed(call, repeat: int = 20) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        call()
    return (time.perf_counter() - start) / repeat * 1e6


def _row(room: Room, actions: int | str) -> str:
    store = MemoryRoomStore()
    store.put(room)  # what a worker keeps; the next puts of the same room are the steady state
    state = room.game_state or {}
    biggest = sorted(((deep_size(v), k) for k, v in state.items()), reverse=True)[:3]
    parts = ", ".join(f"{k} {size / 1024:.0f}" for size, k in biggest)
    return (
        f"| {room.game} | {actions} | {store.size_bytes(room.id) / 1024:.1f} | {len(room.game_log) / 1024:.1f} | "
        f"{deep_size(room) / 1024:.0f} ({parts}) | {_timed(lambda: stored_parts(room)):.0f} | {_timed(lambda: store.put(room)):.0f} | "
        f"{_timed(lambda: store.peek(room.id)):.0f} |"
    )


def ai_game(game: str, seed: int) -> Iterator[Room]:
    """A whole game (mahjong: a hanchan; number tiles: a game) of 쉬움 AIs through `play`, the
    room yielded after each change (the same object, changed in place): an action, or the time-out
    that follows a refused plan."""
    players = PLAYERS[game][: game_info(game).max_players]
    seats = [Seat(occupant=Occupant(id=p, name=p, kind="ai", level="easy")) for p in players]
    room = Room(id=f"bench-{game}", name="bench", game=game, host_id=players[0], seats=seats)
    play.begin_game(room, players, seed, 0)
    rng = random.Random(seed)
    now, actions = 0, 0
    while room.status == "playing":
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"{game} did not end in {MAX_ACTIONS} actions")
        now += 100  # well inside every turn clock: a step times out only when its plan fails
        mover = game_info(game).engine.active_players(room.game_state)[0]
        planned = bots.decide(game, "easy", play.ai_view(room, mover), rng.randrange(2**62)) or bots.fallback(game)
        if not planned:
            planned = [game_info(game).engine.on_timeout(room.game_state, mover)]
        for action in planned:
            try:
                play.player_action(room, mover, {**action, "seq": room.game_state["seq"]}, now)
            except Exception:  # noqa: BLE001 - a refused AI plan: its turn clock decides, as in a room
                now += 600_000
                play.run_timeouts(room, now)
                yield room  # the time-out's change
                break
            actions += 1
            yield room
            if room.status != "playing":
                break


def play_through(game: str, seed: int, every: int) -> list[str]:
    """The table's rows for one whole game: every `every` actions and at the end."""
    rows, actions, room = [], 0, None
    for actions, room in enumerate(ai_game(game, seed), start=1):
        if actions % every == 0:
            rows.append(_row(room, actions))
    if room is not None:
        rows.append(_row(room, f"{actions} (end)"))
    return rows


def main() -> None:
    """Print one table: the room's sizes and store times along whole games."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="rummikub,mahjong")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--every", type=int, default=250)
    args = parser.parse_args()
    print("| game | actions | stored JSON KB | game log KB | live object KB (largest parts of the state) | whole JSON µs | store µs | parse µs |")
    print("|---|---|---|---|---|---|---|---|")
    for game in [g for g in args.games.split(",") if g]:
        for row in play_through(game, args.seed, args.every):
            print(row)


if __name__ == "__main__":
    main()
