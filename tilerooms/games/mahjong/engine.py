"""The riichi mahjong engine (spec §8): the same game protocol as the number-tile engine.

Pure functions over a JSON state dict (`state.py`). `apply` validates first and mutates only after
every check passed, so a RuleError never leaves a half-changed state. Time enters only as data:
``options["startedAt"]`` and each action's "at" (epoch ms, stamped by the room layer). The draw is
not an action: it happens inside `apply` when the previous step is settled (spec 8.2).

Mode comes from the player count: 4 → 4-player, 3 → sanma (spec §1, 5.7).

Leaving (``{"type": "leave"}``, sent by the room layer): the seat stays in the game on autopilot
for good — tsumogiri on its turn after 2 s, pass in every claim window, ready on result screens —
so the other players' game goes on; when every seat has left the game ends ("aborted").

Away (`set_away`, called by the room layer while a seat's socket is gone, spec 8.5 / §10): the
same autopilot until the seat is back — passed at once in claim windows, its turn played 2 s after
the disconnect, ready on result screens — without spending its time bank or counting time-outs.
"""

from __future__ import annotations

from typing import Any, cast

from tilerooms.core import RuleError, SeededRng
from tilerooms.games.mahjong import flow
from tilerooms.games.mahjong.actions import ParsedAction, parse_action
from tilerooms.games.mahjong.claims import check_claim_tiles, default_call_tiles, ron_refusal
from tilerooms.games.mahjong.riichi import riichi_blocker, riichi_discards
from tilerooms.games.mahjong.rounds import game_result, next_hand, start_hand
from tilerooms.games.mahjong.shape import complete, counts_of
from tilerooms.games.mahjong.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    from_json,
    make_state,
    new_game_state,
    resolve_options,
    to_json,
)
from tilerooms.games.mahjong.timers import AUTOPILOT_AFTER, away_since, charge_turn_time, deadline, shift_time
from tilerooms.games.mahjong.turn import ankan_kinds, can_kita, can_kyuushu, kakan_tiles, kita_tile, legal_discards
from tilerooms.games.mahjong.view import events_for, view
from tilerooms.games.mahjong.wins import can_tsumo

__all__ = [
    "setup",
    "validate",
    "apply",
    "view",
    "active_players",
    "deadline",
    "on_timeout",
    "result",
    "resolve_options",
    "shift_time",
    "to_json",
    "from_json",
    "make_state",
    "events_for",
    "auto_action",
    "set_away",
    "reaction_window",
]

TURN_ACTIONS = frozenset({"discard", "tsumo", "ankan", "kakan", "kita", "kyuushu"})
CLAIM_ACTIONS = frozenset({"claim", "pass"})


# --- setup -------------------------------------------------------------------------------------


def setup(options: dict[str, Any] | None, players: list[str], seed: int | str) -> dict[str, Any]:
    """A new game (spec §4): seeded seating (seat 0 = first dealer), wall, deal, the dealer's draw.

    `players` are 3 (sanma) or 4 distinct ids; `options` are spec §2 keys plus ``startedAt``.
    """
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleError("bad_players", "마작은 3명 또는 4명이 있어야 시작할 수 있습니다", message_id="mj.bad_players")
    if any(not isinstance(p, str) or not p for p in players) or len(set(players)) != len(players):
        raise RuleError("bad_players", "참가자 이름이 올바르지 않습니다", message_id="mj.bad_players.names")
    opts = resolve_options(options, len(players))
    rng = SeededRng(seed)
    seats = list(players)
    rng.shuffle(seats)  # spec 4.1: seating by the RNG
    state = new_game_state(opts, seats, rng)
    now = opts["startedAt"]
    start_hand(state, now)
    events: list[dict[str, Any]] = []
    flow.draw_next(state, state["dealer"], now, events)
    state["seq"] = 0
    state["phase_seq"] = 0
    return state


# --- small queries -----------------------------------------------------------------------------


def _seat(state: dict[str, Any], player: str) -> int:
    try:
        players: list[str] = state["players"]
        return players.index(player)
    except ValueError:
        raise RuleError("not_player", "이 게임의 참가자가 아닙니다", message_id="mj.not_player") from None


