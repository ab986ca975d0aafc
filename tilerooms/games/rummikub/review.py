"""복기 (AI review) of a finished number-tile game (issue 21: 3): for every turn of every human
seat, the most rack value that could have been laid against what was laid.

`review(seed, options, seats, log)` replays the stored game (`replay.py`) and, at the start of each
human turn, asks the exact solver (`solver.solve`, full rearrangement — not the AI's joker-keeping
tactic) for the play that lays the most rack value from that position: the table and the player's
own rack, the first meld (spec 5.3: rack-only new sets worth `initialMeldPoints`, the table
untouched unless `initialMeldAllowExtend`) and table rearrangement after it (spec 5.4, 5.5).
Pure: no database, no clock but the solver's time limit; JSON data in, JSON data out.
It shows what the people's racks held: run it on finished games only (stored records are).

Rack value (spec §6): a number tile counts its number, a joker `options["jokerPenalty"]` (30) —
what the tile would cost on the rack at the game's end, so laying a joker is worth 30 points.

Result (version 1; a replay page and a background job read it, keep it stable)::

    {
      "version": 1,
      "game": "rummikub",
      "exact": true,              # every turn's best is the proven optimum
      "turns": [                  # human turns in game order
        {
          "game": 1,              # the match's game number (gamesPerMatch > 1)
          "turn": 7,              # the engine's turn number in that game
          "player": "g-abc",      # seat id
          "step": 23,             # log index after which the turn was over (ReplayStep.index)
          "best": 25,             # the most rack value that could have been laid (0: none)
          "played": 12,           # the rack value actually laid (0: drew, passed, timed out)
          "best_sets": ["R7a R8a R9a", "K5a R5b O5a"],    # the whole table after the best play
          "played_sets": ["R7a R8a R9a", "B1a B2a B3a"],  # the whole table after the real turn
          "best_tiles": ["R9a", "O5a"],    # rack tiles the best play lays
          "played_tiles": ["B1a", "B2a", "B3a"],  # rack tiles really laid
          "exact": true           # false: the solver hit its time limit, best is a lower bound
        }
      ],
      "players": [                # one per human seat, in seat order
        {"player": "g-abc", "name": "...", "turns": 15, "best_found": 9,
         "points_left": 41, "best_total": 120, "played_total": 79}
      ]
    }

Set strings are tile ids in reading order (runs ascending, a joker in its place), as the specs
write them ("R7a R8a R9a", "K5a JK1 O5a"). `best_sets` equals `played_sets` when nothing could be
laid (the table stays as it was). `best_found` counts turns with played == best; `points_left`
is the sum of best − played. A turn the player ended by leaving, or that ended without their own
move (the match aborted), is not reviewed. `exact` is false only when HiGHS stopped at the
per-turn limit (`TURN_TIME_LIMIT`); then `best` is the best play found (never less than what
was played) and the result is no longer guaranteed the same on another run.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tilerooms.core.replay import ReplayStep
from tilerooms.games.rummikub.replay import replay
from tilerooms.games.rummikub.rules import normalize_set
from tilerooms.games.rummikub.solver import LEXICOGRAPHIC_SHARE, Plan, TableSetIn, solve
from tilerooms.games.rummikub.tiles import rack_value
from tilerooms.games.rummikub.turn import validate_turn

VERSION = 1
# s of HiGHS per turn: measured solves take 5 ms median, 65 ms at most in played games and 0.4 s
# at most on random 20-60 tile tables (bench/review_rummikub, bench/rummikub_ai positions)
TURN_TIME_LIMIT = 2.0
TURN_ENDING_ACTIONS = frozenset({"commit", "draw", "pass", "timeout"})  # the player's own turn end


@dataclass
class TurnStart:
    """The position a turn began from: the player's rack and meld flag, the committed table."""

    game: int
    turn: int
    player: str
    table: list[dict[str, Any]]
    rack: list[str]
    has_melded: bool


@dataclass
class BestPlay:
    """The solver's answer for one position: the rack value it lays, the table after it, the rack
    tiles it places, and whether it is the proven optimum."""

    value: int
    sets: list[str]
    tiles: list[str]
    exact: bool


def set_text(tile_ids: Sequence[str], kind: str | None = None) -> str:
    """A set as the specs write it: tile ids in reading order, space-separated ("R7a R8a R9a")."""
    norm = normalize_set(list(tile_ids), kind)
    return " ".join(norm.tile_ids if norm is not None else tile_ids)


def table_text(table: Sequence[dict[str, Any]]) -> list[str]:
    """A committed table (state["table"] sets) as set strings."""
    return [set_text(s["tile_ids"], s.get("kind")) for s in table]


