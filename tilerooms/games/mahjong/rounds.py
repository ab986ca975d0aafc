"""Hands and the game around them (spec 4.2, 5.8–5.10, 6.7): dealing, settling a hand, dealer
repeat or rotation, honba and riichi sticks, the end of the game and its result."""

from __future__ import annotations

import json
from typing import Any

from tilerooms.core import SeededRng
from tilerooms.games.mahjong.final import final_ranking
from tilerooms.games.mahjong.state import is_sanma, n_players, new_hand_fields, scoring_options
from tilerooms.games.mahjong.timers import away_since, refill_banks
from tilerooms.games.mahjong.wall import deal, new_wall, roll_dice

WIND_NAMES = ("동", "남", "서", "북")


def last_regular_wind(state: dict[str, Any]) -> int:
    """The round wind of the last regular hand: east for tonpuu, south for hanchan (spec 5.10)."""
    return 0 if state["options"]["length"] == "tonpuu" else 1


def round_label(state: dict[str, Any]) -> str:
    """E.g. "동1국 0본장"."""
    return f"{WIND_NAMES[state['round_wind']]}{state['hand_number'] + 1}국 {state['honba']}본장"


def start_hand(state: dict[str, Any], now: float) -> None:
    """Shuffle a new wall, deal 13 each and leave the dealer to draw (spec 4.2)."""
    rng = SeededRng.from_json(state["rng"])
    sanma = is_sanma(state)
    wall = new_wall(rng, sanma)
    dice = roll_dice(rng)
    state["rng"] = rng.to_json()
    hands = deal(wall["live"], state["dealer"], n_players(state))
    state["hand"] = new_hand_fields(wall, hands, state["dealer"], dice, now)
    state["hand"]["log"]["start"] = {
        "round_wind": state["round_wind"],
        "hand_number": state["hand_number"],
        "honba": state["honba"],
        "riichi_pool": state["riichi_pool"],
        "points": list(state["points"]),
        "dealer": state["dealer"],
    }
    state["phase"] = "playing"
    state["ready"] = [False] * n_players(state)
    state["result_at"] = None
    refill_banks(state)


def _sole_top(points: list[int], seat: int) -> bool:
    return all(points[seat] > p for s, p in enumerate(points) if s != seat)


def finish_hand(state: dict[str, Any], record: dict[str, Any], dealer_continues: bool, now: float) -> None:
    """Apply a hand's deltas, keep its record, then decide the next hand or the end (spec 5.9, 5.10).

    `record` has "kind" (agari / exhaustive / abortive) and "deltas"; for an agari the riichi pool
    was already paid out by the caller. Draws carry honba +1, a non-dealer win resets honba.
    """
    n = n_players(state)
    hand = state["hand"]
    for seat, d in enumerate(record["deltas"]):
        state["points"][seat] += d
    record["round"] = round_label(state)
    record["points_after"] = list(state["points"])
    record["riichi_pool_after"] = state["riichi_pool"]
    state["history"].append(record)
    state["last_result"] = record
    state["hands_played"] += 1
    h = state["hand"]
    h["stage"] = "ended"
    h["claim"] = None
    opts = state["options"]
    points = state["points"]
    dealer = state["dealer"]
    kind = record["kind"]
    honba_next = state["honba"] + 1 if (dealer_continues or kind != "agari") else 0
    end: str | None = None
    last_wind = last_regular_wind(state)
    all_last = state["round_wind"] == last_wind and state["hand_number"] == n - 1
    extension_last = state["extension"] and state["hand_number"] == n - 1
    if opts["tobi"] and any(p < 0 for p in points):
        end = "tobi"  # spec 5.10: below zero ends at once; exactly 0 plays on
    elif state["extension"] and any(p >= opts["returnPoints"] for p in points):
        end = "westEntryEnd"  # spec 5.10: sudden death in the extra wind
    elif dealer_continues:
        earned = kind == "agari" or (kind == "exhaustive" and record.get("dealer_tenpai"))
        reaches = not opts["westEntry"] or points[dealer] >= opts["returnPoints"]
        if (all_last or extension_last) and opts["agariYame"] and earned and _sole_top(points, dealer) and reaches:
            end = "agariYame"
    nxt = {"dealer": dealer, "round_wind": state["round_wind"], "hand_number": state["hand_number"], "honba": honba_next, "extension": state["extension"]}
    if end is None and not dealer_continues:
        nxt["dealer"] = (dealer + 1) % n
        nxt["hand_number"] += 1
        if nxt["hand_number"] == n:
            nxt["hand_number"] = 0
            nxt["round_wind"] += 1
        if nxt["round_wind"] > last_wind:
            if state["extension"]:
                end = "westEntryEnd"  # spec 5.10: the extra wind's last hand is the end
            elif opts["westEntry"] and not any(p >= opts["returnPoints"] for p in points):
                nxt["extension"] = True  # spec 5.10: west / south entry
            else:
                end = "normal"
    record["next"] = nxt
    # the hand's log for the export (`log_export`), complete now: kept as JSON text, a hanchan's
    # past hands were ~160 KB of objects in every live room and ~35 KB as text (issue 20)
    state["logs"].append(
        json.dumps(
            {**hand["log"], "dora_tiles": hand["dora"][: hand["dora_revealed"]], "ura_tiles": hand["ura"][: hand["dora_revealed"]], "record": record},
            separators=(",", ":"),
        )
    )  # ASCII: CPython keeps it at 1 byte a character
    if end is not None:
        state["phase"] = "finished"
        state["end_reason"] = end
        state["ready"] = [True] * n
        return
    state["phase"] = "handResult"
    state["result_at"] = now
    # spec 8.5: seats that left or are away (socket gone) confirm at once, as autopilot does
    state["ready"] = [bool(state["left"][s]) or away_since(state, s) is not None for s in range(n)]


def next_hand(state: dict[str, Any], now: float) -> None:
    """Leave the result screen: move the dealer / wind / honba as decided and deal the next hand."""
    nxt = state["last_result"]["next"]
    state["dealer"] = nxt["dealer"]
    state["round_wind"] = nxt["round_wind"]
    state["hand_number"] = nxt["hand_number"]
    state["honba"] = nxt["honba"]
    state["extension"] = nxt["extension"]
    start_hand(state, now)


def best_hand(state: dict[str, Any]) -> dict[str, Any] | None:
    """The highest-scoring win of the game, for the summary."""
    best = None
    for record in state["history"]:
        for w in record.get("winners", []):
            if best is None or w["points"] > best["points"]:
                best = {"player": state["players"][w["seat"]], "han": w["han"], "fu": w["fu"], "yaku": [y[0] for y in w["yaku"]], "points": w["points"]}
    return best


def game_result(state: dict[str, Any]) -> dict[str, Any] | None:
    """Spec 8.6 result once finished: ranking with uma / oka, winner, end reason, summary."""
    if state["phase"] != "finished":
        return None
    players = state["players"]
    standings = final_ranking(state["points"], riichi_pool=state["riichi_pool"], options=scoring_options(state))
    ranking = [{"player": players[s.seat], "seat": s.seat, "rank": s.rank, "points": s.points, "score": s.score} for s in standings]
    summary = {
        "rounds": state["hands_played"],
        "bestHand": best_hand(state),
        "perPlayer": [{"player": players[s], **state["stats"][s]} for s in range(len(players))],
        "endReason": state["end_reason"],
    }
    return {
        "game": "mahjong",
        "ranking": ranking,
        "winner": [ranking[0]["player"]],
        "endReason": state["end_reason"],
        "summary": summary,
    }
