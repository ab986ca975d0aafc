"""Number-tile AI players. They decide from their own `view` only (never the state), and return
ordinary actions that the room layer sends through the engine like a person's.

- 쉬움 (easy): new sets from its own rack only (greedy, like the hint button), and it sometimes
  misses a play on purpose.
- 보통 (normal): the best mix of new rack sets and tiles added to table sets (a run's ends, a
  group's 4th colour), found exactly by the solver's extend-only model; keeps its jokers unless
  they are worth it; never rearranges the table beyond that.
- 어려움 (hard): full table rearrangement by the exact MILP (`solver.py`): the most rack value
  laid, then the fewest changed table sets; tactics on top (keep jokers while ahead, dump them
  and high tiles when the pool runs out or an opponent is about to go out). A time-out of the
  MILP falls back to normal's move.

Every planned draft is checked with the engine's own `validate_turn` before it is returned; a
plan that fails falls back to a simpler level and finally to drawing a tile.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

from tilerooms.games.rummikub.hint import find_new_set
from tilerooms.games.rummikub.rules import NormalizedSet, normalize_set
from tilerooms.games.rummikub.solver import Plan, PlannedSet, TableSetIn, solve
from tilerooms.games.rummikub.tiles import TILES
from tilerooms.games.rummikub.turn import validate_turn

LEVELS = ("easy", "normal", "hard")
EASY_MISS_CHANCE = 0.15
JOKER_KEEP = 8  # a rack joker is played only when it lets more than 8 points go down with it
JOKER_KEEP_AHEAD = 20  # hold back harder while ahead: the jokers are for going out in one turn
AHEAD_MARGIN = 3  # "ahead" = at least this many tiles fewer than every opponent
DANGER_TILES = 3  # an opponent this close to going out makes every rack point a liability
LOW_POOL_PER_PLAYER = 2  # the pool is "running out" below 2 tiles per player (spec 5.8)
HARD_TIME_LIMIT = 1.5  # s for HiGHS; building the model and a fallback keep the turn under 2 s
Action = dict[str, Any]


def rack_sets(rack: list[str]) -> list[list[str]]:
    """New sets made from the rack alone, best first, each tile used once (greedy)."""
    remaining = list(rack)
    sets: list[list[str]] = []
    while (found := find_new_set(remaining)) is not None:
        sets.append(found)
        for tile_id in found:
            remaining.remove(tile_id)
    return sets


# --- reading the view --------------------------------------------------------------------------


def _me(view: dict[str, Any]) -> dict[str, Any]:
    return next(p for p in view["players"] if p["id"] == view["viewer"])


def _table(view: dict[str, Any]) -> list[TableSetIn]:
    return [TableSetIn(list(s["tile_ids"]), s["kind"], s.get("pos")) for s in view["table"]]


def _draw() -> list[Action]:
    # spec 5.2: with the pool empty the engine turns a draw into a pass
    return [{"type": "draw"}]


def _actions(sets: Sequence[PlannedSet]) -> list[Action]:
    out = []
    for s in sets:
        entry: dict[str, Any] = {"tileIds": list(s.tile_ids), "as": s.kind}
        if s.pos is not None:  # untouched and extended sets keep their place on the board
            entry["pos"] = {"row": s.pos["row"], "col": s.pos["col"]}
        out.append(entry)
    return [{"type": "setDraft", "sets": out}, {"type": "commit"}]


def is_legal(view: dict[str, Any], actions: list[Action]) -> bool:
    """True when `actions` is a draw, or a setDraft + commit that the engine's own turn check
    (spec §8.2 validateTurn, conservation C1–C3 included) accepts for this view's player."""
    if actions == _draw():
        return True
    if len(actions) != 2 or actions[0]["type"] != "setDraft" or actions[1]["type"] != "commit":
        return False
    draft = [{"tile_ids": s["tileIds"], "as": s.get("as")} for s in actions[0]["sets"]]
    return validate_turn(view["table"], list(view["rack"] or []), draft, _me(view)["has_melded"], view["options"]).ok


# --- the levels --------------------------------------------------------------------------------


def easy_move(view: dict[str, Any]) -> list[Action]:
    """New sets from the rack alone (greedy, best set first); the table is never touched."""
    rack = list(view["rack"] or [])
    new_sets = rack_sets(rack)
    if not new_sets:
        return _draw()
    if not _me(view)["has_melded"]:
        # spec 5.3: the first meld comes from the rack alone and must reach initialMeldPoints
        # rack_sets finds valid sets only: each one normalises
        points = sum(cast(NormalizedSet, normalize_set(s)).points for s in new_sets)
        if points < view["options"]["initialMeldPoints"]:
            return _draw()
    kept = [PlannedSet(s.tile_ids, s.kind, s.pos, False) for s in _table(view)]
    return _actions(kept + [PlannedSet(s, cast(NormalizedSet, normalize_set(s)).kind, None, True) for s in new_sets])


