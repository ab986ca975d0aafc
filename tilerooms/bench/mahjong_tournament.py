"""Tournament between the mahjong AI levels, through the real engine (setup / view / apply).

Run with ``python -m tilerooms.bench.mahjong_tournament [--games N] [--workers W] [--seed S]
[--length tonpuu|hanchan] [--sanma]``. Every game seats all three levels (4-player tables add one
more seat, cycling hard / normal / easy), the engine's seeded seating mixes the seats, and each AI
gets exactly its own view (JSON round-tripped) and sends exactly the actions `ai.decide` returns.
Prints, per level, the average placement and top rate with 95 % intervals, win and deal-in rates
per hand, riichi and call rates, the head-to-head rate (how often one level finished above
another at the same table), the time per decision (median / p95; all decisions, and own-turn
ones apart) and any rejected AI action (there must be none).

``--duplicate hard:normal`` plays a duplicate match instead (the "1 vs 3" protocol mahjong AI
evaluations use): every seed is played once per seat rotation, with the same seating and walls,
the challenger level in one seat and the champion level in the others. Each seat's tiles are thus
played once by the challenger, so the luck of the deal cancels and far fewer games separate two
levels. The figures are per seed (its rotations together), with 95 % intervals over the seeds:
the share of champion seats the challenger finished above, its average place and its points
margin. Each player has its own AI RNG, so one seat's choices never shift another's tie-breaks.

``majiang`` is a level too: @kobalab/majiang-ai seated through `majiang_bridge` (4-player only),
e.g. ``--duplicate hard:majiang``. ``--validate`` keeps a majiang-core model of every seat and
compares it with that seat's view after every step (docs/mahjong-ai.md).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tilerooms.bench import majiang_bridge as mj
from tilerooms.core import RuleError
from tilerooms.games.mahjong import ai, engine

LEVELS = ("hard", "normal", "easy")
MAJIANG = "majiang"  # @kobalab/majiang-ai seated through tilerooms/bench/majiang_bridge.py
ALL_LEVELS = (*LEVELS, MAJIANG)
TABLES_4P = (("hard", "hard", "normal", "easy"), ("hard", "normal", "normal", "easy"), ("hard", "normal", "easy", "easy"))
TURN_TYPES = frozenset({"discard", "tsumo", "ankan", "kakan", "kita", "kyuushu"})
MAX_STEPS = 400_000  # a guard only: every game ends (spec 5.10)


@dataclass
class GameRecord:
    """One finished game: per player its level, rank, points and counters; the AI's timings."""

    levels: dict[str, str]
    rank: dict[str, int]
    points: dict[str, int]
    stats: dict[str, dict[str, int]]
    hands: int
    rejected: int
    stalls: int  # deadlines that had to fire because an AI returned nothing while it had to act
    decide_ms: dict[str, list[float]] = field(default_factory=dict)
    seconds: float = 0.0
    actions: int = 0
    checks: int = 0  # validation: majiang-core models compared with our views (seat x step)
    mismatches: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # majiang-ai replies with no legal action here
    bridge_errors: list[str] = field(default_factory=list)  # messages majiang-core threw on
    bridge_messages: dict[str, int] = field(default_factory=dict)  # messages sent, by name


