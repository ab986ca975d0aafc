"""Benchmark of the 복기 (issue 21: 3): review time of a mahjong hanchan and of a 30-turn number-tile
game, and the site's responsiveness while a review runs in the background.

Run with ``python -m tilerooms.bench.review [--games 20] [--latency-actions 200] [--skip-latency]``.

- Mahjong: `--games` seeded 4-player hanchan played through the engine by AIs (seat levels normal /
  hard / normal / easy; each seat decides from its own view) and logged the way the room layer
  logs them (`{"at", "by", "action"}`); the first seat (normal AI) is labelled a person (kind
  "guest"), so its decisions are reviewed. Median and p95 seconds of `review.review` (the
  replay included); target <= 10 s.
- Number tiles: `bench/review_rummikub.measure` (the other half's benchmark: 30 turns, one
  person); target <= 3 s. Skipped with a message when that module is absent.
- Responsiveness: the latency of `RoomService.act` (a number-tile `setDraft`, in-process, memory
  store, no flood limits) in one room, timed alone, then for as long as the background runner
  (`accounts.game_reviews`) reviews the benchmark's hanchan stored as records in its own process,
  then (for contrast) while the same reviews run in a thread of this process. Median and p95
  milliseconds each way.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC
from pathlib import Path
from typing import Any

from tilerooms.core import RuleError
from tilerooms.games.mahjong import ai, engine
from tilerooms.games.mahjong import review as mahjong_review

Drafts = tuple[list[dict[str, Any]], list[dict[str, Any]]]  # two setDraft "sets" to alternate
MAX_STEPS = 400_000  # a guard only: every game ends (spec 5.10)
LEVELS = ("normal", "hard", "normal", "easy")  # seat 0 is the one labelled a person
STEP_MS = 700  # each move stamped this long after the previous one


def bench_seats(humans: int = 1) -> list[dict[str, Any]]:
    """Four seats `[{id, name, kind, level}]`, the first `humans` labelled people ("guest")."""
    return [{"id": f"p{i}", "name": f"p{i}", "kind": "guest" if i < humans else "ai", "level": LEVELS[i]} for i in range(4)]


def logged_mahjong(seed: int, seats: list[dict[str, Any]], options: dict[str, Any] | None = None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play seeded game `seed` to its end with every seat's AI (its `level`, from its own view) and
    return the options given to setup and the room-layer log. A deadline nobody acts before
    (a claim window's minimum delay) fires as a logged time-out, as the room's clock does."""
    opts = {"length": "hanchan", "startedAt": 1_800_000_000_000, **(options or {})}
    players = [s["id"] for s in seats]
    levels = {s["id"]: s.get("level") or "normal" for s in seats}
    rngs = {p: random.Random(f"{seed}-{p}") for p in players}
    state = engine.setup(dict(opts), players, seed)
    opts = dict(state["options"])  # every option as the game ran (a record's, `play.begin_game`)
    now = opts["startedAt"]
    log: list[dict[str, Any]] = []
    for _ in range(MAX_STEPS):
        if engine.result(state) is not None:
            return opts, log
        acted = False
        for player in engine.active_players(state):
            view = json.loads(json.dumps(engine.view(state, player)))  # data only, as over the wire
            for action in ai.decide(view, levels[player], rngs[player]):
                move = {**action, "seq": state["seq"]}
                try:
                    engine.apply(state, player, {**move, "at": now})
                except RuleError:
                    break
                log.append({"at": now, "by": player, "action": move})
                acted = True
            if acted:
                break
        now += STEP_MS
        if not acted:
            now = max(now, int(engine.deadline(state)))
            player = engine.active_players(state)[0]
            engine.apply(state, player, {"type": "timeout", "at": now})
            log.append({"at": now, "by": player, "action": {"type": "timeout"}})
    raise RuntimeError("the game did not end")


