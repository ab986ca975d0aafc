"""Quick-match throughput on one worker (issue 37): simulated people join the queues of every mode
over a spread of arrival times, each "page" beats once a second as the lobby does, the matcher runs
every half second; everything in process (memory stores), on the real clock.

Prints the time from joining to being seated (median / p95 / max, per mode), the matcher round's
time, and the CPU the whole run used.

    python -m tilerooms.bench.matchmaking [--players 1000] [--arrive-s 20] [--fill-share 0.1] [--seed 7]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from typing import Any

from tilerooms.rooms.identity import Identity
from tilerooms.rooms.quick_match import QuickMatch
from tilerooms.rooms.quick_modes import MODES
from tilerooms.rooms.ratelimit import RateLimiter
from tilerooms.rooms.service import RoomService

BEAT_S = 1.0  # a lobby page's beat (pages/lobby/quick_state.py QUEUE_POLL_S)
MATCH_S = 0.5  # the matcher's round (rooms/quick_match.py MATCH_EVERY_S)
MODE_WEIGHTS = {"rummikub-2": 3, "rummikub-3": 2, "rummikub-4": 2, "mahjong-4-tonpuu": 3, "mahjong-4-hanchan": 2, "mahjong-3": 1}


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


class _Limitless(RateLimiter):
    """No rate limits: a thousand people from one process."""

    def hit(self, *args: Any, **kwargs: Any) -> None:
        return None


async def run(players: int, arrive_s: float, fill_share: float, seed: int) -> dict[str, Any]:
    """The simulation; returns its figures."""
    rng = random.Random(seed)
    service = RoomService(ai_delay_ms=(10**9, 10**9), limiter=_Limitless())  # AIs never move: only the queue costs
    ratings: dict[str, float] = {}

    async def rating(person_id: str, key: str) -> float:
        return ratings[person_id]

    quick = QuickMatch(service, rating=rating)
    seated_at: dict[str, float] = {}
    original = service.create_matched

    async def create_matched(room_id: str, people: list[Identity], **kwargs: Any) -> str:
        made = await original(room_id, people, **kwargs)
        now = time.monotonic()
        for person in people:
            seated_at[person.id] = now
        return made

    service.create_matched = create_matched  # type: ignore[method-assign]
    expired: list[str] = []
    expire = quick.store.expire

    async def counted_expire(now: int) -> list[Any]:
        gone = await expire(now)
        expired.extend(entry.person_id for entry in gone)
        return gone

    quick.store.expire = counted_expire  # type: ignore[method-assign]
    modes, weights = zip(*MODE_WEIGHTS.items())
    joined: dict[str, tuple[float, str]] = {}
    rounds: list[float] = []
    stop = asyncio.Event()

    async def person(index: int) -> None:
        await asyncio.sleep(rng.uniform(0, arrive_s))
        who = Identity(id=f"u-{index + 1}", name=f"사람{index}", kind="member")
        ratings[who.id] = rng.gauss(1500, 300)
        mode = rng.choices(modes, weights)[0]
        fill = 30 if rng.random() < fill_share else None
        joined[who.id] = (time.monotonic(), mode)
        await quick.join(who, mode, fill, "easy")
        while who.id not in seated_at and not stop.is_set():
            await asyncio.sleep(BEAT_S)
            await quick.beat(who.id)

    async def matcher() -> None:
        while not stop.is_set():
            began = time.perf_counter()
            await quick.match_once()
            rounds.append(time.perf_counter() - began)
            await asyncio.sleep(MATCH_S)

    cpu, wall = time.process_time(), time.monotonic()
    matching = asyncio.create_task(matcher())
    people = [asyncio.create_task(person(i)) for i in range(players)]
    deadline = wall + arrive_s + 65  # a minute opens every band (AI fill is at 30 s): whoever is left then has no group
    while time.monotonic() < deadline and len(seated_at) < players:
        await asyncio.sleep(0.5)
        if time.monotonic() > wall + arrive_s + 5 and not any(t for t in people if not t.done()):
            break
    stop.set()
    outcomes = await asyncio.gather(*people, matching, return_exceptions=True)
    errors = [repr(o) for o in outcomes if isinstance(o, BaseException) and not isinstance(o, asyncio.CancelledError)]
    waits = {pid: seated_at[pid] - joined[pid][0] for pid in seated_at}
    by_mode: dict[str, list[float]] = {}
    for pid, wait in waits.items():
        by_mode.setdefault(joined[pid][1], []).append(wait)
    return {
        "players": players,
        "seated": len(waits),
        "left": sorted(mode for pid, (_, mode) in joined.items() if pid not in seated_at),
        "median_s": statistics.median(waits.values()) if waits else float("nan"),
        "p95_s": _pct(list(waits.values()), 0.95),
        "max_s": max(waits.values(), default=float("nan")),
        "by_mode": {m: (statistics.median(v), _pct(v, 0.95), len(v)) for m, v in sorted(by_mode.items())},
        "round_ms": (statistics.median(rounds) * 1000, _pct(rounds, 0.95) * 1000, max(rounds) * 1000),
        "rooms": len(await service.store.room_ids()),
        "expired": len(expired),
        "errors": errors,
        "cpu_s": time.process_time() - cpu,
        "wall_s": time.monotonic() - wall,
    }


def main() -> None:
    """Run the simulation and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--arrive-s", type=float, default=20.0, help="arrivals spread over this many seconds")
    parser.add_argument("--fill-share", type=float, default=0.1, help="share of people who opt in to AI fill after 30 s")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    got = asyncio.run(run(args.players, args.arrive_s, args.fill_share, args.seed))
    left = {mode: got["left"].count(mode) for mode in sorted(set(got["left"]))}
    print(f"players {got['players']}, seated {got['seated']} in {got['rooms']} rooms; still waiting at the end: {len(got['left'])} {left}")
    print(f"places dropped because no page renewed them: {got['expired']}; simulated pages that failed: {len(got['errors'])} {got['errors'][:3]}")
    print(f"time to match: median {got['median_s']:.2f} s, p95 {got['p95_s']:.2f} s, max {got['max_s']:.2f} s")
    for mode, (median, p95, count) in got["by_mode"].items():
        print(f"  {mode:<18} {count:>4} seated  median {median:6.2f} s  p95 {p95:6.2f} s")
    median, p95, worst = got["round_ms"]
    print(f"matcher round: median {median:.2f} ms, p95 {p95:.2f} ms, max {worst:.2f} ms")
    print(f"CPU {got['cpu_s']:.2f} s over {got['wall_s']:.1f} s wall ({100 * got['cpu_s'] / got['wall_s']:.1f} % of one core)")
    print(f"modes: {', '.join(m.id for m in MODES)}")


if __name__ == "__main__":
    main()