class BridgedSeats:
    """The majiang-core players of one game: majiang-ai for its seats, and with `validate` a
    shadow model for every other seat; each is fed its own events after every step."""

    def __init__(self, state: dict[str, Any], levels: dict[str, str], validate: bool, translator: mj.Translator | None, seed: int = 0) -> None:
        self.state = state
        self.seed = seed
        self.validate = validate
        self.seats: dict[str, mj.MajiangSeat] = {}
        self.checks = 0
        self.mismatches: list[str] = []
        if (not validate and MAJIANG not in levels.values()) or len(state["players"]) != 4:
            return  # majiang-core models 4-player mahjong only
        bridge = mj.worker_bridge()
        for p in state["players"]:
            if validate or levels[p] == MAJIANG:
                seat = mj.MajiangSeat(bridge, state["players"].index(p), state["options"], plays=levels[p] == MAJIANG, translator=translator)
                self.seats[p] = seat
                v = engine.view(state, p)
                seat.feed(mj.start_events(v), v)
        self.check()

    def after(self, events: list[dict[str, Any]]) -> None:
        """Feed every bridged seat its share of one step's `events`, then validate."""
        for p, seat in self.seats.items():
            mine = engine.events_for(events, p)
            if mine:
                seat.feed(mine, engine.view(self.state, p))
        self.check()

    def check(self) -> None:
        """Validation mode: compare every seat's majiang-core model with that seat's view."""
        if not self.validate or self.state["phase"] != "playing" or self.state["hand"] is None:
            return
        for p, seat in self.seats.items():
            self.checks += 1
            diffs = mj.compare(seat.model(), engine.view(self.state, p))
            self.mismatches.extend(f"seed {self.seed} {p} hand {len(self.state['history']) + 1} seq {self.state['seq']}: {d}" for d in diffs)

    def close(self, record: GameRecord) -> None:
        """Drop the node players and put the bridge's counters into `record`."""
        for seat in self.seats.values():
            record.refused.extend(seat.refused)
            record.bridge_errors.extend(seat.errors)
            for name, count in seat.sent.items():
                record.bridge_messages[name] = record.bridge_messages.get(name, 0) + count
            seat.close()
        if self.validate:
            record.checks, record.mismatches = self.checks, self.mismatches


def play_game(
    levels: dict[str, str],
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    ai_seed: int | None = None,
    json_views: bool = True,
    timing: bool = True,
    validate: bool = False,
    translator: mj.Translator | None = None,
) -> GameRecord:
    """Play one whole game between AIs (`levels` maps player id -> level) and return its record.

    The loop asks every active player in turn; each gets `engine.view` (JSON round-tripped when
    `json_views`) and its returned actions are applied in order with the current "seq"; a rejected
    action is counted and the rest of that batch dropped (the room layer does the same). When
    nobody has anything to send (only the claim window's minimum delay is left) the deadline fires.
    Seats whose level is "majiang" play through the majiang-ai bridge; `validate` also checks every
    seat's majiang-core model against its view after every step (`translator`: tests break it).
    """
    players = list(levels)
    base = seed * 7919 + 17 if ai_seed is None else ai_seed
    # one RNG per player: one seat's choices never shift another seat's tie-breaks (duplicate games)
    rngs = {p: random.Random(f"{base}-{p}") for p in players}
    state = engine.setup({"startedAt": 0, **(options or {})}, players, seed)
    bridged = BridgedSeats(state, levels, validate, translator, seed)
    now = 0
    rejected = stalls = actions = 0
    decide_ms: dict[str, list[float]] = defaultdict(list)
    t_start = time.perf_counter()
    for _ in range(MAX_STEPS):
        if engine.result(state) is not None:
            break
        active = engine.active_players(state)
        acted = False
        for player in active:
            view = engine.view(state, player)
            if json_views:
                view = json.loads(json.dumps(view))  # the AI gets data only, as over the wire
            t0 = time.perf_counter()
            node_ms = 0.0
            if levels[player] == MAJIANG:
                batch, node_ms = bridged.seats[player].decide(view)
            else:
                batch = ai.decide(view, levels[player], rngs[player])
            if timing and batch:
                # majiang-ai decides when node gets the event; its own clock measures that
                ms = node_ms if levels[player] == MAJIANG else (time.perf_counter() - t0) * 1000
                decide_ms[levels[player]].append(ms)
                if batch[0]["type"] in TURN_TYPES:
                    decide_ms[levels[player] + "/turn"].append(ms)
            for action in batch:
                try:
                    events = engine.apply(state, player, {**action, "seq": state["seq"], "at": now})
                except RuleError:
                    rejected += 1
                    break
                bridged.after(events)
                acted = True
                actions += 1
            now += 100
            if acted:
                break  # the table changed: ask again who is active
        if not acted:
            h = state["hand"]
            standing_in = state["phase"] == "playing" and h is not None and h["stage"] == "claim" and active == [state["players"][h["claim"]["from"]]]
            if not standing_in:
                stalls += 1
            now = max(now, int(engine.deadline(state) or now))
            bridged.after(engine.apply(state, active[0], {"type": "timeout", "at": now}))
    result = engine.result(state)
    if result is None:
        raise RuntimeError("game did not end")
    rank = {r["player"]: r["rank"] for r in result["ranking"]}
    points = {r["player"]: r["points"] for r in result["ranking"]}
    stats = {p: dict(state["stats"][state["players"].index(p)]) for p in players}
    record = GameRecord(dict(levels), rank, points, stats, len(state["history"]), rejected, stalls, dict(decide_ms), time.perf_counter() - t_start, actions)
    if bridged.seats:
        bridged.close(record)
    return record


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate k / n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(values: list[float], z: float = 1.96) -> tuple[float, float]:
    """Mean and the half-width of its 95 % normal interval."""
    if not values:
        return 0.0, 0.0
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, 0.0
    return m, z * statistics.stdev(values) / math.sqrt(len(values))


