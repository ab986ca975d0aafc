"""The number-tile engine (spec §8): setup, validate, apply, view, timers and results.

Pure functions over a JSON state dict (see `state.py`). `apply` validates first and mutates only
after every check passed, so a RuleError never leaves a half-changed state. Time enters only as
data: `options["startedAt"]` and each action's "at" (epoch ms, stamped by the room layer).
"""

from __future__ import annotations

from typing import Any

from tilerooms.core import RuleError, SeededRng
from tilerooms.games.rummikub import scoring
from tilerooms.games.rummikub.actions import ParsedAction, parse_action
from tilerooms.games.rummikub.board import inherit_set_ids, place_sets
from tilerooms.games.rummikub.clock import deadline, shift_time
from tilerooms.games.rummikub.deal import deal
from tilerooms.games.rummikub.options import resolve_options
from tilerooms.games.rummikub.rules import normalize_set
from tilerooms.games.rummikub.state import (
    LAST_MOVE_FIELDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    draft_sets,
    from_json,
    make_state,
    new_game_fields,
    new_match,
    participants,
    table_as_draft,
    table_set,
    to_json,
)
from tilerooms.games.rummikub.turn import TurnCheck, conservation_problem, validate_turn
from tilerooms.games.rummikub.view import events_for, view

__all__ = [
    "setup",
    "validate",
    "apply",
    "view",
    "active_players",
    "deadline",
    "on_timeout",
    "result",
    "to_json",
    "from_json",
    "make_state",
    "next_game",
    "events_for",
    "shift_time",
]

MAX_HISTORY = 100  # spec 5.6
PENALTY_DRAW = 3  # invalidCommitPenalty=penalty3
TURN_ACTIONS = frozenset({"setDraft", "undoDraft", "resetDraft", "commit", "draw", "pass", "timeout"})
SEQ_ACTIONS = frozenset({"commit", "draw", "pass"})


# --- setup -------------------------------------------------------------------------------------


def setup(options: dict[str, Any] | None, players: list[str], seed: int | str) -> dict[str, Any]:
    """A new game (spec §4): shuffled tiles, first player by draw, 14 tiles each.

    `players` are in clockwise seat order (2–4 distinct ids); `options` override the defaults
    (unknown keys or values: RuleError "bad_option").
    """
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleError("bad_players", "2~4명이 있어야 시작할 수 있어요")
    if any(not isinstance(p, str) or not p for p in players) or len(set(players)) != len(players):
        raise RuleError("bad_players", "참가자 이름이 올바르지 않아요", message_id="bad_players.names")
    opts = resolve_options(options)
    rng = SeededRng(seed)
    first, racks, pool = deal(players, rng)
    return {
        "options": opts,
        "rng": rng.to_json(),
        "seats": list(players),
        **new_game_fields(players, first, racks, pool, opts, opts["startedAt"]),
        "match": new_match(players),
        "left": [],
        **LAST_MOVE_FIELDS,
        "seq": 0,
    }


# --- small queries -----------------------------------------------------------------------------


def active_players(state: dict[str, Any]) -> list[str]:
    """Who must act now: the current player while playing, nobody once the game is over."""
    return [state["current"]] if state["phase"] == "playing" else []


def on_timeout(state: dict[str, Any], player: str) -> dict[str, str]:
    """The automatic action for a missed deadline (spec 8.5); the room adds "at" and applies it."""
    return {"type": "timeout"}


def _now(state: dict[str, Any], act: ParsedAction) -> float:
    return state["turn_started_at"] if act.at is None else act.at


def _game_clock_over(state: dict[str, Any], now: float) -> bool:
    return state["game_deadline"] is not None and now >= state["game_deadline"]


# --- validate ----------------------------------------------------------------------------------


