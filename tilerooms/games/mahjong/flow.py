"""The steps that change a hand (spec 5.1–5.3, 5.8): draws, discards, claim windows, calls, kans,
kita, wins and draws. Called by `engine.apply` after validation; each step appends its events.

Events are ``{"type", "to": [player] | None, ...}``; tiles in events are view tokens (`tok`).
"""

from __future__ import annotations

from typing import Any

from tilerooms.games.mahjong import claims as cl
from tilerooms.games.mahjong.draws import is_nagashi_mangan, settle_exhaustive_draw
from tilerooms.games.mahjong.payments import Pao, RonClaim, pao_base_points, pao_trigger, settle_rons, settle_win
from tilerooms.games.mahjong.rounds import finish_hand, game_result
from tilerooms.games.mahjong.state import n_players, scoring_options
from tilerooms.games.mahjong.tiles import WIND_KINDS, ids_to_string
from tilerooms.games.mahjong.timers import claim_min_delay_ms, on_autopilot
from tilerooms.games.mahjong.wall import draw_rinshan
from tilerooms.games.mahjong.wins import can_tsumo, is_tenpai, result_record, ron_value

Events = list[dict[str, Any]]


def _token(tile: int) -> str:
    return f"{tile}:{ids_to_string([tile])}"


_TOKENS = tuple(_token(t) for t in range(136))  # every view builds dozens: formatted once


def tok(tile: int) -> str:
    """The view token of a tile: ``"<id>:<notation>"`` (e.g. ``"52:0p"`` for the red 5p)."""
    return _TOKENS[tile] if type(tile) is int and 0 <= tile < 136 else _token(tile)


def _pid(state: dict[str, Any], seat: int) -> str:
    players: list[str] = state["players"]
    return players[seat]


def new_stage(state: dict[str, Any]) -> None:
    """Mark a new decision point: actions made against an earlier stage are stale."""
    # a client action made against an earlier stage is stale (seq is bumped after this apply)
    state["phase_seq"] = state["seq"] + 1


def _clear_ippatsu(state: dict[str, Any]) -> None:
    for r in state["hand"]["riichi"]:
        if r is not None:
            r["ippatsu"] = False


# --- draws ---------------------------------------------------------------------------------------


def give_tile(state: dict[str, Any], seat: int, tile: int, *, rinshan: bool, now: float, events: Events) -> None:
    """Put a drawn tile in `seat`'s hand and start its turn (stage afterDraw)."""
    h = state["hand"]
    h["closed"][seat].append(tile)
    h["drawn"] = [None] * n_players(state)
    h["drawn"][seat] = tile
    h["turn"] = seat
    h["stage"] = "afterDraw"
    h["rinshan_draw"] = rinshan
    h["kuikae"] = []
    h["turn_started_at"] = now
    h["claim"] = None
    h["log"]["draws"][seat].append(tile)
    new_stage(state)
    pid = _pid(state, seat)
    events.append({"type": "draw", "to": [pid], "player": pid, "tile": tok(tile), "rinshan": rinshan})
    events.append({"type": "drew", "to": None, "player": pid, "rinshan": rinshan, "live": len(h["live"]), "text": "쯔모함"})


def draw_next(state: dict[str, Any], seat: int, now: float, events: Events) -> None:
    """The normal draw from the front of the live wall; an empty wall is the exhaustive draw."""
    h = state["hand"]
    if not h["live"]:
        exhaustive_draw(state, now, events)
        return
    give_tile(state, seat, h["live"].pop(0), rinshan=False, now=now, events=events)
    auto_tsumo(state, seat, now, events)


def rinshan_draw(state: dict[str, Any], seat: int, now: float, events: Events) -> None:
    """A replacement tile after a kan or kita (spec 5.2: the dead wall stays at 14)."""
    give_tile(state, seat, draw_rinshan(state["hand"]), rinshan=True, now=now, events=events)
    auto_tsumo(state, seat, now, events)


