"""Moves a mahjong player can follow (issue 19: 4; spec §9 animation): the last discard and the
call to announce, read from the room's recent public events (pure; no Reflex).

- The last discard is the latest ``discard`` event's tile, marked in its player's pond while it
  is still that pond's last tile and nobody called it; an open claim window's tile is the last
  discard whatever the events say (a seeded position has no events).
- A call is announced in large text — 퐁! 치! 깡! 론! 쯔모! (and 리치!, 북!) — from the latest
  such event until somebody else discards or a new hand starts (the caller's own discard after a
  pon, or the riichi discard, keeps it). Its `key` changes with every announcement, so the same
  call twice shows twice; the browser shows it about a second.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

CALL_WORDS = {"pon": "퐁!", "chi": "치!", "daiminkan": "깡!", "kan": "깡!", "ron": "론!", "tsumo": "쯔모!", "riichi": "리치!", "kita": "북!"}
CALL_WORDS_EN = {"pon": "Pon!", "chi": "Chi!", "daiminkan": "Kan!", "kan": "Kan!", "ron": "Ron!", "tsumo": "Tsumo!", "riichi": "Riichi!", "kita": "Kita!"}


@dataclass
class Moves:
    """What the table marks: the last discard (player, tile token) and the announcement."""

    last_player: str = ""
    last_tile: str = ""
    announce: str = ""
    announce_en: str = ""
    announce_key: str = ""


def _call_of(event: dict[str, Any]) -> str:
    """The announcement's kind for one event ("" for none)."""
    kind = event.get("type")
    if kind == "call":
        return str(event.get("call") or "")
    if kind in ("kan", "riichi", "kita"):
        return kind
    if kind == "handEnded":
        result = event.get("result") or {}
        if result.get("kind") == "agari":
            return "tsumo" if result.get("tsumo") else "ron"
    return ""


def moves_from_events(events: list[dict[str, Any]] | None) -> Moves:
    """The last discard and the announcement from a viewer's recent events, oldest first."""
    out = Moves()
    caller = ""
    for event in events or []:
        kind = event.get("type")
        if kind == "handStarted":
            out, caller = Moves(), ""
            continue
        if kind == "discard":
            out.last_player, out.last_tile = str(event.get("player") or ""), str(event.get("tile") or "")
            if out.announce and event.get("player") != caller:
                out.announce = out.announce_en = out.announce_key = ""
            continue
        call = _call_of(event)
        if call in CALL_WORDS:
            winners = ((event.get("result") or {}).get("winners") or [{}]) if kind == "handEnded" else []
            caller = str(event.get("player") or (winners[0].get("player") if winners else "") or "")
            out.announce, out.announce_en = CALL_WORDS[call], CALL_WORDS_EN[call]
            out.announce_key = f"{event.get('seq', '')}:{caller}:{call}"
            if call in ("pon", "chi", "daiminkan"):
                out.last_player = out.last_tile = ""  # the called tile left the pond
    return out


def compact_events(events: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """Only what `moves_from_events` reads (a browser's backend state keeps this, not whole results)."""
    out = []
    for event in events or []:
        kind = event.get("type")
        if kind in ("handStarted", "discard") or _call_of(event):
            small = {k: event[k] for k in ("type", "player", "tile", "call", "seq") if k in event}
            if kind == "handEnded":
                result = event.get("result") or {}
                winners = result.get("winners") or []
                small["result"] = {
                    "kind": result.get("kind"),
                    "tsumo": bool(result.get("tsumo")),
                    "winners": [{"player": w.get("player")} for w in winners[:1]],
                }
            out.append(small)
    return out