def _check(state: dict[str, Any], player: str, action: object) -> tuple[ParsedAction, TurnCheck | None]:
    """Every check of `validate`; returns the parsed action and, for commit, the turn check."""
    act = parse_action(action)
    if player not in state["seats"]:
        raise RuleError("not_player", "이 게임의 참가자가 아니에요", message_id="not_in_game")
    if player in state["left"]:
        raise RuleError("left", "이미 나간 게임이에요")
    if act.type == "leave":
        if state["match"]["finished"]:
            raise RuleError("game_over", "게임이 끝났어요")
        return act, None
    if act.type == "nextGame":
        if state["phase"] != "finished" or state["match"]["finished"]:
            raise RuleError("no_next_game", "다음 판을 시작할 수 없어요")
        return act, None
    if state["phase"] != "playing":  # spec 10: a repeated winning commit is "not your turn" too
        raise RuleError("not_your_turn", "차례가 아니에요", gameOver=True)
    if player != state["current"] or (act.turn is not None and act.turn != state["turn_no"]):
        raise RuleError("not_your_turn", "차례가 아니에요")
    due = deadline(state)
    if act.type != "timeout" and act.at is not None and due is not None and act.at > due:
        # spec 8.5: a move stamped after the turn's or the game's deadline is refused here too, not only
        # by the room, so a replay, a bench or any other caller cannot apply it (as mahjong's "too_late")
        raise RuleError("too_late", "시간이 지났어요", message_id="late")
    if act.type in SEQ_ACTIONS and act.seq is not None and act.seq < state["seq"]:
        raise RuleError("stale", "화면이 최신 상태가 아니에요. 다시 확인하고 시도해 주세요")
    rack = state["racks"][player]
    melded = state["has_melded"][player]
    opts = state["options"]
    if act.type == "setDraft":
        problem = conservation_problem(
            state["table"],
            rack,
            [s["tile_ids"] for s in act.sets],
            melded,
            opts["initialMeldAllowExtend"],
        )
        if problem:
            raise problem.error()
    elif act.type == "undoDraft":
        if not state["draft"] or not state["draft"]["history"]:
            raise RuleError("nothing_to_undo", "되돌릴 것이 없어요")
    elif act.type == "pass":
        if state["pool"]:
            raise RuleError("pool_not_empty", "풀에 타일이 남아 있으면 넘길 수 없고 뽑아야 해요")
    elif act.type == "timeout":
        if due is None or _now(state, act) < due:
            raise RuleError("not_yet", "아직 시간이 남았어요")
    elif act.type == "commit":
        check = validate_turn(state["table"], rack, draft_sets(state), melded, opts)
        # penalty3 punishes a wrong play; a commit that plays nothing is only refused
        penalised = check.code in ("invalid_sets", "initial_meld_points")
        if not check.ok and not (opts["invalidCommitPenalty"] == "penalty3" and penalised):
            raise check.error()
        return act, check
    return act, None


def validate(state: dict[str, Any], player: str, action: dict[str, Any]) -> None:
    """Raise RuleError (stable `code`, Korean `message`) when `player` may not do `action` now."""
    _check(state, player, action)


# --- apply helpers -----------------------------------------------------------------------------


def _next_seat(state: dict[str, Any], after: str) -> str:
    seats: list[str] = state["seats"]
    i = seats.index(after)
    for k in range(1, len(seats) + 1):
        p = seats[(i + k) % len(seats)]
        if p not in state["left"]:
            return p
    return after


def _start_turn(state: dict[str, Any], player: str, now: float, events: list[dict[str, Any]]) -> None:
    state["current"] = player
    state["turn_started_at"] = now
    state["turn_no"] += 1
    state["draft"] = None
    state["draft_changes"] = 0
    events.append({"type": "turn", "to": None, "player": player, "turn_no": state["turn_no"], "deadline": deadline(state)})