def auto_tsumo(state: dict[str, Any], seat: int, now: float, events: Events) -> None:
    """Per-player pref autoWin (spec 7.1): win at once when the drawn tile wins."""
    if state["prefs"][seat]["autoWin"] and not state["left"][seat] and can_tsumo(state, seat) is not None:
        tsumo(state, seat, now, events)


def reveal_dora(state: dict[str, Any], events: Events, count: int = 1) -> None:
    """Turn over the next `count` dora indicators."""
    h = state["hand"]
    for _ in range(count):
        if h["dora_revealed"] >= 5:
            return
        tile = h["dora"][h["dora_revealed"]]
        h["dora_revealed"] += 1
        events.append({"type": "doraRevealed", "to": None, "indicator": tok(tile)})


def _flush_kan_dora(state: dict[str, Any], events: Events) -> None:
    h = state["hand"]
    if h["pending_kan_dora"]:
        reveal_dora(state, events, h["pending_kan_dora"])
        h["pending_kan_dora"] = 0


# --- discard and the claim window ----------------------------------------------------------------


def discard(state: dict[str, Any], seat: int, tile: int, riichi: bool, now: float, events: Events) -> None:
    """Discard (optionally declaring riichi), reveal pending kan dora, open the claim window."""
    h = state["hand"]
    h["closed"][seat].remove(tile)
    tsumogiri = tile == h["drawn"][seat]
    h["drawn"][seat] = None
    own = h["riichi"][seat]
    if riichi:
        double = h["first_round_clean"] and not h["discards"][seat]  # spec 5.4 double riichi
        h["riichi"][seat] = {"discard_index": len(h["discards"][seat]), "double": double, "ippatsu": True, "established": False}
        events.append({"type": "riichi", "to": None, "player": _pid(state, seat), "double": double})
    elif own is not None:
        own["ippatsu"] = False  # spec 5.4: ippatsu lasts until the next own discard
    h["discards"][seat].append({"tile": tile, "tsumogiri": tsumogiri, "riichi": riichi, "called_by": None})
    h["log"]["discards"][seat].append({"tile": tile, "tsumogiri": tsumogiri, "riichi": riichi})
    h["furiten_temp"][seat] = False  # spec 5.5: same-turn furiten ends with my discard
    h["kuikae"] = []
    events.append({"type": "discard", "to": None, "player": _pid(state, seat), "tile": tok(tile), "tsumogiri": tsumogiri, "riichi": riichi})
    _flush_kan_dora(state, events)  # spec 5.2: daiminkan / kakan dora at the next discard
    open_window(state, "discard", tile, seat, now, events, riichi_pending=riichi)


def open_window(state: dict[str, Any], source: str, tile: int, origin: int, now: float, events: Events, *, riichi_pending: bool = False) -> None:
    """Spec 5.3: compute every seat's legal answers and open the window for at least the room's
    ``claimMinDelayMs`` (`claim_min_delay_ms`, default 400 ms).

    The window always opens, even when nobody can answer, so its timing never tells who could.
    Autopilot / left / away seats answer at once (pass, or ron with autoWin); so do autoWin rons.
    The answers recorded here and later (AIs' come in the same room change) stay in the window,
    seen by nobody (view.py), and take effect only when it settles (`settle_window_if_ready`).
    """
    h = state["hand"]
    n = n_players(state)
    opts = state["options"]
    window: dict[str, Any] = {
        "source": source,
        "tile": tile,
        "from": origin,
        "eligible": [[] for _ in range(n)],
        "ron_capable": [False] * n,
        "responses": [None] * n,
        "opened_at": now,
        "min_until": now + claim_min_delay_ms(opts),
        "deadline": now + opts["claimSeconds"] * 1000,
        "riichi_pending": riichi_pending,
        "last": not h["live"],
    }
    cl.compute_eligibility(state, window)
    h["claim"] = window
    h["stage"] = "claim"
    new_stage(state)
    events.append({"type": "claimWindow", "to": None, "source": source, "tile": tok(tile), "from": _pid(state, origin), "text": "다른 플레이어 확인 중"})
    for seat in range(n):
        if seat == origin:
            continue
        calls = window["eligible"][seat]
        if state["prefs"][seat]["autoWin"] and "ron" in calls:
            window["responses"][seat] = {"call": "ron", "tiles": []}
        elif on_autopilot(state, seat):
            window["responses"][seat] = {"call": "pass", "tiles": []}  # spec 8.5: no waiting on them
        elif calls:
            events.append({"type": "claimOptions", "to": [_pid(state, seat)], "calls": list(calls), "tile": tok(tile), "deadline": window["deadline"]})


