"""Shared helpers: positions are written as real tables and racks ("R7a" = red 7, copy a)."""

from __future__ import annotations

import json
from collections import Counter

from tilerooms.core import RuleError
from tilerooms.games.rummikub import engine
from tilerooms.games.rummikub.tiles import ALL_TILE_IDS

position = engine.make_state


def set_draft(*sets: list[str], **extra) -> dict:
    """A setDraft action whose sets are plain tile-id lists."""
    return {"type": "setDraft", "sets": [{"tileIds": list(s)} for s in sets], **extra}


def act(kind: str, **extra) -> dict:
    """Any payload-less action."""
    return {"type": kind, **extra}


def table_tiles(state: dict) -> list[list[str]]:
    """The committed table as tile-id lists."""
    return [s["tile_ids"] for s in state["table"]]


def all_tiles(state: dict) -> Counter:
    """Every tile the state holds (pool + racks + table), with multiplicity."""
    c: Counter = Counter(state["pool"])
    for rack in state["racks"].values():
        c.update(rack)
    for s in state["table"]:
        c.update(s["tile_ids"])
    return c


def assert_all_106(state: dict) -> None:
    """Each of the 106 tiles is in exactly one place."""
    assert all_tiles(state) == Counter(ALL_TILE_IDS)


def rejected(state: dict, player: str, action: dict) -> RuleError:
    """Apply `action`, expect a RuleError, check the state did not change, return the error."""
    before = json.dumps(engine.to_json(state), sort_keys=True)
    try:
        engine.apply(state, player, action)
    except RuleError as err:
        assert json.dumps(engine.to_json(state), sort_keys=True) == before
        return err
    raise AssertionError(f"{action} was accepted")


def strings_in(obj) -> set[str]:
    """Every string (keys and values) in a JSON-like object."""
    out: set[str] = set()
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out.add(str(k))
            out |= strings_in(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            out |= strings_in(v)
    return out
