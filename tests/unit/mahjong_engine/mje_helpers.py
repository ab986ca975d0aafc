"""Shared helpers: positions are written as real hands ("123m456p789s11z") through make_state."""

from __future__ import annotations

import json

from tilerooms.core import RuleError
from tilerooms.games.mahjong import engine
from tilerooms.games.mahjong.state import every_tile
from tilerooms.games.mahjong.tiles import parse_tile
from tilerooms.games.mahjong.wall import all_tile_ids

position = engine.make_state

# 13-tile hands that cannot call or win on the usual test tiles (no pairs, no runs)
QUIET = ["147m258p369s1234z", "147p258s369m5677z", "147s258m369p1256z"]


def pid(state: dict, seat: int) -> str:
    """The player id of a seat."""
    return state["players"][seat]


def tile(state: dict, seat: int, text: str) -> int:
    """The id of a tile of kind `text` ("5m", "0p" for the red one) in the seat's closed hand;
    the drawn tile first when it matches."""
    t = parse_tile(text)
    h = state["hand"]
    drawn = h["drawn"][seat]
    cands = [x for x in h["closed"][seat] if x >> 2 == t.kind and (not t.red or x in (16, 52, 88))]
    if drawn in cands:
        return drawn
    if not cands:
        raise AssertionError(f"seat {seat} holds no {text}")
    return cands[0]


def play(state: dict, seat: int, action_type: str, **payload) -> list[dict]:
    """Apply an action for a seat (tiles in payload may be notation strings of the seat's hand)."""
    if isinstance(payload.get("tile"), str):
        payload["tile"] = tile(state, seat, payload["tile"])
    if "tiles" in payload:
        payload["tiles"] = [tile(state, seat, t) if isinstance(t, str) else t for t in payload["tiles"]]
    return engine.apply(state, pid(state, seat), {"type": action_type, **payload})


def discard(state: dict, seat: int, text: str, **extra) -> list[dict]:
    """Discard a tile of kind `text` from the seat's hand."""
    return play(state, seat, "discard", tile=text, **extra)


def claim(state: dict, seat: int, call: str, *tiles: str) -> list[dict]:
    """Answer the open window with a call (tiles in notation)."""
    return play(state, seat, "claim", call=call, tiles=list(tiles))


def pass_(state: dict, seat: int) -> list[dict]:
    """Pass in the open window."""
    return play(state, seat, "pass")


def calls_of(state: dict, seat: int) -> list[str]:
    """The seat's options in the open window, as its own view shows them."""
    me = engine.view(state, pid(state, seat))["me"]
    return me["claim"]["calls"] if me["claim"] else []


def refused(state: dict, seat: int, action: dict) -> RuleError:
    """The RuleError a refused action raises (and the state must stay the same)."""
    before = json.dumps(state, sort_keys=True)
    try:
        engine.apply(state, pid(state, seat), action)
    except RuleError as err:
        assert json.dumps(state, sort_keys=True) == before
        return err
    raise AssertionError(f"{action} was accepted")


def all_pass(state: dict) -> None:
    """Everybody still asked passes (non-eligible seats too)."""
    h = state["hand"]
    window = h["claim"]
    for s in range(len(state["players"])):
        if s != window["from"] and window["responses"][s] is None and state["hand"]["claim"] is window:
            pass_(state, s)


def assert_tiles(state: dict) -> None:
    """Every tile of the mode is in exactly one place."""
    assert sorted(every_tile(state)) == all_tile_ids(state["mode"] == "sanma")


def table(hands: dict[int, str], players: int = 4, **kw) -> dict:
    """`position` with the unnamed seats filled by quiet 13-tile hands: no pair, no two tiles of a
    suit within two steps (so they can never chi, pon, kan or ron), built from the tiles left."""
    from tilerooms.games.mahjong.tiles import kinds_to_string, parse_tiles

    used = [0] * 34
    texts = list(hands.values()) + [kw.get(k, "") for k in ("dora", "ura", "rinshan", "live")]
    texts += list(kw.get("discards", {}).values())
    texts += [m["tiles"] for ms in kw.get("melds", {}).values() for m in ms]
    for text in texts:
        for t in parse_tiles(text):
            used[t.kind] += 1
    out = []
    for seat in range(players):
        if seat in hands:
            out.append(hands[seat])
            continue
        best: list[int] = []
        for offsets in ((0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 2, 1), (1, 0, 2), (2, 1, 0)):
            kinds = [k for k in range(27, 34)]
            for suit, off in enumerate(offsets):
                if players == 3 and suit == 0:
                    kinds += [0, 8] if off == 0 else []
                    continue
                kinds += [suit * 9 + off + 3 * i for i in range(3)]
            kinds = [k for k in kinds if used[k] < 4]
            if len(kinds) > len(best):
                best = kinds
        if len(best) < 13:
            raise ValueError("no quiet filler hand left")
        pick = best[:13]
        for k in pick:
            used[k] += 1
        out.append(kinds_to_string(pick))
    return position(out, **kw)