def respond(state: dict[str, Any], seat: int, call: str, tiles: list[int], now: float, events: Events) -> None:
    """Record one answer (claim or pass) and settle the window when spec 5.3's rules allow."""
    window = state["hand"]["claim"]
    window["responses"][seat] = {"call": call, "tiles": list(tiles)}
    settle_window_if_ready(state, now, events)


def settle_window_if_ready(state: dict[str, Any], now: float, events: Events, *, expired: bool = False) -> None:
    """Settle when the outcome is known (or the window expired) and the minimum delay is over."""
    window = state["hand"]["claim"]
    if not expired and not cl.decision_ready(window):
        return
    if now < window["min_until"]:
        return
    for seat, r in enumerate(window["responses"]):
        if r is None and seat != window["from"]:
            window["responses"][seat] = {"call": "pass", "tiles": []}
    settle_window(state, now, events)


def settle_window(state: dict[str, Any], now: float, events: Events) -> None:
    """Spec 5.3 step 5–8: rons, riichi stick, abortive checks, the winning call, or the next draw."""
    h = state["hand"]
    window = h["claim"]
    n = n_players(state)
    origin = window["from"]
    rons, call = cl.winning_claim(window, n)
    for seat in range(n):  # spec 5.3 step 6 / 5.5: a passed winning tile means furiten
        if window["ron_capable"][seat] and seat not in rons:
            h["furiten_temp"][seat] = True
            if h["riichi"][seat] is not None and h["riichi"][seat]["established"]:
                h["furiten_riichi"][seat] = True
    if rons:
        if window["riichi_pending"]:
            h["riichi"][origin] = None  # spec 5.3 step 8: a ronned riichi discard is no riichi
        ron_win(state, rons, window, now, events)
        return
    h["claim"] = None
    opts = state["options"]
    if window["riichi_pending"]:
        r = h["riichi"][origin]
        r["established"] = True
        state["points"][origin] -= 1000
        state["riichi_pool"] += 1000
        state["stats"][origin]["riichi"] += 1
        events.append({"type": "riichiStick", "to": None, "player": _pid(state, origin), "points": list(state["points"]), "riichiPool": state["riichi_pool"]})
        if opts["abortiveDraws"] and n == 4 and all(x is not None for x in h["riichi"]):
            abortive_draw(state, "suucha", now, events)  # spec 5.8 사가리치
            return
    if window["source"] == "discard" and h["suukan_pending"]:
        abortive_draw(state, "suukan", now, events)  # spec 5.8 사깡유국
        return
    if call is not None:
        take_call(state, call[0], call[1], window, now, events)
        return
    if window["source"] != "discard":
        rinshan_draw(state, origin, now, events)  # after kakan / ankan / kita
        return
    if opts["abortiveDraws"] and h["first_round_clean"] and all(len(d) == 1 for d in h["discards"]):
        kinds = {d[0]["tile"] >> 2 for d in h["discards"]}
        if len(kinds) == 1 and next(iter(kinds)) in WIND_KINDS:
            abortive_draw(state, "suufon", now, events)  # spec 5.8 사풍연타 (sanma: 3 players, 5.7)
            return
    draw_next(state, (origin + 1) % n, now, events)


