"""The engine's state dict (spec §8.1 in snake_case): building a game or a test position, JSON.

Tiles are 136-ids (``kind = id >> 2``). A meld is ``{"type", "tiles", "called", "from"}`` (kakan
adds ``"added"``); a discard is ``{"tile", "tsumogiri", "riichi", "called_by"}``. Seats are
indexes into ``players`` (seat 0 = the first dealer, spec 4.1). Everything is plain JSON data.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, cast

from tilerooms.core import RuleError, SeededRng
from tilerooms.games.mahjong import options as mj_options
from tilerooms.games.mahjong.tiles import IdAllocator, parse_tiles
from tilerooms.games.mahjong.wall import all_tile_ids

MIN_PLAYERS = 3
MAX_PLAYERS = 4
TIME_BANK_REFILL_MS = 5000  # spec §2: +5 s every hand, up to the maximum
ENGINE_OPTION_KEYS = ("startedAt",)


def resolve_options(options: Mapping[str, Any] | None, players: int = 4) -> dict[str, Any]:
    """Spec §2 options for `players` (3 = sanma) plus the engine's ``startedAt`` (epoch ms, default 0).

    Unknown keys or bad values raise RuleError("bad_option").
    """
    raw = dict(options or {})
    started = raw.pop("startedAt", 0)
    if type(started) not in (int, float) or not 0 <= started < 1e15:
        raise RuleError("bad_option", "시작 시각이 올바르지 않습니다", message_id="mj.bad_option.start", key="startedAt")
    opts = mj_options.resolve_options(raw, players)
    opts["startedAt"] = started
    return opts


def scoring_options(state: dict[str, Any]) -> dict[str, Any]:
    """The options without engine-only keys (what the scoring core accepts)."""
    return {k: v for k, v in state["options"].items() if k not in ENGINE_OPTION_KEYS}


def n_players(state: dict[str, Any]) -> int:
    """3 (sanma) or 4."""
    return len(state["players"])


def is_sanma(state: dict[str, Any]) -> bool:
    """Whether this is a 3-player game (spec 5.7)."""
    mode: str = state["mode"]
    return mode == "sanma"


def new_hand_fields(wall: dict[str, list[int]], hands: list[list[int]], dealer: int, dice: list[int], now: float) -> dict[str, Any]:
    """The per-hand part of the state right after the deal (before the dealer's first draw)."""
    n = len(hands)
    return {
        "live": wall["live"],
        "rinshan": wall["rinshan"],
        "dora": wall["dora"],
        "ura": wall["ura"],
        "dora_revealed": 1,
        "pending_kan_dora": 0,
        "closed": hands,
        "drawn": [None] * n,
        "melds": [[] for _ in range(n)],
        "kita": [[] for _ in range(n)],
        "discards": [[] for _ in range(n)],
        "riichi": [None] * n,
        "furiten_temp": [False] * n,
        "furiten_riichi": [False] * n,
        "turn": dealer,
        "stage": "afterDraw",
        "turn_started_at": now,
        "first_round_clean": True,
        "kan_count": 0,
        "kan_by_seat": [0] * n,
        "rinshan_draw": False,
        "kuikae": [],
        "pao": [None] * n,
        "suukan_pending": False,
        "claim": None,
        "dice": dice,
        "log": {"haipai": [sorted(h) for h in hands], "draws": [[] for _ in range(n)], "discards": [[] for _ in range(n)], "dora": [], "ura": []},
    }


def new_game_state(opts: dict[str, Any], players: Sequence[str], rng: SeededRng) -> dict[str, Any]:
    """Everything but the hand (the caller starts the first hand)."""
    n = len(players)
    return {
        "game": "mahjong",
        "options": opts,
        "mode": "sanma" if n == 3 else "yonma",
        "players": list(players),
        "rng": rng.to_json(),
        "points": [opts["startPoints"]] * n,
        "round_wind": 0,
        "hand_number": 0,
        "dealer": 0,
        "honba": 0,
        "riichi_pool": 0,
        "extension": False,
        "hand": None,
        "phase": "playing",
        "last_result": None,
        "ready": [False] * n,
        "result_at": None,
        "time_bank": [opts["timeBankSeconds"] * 1000] * n,
        "timeouts": [0] * n,
        "autopilot": [False] * n,
        "left": [False] * n,
        "away": [None] * n,  # epoch ms the room layer saw the seat's socket go (engine.set_away), or None
        "prefs": [{"autoWin": False, "noCalls": False} for _ in range(n)],
        "history": [],
        "stats": [{"wins": 0, "dealIns": 0, "riichi": 0, "calls": 0} for _ in range(n)],
        "hands_played": 0,
        "end_reason": None,
        "seq": 0,
        "phase_seq": 0,
        "logs": [],  # each finished hand's log for the export, as JSON text (`rounds.finish_hand`)
    }


# --- test positions ----------------------------------------------------------------------------


def _meld_from_notation(alloc: IdAllocator, raw: Mapping[str, Any]) -> dict[str, Any]:
    tiles = alloc.take_all(parse_tiles(raw["tiles"]))
    mtype = raw["type"]
    meld: dict[str, Any] = {"type": mtype, "tiles": tiles, "called": None, "from": raw.get("from")}
    if mtype != "ankan":
        meld["called"] = tiles[0]
        if meld["from"] is None:
            raise ValueError("an open meld needs 'from'")
    if mtype == "kakan":
        meld["added"] = tiles[-1]
    return meld


def make_state(
    hands: Sequence[str],
    *,
    players: Sequence[str] | None = None,
    turn: int = 0,
    dealer: int = 0,
    stage: str = "afterDraw",
    live: str = "",
    live_count: int | None = None,
    filler_seats: Sequence[int] | None = None,
    dora: str = "",
    ura: str = "",
    rinshan: str = "",
    melds: Mapping[int, Sequence[Mapping[str, Any]]] | None = None,
    discards: Mapping[int, str] | None = None,
    riichi: Sequence[int] = (),
    points: Sequence[int] | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | str = 0,
    hand_overrides: Mapping[str, Any] | None = None,
    **overrides: Any,
) -> dict[str, Any]:
    """A position written as real hands, for tests and replays (GUIDE §4).

    `hands[seat]` is notation; at stage afterDraw the turn seat's last written tile is its drawn
    tile. `live` is the front of the live wall (next draws, in order); the other tiles follow in
    seeded order. `live_count` cuts the live wall to that many tiles and puts the rest into the
    discards of `filler_seats` (default all seats), so every tile stays accounted for. `dora` /
    `ura` / `rinshan` are the first dead-wall tiles; all of `dora` is revealed. `melds[seat]` are
    ``{"type", "tiles": "555m", "from": seat}`` (the first tile is the called one); `discards[seat]`
    notation (not tsumogiri); `riichi` seats are in established riichi. The position is mid-hand
    (no first go-around: pass ``hand_overrides={"first_round_clean": True}`` for one). Other state keys go in
    `overrides`, hand keys in `hand_overrides`. ValueError for a wrong tile count or unknown key.
    """
    n = len(hands)
    players = list(players or ["A", "B", "C", "D"][:n])
    if len(players) != n or n not in (3, 4):
        raise ValueError("3 or 4 hands and players")
    opts = resolve_options(options, n)
    sanma = n == 3
    alloc = IdAllocator()
    closed = [alloc.take_all(parse_tiles(h)) for h in hands]
    meld_lists: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    for seat, ms in (melds or {}).items():
        meld_lists[seat] = [_meld_from_notation(alloc, m) for m in ms]
    for seat in range(n):
        want = 13 - 3 * len(meld_lists[seat]) + (1 if stage == "afterDraw" and seat == turn else 0)
        if stage == "afterCall" and seat == turn:
            want = 14 - 3 * len(meld_lists[seat])
        if len(closed[seat]) != want:
            raise ValueError(f"seat {seat} needs {want} closed tiles, got {len(closed[seat])}")
    disc = [
        [{"tile": t, "tsumogiri": False, "riichi": False, "called_by": None} for t in alloc.take_all(parse_tiles((discards or {}).get(seat, "")))]
        for seat in range(n)
    ]
    dora_ids = alloc.take_all(parse_tiles(dora))
    ura_ids = alloc.take_all(parse_tiles(ura))
    rin_ids = alloc.take_all(parse_tiles(rinshan))
    live_front = alloc.take_all(parse_tiles(live))
    used = set(alloc._used)  # noqa: SLF001 - the allocator's reserved ids are exactly the used tiles
    rest = [t for t in all_tile_ids(sanma) if t not in used]
    if len(rest) + len(used) != len(all_tile_ids(sanma)):
        raise ValueError("tiles outside the mode (2m-8m in sanma)")
    rng = SeededRng(seed)
    rng.shuffle(rest)

    def fill(ids: list[int], size: int) -> list[int]:
        while len(ids) < size:
            ids.append(rest.pop())
        return ids

    dora_list = fill(list(dora_ids), 5)
    ura_list = fill(list(ura_ids), 5)
    rin_list = fill(list(rin_ids), 4)
    live_wall = live_front + rest
    if live_count is not None:
        cut = live_wall[live_count:]
        live_wall = live_wall[:live_count]
        seats = list(filler_seats if filler_seats is not None else range(n))
        for i, t in enumerate(cut):
            disc[seats[i % len(seats)]].append({"tile": t, "tsumogiri": True, "riichi": False, "called_by": None})
    wall = {"live": live_wall, "rinshan": rin_list, "dora": dora_list, "ura": ura_list}
    state = new_game_state(opts, players, rng)
    state["dealer"] = dealer
    hand = new_hand_fields(wall, closed, dealer, [1, 1], opts["startedAt"])
    hand["melds"] = meld_lists
    hand["discards"] = disc
    hand["dora_revealed"] = max(1, len(dora_ids))
    hand["turn"] = turn
    hand["stage"] = stage
    if stage == "afterDraw":
        hand["drawn"][turn] = closed[turn][-1]
    hand["first_round_clean"] = False  # a test position is mid-hand unless hand_overrides say otherwise
    hand["kan_count"] = sum(1 for ms in meld_lists for m in ms if m["type"] in ("daiminkan", "kakan", "ankan"))
    hand["kan_by_seat"] = [sum(1 for m in ms if m["type"] in ("daiminkan", "kakan", "ankan")) for ms in meld_lists]
    for seat in riichi:
        hand["riichi"][seat] = {"discard_index": 0, "double": False, "ippatsu": False, "established": True}
        if disc[seat]:
            disc[seat][0]["riichi"] = True
    if points is not None:
        state["points"] = list(points)
    state["hand"] = hand
    for key, value in (hand_overrides or {}).items():
        if key not in hand:
            raise ValueError(f"unknown hand key {key!r}")
        hand[key] = value
    for key, value in overrides.items():
        if key not in state:
            raise ValueError(f"unknown state key {key!r}")
        state[key] = value
    return state


# --- JSON --------------------------------------------------------------------------------------


def to_json(state: dict[str, Any]) -> dict[str, Any]:
    """A deep copy safe for json.dumps (server-side only: it holds the wall and every hand)."""
    return cast(dict[str, Any], json.loads(json.dumps(state)))


def every_tile(state: dict[str, Any]) -> list[int]:
    """All tiles the state holds (wall, dead wall, hands, melds, kita, uncalled discards)."""
    h = state["hand"]
    if h is None:
        return []
    out: list[int] = h["live"] + h["rinshan"] + h["dora"] + h["ura"]
    for seat in range(len(state["players"])):
        out += h["closed"][seat] + h["kita"][seat]
        out += [t for m in h["melds"][seat] for t in m["tiles"]]
        out += [d["tile"] for d in h["discards"][seat] if d["called_by"] is None]
    return out


def from_json(data: dict[str, Any]) -> dict[str, Any]:
    """Check a stored state's shape and tile accounting; returns a copy (ValueError when broken)."""
    if not isinstance(data, dict) or data.get("game") != "mahjong":
        raise ValueError("not a mahjong state")
    state = to_json(data)
    n = len(state.get("players", []))
    if n not in (3, 4):
        raise ValueError("bad players")
    SeededRng.from_json(state["rng"])
    resolve_options(state["options"], n)
    if state["hand"] is not None:
        tiles = every_tile(state)
        if sorted(tiles) != all_tile_ids(n == 3):
            raise ValueError("tiles lost or repeated")
    return state