def _draw(state: dict[str, Any], player: str, count: int, events: list[dict[str, Any]], why: str = "") -> list[str]:
    """Take up to `count` tiles from the front of the pool (spec 8.4); the stalemate counter
    resets when a tile was drawn and grows when the pool was empty (spec 5.8). `why` is what
    made the player draw, as the last move names it ("", ".timeout", ".refused")."""
    drawn: list[str] = state["pool"][:count]
    del state["pool"][:count]
    state["racks"][player].extend(drawn)
    if drawn:
        state["consecutive_passes_with_empty_pool"] = 0
        state.setdefault("drawn", {})[player] = list(drawn)
        events.append({"type": "drew", "to": [player], "player": player, "tile_ids": list(drawn)})
        events.append({"type": "drewCount", "to": None, "player": player, "count": len(drawn), "text": f"{len(drawn)}개 뽑음"})
        _moved(state, player, "drew" + why, len(drawn))
    else:
        state["consecutive_passes_with_empty_pool"] += 1
        events.append({"type": "passed", "to": None, "player": player})
        _moved(state, player, "passed" + why, 0)
    return drawn


def _moved(state: dict[str, Any], player: str, kind: str, count: int) -> None:
    """Record the move every board names in one line (issue 18: 3): `kind` is its i18n key after
    "move." ("placed", "drew", "drew.timeout", "passed.refused", "left" …), `count` its tiles."""
    state["last_move"] = {"player": player, "kind": kind, "count": count}
    if kind == "placed":
        state["placed_by"] = player  # whose move changed the table last: the others' boards flash its sets


def _end_turn(state: dict[str, Any], now: float, events: list[dict[str, Any]]) -> None:
    """Pass the turn on, unless everyone in a row could not play with the pool empty (spec 5.8)."""
    if state["consecutive_passes_with_empty_pool"] >= len(participants(state)):
        _finish_lowest_rack(state, "stalemate", events)
        return
    _start_turn(state, _next_seat(state, state["current"]), now, events)


def _revert(state: dict[str, Any], player: str, events: list[dict[str, Any]]) -> None:
    """Drop the draft; tiles it took from the rack simply never left it (shown only to the player)."""
    table_ids = {t for s in state["table"] for t in s["tile_ids"]}
    returned = [t for s in draft_sets(state) for t in s["tile_ids"] if t not in table_ids]
    state["draft"] = None
    if returned:
        events.append({"type": "returned", "to": [player], "player": player, "tile_ids": returned})
    events.append({"type": "reverted", "to": None, "player": player})


def _commit(state: dict[str, Any], player: str, check: TurnCheck, now: float, events: list[dict[str, Any]]) -> None:
    """spec 8.2 commit success: new table (ids inherited, places kept), rack shrinks, meld flag."""
    sets = draft_sets(state)
    positions = place_sets(
        [{"tile_ids": n.tile_ids, "pos": s["pos"]} for n, s in zip(check.normalized, sets)],
        state["table"],
    )
    ids, state["next_set_no"] = inherit_set_ids([n.tile_ids for n in check.normalized], state["table"], state["next_set_no"])
    first_meld = not state["has_melded"][player]
    state["table"] = [table_set(i, n, p) for i, n, p in zip(ids, check.normalized, positions)]
    played = set(check.from_rack)
    state["racks"][player] = [t for t in state["racks"][player] if t not in played]
    state["has_melded"][player] = True
    state["consecutive_passes_with_empty_pool"] = 0
    state["draft"] = None
    _moved(state, player, "placed", len(check.from_rack))
    events.append(
        {
            "type": "committed",
            "to": None,
            "player": player,
            "tile_ids": list(check.from_rack),
            "first_meld": first_meld,
            "meld_points": check.meld_points,
        }
    )  # no copy of the table: the state and every view have it, a room keeps its last 30 events
    if not state["racks"][player]:
        _finish(state, "rackEmpty", [player], scoring.score_rack_empty(player, state["racks"], participants(state), state["options"]["jokerPenalty"]), events)
    else:
        _end_turn(state, now, events)


def _finish_lowest_rack(state: dict[str, Any], reason: str, events: list[dict[str, Any]]) -> None:
    winners, scores = scoring.score_lowest_rack(state["racks"], participants(state), state["options"]["jokerPenalty"])
    _finish(state, reason, winners, scores, events)