def take_call(state: dict[str, Any], seat: int, response: dict[str, Any], window: dict[str, Any], now: float, events: Events) -> None:
    """Chi / pon / daiminkan: the caller takes the tile and the turn (spec 5.2)."""
    h = state["hand"]
    tile, origin = window["tile"], window["from"]
    call = response["call"]
    tiles = response["tiles"] or cl.default_call_tiles(state, seat, call)
    h["discards"][origin][-1]["called_by"] = seat
    h["first_round_clean"] = False
    _clear_ippatsu(state)
    for t in tiles:
        h["closed"][seat].remove(t)
    mtype = {"chi": "chi", "pon": "pon", "kan": "daiminkan"}[call]
    if mtype in ("pon", "daiminkan") and h["pao"][seat] is None:
        existing = [m["tiles"][0] >> 2 for m in h["melds"][seat] if m["type"] != "chi"]
        trigger = pao_trigger(existing, tile >> 2)
        if trigger:
            h["pao"][seat] = {"yakuman": trigger, "liable": origin}  # spec 6.5
    h["melds"][seat].append({"type": mtype, "tiles": [tile] + list(tiles), "called": tile, "from": origin})
    h["log"]["draws"][seat].append({"call": mtype, "tile": tile, "tiles": list(tiles), "from": origin})
    state["stats"][seat]["calls"] += 1
    h["claim"] = None
    pid = _pid(state, seat)
    events.append({"type": "call", "to": None, "player": pid, "call": mtype, "tile": tok(tile), "tiles": [tok(t) for t in tiles], "from": _pid(state, origin)})
    h["turn"] = seat
    h["drawn"] = [None] * n_players(state)
    if mtype == "daiminkan":
        h["log"]["discards"][seat].append(0)  # tenhou/6: a daiminkan takes a discard slot
        _count_kan(state, seat)
        h["pending_kan_dora"] += 1
        rinshan_draw(state, seat, now, events)
        return
    h["stage"] = "afterCall"
    h["rinshan_draw"] = False
    h["kuikae"] = cl.kuikae_kinds(call, tile >> 2, [t >> 2 for t in tiles])
    h["turn_started_at"] = now
    new_stage(state)


def _count_kan(state: dict[str, Any], seat: int) -> None:
    h = state["hand"]
    h["kan_count"] += 1
    h["kan_by_seat"][seat] += 1
    if h["kan_count"] == 4 and max(h["kan_by_seat"]) < 4 and state["options"]["abortiveDraws"]:
        h["suukan_pending"] = True  # spec 5.8: abort unless the next discard is ronned


# --- own-turn actions ------------------------------------------------------------------------------


def ankan(state: dict[str, Any], seat: int, kind: int, now: float, events: Events) -> None:
    """Closed kan: dora at once (spec 5.2); a window for kokushi chankan when enabled; rinshan."""
    h = state["hand"]
    tiles = [t for t in h["closed"][seat] if t >> 2 == kind]
    for t in tiles:
        h["closed"][seat].remove(t)
    h["drawn"][seat] = None
    h["melds"][seat].append({"type": "ankan", "tiles": tiles, "called": None, "from": None})
    h["log"]["discards"][seat].append({"call": "ankan", "tiles": tiles})
    h["first_round_clean"] = False
    _clear_ippatsu(state)  # spec 5.4: any call, ankan included, ends ippatsu
    _count_kan(state, seat)
    events.append({"type": "kan", "to": None, "player": _pid(state, seat), "kan": "ankan", "tiles": [tok(t) for t in tiles]})
    _flush_kan_dora(state, events)
    reveal_dora(state, events)
    if state["options"]["ankanChankanKokushi"]:
        open_window(state, "ankan", tiles[-1], seat, now, events)
    else:
        rinshan_draw(state, seat, now, events)