def table_for(game: int, sanma: bool) -> dict[str, str]:
    """Game `game`'s players (ids p0..) and their levels."""
    lv: tuple[str, ...]
    if sanma:
        lv = LEVELS
    else:
        lv = TABLES_4P[game % len(TABLES_4P)]
    return {f"p{i}": level for i, level in enumerate(lv)}


def _job(args: tuple[int, int, bool, str, bool]) -> GameRecord:
    game, seed, sanma, length, validate = args
    return play_game(table_for(game, sanma), seed, options={"length": length}, validate=validate)


def _play_all(job: Any, jobs: list[Any], workers: int) -> list[Any]:
    """`job` over `jobs` in order, on `workers` processes (1: in this one)."""
    if workers <= 1:
        return [job(j) for j in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(job, jobs, chunksize=1))


def duplicate_tables(seed: int, sanma: bool, challenger: str, champion: str, length: str) -> list[tuple[str, dict[str, str]]]:
    """The seat rotations of one seed for a duplicate match, as ``(challenger's player id, levels)``:
    the same seating and walls, the challenger in seat 0, 1, ... in turn and the champion level in
    every other seat."""
    players = [f"p{i}" for i in range(3 if sanma else 4)]
    seats = engine.setup({"startedAt": 0, "length": length}, players, seed)["players"]
    return [(seats[r], {p: (challenger if p == seats[r] else champion) for p in players}) for r in range(len(players))]


def _duplicate_job(args: tuple[Any, ...]) -> tuple[int, str, GameRecord]:
    """One duplicate game: ``(challenger's id, levels, seed, length[, validate])``."""
    me, levels, seed, length, *rest = args
    validate = bool(rest and rest[0])
    return seed, me, play_game(levels, seed, options={"length": length}, validate=validate)


def summarize_duplicate(games: list[tuple[int, str, GameRecord]], challenger: str, champion: str, sanma: bool) -> list[str]:
    """The duplicate match's figures: per seed (all its rotations together, so the walls' luck
    cancels) the challenger's average place, the share of champion seats it finished above and its
    points minus the champions' average; means over seeds with 95 % intervals."""
    n = 3 if sanma else 4
    per_seed: dict[int, list[tuple[str, GameRecord]]] = defaultdict(list)
    for seed, me, record in games:
        per_seed[seed].append((me, record))
    place, above, margin = [], [], []
    for records in per_seed.values():
        ranks, beats, diffs = [], [], []
        for me, r in records:
            others = [r.points[p] for p in r.levels if p != me]
            ranks.append(r.rank[me])
            beats.append((n - r.rank[me]) / (n - 1))
            diffs.append(r.points[me] - statistics.fmean(others))
        place.append(statistics.fmean(ranks))
        above.append(statistics.fmean(beats))
        margin.append(statistics.fmean(diffs))
    seeds = len(per_seed)
    m_place, h_place = mean_ci(place)
    m_above, h_above = mean_ci(above)
    m_margin, h_margin = mean_ci(margin)
    return [
        f"duplicate {challenger} (1 seat) vs {champion} ({n - 1} seats): {seeds} seeds x {n} seat rotations, same walls",
        f"  {challenger} above a {champion} seat: {m_above:.1%} (95% CI {m_above - h_above:.1%}-{m_above + h_above:.1%}); even strength = 50%",
        f"  {challenger} average place: {m_place:.3f} ({m_place - h_place:.3f}-{m_place + h_place:.3f}); even strength = {(n + 1) / 2:.1f}",
        f"  {challenger} points minus the {champion} seats' average: {m_margin:+.0f} (95% CI {m_margin - h_margin:+.0f} to {m_margin + h_margin:+.0f})",
    ]


