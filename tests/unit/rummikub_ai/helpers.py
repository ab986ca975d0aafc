"""Shared helpers: a position is a real table and rack ("R7a" = red 7, copy a), the AI decides
from `engine.view(state, player)` only, and its actions go through `engine.apply` on a copy."""

from __future__ import annotations

import copy
import json
import random

from tilerooms.games.rummikub import ai, engine

position = engine.make_state


def decide_and_apply(state: dict, level: str, seed: int = 0, player: str | None = None) -> tuple[list[dict], dict]:
    """The AI's actions for the player to move, and the state after applying them to a copy
    (RuleError propagates: an illegal AI move fails the test)."""
    player = player or state["current"]
    view = engine.view(state, player)
    actions = ai.decide(view, level, random.Random(seed))
    after = copy.deepcopy(state)
    for action in actions:
        engine.apply(after, player, {**action, "seq": after["seq"]})
    return actions, after


def json_view(state: dict, player: str) -> dict:
    """The view as the browser/room would store it: through JSON and back."""
    return json.loads(json.dumps(engine.view(state, player)))


def table_sets(state: dict) -> list[list[str]]:
    """The committed table as sorted tile-id lists."""
    return sorted(sorted(s["tile_ids"]) for s in state["table"])


def draft_sets(actions: list[dict]) -> list[list[str]]:
    """The tile ids of each set in the AI's setDraft (empty for a draw)."""
    return [list(s["tileIds"]) for a in actions if a["type"] == "setDraft" for s in a["sets"]]