def active_players(state: dict[str, Any]) -> list[str]:
    """Who is expected to act now (spec 8.2).

    Turn: the current player. Claim window: every seat but the one whose tile it is that has not
    answered yet — eligible or not, so the list never tells who could claim (spec 5.3 step 7).
    Result screen: those not ready. Finished: nobody. When every seat has answered but the
    minimum delay still runs, the seat whose tile it is stands in, so the room's timer has someone
    to fire the deadline for (its only action then is the time-out).
    """
    if state["phase"] == "finished":
        return []
    players = state["players"]
    if state["phase"] == "handResult":
        return [p for s, p in enumerate(players) if not state["ready"][s]]
    h = state["hand"]
    if h["stage"] == "claim":
        window = h["claim"]
        waiting = [p for s, p in enumerate(players) if s != window["from"] and window["responses"][s] is None]
        return waiting or [players[window["from"]]]
    return [players[h["turn"]]]


def reaction_window(state: dict[str, Any]) -> bool:
    """True while the game waits for answers to another player's tile (a claim window), not for a
    player's own move: the room layer asks its AIs at once here (spec 5.3 step 2, §10: the window's
    length must not depend on an AI's thinking; their human-like pace is for their own turns)."""
    h = state["hand"]
    return state["phase"] == "playing" and h is not None and h["stage"] == "claim"


def set_away(state: dict[str, Any], player: str, away: bool, now: float) -> list[dict[str, Any]]:
    """The room layer's word that `player`'s socket is gone (`away`) or back; returns the events.

    Spec 8.5 / §10: from that moment the seat is on autopilot — an open claim window gets its
    automatic answer at once (pass, or ron with autoWin) so nobody waits for it, its turn ends
    2 s after the disconnect with the time-out move, a result screen counts it ready — until it is
    back, when its normal clocks run again. Its bank and time-out count are left alone. Nothing
    changes (and [] is returned) when the seat already is as reported or the game is over.
    """
    seat = _seat(state, player)
    marks = state.setdefault("away", [None] * len(state["players"]))
    if (marks[seat] is not None) == away or state["phase"] == "finished":
        return []
    marks[seat] = now if away else None
    events: list[dict[str, Any]] = []
    if away and state["phase"] == "handResult" and not state["ready"][seat]:
        state["ready"][seat] = True
        events.append({"type": "ready", "to": None, "player": player})
        if all(state["ready"]):
            _next_hand(state, now, events)
    elif away and state["phase"] == "playing":
        window = state["hand"]["claim"]
        if state["hand"]["stage"] == "claim" and seat != window["from"] and window["responses"][seat] is None:
            call = "ron" if auto_action(state, seat)["type"] == "claim" else "pass"
            flow.respond(state, seat, call, [], now, events)
    state["seq"] += 1
    return events


def on_timeout(state: dict[str, Any], player: str) -> dict[str, str]:
    """The action for a missed deadline; the room adds "at" and applies it. `apply` then plays
    `auto_action` (spec 8.5): tsumogiri, after a call the rightmost legal tile, pass, ready."""
    return {"type": "timeout"}


