"""복기 (AI review) of a finished mahjong game (issue 21: 3): every discard and call decision of a
person set against the hard AI's choice from the same position.

`review(seed, options, seats, log)` replays the stored game (`replay.py`). Just before each log
entry that carries a person's decision, it takes that seat's own view (`engine.view`: its hand,
every pond and meld, the revealed dora — never the wall or another hand), asks the hard AI
(`ai.decide(view, "hard")`, seeded per step) what it would do there, and measures both choices
with the AI's own numbers (`review_outcome`): shanten, ukeire, tenpai waits, value, danger.
Pure and deterministic: JSON data in, JSON data out, no database, no clock.

Decisions reviewed (seats whose kind is not "ai"):
- "discard": the own turn with a choice (a discard with or without riichi, tsumo, ankan / kakan,
  kita, kyuushu); a turn with one legal move (tsumogiri after riichi) is no decision;
- "call": a claim window where the seat could call (ron, pon, chi, kan) and answered, or let its
  clock run out (a pass, spec 8.5: `timeout` true).
Moves the engine made for an away or left seat, or on autopilot (spec 8.5), are not the person's.

Result (version 1; a replay page and the background job read it, keep it stable)::

    {
      "version": 1,
      "game": "mahjong",
      "level": "hard",                  # the AI the moves are set against
      "decisions": [                    # in game order
        {
          "hand": "동1국 0본장",          # the hand's round label (the replay's hand selector)
          "step": 41,                   # ReplayStep index of the log entry carrying the decision;
                                        # the position decided from is step - 1
          "player": "g-abc",
          "kind": "discard",            # "discard" (own turn) | "call" (claim window)
          "played": {"type": "discard", "tile": "3m", "riichi": false},
          "ai":     {"type": "discard", "tile": "9p", "riichi": false},
          "agree": false,
          "timeout": false,             # the seat's clock ran out: the engine's automatic move
          "played_shanten": 2, "ai_shanten": 1,     # -1 = the choice wins the hand; null: kyuushu
          "played_ukeire": 20, "ai_ukeire": 16,     # unseen tiles lowering the shanten
          "played_waits": [], "ai_waits": [],       # tenpai: the waits ("3m", "6m")
          "played_value": 2000, "ai_value": 2000,   # tenpai: mean ron points; else a han guess
          "danger_played": 0.12, "danger_ai": 0.0,  # deal-in chance of the thrown tile, null if none
          "loss": 10.0                  # how far the played move fell behind (0 when agreeing)
        }
      ],
      "worst": [12, 3, 40],             # indices into "decisions", largest loss first (top 5, loss > 0)
      "players": [                      # one per person, in seat order
        {"player": "g-abc", "name": "...", "decisions": 80, "agreed": 52, "agreement": 0.65,
         "loss": 131.5, "worst": [12, 40],
         "hands": [{"hand": "동1국 0본장", "decisions": 9, "agreed": 6, "agreement": 0.667}]}
      ]
    }

Actions ("played", "ai"): {"type": "discard", "tile", "riichi"}, {"type": "tsumo"},
{"type": "ankan" | "kakan", "tile"}, {"type": "kita"}, {"type": "kyuushu"},
{"type": "ron" | "pon" | "chi" | "kan", "tile": the claimed tile, "tiles": the hand tiles used},
{"type": "pass"}; tiles in notation ("3m", red five "0p"). `agree` compares kinds (a red five and
a plain one are the same discard) and the riichi flag. Calls are measured after the call and its
best discard; "pass" measures the hand as it stands. `agreement` is agreed / decisions (null
without decisions).

`loss` ranks the gaps by what the played move gives up, each measure on its own: a missed win is
30; otherwise the speed it loses (10 per shanten behind, or at equal shanten the ukeire it gives
up and 1 per 1000 points of value) plus the deal-in chance it adds (1 per percentage point).
Being faster does not pay for dealing in, nor being safer for being slow. Two different moves
the numbers cannot tell apart (a matter of taste) get 0 and still count as disagreeing.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, cast

from tilerooms.core.replay import ReplayStep
from tilerooms.games.mahjong import ai, engine
from tilerooms.games.mahjong.actions import ParsedAction, parse_action
from tilerooms.games.mahjong.ai_table import read_table, tile_id
from tilerooms.games.mahjong.claims import default_call_tiles
from tilerooms.games.mahjong.replay import replay
from tilerooms.games.mahjong.review_outcome import Outcome, as_row, claim_outcome, turn_outcome
from tilerooms.games.mahjong.rounds import round_label
from tilerooms.games.mahjong.tiles import ids_to_string, kinds_to_string

VERSION = 1
LEVEL = "hard"
WORST = 5  # how many of the largest gaps "worst" lists
MISSED_WIN = 30.0  # loss of passing up a win the AI takes: above any efficiency gap
SHANTEN_STEP = 10.0  # loss per shanten behind: about a whole hand's ukeire
VALUE_STEP = 1000.0  # at equal shanten, 1000 points of hand value given up weigh one tile of ukeire
DANGER_WEIGHT = 100.0  # loss per unit of added deal-in chance (1 per percentage point)
TURN_TYPES = frozenset({"discard", "tsumo", "ankan", "kakan", "kita", "kyuushu"})
CLAIM_TYPES = frozenset({"claim", "pass"})


def _pending(state: dict[str, Any], seat: int) -> str | None:
    """ "discard" / "call" when `seat` has a decision open in `state`, else None."""
    if state["phase"] != "playing" or state["hand"] is None:
        return None
    h = state["hand"]
    if h["stage"] in ("afterDraw", "afterCall") and h["turn"] == seat:
        return "discard"
    window = h["claim"]
    if h["stage"] == "claim" and window is not None and seat != window["from"] and window["eligible"][seat] and window["responses"][seat] is None:
        return "call"
    return None


def _on_autopilot(state: dict[str, Any], seat: int) -> bool:
    """Spec 8.5: the engine plays this seat (left, away, or two time-outs in a row)."""
    away = state.get("away") or [None] * len(state["players"])
    return bool(state["left"][seat] or state["autopilot"][seat] or away[seat] is not None)


def _decision(state: dict[str, Any], seat: int, entry: dict[str, Any]) -> tuple[str, dict[str, Any], bool] | None:
    """(kind, the move, by time-out) when log `entry` settles `seat`'s open decision, else None."""
    kind = _pending(state, seat)
    if kind is None or "action" not in entry:
        return None
    move = entry["action"]
    mine = entry["by"] == state["players"][seat]
    if move.get("type") in ("pon", "chi", "kan", "ron"):
        move = {**move, "type": "claim", "call": move["type"]}  # the engine's short claim forms
    expected = TURN_TYPES if kind == "discard" else CLAIM_TYPES
    if mine and move.get("type") in expected:
        return kind, move, False
    # a claim window's time-out answers every open seat; a turn's only the seat whose turn it is
    if move.get("type") == "timeout" and (mine or kind == "call") and not _on_autopilot(state, seat):
        return kind, engine.auto_action(state, seat), True
    return None