def percentile95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def measure_mahjong(games: int, first_seed: int = 1) -> dict[str, Any]:
    """Review `games` seeded hanchan with one person; seconds per review, decisions reviewed, and
    the games played (`played`: (seed, options, log) each)."""
    seats = bench_seats()
    seconds: list[float] = []
    decisions = 0
    played = []
    for seed in range(first_seed, first_seed + games):
        options, log = logged_mahjong(seed, seats)
        played.append((seed, options, log))
        t0 = time.perf_counter()
        result = mahjong_review.review(seed, options, seats, log)
        seconds.append(time.perf_counter() - t0)
        decisions += len(result["decisions"])
    return {"median": statistics.median(seconds), "p95": percentile95(seconds), "max": max(seconds), "decisions": decisions, "games": games, "played": played}


def measure_rummikub(games: int) -> dict[str, Any] | None:
    """The number-tile half's own benchmark (30 turns, one person), or None when it is absent."""
    try:
        from tilerooms.bench import review_rummikub
    except ImportError:
        return None
    return review_rummikub.measure(games, 30, 1)


# -- responsiveness ----------------------------------------------------------------------------


async def _act_latencies(
    service: Any, room_id: str, player: str, drafts: Drafts, count: int | None = None, busy: Callable[[], bool] | None = None, gap_s: float = 0.01
) -> list[float]:
    """Milliseconds of setDraft actions (alternating the two `drafts`) due one every `gap_s`:
    `count` of them, or as many as fall due while `busy()` is true. Each is timed from when it was
    due, not from when the event loop got round to it, so a loop kept waiting (a review holding
    the GIL) shows in the figure as a browser would feel it."""
    out: list[float] = []
    n = 0
    start = time.perf_counter()
    while (count is None or n < count) and (busy is None or busy()):
        due = start + n * gap_s
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        await service.act(room_id, player, {"type": "setDraft", "sets": drafts[n % 2]})
        out.append((time.perf_counter() - due) * 1000)
        n += 1
    return out


async def _latency_room() -> tuple[Any, str, str, Drafts]:
    """An in-process RoomService (memory store) with a number-tile practice room against an AI
    that never gets a turn while we time: the person holds the turn and moves a draft around."""
    from tilerooms.rooms.bus import MemoryBus
    from tilerooms.rooms.identity import guest
    from tilerooms.rooms.ratelimit import LIMITS, RateLimiter
    from tilerooms.rooms.service import RoomService
    from tilerooms.rooms.store import MemoryRoomStore

    # no flood limits: the bench times the action's path, not the rate limiter (10 setDraft/s)
    limiter = RateLimiter(limits={kind: (1e9, 1e9) for kind in LIMITS})
    service = RoomService(MemoryRoomStore(), MemoryBus(), ai_delay_ms=(0, 0), limiter=limiter)
    person = guest("benchreviewlatency01", "벤치")
    room_id = await service.create_practice(person, game="rummikub", ai_count=1, level="easy", options={"turnSeconds": 180})
    room = await service.store.load(room_id)
    state = room.game_state
    if state["current"] != person.id:  # the AI opened: let it play its turn first
        for _ in range(200):
            await service.tick()
            state = (await service.store.load(room_id)).game_state
            if state["current"] == person.id:
                break
            await asyncio.sleep(0.05)
    table = [{"tileIds": list(s["tile_ids"])} for s in state["table"]]  # a draft keeps the table's sets
    rack = sorted(state["racks"][person.id])
    return service, room_id, person.id, ([*table, {"tileIds": rack[:3]}], table)


def store_games(url: str, played: list[tuple[int, dict[str, Any], list[dict[str, Any]]]], seats: list[dict[str, Any]] | None = None) -> list[str]:
    """Store played mahjong games ((seed, options, log) each) as game records in the database at
    `url`, as the game-end listener would; their record ids."""
    import secrets
    from datetime import datetime

    from tilerooms.db.engine import get_engine, session
    from tilerooms.db.models import GameRecord

    seats = seats or bench_seats()
    ids = []
    with session(get_engine(url)) as s:
        for seed, options, log in played:
            record = GameRecord(
                id=secrets.token_urlsafe(16),
                game_key=f"bench-{seed}-{secrets.token_hex(4)}",
                room_id="bench",
                game="mahjong",
                seed=seed,
                options_json=json.dumps(options),
                seats_json=json.dumps(seats),
                log_json=json.dumps(log),
                result_json="{}",
                started_at=datetime.fromtimestamp(options["startedAt"] / 1000, tz=UTC),
                ended_at=datetime.fromtimestamp(log[-1]["at"] / 1000, tz=UTC),
            )
            s.add(record)
            ids.append(record.id)
        s.commit()
    return ids