def kakan(state: dict[str, Any], seat: int, tile: int, now: float, events: Events) -> None:
    """Added kan: the chankan window first (spec 5.2), dora at the next discard, then rinshan."""
    h = state["hand"]
    meld = next(m for m in h["melds"][seat] if m["type"] == "pon" and m["tiles"][0] >> 2 == tile >> 2)
    h["closed"][seat].remove(tile)
    h["drawn"][seat] = None
    meld["type"] = "kakan"
    meld["tiles"].append(tile)
    meld["added"] = tile
    h["log"]["discards"][seat].append({"call": "kakan", "tile": tile, "meld": list(meld["tiles"][:3]), "from": meld["from"]})
    h["first_round_clean"] = False
    _clear_ippatsu(state)
    _count_kan(state, seat)
    h["pending_kan_dora"] += 1
    events.append({"type": "kan", "to": None, "player": _pid(state, seat), "kan": "kakan", "tile": tok(tile)})
    open_window(state, "kakan", tile, seat, now, events)


def kita(state: dict[str, Any], seat: int, tile: int, now: float, events: Events) -> None:
    """Sanma kita (spec 5.7): set a north aside, a ron window on it, then a rinshan draw."""
    h = state["hand"]
    h["closed"][seat].remove(tile)
    h["drawn"][seat] = None
    h["kita"][seat].append(tile)
    h["log"]["discards"][seat].append({"call": "kita", "tile": tile})
    events.append({"type": "kita", "to": None, "player": _pid(state, seat), "tile": tok(tile)})
    open_window(state, "kita", tile, seat, now, events)


# --- hand endings ----------------------------------------------------------------------------------


def _winner_entry(state: dict[str, Any], seat: int, origin: int | None, result: Any, tile: int, delta: int) -> dict[str, Any]:
    h = state["hand"]
    closed = list(h["closed"][seat]) if origin is None else h["closed"][seat] + [tile]
    riichi = h["riichi"][seat]
    return {
        "seat": seat,
        "from": origin,
        **result_record(result),
        "points": delta,
        "hand": sorted(closed),
        "melds": [dict(m) for m in h["melds"][seat]],
        "win_tile": tile,
        "ura": h["ura"][: h["dora_revealed"]] if riichi is not None and riichi["established"] else [],
    }


def _pao_for(state: dict[str, Any], seat: int, result: Any) -> Pao | None:
    p = state["hand"]["pao"][seat]
    if p is None:
        return None
    base = pao_base_points(result.yaku)
    return Pao(p["liable"], base) if base else None


def tsumo(state: dict[str, Any], seat: int, now: float, events: Events) -> None:
    """Tsumo win (spec 6.4, 5.9): payments, sticks to the winner, dealer repeat when the dealer won."""
    result = can_tsumo(state, seat)
    assert result is not None
    tile = state["hand"]["drawn"][seat]
    deltas = settle_win(
        players=n_players(state),
        dealer=state["dealer"],
        winner=seat,
        base=result.base_points,
        tsumo=True,
        honba=state["honba"],
        riichi_sticks=state["riichi_pool"] // 1000,
        pao=_pao_for(state, seat, result),
        options=scoring_options(state),
    )
    state["riichi_pool"] = 0
    state["stats"][seat]["wins"] += 1
    record = {"kind": "agari", "tsumo": True, "deltas": deltas, "winners": [_winner_entry(state, seat, None, result, tile, deltas[seat])]}
    _end(state, record, seat == state["dealer"], now, events)


def ron_win(state: dict[str, Any], rons: list[int], window: dict[str, Any], now: float, events: Events) -> None:
    """One, two or three rons (spec 5.3 step 5): head bump and triple-ron abort per options."""
    n = n_players(state)
    tile, origin, source = window["tile"], window["from"], window["source"]
    results = {s: ron_value(state, s, tile, chankan=source in ("kakan", "ankan"), kokushi_only=source == "ankan") for s in rons}
    claims = [cl_ron(s, results[s], _pao_for(state, s, results[s])) for s in rons]
    settlement = settle_rons(
        claims,
        players=n,
        dealer=state["dealer"],
        discarder=origin,
        honba=state["honba"],
        riichi_sticks=state["riichi_pool"] // 1000,
        options=scoring_options(state),
    )
    if settlement.aborted:
        abortive_draw(state, "sanchaho", now, events)  # spec 5.8 삼가화
        return
    state["riichi_pool"] = 0
    state["stats"][origin]["dealIns"] += 1
    winners = []
    for s in settlement.winners:
        state["stats"][s]["wins"] += 1
        winners.append(_winner_entry(state, s, origin, results[s], tile, settlement.per_winner[s][s]))
    record = {"kind": "agari", "tsumo": False, "from": origin, "deltas": settlement.deltas, "winners": winners}
    _end(state, record, state["dealer"] in settlement.winners, now, events)