def run_duplicate(
    seeds: int, workers: int, seed: int, challenger: str, champion: str, *, sanma: bool = False, length: str = "tonpuu", validate: bool = False
) -> list[str]:
    """Play a duplicate match over `seeds` seeds (each seed once per seat rotation) and return the
    report lines: the per-level table, then the seed-paired figures."""
    jobs = [(me, levels, s, length, validate) for s in range(seed, seed + seeds) for me, levels in duplicate_tables(s, sanma, challenger, champion, length)]
    t0 = time.perf_counter()
    games = _play_all(_duplicate_job, jobs, workers)
    lines = summarize([r for _, _, r in games], sanma)
    lines += summarize_duplicate(games, challenger, champion, sanma)
    lines += bridge_lines([r for _, _, r in games], validate)
    lines.append(f"{len(jobs)} {length} games in {time.perf_counter() - t0:.1f} s on {workers} worker(s)")
    return lines


def bridge_lines(records: list[GameRecord], validate: bool) -> list[str]:
    """The majiang bridge's figures: refused replies, node errors and (validation) model checks."""
    lines = []
    if validate:
        mism = [m for r in records for m in r.mismatches]
        lines.append(f"validation: {len(records)} games, {sum(r.checks for r in records)} model checks, {len(mism)} mismatches")
        lines += [f"  mismatch: {m}" for m in mism[:10]]
    if any(MAJIANG in r.levels.values() for r in records) or validate:
        refused = [x for r in records for x in r.refused]
        errors = [x for r in records for x in r.bridge_errors]
        lines.append(f"majiang bridge: {len(refused)} refused replies, {len(errors)} messages majiang-core rejected")
        sent: dict[str, int] = defaultdict(int)
        for r in records:
            for name, count in r.bridge_messages.items():
                sent[name] += count
        lines.append("  messages sent: " + ", ".join(f"{name} {count}" for name, count in sorted(sent.items(), key=lambda kv: -kv[1])))
        lines += [f"  refused: {x}" for x in refused[:10]] + [f"  error: {x}" for x in errors[:10]]
    return lines


