"""Benchmark of the hard number-tile AI: decision time and optimality on seeded mid-game positions.

Run with `python -m tilerooms.bench.rummikub_ai [positions] [--seed S]`. Each position has a valid
table of 20–60 tiles (random runs and groups, jokers sometimes) and a rack of 8–20 tiles, the
player has melded. Prints the median and p95 time of `ai.decide(view, "hard")` and how often the
solver lays down the optimum rack value (its plan with `joker_value=0`: number tiles at face value,
jokers 0), checked against:

- the exact oracle `rummikub_oracle` (den Hertog & Hulshof's model over every valid set, runs up
  to 13, written for this check and sharing no code with the solver): "ours == oracle" is the
  optimum figure, and any position where ours lays less is printed as table and rack in the
  "R7a" notation (ours laying more would be an oracle bug and is printed too); the oracle's own
  move is also put through the engine's `validate_turn`;
- the `rummikub-solver` package (den Hertog & Hulshof's model through cvxpy; a test-only
  dependency) as a second line. It is weaker than both (it lays less in many positions with
  jokers on the table), so that line only shows ours >= theirs.

Every decided move is also applied through the engine.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import sys
import time

from tilerooms.bench.rummikub_oracle import position_text, solve_oracle, tiles_text
from tilerooms.games.rummikub import ai, engine
from tilerooms.games.rummikub.rules import normalize_set
from tilerooms.games.rummikub.solver import TableSetIn, solve
from tilerooms.games.rummikub.tiles import ALL_TILE_IDS, COLOURS, TILES
from tilerooms.games.rummikub.turn import validate_turn


def _random_set(free: list[str], rng: random.Random) -> list[str] | None:
    """One random valid run or group from the `free` tiles (a joker now and then)."""
    by_face: dict[tuple[str, int], list[str]] = {}
    for t in free:
        if TILES[t].n is not None:
            by_face.setdefault((TILES[t].colour, TILES[t].n), []).append(t)  # type: ignore[arg-type]
    jokers = [t for t in free if TILES[t].n is None]
    for _ in range(40):
        if rng.random() < 0.6:
            colour, length = rng.choice(COLOURS), rng.choice((3, 3, 4, 4, 5, 6, 7))
            start = rng.randint(1, 14 - length)
            faces = [(colour, n) for n in range(start, start + length)]
        else:
            n = rng.randint(1, 13)
            faces = [(c, n) for c in rng.sample(COLOURS, rng.choice((3, 3, 4)))]
        ids: list[str] = []
        spare = list(jokers)
        for k, face in enumerate(faces):
            if by_face.get(face) and not (spare and k and rng.random() < 0.08):
                ids.append(by_face[face][0])
            elif spare:
                ids.append(spare.pop())
            else:
                break
        else:
            norm = normalize_set(ids, "run" if len({f[0] for f in faces}) == 1 else "group")
            if norm is not None:
                return ids
    return None


def random_position(seed: int) -> dict:
    """A seeded mid-game state: A to play, melded, a valid 20–60 tile table, an 8–20 tile rack."""
    rng = random.Random(seed)
    free = list(ALL_TILE_IDS)
    rng.shuffle(free)
    target = rng.randint(20, 60)
    table: list[list[str]] = []
    while sum(map(len, table)) < target:
        found = _random_set(free, rng)
        if found is None:
            break
        table.append(found)
        for t in found:
            free.remove(t)
    rack = free[: rng.randint(8, 20)]
    opponent = free[len(rack) : len(rack) + 12]
    return engine.make_state(table=table, racks={"A": rack, "B": opponent}, has_melded=True, seed=seed)


def played_positions(count: int, seed: int) -> list[dict]:
    """Mid-game states from seeded games between two normal AIs through the engine: the player
    to move has melded, the table holds 20–60 tiles and the rack 8–20 (spec §8 states)."""
    out: list[dict] = []
    game = 0
    while len(out) < count:
        state = engine.setup({"gameSeconds": 0}, ["A", "B"], seed + game)
        rng = random.Random(seed + game)
        game += 1
        while state["phase"] == "playing" and state["turn_no"] < 300 and len(out) < count:
            player = state["current"]
            on_table = sum(len(s["tile_ids"]) for s in state["table"])
            if state["has_melded"][player] and 20 <= on_table <= 60 and 8 <= len(state["racks"][player]) <= 20 and rng.random() < 0.25:
                out.append(copy.deepcopy(state))
            for a in ai.decide(engine.view(state, player), "normal", rng):
                engine.apply(state, player, {**a, "seq": state["seq"]})
    return out


def rummikub_solver_value(state: dict) -> int | None:
    """The most number-tile value the `rummikub-solver` package can lay (None if not installed)."""
    try:
        from rummikub_solver import RuleSet, SolverMode
    except ImportError:
        return None
    ruleset = _ruleset(RuleSet)
    order = ["K", "B", "O", "R"]  # rummikub_solver's Colour enum order: BLACK BLUE ORANGE RED

    def code(tid: str) -> int:
        t = TILES[tid]
        return 53 if t.n is None else order.index(t.colour) * 13 + t.n  # type: ignore[arg-type]

    game = ruleset.new_game()
    game.add_table(*[code(t) for s in state["table"] for t in s["tile_ids"]])
    game.add_rack(*[code(t) for t in state["racks"][state["current"]]])
    game.initial = False
    sol = ruleset.solve(game, SolverMode.TOTAL_VALUE)
    if sol is None:
        return 0
    return sum(getattr(t, "value", 0) for t in sol.tiles)


oracle_value = rummikub_solver_value  # the name tests/unit/rummikub_ai/test_ai_oracle.py imports

_RULESETS: dict = {}


def _ruleset(cls):  # building the cvxpy problems takes a while: once per process
    if "r" not in _RULESETS:
        _RULESETS["r"] = cls()
    return _RULESETS["r"]


def measure(states: list[dict]) -> dict:
    """Decide every position as hard; collect times, legality and optimality figures (against the
    exact oracle and, when installed, `rummikub-solver`)."""
    times: list[float] = []
    oracle_times: list[float] = []
    checked = optimal = better = 0
    exact = 0
    illegal = oracle_illegal = timeouts = 0
    short: list[str] = []  # ours < oracle (or > oracle: an oracle bug), readable
    for k, state in enumerate(states):
        player = state["current"]
        assert state["has_melded"][player], "the oracle has no first-meld rule: melded positions only"
        view = engine.view(state, player)
        t0 = time.perf_counter()
        actions = ai.decide(view, "hard", random.Random(k))
        times.append(time.perf_counter() - t0)
        trial = copy.deepcopy(state)
        try:
            for a in actions:
                engine.apply(trial, player, {**a, "seq": trial["seq"]})
        except Exception:  # noqa: BLE001 - counted, reported
            illegal += 1
        table = [TableSetIn(s["tile_ids"], s["kind"], s["pos"]) for s in state["table"]]
        rack = state["racks"][player]
        # the optimum question is about the solver itself: jokers at 0, as both oracles count them
        plan = solve(table, rack, has_melded=True, joker_value=0)
        mine = 0 if plan is None else plan.value
        timeouts += plan is not None and plan.status != "optimal"
        if plan is not None:  # the solver's own plan must pass the engine's turn check too
            draft = [{"tile_ids": p.tile_ids, "as": p.kind} for p in plan.sets]
            illegal += not validate_turn(state["table"], rack, draft, True, state["options"]).ok

        t1 = time.perf_counter()
        best = solve_oracle([s["tile_ids"] for s in state["table"]], rack)
        oracle_times.append(time.perf_counter() - t1)
        exact += mine == best.value
        if best.placed:  # the oracle's witness move must pass the engine's turn check as well
            draft = [{"tile_ids": ids, "as": kind} for ids, kind in zip(best.sets, best.kinds)]
            oracle_illegal += not validate_turn(state["table"], rack, draft, True, state["options"]).ok
        if mine != best.value:
            what = "ours lays LESS than the oracle" if mine < best.value else "ours lays MORE (oracle bug?)"
            oracle_move = "\n".join(f"    [{' '.join(ids)}]" for ids in best.sets)
            short.append(
                f"position {k}: {what}: ours {mine}, oracle {best.value}\n"
                f"{position_text([s['tile_ids'] for s in state['table']], rack)}\n"
                f"  oracle places {tiles_text(best.placed)}; its table:\n{oracle_move}"
            )

        theirs = rummikub_solver_value(state)
        if theirs is not None:
            checked += 1
            optimal += mine >= theirs
            better += mine > theirs
    times.sort()
    return {
        "positions": len(states),
        "median_ms": statistics.median(times) * 1000,
        "p95_ms": times[min(len(times) - 1, int(len(times) * 0.95))] * 1000,
        "max_ms": times[-1] * 1000,
        "exact": exact,
        "short": short,
        "oracle_illegal": oracle_illegal,
        "oracle_median_ms": statistics.median(oracle_times) * 1000,
        "oracle_max_ms": max(oracle_times) * 1000,
        "timeouts": timeouts,
        "checked": checked,
        "optimal": optimal,
        "better": better,
        "illegal": illegal,
    }


def _report(label: str, r: dict) -> None:
    print(
        f"{label}: hard decide() on {r['positions']} positions: median {r['median_ms']:.1f} ms, "
        f"p95 {r['p95_ms']:.1f} ms, max {r['max_ms']:.1f} ms; moves or plans rejected by the engine: {r['illegal']}"
    )
    n = r["positions"]
    print(
        f"  optimum rack value vs the exact oracle (den Hertog-Hulshof MILP, runs to 13): "
        f"{r['exact']}/{n} = {r['exact'] / n:.1%} equal; solver time-outs {r['timeouts']}; "
        f"oracle moves rejected by the engine: {r['oracle_illegal']}; oracle median "
        f"{r['oracle_median_ms']:.0f} ms, max {r['oracle_max_ms']:.0f} ms"
    )
    for entry in r["short"]:
        print("  " + entry.replace("\n", "\n  "))
    if r["checked"]:
        print(
            f"  vs rummikub-solver: ours >= theirs in {r['optimal']}/{r['checked']} = "
            f"{r['optimal'] / r['checked']:.1%} (ours lays more in {r['better']}, "
            f"each accepted by the engine's validate_turn)"
        )
    else:
        print("  rummikub-solver check skipped: the package is not installed")


def main(argv: list[str] | None = None) -> None:
    """Print the benchmark figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("positions", nargs="?", type=int, default=150)
    parser.add_argument("--seed", type=int, default=20261202)
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    _report("positions from played games (table 20-60, rack 8-20)", measure(played_positions(args.positions, args.seed)))
    _report("random tables (20-60 tiles, jokers on the table, rack 8-20)", measure([random_position(args.seed + k) for k in range(args.positions)]))


if __name__ == "__main__":
    main()
