"""What each viewer may see (spec 8.3) and per-viewer event filtering.

Public: seats, points, winds, round / honba / sticks, revealed dora indicators, the live-wall
count, every discard (tsumogiri, riichi, called), every meld (ankan included: its kind is public),
kita, riichi flags, hand sizes, whose turn, the turn deadline, finished hands' public records.
Own: the hand, the drawn tile, legal moves, the viewer's claim options and deadline, furiten (and
its same-turn / riichi flags), time bank, prefs. Never: the wall or dead wall order, unrevealed
indicators, other hands, anybody else's claim options or pending answers, the RNG. Tiles are
tokens ``"<id>:<notation>"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from tilerooms.games.mahjong.claims import chi_choices, pon_choices
from tilerooms.games.mahjong.flow import public_record, tok
from tilerooms.games.mahjong.riichi import riichi_discards
from tilerooms.games.mahjong.rounds import WIND_NAMES, game_result, round_label
from tilerooms.games.mahjong.tiles import kinds_to_string
from tilerooms.games.mahjong.timers import turn_deadline
from tilerooms.games.mahjong.turn import ankan_kinds, can_kita, can_kyuushu, kakan_tiles, legal_discards
from tilerooms.games.mahjong.wins import can_tsumo, in_furiten, is_tenpai, seat_wind, waits_of

WAITING_TEXT = "다른 플레이어 확인 중"


def _sideways_index(discards: list[dict[str, Any]], riichi: dict[str, Any] | None) -> int | None:
    """Spec 5.4: the riichi discard lies sideways; if it was called, the next discard does."""
    if riichi is None:
        return None
    i = riichi["discard_index"]
    while i < len(discards) and discards[i]["called_by"] is not None:
        i += 1
    return i if i < len(discards) else None


def _public_seat(state: dict[str, Any], seat: int) -> dict[str, Any]:
    h = state["hand"]
    players = state["players"]
    pid = players[seat]
    out: dict[str, Any] = {
        "id": pid,
        "seat": seat,
        "wind": WIND_NAMES[seat_wind(state, seat)],
        "points": state["points"][seat],
        "dealer": seat == state["dealer"],
        "left": state["left"][seat],
        "autopilot": state["autopilot"][seat],
        "riichi": False,
        "handCount": 0,
        "melds": [],
        "discards": [],
        "kita": [],
    }
    if h is None:
        return out
    riichi = h["riichi"][seat]
    sideways = _sideways_index(h["discards"][seat], riichi)
    out.update(
        {
            "riichi": riichi is not None,
            "doubleRiichi": bool(riichi and riichi["double"]),
            "handCount": len(h["closed"][seat]),
            "melds": [
                {
                    "type": m["type"],
                    "tiles": [tok(t) for t in m["tiles"]],
                    "called": None if m["called"] is None else tok(m["called"]),
                    "from": None if m["from"] is None else players[m["from"]],
                }
                for m in h["melds"][seat]
            ],
            "discards": [
                {"tile": tok(d["tile"]), "tsumogiri": d["tsumogiri"], "sideways": i == sideways, "called": d["called_by"] is not None}
                for i, d in enumerate(h["discards"][seat])
            ],
            "kita": [tok(t) for t in h["kita"][seat]],
            "current": h["stage"] in ("afterDraw", "afterCall") and h["turn"] == seat,
        }
    )
    return out


def _own(state: dict[str, Any], seat: int) -> dict[str, Any]:
    h = state["hand"]
    drawn = h["drawn"][seat]
    closed = h["closed"][seat]
    hand_tiles = sorted(t for t in closed if t != drawn)
    out: dict[str, Any] = {
        "hand": [tok(t) for t in hand_tiles],
        "drawn": None if drawn is None else tok(drawn),
        "timeBank": state["time_bank"][seat],
        "prefs": dict(state["prefs"][seat]),
        "furiten": False,
        # spec 5.5 / 7.1: the viewer's own 동순 and 리치 후 후리텐 (they know they let a winning tile
        # pass); they last over the viewer's own turn, when "furiten" (a 13-tile fact) is False
        "furitenTemp": bool(h["furiten_temp"][seat]),
        "furitenRiichi": bool(h["furiten_riichi"][seat]),
        "waits": [],
        "legal": None,
        "claim": None,
    }
    if len(closed) % 3 == 1 and is_tenpai(h, seat):
        out["waits"] = [kinds_to_string([k]) for k in sorted(waits_of(h, seat))]
        out["furiten"] = in_furiten(h, seat)
    if state["phase"] != "playing":
        return out
    stage = h["stage"]
    if h["turn"] == seat and stage in ("afterDraw", "afterCall"):
        out["legal"] = {
            "discard": [tok(t) for t in sorted(legal_discards(state, seat))],
            "riichi": [tok(t) for t in sorted(set(riichi_discards(state, seat)))],
            "tsumo": can_tsumo(state, seat) is not None,
            "ankan": ankan_kinds(state, seat),
            "kakan": [tok(t) for t in kakan_tiles(state, seat)],
            "kita": can_kita(state, seat),
            "kyuushu": can_kyuushu(state, seat),
        }
    elif stage == "claim":
        window = h["claim"]
        calls = window["eligible"][seat]
        response = window["responses"][seat]
        if calls and seat != window["from"]:
            out["claim"] = {
                "calls": list(calls) if response is None else [],
                "answered": None if response is None else response["call"],
                "deadline": window["deadline"],
                "pon": [[tok(t) for t in c] for c in pon_choices(state, seat, window["tile"])] if "pon" in calls else [],
                "chi": [[tok(t) for t in c] for c in chi_choices(state, seat, window["tile"])] if "chi" in calls else [],
            }
    return out


def _visible_deadline(state: dict[str, Any], seat: int | None) -> float | None:
    if state["phase"] == "finished":
        return None
    if state["phase"] == "handResult":
        return cast(float | None, state["result_at"] + 15000)
    h = state["hand"]
    if h["stage"] == "claim":
        window = h["claim"]
        if seat is not None and window["eligible"][seat] and window["responses"][seat] is None:
            return cast(float | None, window["deadline"])
        return None  # spec 5.3 step 7: others only see "다른 플레이어 확인 중"
    return turn_deadline(state)


def view(state: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    """The part of `state` that `viewer` may see (a seated player id, or None for a spectator)."""
    players = state["players"]
    seat = players.index(viewer) if viewer in players else None
    h = state["hand"]
    out: dict[str, Any] = {
        "game": "mahjong",
        "mode": state["mode"],
        "viewer": viewer,
        "seat": seat,
        "seq": state["seq"],
        "phaseSeq": state["phase_seq"],
        "phase": state["phase"],
        "options": {k: v for k, v in state["options"].items() if k != "startedAt"},
        "round": {
            "wind": WIND_NAMES[state["round_wind"]],
            "handNumber": state["hand_number"] + 1,
            "honba": state["honba"],
            "riichiPool": state["riichi_pool"],
            "dealer": players[state["dealer"]],
            "extension": state["extension"],
            "label": round_label(state),
        },
        "players": [_public_seat(state, s) for s in range(len(players))],
        "doraIndicators": [],
        "liveCount": 0,
        "turn": None,
        "stage": None,
        "deadline": _visible_deadline(state, seat),
        "claim": None,
        "me": None,
        # the finished hand's record only on its result screen: tile ids are reused by the next hand
        "lastResult": None if state["last_result"] is None or state["phase"] == "playing" else public_record(state, state["last_result"]),
        "ready": [players[s] for s in range(len(players)) if state["ready"][s]] if state["phase"] == "handResult" else [],
        "result": game_result(state),
        # every finished hand's label and the points after it (public; no tiles): the score chart
        "handHistory": [{"round": r["round"], "points": list(r["points_after"])} for r in state["history"]],
    }
    if h is not None:
        out["doraIndicators"] = [tok(t) for t in h["dora"][: h["dora_revealed"]]]
        out["liveCount"] = len(h["live"])
        out["turn"] = players[h["turn"]]
        out["stage"] = h["stage"]
        if h["stage"] == "claim" and h["claim"] is not None:
            window = h["claim"]
            out["claim"] = {"source": window["source"], "tile": tok(window["tile"]), "from": players[window["from"]], "text": WAITING_TEXT}
        if seat is not None:
            out["me"] = _own(state, seat)
    return out


def events_for(events: Sequence[dict[str, Any]], viewer: str | None) -> list[dict[str, Any]]:
    """The events `viewer` may receive: public ones (`to` is None) and those addressed to them."""
    return [e for e in events if e.get("to") is None or (viewer is not None and viewer in e["to"])]