def best_play(table: Sequence[dict[str, Any]], rack: Sequence[str], has_melded: bool, options: dict[str, Any], time_limit: float = TURN_TIME_LIMIT) -> BestPlay:
    """The most rack value (spec §6, jokers at `jokerPenalty`) `rack` can lay against `table`.

    Full rearrangement after the first meld (spec 5.4), the first meld from the rack alone before
    it (spec 5.3); the plan must pass the engine's own turn check (`validate_turn`). No legal play
    gives value 0 and the table unchanged.
    """
    joker_penalty = int(options["jokerPenalty"])
    t0 = time.perf_counter()
    plan: Plan | None = solve(
        [TableSetIn(list(s["tile_ids"]), s["kind"], s.get("pos")) for s in table],
        list(rack),
        has_melded=has_melded,
        initial_meld_points=int(options["initialMeldPoints"]),
        allow_extend=bool(options["initialMeldAllowExtend"]),
        move_class="rearrange",
        joker_value=joker_penalty,  # spec §6: a joker left on the rack costs jokerPenalty
        time_limit=time_limit,
    )
    unchanged = table_text(table)
    if plan is None:
        # solve() returns None both for "no legal play" (proven in milliseconds) and for a time-out
        # before any play was found; only the second one runs into its time budget
        ran_out = time.perf_counter() - t0 >= time_limit * LEXICOGRAPHIC_SHARE
        return BestPlay(0, unchanged, [], not ran_out)
    draft = [{"tile_ids": s.tile_ids, "as": s.kind} for s in plan.sets]
    check = validate_turn(table, list(rack), draft, has_melded, options)
    if not check.ok:  # never expected: the solver models the same rules; trust only the engine
        return BestPlay(0, unchanged, [], False)
    return BestPlay(
        rack_value(list(check.from_rack), joker_penalty),
        [" ".join(n.tile_ids) for n in check.normalized],
        sorted(check.from_rack),
        plan.status == "optimal",
    )


def _turn_key(state: dict[str, Any]) -> tuple[int, int] | None:
    """(game number, turn number) of the turn running in `state`, None between games."""
    if state["phase"] != "playing":
        return None
    return state["match"]["game_no"], state["turn_no"]


def _start_of(state: dict[str, Any]) -> TurnStart:
    player = state["current"]
    return TurnStart(
        state["match"]["game_no"],
        state["turn_no"],
        player,
        copy.deepcopy(state["table"]),
        list(state["racks"][player]),
        bool(state["has_melded"][player]),
    )


def _own_move(step: ReplayStep, player: str) -> bool:
    """Did `player`'s own commit, draw, pass or time-out end the turn at `step`?"""
    entry = step.entry or {}
    return entry.get("by") == player and entry.get("action", {}).get("type") in TURN_ENDING_ACTIONS


def _laid(step: ReplayStep, player: str) -> list[str]:
    """The rack tiles `player` committed at `step` (none for a draw, a pass, a failed commit)."""
    return [t for e in step.events if e["type"] == "committed" and e["player"] == player for t in e["tile_ids"]]


def _turn_row(start: TurnStart, step: ReplayStep, options: dict[str, Any], time_limit: float) -> dict[str, Any]:
    laid = _laid(step, start.player)
    played = rack_value(laid, int(options["jokerPenalty"]))
    played_sets = table_text(step.state["table"]) if laid else table_text(start.table)
    best = best_play(start.table, start.rack, start.has_melded, options, time_limit)
    if best.value < played:  # only after a time-out: the player's own play is the better bound
        best = BestPlay(played, played_sets, sorted(laid), False)
    return {
        "game": start.game,
        "turn": start.turn,
        "player": start.player,
        "step": step.index,
        "best": best.value,
        "played": played,
        "best_sets": best.sets,
        "played_sets": played_sets,
        "best_tiles": best.tiles,
        "played_tiles": sorted(laid),
        "exact": best.exact,
    }


def review_steps(steps: Iterable[ReplayStep], seats: Sequence[dict[str, Any]], time_limit: float = TURN_TIME_LIMIT) -> dict[str, Any]:
    """The review (module docstring format) of a game given as its replay steps.

    `steps` is what `replay.replay` yields (or any step sequence starting from a set-up state);
    `seats` are `[{id, name, kind, level}]`: every seat whose kind is not "ai" is reviewed.
    """
    humans = [s["id"] for s in seats if s.get("kind") != "ai"]
    rows: list[dict[str, Any]] = []
    start: TurnStart | None = None
    options: dict[str, Any] = {}
    for step in steps:
        state = step.state
        options = state["options"]
        key = _turn_key(state)
        if start is not None and key != (start.game, start.turn):
            if start.player in humans and _own_move(step, start.player):
                rows.append(_turn_row(start, step, options, time_limit))
            start = None
        if start is None and key is not None:
            start = _start_of(state)
    return {
        "version": VERSION,
        "game": "rummikub",
        "exact": all(r["exact"] for r in rows),
        "turns": rows,
        "players": [_summary(seat, rows) for seat in seats if seat["id"] in humans],
    }


def _summary(seat: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, Any]:
    mine = [r for r in rows if r["player"] == seat["id"]]
    best_total = sum(r["best"] for r in mine)
    played_total = sum(r["played"] for r in mine)
    return {
        "player": seat["id"],
        "name": seat.get("name", seat["id"]),
        "turns": len(mine),
        "best_found": sum(1 for r in mine if r["played"] == r["best"]),
        "points_left": best_total - played_total,
        "best_total": best_total,
        "played_total": played_total,
    }


def review(
    seed: int | str, options: dict[str, Any], seats: list[dict[str, Any]], log: list[dict[str, Any]], time_limit: float = TURN_TIME_LIMIT
) -> dict[str, Any]:
    """The 복기 of a stored game (seed, options, seats in engine order, the room layer's log):
    every human turn's best possible rack value against the value laid, and a summary per human
    seat. Deterministic while every turn is exact; the format is in the module docstring."""
    players = [s["id"] for s in seats]
    return review_steps(replay(seed, options, players, log), seats, time_limit)
