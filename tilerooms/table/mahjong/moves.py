"""Moves a mahjong player can follow (issue 19: 4; spec §9 animation): the last discard and the
call to announce, read from the room's recent public events (pure; no Reflex).

- The last discard is the latest ``discard`` event's tile, marked in its player's pond while it
  is still that pond's last tile and nobody called it; an open claim window's tile is the last
  discard whatever the events say (a seeded position has no events).
- A call is announced in large text — 퐁! 치! 깡! 론! 쯔모! (and 리치!, 북!) — from the latest
  such event until somebody else discards or a new hand starts (the caller's own discard after a
  pon, or the riichi discard, keeps it). Its `key` changes with every announcement, so the same
  call twice shows twice; the browser shows it about a second.
- The latest move of all, for a screen reader's live region (issue 34: 14): who discarded what
  (a riichi's discard says so), who called, declared riichi, set a North aside or won, or that the
  hand ended in a draw. The browser words it with the players' names (`mahjong/said.py`).
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
    said_player: str = ""  # the latest move (`said_kind`: a key of `SAID_LETTERS`) by whom, with which tile
    said_kind: str = ""
    said_tile: str = ""


# the moves a live region reads out (i18n "mj.said.<kind>"), each by one letter on the wire (`rows.said_code`)
SAID_LETTERS = {"discard": "d", "riichi": "r", "riichi_discard": "R", "pon": "p", "chi": "c", "kan": "k", "kita": "n", "ron": "w", "tsumo": "t", "draw": "x"}


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
        player = str(event.get("player") or "")
        if kind == "discard":
            out.last_player, out.last_tile = player, str(event.get("tile") or "")
            riichi = out.said_kind == "riichi" and out.said_player == player  # the riichi's own discard
            out.said_player, out.said_kind, out.said_tile = player, "riichi_discard" if riichi else "discard", out.last_tile
            if out.announce and event.get("player") != caller:
                out.announce = out.announce_en = out.announce_key = ""
            continue
        if kind == "handEnded" and (event.get("result") or {}).get("kind") != "agari":
            out.said_player, out.said_kind, out.said_tile = "", "draw", ""
            continue
        call = _call_of(event)
        if call in CALL_WORDS:
            winners = ((event.get("result") or {}).get("winners") or [{}]) if kind == "handEnded" else []
            caller = str(event.get("player") or (winners[0].get("player") if winners else "") or "")
            out.announce, out.announce_en = CALL_WORDS[call], CALL_WORDS_EN[call]
            out.announce_key = f"{event.get('seq', '')}:{caller}:{call}"
            out.said_player, out.said_kind = caller, "kan" if call == "daiminkan" else call
            out.said_tile = str(event.get("tile") or "") if call in ("pon", "chi") else ""
            if call in ("pon", "chi", "daiminkan"):
                out.last_player = out.last_tile = ""  # the called tile left the pond
    return out


def compact_events(events: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """Only what `moves_from_events` reads (a browser's backend state keeps this, not whole results)."""
    out = []
    for event in events or []:
        kind = event.get("type")
        if kind in ("handStarted", "discard", "handEnded") or _call_of(event):
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