def _worth_playing(plan: Plan, rack: list[str], joker_value: int) -> bool:
    # with kept jokers scored negative, "place a lone joker" can be the best play: draw instead
    return len(plan.placed) == len(rack) or plan.value + joker_value * plan.jokers > 0


def _solve_level(view: dict[str, Any], move_class: str, joker_value: int, time_limit: float) -> Plan | None:
    opts = view["options"]
    return solve(
        _table(view),
        list(view["rack"] or []),
        has_melded=_me(view)["has_melded"],
        initial_meld_points=opts["initialMeldPoints"],
        allow_extend=bool(opts["initialMeldAllowExtend"]),
        move_class=move_class,
        joker_value=joker_value,
        time_limit=time_limit,
    )


def normal_move(view: dict[str, Any]) -> list[Action]:
    """New rack sets plus tiles added to table sets, the most rack value first (exact), keeping
    jokers unless they carry more than `JOKER_KEEP` points down with them; never rearranges."""
    rack = list(view["rack"] or [])
    plan = _solve_level(view, "extend", -JOKER_KEEP, HARD_TIME_LIMIT)
    if plan is None or not _worth_playing(plan, rack, -JOKER_KEEP):
        return _draw()
    return _actions(plan.sets)


def hard_joker_value(view: dict[str, Any]) -> int:
    """What a rack joker is worth to hard this turn (its tactics, spec §6 scoring).

    Pool running out or an opponent about to go out: the joker is a 30-point liability
    (jokerPenalty), so it and the high tiles go down. Otherwise jokers stay on the rack unless
    they carry enough with them, and more so while hard is ahead (holding back to go out at once).
    """
    me = _me(view)
    others = [p["tiles"] for p in view["players"] if p["id"] != me["id"] and not p.get("left")]
    fewest = min(others) if others else 99
    active = len(others) + 1
    if view["pool_count"] < LOW_POOL_PER_PLAYER * active or fewest <= DANGER_TILES:
        return int(view["options"]["jokerPenalty"])
    if me["tiles"] + AHEAD_MARGIN <= fewest:
        return -JOKER_KEEP_AHEAD
    return -JOKER_KEEP


def hard_move(view: dict[str, Any], time_limit: float = HARD_TIME_LIMIT) -> list[Action]:
    """Full rearrangement: the most rack value laid given the table (exact MILP), then the
    fewest changed table sets; on a solver time-out, normal's move."""
    rack = list(view["rack"] or [])
    joker_value = hard_joker_value(view)
    plan = _solve_level(view, "rearrange", joker_value, time_limit)
    if plan is None or plan.status != "optimal":
        return normal_move(view)
    if not _worth_playing(plan, rack, joker_value):
        return _draw()
    return _actions(plan.sets)


_MOVES = {"easy": easy_move, "normal": normal_move, "hard": hard_move}
_FALLBACK = {"hard": "normal", "normal": "easy", "easy": None}


def decide(view: dict[str, Any], level: str, rng: random.Random) -> list[Action]:
    """This turn's actions for the AI that owns `view` (its own rack is `view["rack"]`).

    `level` is "easy", "normal" or "hard" (unknown levels play as easy). Returns [] when it is
    not this player's turn. The result is either `[{"type": "draw"}]` or a setDraft with the
    whole planned table followed by a commit, and has passed the engine's turn check.
    """
    if view.get("phase", "playing") != "playing" or view.get("current") != view.get("viewer"):
        return []
    level = level if level in _MOVES else "easy"
    if level == "easy" and rng.random() < EASY_MISS_CHANCE:
        return _draw()  # issue: easy sometimes misses a play
    current: str | None = level
    while current is not None:
        try:
            actions = _MOVES[current](view)
        except Exception:  # noqa: BLE001 - a solver failure must cost a level, never the turn
            actions = None
        if actions is not None and is_legal(view, actions):
            return actions
        current = _FALLBACK[current]
    return _draw()


def rack_value(tile_ids: Sequence[str], joker_penalty: int = 30) -> int:
    """The spec §6 value of some tiles (numbers at face value, a joker `joker_penalty`)."""
    return sum(TILES[t].n or joker_penalty for t in tile_ids)