def _finish(state: dict[str, Any], reason: str, winners: list[str], scores: dict[str, int], events: list[dict[str, Any]]) -> None:
    state["phase"] = "finished"
    state["end_reason"] = reason
    state["winner_ids"] = list(winners)
    state["game_scores"] = dict(scores)
    state["draft"] = None
    match = state["match"]
    for p in winners:
        match["wins"][p] = match["wins"].get(p, 0) + 1
    for p, s in scores.items():
        match["totals"][p] = match["totals"].get(p, 0) + s
    players = participants(state)
    if reason == "aborted" or match["game_no"] >= state["options"]["gamesPerMatch"] or len(players) < 2:
        match["finished"] = True
        match["winner_ids"] = [] if reason == "aborted" else scoring.match_winners(match["wins"], match["totals"], players)
    events.append({"type": "gameOver", "to": None, "result": result(state)})


def _timeout(state: dict[str, Any], player: str, now: float, events: list[dict[str, Any]]) -> None:
    """spec 5.7 with the options; the whole-game clock first (service page: lowest rack wins)."""
    if _game_clock_over(state, now):
        events.append({"type": "timeUp", "to": None})
        _finish_lowest_rack(state, "timeUp", events)
        return
    opts = state["options"]
    state["timeouts_in_a_row"][player] = state["timeouts_in_a_row"].get(player, 0) + 1
    check = validate_turn(state["table"], state["racks"][player], draft_sets(state), state["has_melded"][player], opts)
    if check.ok and opts["timeoutValidDraft"] == "commit":
        events.append({"type": "timedOut", "to": None, "player": player, "outcome": "commit"})
        _commit(state, player, check, now, events)
        return
    if check.ok:
        outcome, count = "revert", 1
    elif check.code == "no_rack_tile" and all(
        normalize_set(d["tile_ids"], d.get("as")) for d in draft_sets(state)
    ):  # spec 5.7: nothing played and no invalid set; an invalid set is 무효 -> the penalty
        outcome, count = "draw", 1
    else:
        outcome, count = "penalty", opts["invalidTimeoutPenalty"]
    if opts["showDraftToOthers"]:
        events.append({"type": "timedOut", "to": None, "player": player, "outcome": outcome})
    else:  # spec 8.3: whether a hidden draft was valid is the mover's to know
        events.append({"type": "timedOut", "to": None, "player": player})
        events.append({"type": "timedOutOutcome", "to": [player], "player": player, "outcome": outcome})
    if state["draft"] is not None:
        _revert(state, player, events)
    _draw(state, player, count, events, ".timeout")  # spec 5.8: with the pool empty this counts as a pass
    _end_turn(state, now, events)


def _leave(state: dict[str, Any], player: str, now: float, events: list[dict[str, Any]]) -> None:
    """Service page: the leaver's rack is shuffled back into the pool; one player left ends it."""
    state["left"].append(player)
    events.append({"type": "left", "to": None, "player": player})
    _moved(state, player, "left", 0)
    if state["phase"] != "playing":  # between games: the finished game's racks stay for its result
        if len(participants(state)) < 2:
            state["match"]["finished"] = True
        return
    rng = SeededRng.from_json(state["rng"])
    state["pool"].extend(state["racks"][player])
    state["racks"][player] = []
    rng.shuffle(state["pool"])
    state["rng"] = rng.to_json()
    state["consecutive_passes_with_empty_pool"] = 0  # spec 5.8: the pool holds tiles again
    if len(participants(state)) < 2:
        _finish(state, "aborted", [], {}, events)
    elif state["current"] == player:
        state["draft"] = None
        _start_turn(state, _next_seat(state, player), now, events)


def _next_game_inplace(state: dict[str, Any], now: float, events: list[dict[str, Any]]) -> None:
    """spec 8.4: a new shuffle and a new first-player draw; match totals and wins carry over."""
    players = participants(state)
    rng = SeededRng.from_json(state["rng"])
    first, racks, pool = deal(players, rng)
    state["rng"] = rng.to_json()
    state.update(new_game_fields(state["seats"], first, racks, pool, state["options"], now))
    for p in state["left"]:
        state["racks"][p] = []
    state["match"]["game_no"] += 1
    events.append({"type": "gameStarted", "to": None, "game_no": state["match"]["game_no"], "first": first})