def summarize(records: list[GameRecord], sanma: bool) -> list[str]:
    """The report lines for a list of finished games."""
    by_level: dict[str, dict[str, list[float]]] = {lv: defaultdict(list) for lv in ALL_LEVELS}
    hands = {lv: 0 for lv in ALL_LEVELS}
    counters: dict[str, defaultdict[str, int]] = {lv: defaultdict(int) for lv in ALL_LEVELS}
    h2h: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for r in records:
        for p, lv in r.levels.items():
            by_level[lv]["rank"].append(r.rank[p])
            by_level[lv]["top"].append(1.0 if r.rank[p] == 1 else 0.0)
            by_level[lv]["points"].append(r.points[p])
            hands[lv] += r.hands
            for key, value in r.stats[p].items():
                counters[lv][key] += value
        for a, la in r.levels.items():
            for b, lb in r.levels.items():
                if ALL_LEVELS.index(la) < ALL_LEVELS.index(lb):
                    h2h[(la, lb)][0] += 1 if r.rank[a] < r.rank[b] else 0
                    h2h[(la, lb)][1] += 1
    seats = 3 if sanma else 4
    lines = [f"{len(records)} {'sanma' if sanma else '4-player'} games, {sum(r.hands for r in records)} hands"]
    lines.append(
        f"{'level':7} {'seats':>5} {'avg place (95% CI)':>22} {'top rate (95% CI)':>24} "
        f"{'win/hand':>9} {'deal-in/hand (95% CI)':>26} {'riichi':>7} {'calls':>6} {'avg pts':>8}"
    )
    for lv in ALL_LEVELS:
        d = by_level[lv]
        n = len(d["rank"])
        if not n:
            continue
        m, half = mean_ci(d["rank"])
        tops = sum(d["top"])
        tlo, thi = wilson(tops, n)
        hn = hands[lv]
        c = counters[lv]
        dlo, dhi = wilson(c["dealIns"], hn)
        lines.append(
            f"{lv:7} {n:5d} {m:8.3f} ({m - half:.2f}-{m + half:.2f})    {tops / n:6.1%} ({tlo:.1%}-{thi:.1%})   "
            f"{c['wins'] / max(1, hn):8.1%} {c['dealIns'] / max(1, hn):8.1%} ({dlo:.1%}-{dhi:.1%})      "
            f"{c['riichi'] / max(1, hn):6.1%} {c['calls'] / max(1, hn):6.1%} {statistics.fmean(d['points']):8.0f}"
        )
    lines.append(f"(average placement of a random seat: {(seats + 1) / 2:.1f})")
    for (a, b), (k, n) in sorted(h2h.items(), key=lambda kv: (ALL_LEVELS.index(kv[0][0]), ALL_LEVELS.index(kv[0][1]))):
        lo, hi = wilson(k, n)
        lines.append(f"head-to-head {a} above {b}: {k}/{n} = {k / max(1, n):.1%} (95% CI {lo:.1%}-{hi:.1%})")
    times: dict[str, list[float]] = defaultdict(list)
    for r in records:
        for lv, ms in r.decide_ms.items():
            times[lv].extend(ms)
    for lv in [x for level in ALL_LEVELS for x in (level, level + "/turn")]:
        ts = sorted(times[lv])
        if ts:
            lines.append(
                f"decide() {lv:11}: {len(ts):6d} decisions, median {ts[len(ts) // 2]:.2f} ms, "
                f"p95 {ts[int(len(ts) * 0.95)]:.2f} ms, mean {statistics.fmean(ts):.2f} ms, max {ts[-1]:.1f} ms"
            )
    lines.append(f"rejected AI actions: {sum(r.rejected for r in records)}; stalled turns: {sum(r.stalls for r in records)}")
    return lines


def run(games: int, workers: int, seed: int, *, sanma: bool = False, length: str = "tonpuu", validate: bool = False) -> list[str]:
    """Play `games` seeded games and return the report lines."""
    jobs = [(g, seed + g, sanma, length, validate) for g in range(games)]
    t0 = time.perf_counter()
    records = _play_all(_job, jobs, workers)
    lines = summarize(records, sanma) + bridge_lines(records, validate)
    lines.append(f"{games} {length} games in {time.perf_counter() - t0:.1f} s on {workers} worker(s)")
    return lines


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments and print the tournament's figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=120, help="games (default 120)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=1000, help="first game seed")
    parser.add_argument("--length", choices=("tonpuu", "hanchan"), default="tonpuu", help="game length (default tonpuu)")
    parser.add_argument("--sanma", action="store_true", help="3-player games (one seat per level)")
    parser.add_argument(
        "--duplicate",
        metavar="CHALLENGER:CHAMPION",
        help="duplicate match, e.g. hard:normal: --games seeds, each played once per seat "
        "rotation with the challenger in one seat and the champion in the others",
    )
    parser.add_argument(
        "--validate",
        action="store_true",
        help="compare a majiang-core model of every seat with its view after every step (needs node and .bench/majiang)",
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.duplicate:
        challenger, _, champion = args.duplicate.partition(":")
        if challenger not in ALL_LEVELS or champion not in ALL_LEVELS or challenger == champion:
            parser.error("--duplicate takes two different levels, e.g. hard:normal or hard:majiang")
        if MAJIANG in (challenger, champion) and args.sanma:
            parser.error("majiang-ai plays 4-player mahjong only")
        for line in run_duplicate(args.games, args.workers, args.seed, challenger, champion, sanma=args.sanma, length=args.length, validate=args.validate):
            print(line)
        return
    for line in run(args.games, args.workers, args.seed, sanma=args.sanma, length=args.length, validate=args.validate):
        print(line)


if __name__ == "__main__":
    main()