def auto_action(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """Spec 8.5's automatic move for `seat` now: tsumo with autoWin, tsumogiri, after a call the
    rightmost (sorted) discard that is not kuikae, ron with autoWin, else pass; ready on results."""
    if state["phase"] == "handResult":
        return {"type": "ready"}
    h = state["hand"]
    if h["stage"] == "claim":
        if state["prefs"][seat]["autoWin"] and "ron" in h["claim"]["eligible"][seat]:
            return {"type": "claim", "call": "ron"}
        return {"type": "pass"}
    if h["stage"] == "afterDraw":
        if state["prefs"][seat]["autoWin"] and can_tsumo(state, seat) is not None:
            return {"type": "tsumo"}
        return {"type": "discard", "tile": h["drawn"][seat]}
    tiles = sorted(legal_discards(state, seat))
    return {"type": "discard", "tile": tiles[-1]}


def result(state: dict[str, Any]) -> dict[str, Any] | None:
    """The game result (spec 8.6) once finished, else None."""
    return game_result(state)


# --- validate ----------------------------------------------------------------------------------


def _now(state: dict[str, Any], act: ParsedAction) -> float:
    if act.at is not None:
        return act.at
    h = state["hand"]
    if state["phase"] == "handResult":
        return cast(float, state["result_at"])
    if h is not None and h["stage"] == "claim" and h["claim"] is not None:
        return cast(float, max(h["claim"]["opened_at"], h["claim"]["min_until"]))
    return cast(float, h["turn_started_at"] if h is not None else state["options"]["startedAt"])


def _check(state: dict[str, Any], player: str, action: object) -> tuple[ParsedAction, int]:
    act = parse_action(action)
    seat = _seat(state, player)
    if state["left"][seat] and act.type != "timeout":  # a left seat still times out (autopilot)
        raise RuleError("left", "이미 나간 게임입니다", message_id="mj.left")
    if state["phase"] == "finished":
        raise RuleError("game_over", "대국이 끝났습니다", message_id="mj.game_over")
    if act.type in ("setPref", "leave"):
        return act, seat
    if act.seq is not None and act.seq < state["phase_seq"]:
        raise RuleError("stale", "화면이 최신 상태가 아닙니다. 다시 확인하고 시도해 주세요", message_id="mj.stale")
    if act.type == "timeout":
        if player not in active_players(state):
            raise RuleError("not_your_turn", "지금은 당신 차례가 아닙니다", message_id="mj.not_your_turn")
        due = deadline(state)
        if due is None or _now(state, act) < due:
            raise RuleError("not_yet", "아직 시간이 남았습니다", message_id="mj.not_yet")
        return act, seat
    if act.type == "ready":
        if state["phase"] != "handResult":
            raise RuleError("not_now", "지금은 결과 확인 단계가 아닙니다", message_id="mj.not_now.result")
        if state["ready"][seat]:
            raise RuleError("already_ready", "이미 확인했습니다")
        return act, seat
    if state["phase"] != "playing":
        raise RuleError("not_now", "지금은 할 수 없는 행동입니다", message_id="mj.not_now")
    h = state["hand"]
    if act.type in CLAIM_ACTIONS:
        _check_claim(state, seat, act)
        return act, seat
    if h["stage"] == "claim" or h["turn"] != seat:
        raise RuleError("not_your_turn", "지금은 당신 차례가 아닙니다", message_id="mj.not_your_turn")
    _check_turn(state, seat, act)
    return act, seat


def _check_claim(state: dict[str, Any], seat: int, act: ParsedAction) -> None:
    h = state["hand"]
    window = h["claim"]
    if h["stage"] != "claim" or window is None or seat == window["from"]:
        raise RuleError("no_claim_window", "지금은 응답할 수 없습니다")
    if window["responses"][seat] is not None:
        raise RuleError("already_responded", "이미 응답했습니다")
    if act.at is not None and act.at > window["deadline"]:
        raise RuleError("too_late", "응답 시간이 지났습니다")  # spec 8.5: late answers are dropped
    if act.type == "pass":
        return
    call = cast(str, act.call)  # parse_action sets the call of a claim
    if call not in window["eligible"][seat]:
        if call == "ron":
            message_id, message = ron_refusal(state, seat, window["tile"])
            raise RuleError("cannot_ron", message, message_id=message_id)
        raise RuleError("cannot_claim", "지금은 그 울기를 할 수 없습니다")
    problem = check_claim_tiles(state, seat, call, act.tiles)
    if problem:
        raise RuleError("bad_claim_tiles", problem[1], message_id=problem[0])


def _check_turn(state: dict[str, Any], seat: int, act: ParsedAction) -> None:
    h = state["hand"]
    stage = h["stage"]
    if act.type != "discard" and stage != "afterDraw":
        raise RuleError("not_now", "울기 직후에는 패를 버려야 합니다", message_id="mj.not_now.discard")
    if act.type == "discard":
        tile = cast(int, act.tile)  # parse_action sets the tile of a discard
        if tile not in h["closed"][seat]:
            raise RuleError("no_tile", "손에 없는 패입니다")
        riichi = h["riichi"][seat]
        if riichi is not None and tile != h["drawn"][seat]:
            raise RuleError("riichi_tsumogiri", "리치 후에는 쯔모한 패만 버릴 수 있습니다")
        if stage == "afterCall" and (tile >> 2) in h["kuikae"]:
            if (tile >> 2) == h["kuikae"][0]:
                raise RuleError("kuikae", "방금 울은 패와 같은 패는 버릴 수 없습니다")
            raise RuleError("kuikae", "울은 패의 반대쪽 스지 패는 버릴 수 없습니다", message_id="kuikae.suji")
        if act.riichi:
            if stage != "afterDraw":
                raise RuleError("riichi_not_now", "울기 직후에는 리치할 수 없습니다")
            blocker = riichi_blocker(state, seat)
            if blocker:
                raise RuleError("riichi_refused", blocker[1], message_id=blocker[0])
            if tile not in riichi_discards(state, seat):
                raise RuleError("not_tenpai", "버린 뒤 텐파이가 아니라 리치할 수 없습니다")
    elif act.type == "tsumo":
        if can_tsumo(state, seat) is None:
            if complete(tuple(counts_of(h["closed"][seat])), len(h["melds"][seat])):
                raise RuleError("no_yaku", "역이 없어 화료할 수 없습니다")
            raise RuleError("not_agari", "화료형이 아닙니다")
    elif act.type == "ankan":
        if act.kind not in ankan_kinds(state, seat):
            if h["riichi"][seat] is not None and sum(1 for t in h["closed"][seat] if t >> 2 == act.kind) == 4:
                raise RuleError("riichi_ankan", "리치 후에는 대기나 손패 해석이 바뀌는 깡을 할 수 없습니다")
            raise RuleError("cannot_kan", "지금은 그 깡을 할 수 없습니다")
    elif act.type == "kakan":
        if act.tile not in kakan_tiles(state, seat):
            raise RuleError("cannot_kan", "지금은 그 깡을 할 수 없습니다")
    elif act.type == "kita":
        if not can_kita(state, seat):
            raise RuleError("cannot_kita", "지금은 북을 뽑을 수 없습니다")
    elif act.type == "kyuushu":
        if not can_kyuushu(state, seat):
            raise RuleError("cannot_kyuushu", "구종구패를 선언할 수 없습니다")


def validate(state: dict[str, Any], player: str, action: dict[str, Any]) -> None:
    """Raise RuleError (stable `code`, Korean `message`) when `player` may not do `action` now."""
    _check(state, player, action)


# --- apply -------------------------------------------------------------------------------------


def _apply_move(state: dict[str, Any], seat: int, act: ParsedAction, now: float, events: list[dict[str, Any]]) -> None:
    """Carry out one validated move (also used for automatic moves), parsed once by its caller."""
    kind = act.type
    if kind == "ready":
        state["ready"][seat] = True
        events.append({"type": "ready", "to": None, "player": state["players"][seat]})
        if all(state["ready"]):
            _next_hand(state, now, events)
    elif kind == "pass":
        flow.respond(state, seat, "pass", [], now, events)
    elif kind == "claim":
        call = cast(str, act.call)  # parse_action sets the call of a claim
        tiles = act.tiles
        if call in ("pon", "kan", "chi") and not tiles:
            tiles = default_call_tiles(state, seat, call)
        flow.respond(state, seat, call, tiles, now, events)
    else:
        charge_turn_time(state, seat, now)
        # parse_action sets the tile of a discard or kakan and the kind of an ankan
        if kind == "discard":
            flow.discard(state, seat, cast(int, act.tile), act.riichi, now, events)
        elif kind == "tsumo":
            flow.tsumo(state, seat, now, events)
        elif kind == "ankan":
            flow.ankan(state, seat, cast(int, act.kind), now, events)
        elif kind == "kakan":
            flow.kakan(state, seat, cast(int, act.tile), now, events)
        elif kind == "kita":
            flow.kita(state, seat, kita_tile(state, seat), now, events)
        elif kind == "kyuushu":
            flow.abortive_draw(state, "kyuushu", now, events)


def _next_hand(state: dict[str, Any], now: float, events: list[dict[str, Any]]) -> None:
    next_hand(state, now)
    flow.new_stage(state)
    events.append(
        {
            "type": "handStarted",
            "to": None,
            "round_wind": state["round_wind"],
            "hand_number": state["hand_number"],
            "honba": state["honba"],
            "dealer": state["players"][state["dealer"]],
            "riichiPool": state["riichi_pool"],
            "dice": list(state["hand"]["dice"]),
            "dora": [flow.tok(state["hand"]["dora"][0])],
        }
    )
    for s, pid in enumerate(state["players"]):
        events.append({"type": "deal", "to": [pid], "tiles": [flow.tok(t) for t in sorted(state["hand"]["closed"][s])]})
    flow.draw_next(state, state["dealer"], now, events)


def _timeout(state: dict[str, Any], seat: int, now: float, events: list[dict[str, Any]]) -> None:
    """Spec 8.5: the deadline passed. Claim: every unanswered seat passes (furiten applies).
    Turn: the automatic move, bank to 0, autopilot after two in a row. Result: everyone ready."""
    if state["phase"] == "handResult":
        events.append({"type": "timedOut", "to": None, "stage": "handResult"})
        state["ready"] = [True] * len(state["players"])
        _next_hand(state, now, events)
        return
    h = state["hand"]
    if h["stage"] == "claim":
        window = h["claim"]
        for s, r in enumerate(window["responses"]):
            if r is None and s != window["from"]:
                auto = auto_action(state, s)
                window["responses"][s] = {"call": "ron" if auto["type"] == "claim" else "pass", "tiles": []}
        events.append({"type": "timedOut", "to": None, "stage": "claim"})
        flow.settle_window_if_ready(state, now, events, expired=True)
        return
    turn = h["turn"]
    if not state["left"][turn] and away_since(state, turn) is None:  # away: no bank or count spent
        if not state["autopilot"][turn]:
            state["time_bank"][turn] = 0
        state["timeouts"][turn] += 1
        if state["timeouts"][turn] >= AUTOPILOT_AFTER and not state["autopilot"][turn]:
            state["autopilot"][turn] = True  # spec 8.5
            events.append({"type": "autopilot", "to": None, "player": state["players"][turn], "on": True})
    events.append({"type": "timedOut", "to": None, "player": state["players"][turn], "stage": h["stage"]})
    _apply_move(state, turn, parse_action(auto_action(state, turn)), now, events)


def _leave(state: dict[str, Any], seat: int, now: float, events: list[dict[str, Any]]) -> None:
    state["left"][seat] = True
    state["autopilot"][seat] = True
    events.append({"type": "left", "to": None, "player": state["players"][seat]})
    if all(state["left"]):
        state["phase"] = "finished"
        state["end_reason"] = "aborted"
        events.append({"type": "gameEnded", "to": None, "result": game_result(state)})
        return
    if state["phase"] == "handResult":
        state["ready"][seat] = True
        if all(state["ready"]):
            _next_hand(state, now, events)
        return
    h = state["hand"]
    if h["stage"] == "claim" and seat != h["claim"]["from"] and h["claim"]["responses"][seat] is None:
        flow.respond(state, seat, "pass", [], now, events)


def apply(state: dict[str, Any], player: str, action: dict[str, Any]) -> list[dict[str, Any]]:
    """Validate `action`, then change `state` in place; returns the events (spec §8.2).

    Events are ``{"type", "to": [player] | None, ...}``; filter them per viewer with `events_for`.
    On RuleError the state is untouched.
    """
    act, seat = _check(state, player, action)
    now = _now(state, act)
    events: list[dict[str, Any]] = []
    if act.type == "setPref":
        state["prefs"][seat].update(act.prefs)
        events.append({"type": "prefs", "to": [player], "prefs": dict(state["prefs"][seat])})
    elif act.type == "leave":
        _leave(state, seat, now, events)
    elif act.type == "timeout":
        _timeout(state, seat, now, events)
    else:
        if state["autopilot"][seat] or state["timeouts"][seat]:
            if state["autopilot"][seat]:
                events.append({"type": "autopilot", "to": None, "player": player, "on": False})
            state["autopilot"][seat] = False  # spec 8.5: released by the player's own action
            state["timeouts"][seat] = 0
        _apply_move(state, seat, act, now, events)  # parsed once, by `_check`
    state["seq"] += 1
    return events