# --- apply -------------------------------------------------------------------------------------


def apply(state: dict[str, Any], player: str, action: dict[str, Any]) -> list[dict[str, Any]]:
    """Validate `action`, then change `state` in place; returns the events (spec §8.2).

    Events are `{"type", "to": [player] | None, ...}`; filter them per viewer with `events_for`.
    On RuleError the state is untouched.
    """
    act, check = _check(state, player, action)
    now = _now(state, act)
    events: list[dict[str, Any]] = []
    kind = act.type
    if kind in TURN_ACTIONS and kind != "timeout":
        state["timeouts_in_a_row"][player] = 0  # spec 8.5: they are back
    if kind in TURN_ACTIONS or kind == "leave":
        state.get("drawn", {}).pop(player, None)  # my drawn tiles are new until I act
    if kind == "setDraft":
        previous = draft_sets(state)
        positions = place_sets(act.sets, previous)
        sets = [{"tile_ids": s["tile_ids"], "as": s["as"], "pos": p} for s, p in zip(act.sets, positions)]
        history = state["draft"]["history"] if state["draft"] else []
        history = (history + [previous])[-MAX_HISTORY:]
        state["draft"] = {"sets": sets, "history": history}
        _draft_changed(state, player, events)
    elif kind == "undoDraft":
        state["draft"]["sets"] = state["draft"]["history"].pop()
        _draft_changed(state, player, events)
    elif kind == "resetDraft":
        if state["draft"] is not None:
            history = (state["draft"]["history"] + [state["draft"]["sets"]])[-MAX_HISTORY:]
            state["draft"] = {"sets": table_as_draft(state["table"]), "history": history}
        _draft_changed(state, player, events)
    elif kind == "commit":
        assert check is not None
        if check.ok:
            _commit(state, player, check, now, events)
        else:  # invalidCommitPenalty=penalty3: revert, draw 3, turn over
            detail = {"code": check.code, "message": check.message, "invalidSets": check.invalid_sets}
            if state["options"]["showDraftToOthers"]:
                events.append({"type": "commitFailed", "to": None, "player": player, **detail})
            else:  # spec 8.3: a hidden draft stays hidden; why it failed (its points, bad sets) is the mover's
                events.append({"type": "commitFailed", "to": None, "player": player})
                events.append({"type": "commitFailedReason", "to": [player], "player": player, **detail})
            _revert(state, player, events)
            _draw(state, player, PENALTY_DRAW, events, ".refused")
            _end_turn(state, now, events)
    elif kind in ("draw", "pass"):
        if state["draft"] is not None:
            _revert(state, player, events)
        _draw(state, player, 1, events)
        _end_turn(state, now, events)
    elif kind == "timeout":
        _timeout(state, player, now, events)
    elif kind == "leave":
        _leave(state, player, now, events)
    elif kind == "nextGame":
        _next_game_inplace(state, now, events)
    state["seq"] += 1
    return events


def _draft_changed(state: dict[str, Any], player: str, events: list[dict[str, Any]]) -> None:
    state["draft_changes"] += 1
    # who changed their draft and how often; the draft itself is in the views (spec 327: to others
    # only with showDraftToOthers). A copy of it here was 2/3 of a room's JSON and memory (issue 20)
    events.append({"type": "draftChanged", "to": None, "player": player, "changes": state["draft_changes"]})


def next_game(state: dict[str, Any]) -> dict[str, Any]:
    """A new state for the match's next game (same as the "nextGame" action, on a copy)."""
    if state["phase"] != "finished" or state["match"]["finished"]:
        raise RuleError("no_next_game", "다음 판을 시작할 수 없어요")
    new = to_json(state)
    _next_game_inplace(new, new["turn_started_at"], [])
    new["seq"] += 1
    return new


# --- result ------------------------------------------------------------------------------------


def result(state: dict[str, Any]) -> dict[str, Any] | None:
    """The game result (spec §8.6) once finished, else None."""
    return scoring.game_result(state)