def cl_ron(seat: int, result: Any, pao: Pao | None) -> RonClaim:
    """A `payments.RonClaim` for one ron."""
    return RonClaim(seat, result.base_points, pao)


def exhaustive_draw(state: dict[str, Any], now: float, events: Events) -> None:
    """황패유국 (spec 5.8): tenpai payments or nagashi mangan; tenpai hands are shown."""
    h = state["hand"]
    n = n_players(state)
    tenpai = [is_tenpai(h, s) for s in range(n)]
    nagashi = [
        s
        for s in range(n)
        if is_nagashi_mangan(ids_to_string(d["tile"] for d in h["discards"][s]), any_called=any(d["called_by"] is not None for d in h["discards"][s]))
    ]
    outcome = settle_exhaustive_draw(tenpai, dealer=state["dealer"], nagashi=nagashi, options=scoring_options(state))
    record = {
        "kind": "exhaustive",
        "deltas": outcome.deltas,
        "tenpai": [s for s in range(n) if tenpai[s]],
        "nagashi": outcome.nagashi,
        "dealer_tenpai": tenpai[state["dealer"]],
        "hands": {str(s): sorted(h["closed"][s]) for s in range(n) if tenpai[s]},
    }
    _end(state, record, outcome.dealer_continues, now, events)


def abortive_draw(state: dict[str, Any], reason: str, now: float, events: Events) -> None:
    """도중유국 (spec 5.8): no points move, the dealer stays, honba +1, sticks stay on the table."""
    record = {"kind": "abortive", "reason": reason, "deltas": [0] * n_players(state)}
    _end(state, record, True, now, events)


def _end(state: dict[str, Any], record: dict[str, Any], dealer_continues: bool, now: float, events: Events) -> None:
    state["hand"]["claim"] = None
    finish_hand(state, record, dealer_continues, now)
    new_stage(state)
    events.append({"type": "handEnded", "to": None, "result": public_record(state, record)})
    events.append({"type": "pointsChanged", "to": None, "points": list(state["points"]), "deltas": list(record["deltas"]), "riichiPool": state["riichi_pool"]})
    if state["phase"] == "finished":
        events.append({"type": "gameEnded", "to": None, "result": game_result(state)})


def public_record(state: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    """A hand record as everybody may see it (spec 8.3: winners' and tenpai hands, ura when a riichi
    hand won), tiles as tokens and seats as player ids."""
    players = state["players"]
    out: dict[str, Any] = {"kind": record["kind"], "deltas": list(record["deltas"]), "round": record.get("round")}
    if record["kind"] == "agari":
        out["tsumo"] = record["tsumo"]
        out["winners"] = [
            {
                **{k: w[k] for k in ("han", "fu", "yaku", "yakuman_multiplier", "limit", "points", "base_points")},
                "player": players[w["seat"]],
                "from": None if w["from"] is None else players[w["from"]],
                "hand": [tok(t) for t in w["hand"]],
                "win_tile": tok(w["win_tile"]),
                "melds": [[tok(t) for t in m["tiles"]] for m in w["melds"]],
                "ura": [tok(t) for t in w["ura"]],
            }
            for w in record["winners"]
        ]
    elif record["kind"] == "exhaustive":
        out["tenpai"] = [players[s] for s in record["tenpai"]]
        out["nagashi"] = [players[s] for s in record["nagashi"]]
        out["hands"] = {players[int(s)]: [tok(t) for t in ts] for s, ts in record["hands"].items()}
    else:
        out["reason"] = record["reason"]
    return out