def _no_choice(view: dict[str, Any]) -> bool:
    """An own turn with one legal move only (riichi's tsumogiri): nothing to decide."""
    legal = view["me"]["legal"]
    others = any(legal.get(k) for k in ("tsumo", "ankan", "kakan", "kita", "kyuushu"))
    return len(legal["discard"]) <= 1 and not others


def _call_tiles(state: dict[str, Any], seat: int, act: ParsedAction) -> ParsedAction:
    """A claim naming no hand tiles uses the engine's default ones (`claims.default_call_tiles`)."""
    if act.type == "claim" and act.call in ("pon", "chi", "kan") and not act.tiles:
        act.tiles = default_call_tiles(state, seat, act.call)
    return act


def describe(act: ParsedAction, claimed: int | None) -> dict[str, Any]:
    """An action as the review shows it (module docstring)."""
    # parse_action sets the tile of a discard or kakan and the kind of an ankan
    if act.type == "discard":
        return {"type": "discard", "tile": ids_to_string([cast(int, act.tile)]), "riichi": bool(act.riichi)}
    if act.type == "ankan":
        return {"type": "ankan", "tile": kinds_to_string([cast(int, act.kind)])}
    if act.type == "kakan":
        return {"type": "kakan", "tile": ids_to_string([cast(int, act.tile)])}
    if act.type == "claim":
        out: dict[str, Any] = {"type": act.call, "tile": ids_to_string([claimed]) if claimed is not None else None}
        if act.call != "ron":
            out["tiles"] = ids_to_string(act.tiles)
        return out
    return {"type": act.type}


def same_choice(a: ParsedAction, b: ParsedAction) -> bool:
    """Whether two actions are the same decision: type and kinds (red or not), riichi flag, call tiles."""
    if a.type != b.type:
        return False
    if a.type == "discard":
        return cast(int, a.tile) >> 2 == cast(int, b.tile) >> 2 and bool(a.riichi) == bool(b.riichi)
    if a.type == "kakan":
        return cast(int, a.tile) >> 2 == cast(int, b.tile) >> 2
    if a.type == "ankan":
        return a.kind == b.kind
    if a.type == "claim":
        return a.call == b.call and sorted(t >> 2 for t in a.tiles) == sorted(t >> 2 for t in b.tiles)
    return True


def loss(played: Outcome, best: Outcome, agree: bool) -> float:
    """How far the played move fell behind the AI's (module docstring)."""
    if agree:
        return 0.0
    if best.win and not played.win:
        return MISSED_WIN
    if played.shanten is None or best.shanten is None:
        return 0.0  # kyuushu against a move: nothing measured to compare
    if played.shanten != best.shanten:
        speed = SHANTEN_STEP * (played.shanten - best.shanten)
    else:  # same distance to a win: the tiles and the points given up
        speed = float(best.ukeire - played.ukeire) + max(0, (best.value or 0) - (played.value or 0)) / VALUE_STEP
    # what the move gives up, each measure on its own: being faster never pays for dealing in (a fold)
    danger = DANGER_WEIGHT * ((played.danger or 0.0) - (best.danger or 0.0))
    return round(max(0.0, speed) + max(0.0, danger), 2)


