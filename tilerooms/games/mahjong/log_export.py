"""Export a game's hands in the tenhou.net/6 JSON log format, so common viewers can replay them.

Tiles: 11–19 man, 21–29 pin, 31–39 sou, 41–47 honors, 51/52/53 red 5m/5p/5s. Per seat: the deal,
the draws (a tile, or a call string: "c" chi, "p" pon, "m" daiminkan, the letter in front of the
called tile and placed by where it came from) and the discards (a tile, 60 = tsumogiri, "r" riichi,
"a" ankan, "k" kakan, "f" kita, 0 = the slot a daiminkan takes). Sanma pads the fourth seat.
Yaku names stay Korean (viewers show the strings as given).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tilerooms.games.mahjong.tiles import RED_FIVE_IDS

ABORT_NAMES = {"kyuushu": "九種九牌", "suufon": "四風連打", "suukan": "四槓散了", "suucha": "四家立直", "sanchaho": "三家和了"}


def tile_code(tile: int, aka: bool = True) -> int:
    """The tenhou code of a 136-id (red fives 51–53 when the game plays with them)."""
    if aka and tile in RED_FIVE_IDS:
        return 51 + (tile >> 2) // 9
    kind = tile >> 2
    return (kind // 9 + 1) * 10 + kind % 9 + 1


def _pad(values: list[Any], n: int, fill: Any) -> list[Any]:
    return list(values) + [fill] * (4 - n)


def _call_string(seat: int, entry: dict[str, Any], n: int, code: Callable[[int], int]) -> str:
    called, own = code(entry["tile"]), [code(t) for t in entry["tiles"]]
    letter = {"chi": "c", "pon": "p", "daiminkan": "m"}[entry["call"]]
    rel = (entry["from"] - seat) % n  # 1 = shimocha (next), n-1 = kamicha (previous), else toimen
    pos = 0 if rel == n - 1 or entry["call"] == "chi" else (len(own) if rel == 1 else 1)
    parts = [str(t) for t in own]
    parts.insert(pos, f"{letter}{called}")
    return "".join(parts)


def _discard_string(seat: int, entry: Any, n: int, code: Callable[[int], int]) -> Any:
    if entry == 0:
        return 0
    call = entry.get("call")
    if call == "ankan":
        tiles = [code(t) for t in entry["tiles"]]
        return "".join(str(t) for t in tiles[:3]) + f"a{tiles[3]}"
    if call == "kakan":
        rel = (entry["from"] - seat) % n
        pos = 0 if rel == n - 1 else (3 if rel == 1 else 1)
        parts = [str(code(t)) for t in entry["meld"]]
        parts.insert(pos, f"k{code(entry['tile'])}")
        return "".join(parts)
    if call == "kita":
        return f"f{code(entry['tile'])}"
    value = 60 if entry["tsumogiri"] else code(entry["tile"])
    return f"r{value}" if entry["riichi"] else value


def _result(state: dict[str, Any], record: dict[str, Any], n: int) -> list[Any]:
    kind = record["kind"]
    if kind == "abortive":
        return [ABORT_NAMES[record["reason"]]]
    if kind == "exhaustive":
        name = "流し満貫" if record.get("nagashi") else "流局"
        return [name, _pad(record["deltas"], n, 0)]
    out: list[Any] = ["和了"]
    for w in record["winners"]:
        who = w["seat"]
        origin = who if w["from"] is None else w["from"]
        deltas = record["deltas"] if len(record["winners"]) == 1 else [0] * n
        if len(record["winners"]) > 1:
            deltas[who] = w["points"]
            deltas[origin] = -w["points"]
        label = w["limit"] or f"{w['fu']}符{w['han']}飜"
        out += [_pad(deltas, n, 0), [who, origin, who, f"{label}{w['points']}点", *[f"{name}({han}飜)" for name, han in w["yaku"]]]]
    return out


def export_tenhou6(state: dict[str, Any], title: str = "tilerooms") -> dict[str, Any]:
    """The finished hands of `state` as one tenhou.net/6 log dict (json.dumps it for a viewer)."""
    n = len(state["players"])
    aka = state["options"]["akaDora"] > 0

    def code(t: int) -> int:
        return tile_code(t, aka)

    hands = []
    for kept in state["logs"]:
        entry = json.loads(kept) if isinstance(kept, str) else kept  # text since issue 20; objects before
        start = entry.get("start") or {"round_wind": 0, "hand_number": 0, "honba": 0, "riichi_pool": 0, "points": [state["options"]["startPoints"]] * n}
        row: list[Any] = [
            [start["round_wind"] * 4 + start["hand_number"], start["honba"], start["riichi_pool"] // 1000],
            _pad(start["points"], n, 0),
            [code(t) for t in entry["dora_tiles"]],
            [code(t) for t in entry["ura_tiles"]] if any(w.get("ura") for w in entry["record"].get("winners", [])) else [],
        ]
        for seat in range(4):
            if seat >= n:
                row += [[], [], []]
                continue
            row.append(sorted(code(t) for t in entry["haipai"][seat]))
            row.append([_call_string(seat, d, n, code) if isinstance(d, dict) else code(d) for d in entry["draws"][seat]])
            row.append([_discard_string(seat, d, n, code) for d in entry["discards"][seat]])
        row.append(_result(state, entry["record"], n))
        hands.append(row)
    return {
        "title": [title, ""],
        "name": _pad(list(state["players"]), n, ""),
        "rule": {"disp": "리치 마작" + (" 3인" if n == 3 else ""), "aka": int(aka)},
        "log": hands,
    }