def store_logged_games(url: str, seeds: range | list[int], options: dict[str, Any] | None = None, seats: list[dict[str, Any]] | None = None) -> list[str]:
    """Play one seeded game per seed (`logged_mahjong`) and store it (`store_games`); the record ids."""
    seats = seats or bench_seats()
    return store_games(url, [(seed, *logged_mahjong(seed, seats, options)) for seed in seeds], seats)


async def measure_latency(played: list[tuple[int, dict[str, Any], list[dict[str, Any]]]], actions: int) -> dict[str, dict[str, float]]:
    """setDraft latency in one room: alone (`actions` of them), while the background runner
    (`accounts.game_reviews`, its own process) reviews the `played` games stored as records, and
    (contrast) while the same reviews run in a thread of this process. Milliseconds."""
    from tilerooms.accounts import game_reviews
    from tilerooms.db import migrate

    seats = bench_seats()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'bench.db'}"
        migrate.upgrade(url)
        record_ids = store_games(url, played, seats)
        service, room_id, player, drafts = await _latency_room()
        await _act_latencies(service, room_id, player, drafts, 20)  # warm-up
        alone = await _act_latencies(service, room_id, player, drafts, actions)

        runner = game_reviews.ReviewRunner(url)
        await runner.warm_up()  # the process starts and imports once, as at the app's start
        job = asyncio.ensure_future(asyncio.gather(*(runner.run(rid) for rid in record_ids)))
        process = await _act_latencies(service, room_id, player, drafts, busy=lambda: not job.done())
        statuses = [r["status"] for r in await job]
        runner.shutdown(wait=True)

        def in_thread() -> None:
            for seed, options, log in played:
                mahjong_review.review(seed, options, seats, log)

        thread = asyncio.ensure_future(asyncio.to_thread(in_thread))
        threaded = await _act_latencies(service, room_id, player, drafts, busy=lambda: not thread.done())
        await thread
        after = await _act_latencies(service, room_id, player, drafts, actions)  # the machine's own drift
    if statuses != ["done"] * len(record_ids):
        raise RuntimeError(f"background reviews did not all finish: {statuses}")
    return {
        "alone (before)": _ms(alone),
        "review in the runner's process": _ms(process),
        "review in a thread (contrast)": _ms(threaded),
        "alone (after)": _ms(after),
    }


def _ms(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "p95": percentile95(values), "max": max(values), "count": len(values)}


def main(argv: list[str] | None = None) -> None:
    """Print the review times and the latency figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--latency-actions", type=int, default=200)
    parser.add_argument("--skip-latency", action="store_true")
    args = parser.parse_args(argv)
    mj = measure_mahjong(args.games, args.seed)
    print(f"mahjong review: {mj['games']} hanchan, one person each, {mj['decisions']} decisions reviewed")
    print(f"  per game: median {mj['median']:.2f} s, p95 {mj['p95']:.2f} s, max {mj['max']:.2f} s (target <= 10 s)")
    rk = measure_rummikub(args.games)
    if rk is None:
        print("number-tile review: skipped (tilerooms.bench.review_rummikub is not there yet)")
    else:
        print(f"number-tile review: {args.games} games x 30 turns, {rk['turns']} turns reviewed")
        print(f"  per game: median {rk['median']:.2f} s, p95 {rk['p95']:.2f} s, max {rk['max']:.2f} s (target <= 3 s)")
    if args.skip_latency:
        return
    figures = asyncio.run(measure_latency(mj["played"], args.latency_actions))
    print(f"setDraft latency in another room (in-process RoomService; {args.games} hanchan reviewed meanwhile):")
    for label, f in figures.items():
        print(f"  {label:32s} {f['count']:4d} actions: median {f['median']:.2f} ms, p95 {f['p95']:.2f} ms, max {f['max']:.2f} ms")


if __name__ == "__main__":
    main()