def decision_row(state: dict[str, Any], seat: int, step: int, kind: str, move: dict[str, Any], timeout: bool, rng: random.Random) -> dict[str, Any] | None:
    """One decision's review row, from the seat's own view of `state` (None: no real choice)."""
    player = state["players"][seat]
    view = engine.view(state, player)
    claimed = tile_id(view["claim"]["tile"]) if kind == "call" else None
    if kind == "discard" and _no_choice(view):
        return None
    choice = ai.decide(view, LEVEL, rng)
    if not choice:
        return None
    table = read_table(view)
    played = _call_tiles(state, seat, parse_action(move))
    best = _call_tiles(state, seat, parse_action(choice[0]))
    if kind == "discard":
        riichi_kinds = {tile_id(t) >> 2 for t in view["me"]["legal"]["riichi"]}
        p_out, a_out = turn_outcome(table, played, riichi_kinds), turn_outcome(table, best, riichi_kinds)
    else:
        on = cast(int, claimed)  # a call answers the claimed tile
        p_out, a_out = claim_outcome(table, played, on), claim_outcome(table, best, on)
    agree = same_choice(played, best)
    return {
        "hand": round_label(state),
        "step": step,
        "player": player,
        "kind": kind,
        "played": describe(played, claimed),
        "ai": describe(best, claimed),
        "agree": agree,
        "timeout": timeout,
        **as_row(p_out, "played"),
        **as_row(a_out, "ai"),
        "danger_played": p_out.danger,
        "danger_ai": a_out.danger,
        "loss": loss(p_out, a_out, agree),
    }


def review_steps(steps: Iterable[ReplayStep], log: list[dict[str, Any]], seats: list[dict[str, Any]], seed: int | str = 0) -> dict[str, Any]:
    """The review (module docstring format) of a game given as its replay steps and their log.

    `steps` is what `replay.replay` yields (step i is the state after log entry i); `seats` are
    `[{id, name, kind, level}]`: every seat whose kind is not "ai" is reviewed.
    """
    humans = {s["id"] for s in seats if s.get("kind") != "ai"}
    rows: list[dict[str, Any]] = []
    for step in steps:
        if step.index >= len(log):
            break
        state, entry = step.state, log[step.index]  # the next entry, not yet applied
        for seat, player in enumerate(state["players"]):
            if player not in humans:
                continue
            found = _decision(state, seat, entry)
            if found is None:
                continue
            rng = random.Random(f"{seed}:{step.index + 1}:{seat}")  # the AI's tie-breaks, same every run
            row = decision_row(state, seat, step.index + 1, *found, rng)
            if row is not None:
                rows.append(row)
    return {
        "version": VERSION,
        "game": "mahjong",
        "level": LEVEL,
        "decisions": rows,
        "worst": _worst(range(len(rows)), rows),
        "players": [_summary(seat, rows) for seat in seats if seat["id"] in humans],
    }


def _worst(indices: Iterable[int], rows: list[dict[str, Any]]) -> list[int]:
    ranked = sorted((i for i in indices if rows[i]["loss"] > 0), key=lambda i: (-rows[i]["loss"], i))
    return ranked[:WORST]


def _rate(agreed: int, decisions: int) -> float | None:
    return round(agreed / decisions, 3) if decisions else None


def _summary(seat: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, Any]:
    mine = [i for i, r in enumerate(rows) if r["player"] == seat["id"]]
    hands: dict[str, list[int]] = {}
    for i in mine:
        hands.setdefault(rows[i]["hand"], []).append(i)
    agreed = sum(1 for i in mine if rows[i]["agree"])
    return {
        "player": seat["id"],
        "name": seat.get("name", seat["id"]),
        "decisions": len(mine),
        "agreed": agreed,
        "agreement": _rate(agreed, len(mine)),
        "loss": round(sum(rows[i]["loss"] for i in mine), 2),
        "worst": _worst(mine, rows),
        "hands": [
            {
                "hand": hand,
                "decisions": len(ids),
                "agreed": sum(1 for i in ids if rows[i]["agree"]),
                "agreement": _rate(sum(1 for i in ids if rows[i]["agree"]), len(ids)),
            }
            for hand, ids in hands.items()
        ],
    }


def review(seed: int | str, options: dict[str, Any], seats: list[dict[str, Any]], log: list[dict[str, Any]]) -> dict[str, Any]:
    """The 복기 of a stored game (seed, options, seats in engine order `[{id, name, kind, level}]`,
    the room layer's log): every person's discard and call decision against the hard AI's, and a
    summary per person. Deterministic; the format is in the module docstring."""
    players = [s["id"] for s in seats]
    return review_steps(replay(seed, options, players, log), log, seats, seed)
