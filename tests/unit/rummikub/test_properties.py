"""Property tests: random legal play never loses or duplicates a tile, never leaks a hidden tile,
and replays to the same state from the same seed and action log; JSON round-trips."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.unit.rummikub.helpers import assert_all_106, strings_in
from tilerooms.core import RuleError
from tilerooms.games.rummikub import engine
from tilerooms.games.rummikub.hint import find_new_set
from tilerooms.games.rummikub.state import draft_sets

OPTION_SETS = [
    {},
    {"showDraftToOthers": False, "invalidTimeoutPenalty": 3, "timeoutValidDraft": "commit"},
    {"initialMeldPoints": 0, "initialMeldAllowExtend": True, "invalidCommitPenalty": "penalty3"},
]


def random_action(state, rnd: random.Random) -> tuple[str, dict]:
    """A plausible action for a random (mostly the current) player."""
    players = engine.active_players(state) or [p for p in state["seats"] if p not in state["left"]]
    p = players[0]
    if state["phase"] == "finished":
        return p, {"type": "nextGame"}
    roll = rnd.random()
    now = state["turn_started_at"] + rnd.randint(0, 2000)
    in_draft = {t for s in draft_sets(state) for t in s["tile_ids"]}
    spare = [t for t in state["racks"][p] if t not in in_draft]
    if roll < 0.004:
        q = rnd.choice([x for x in state["seats"] if x not in state["left"]])
        return q, {"type": "leave", "at": now}
    if roll < 0.25:
        return p, {"type": "draw" if state["pool"] else "pass", "at": now}
    if roll < 0.35:
        return p, {"type": "timeout", "at": engine.deadline(state)}
    if roll < 0.55:
        hint = find_new_set(spare)
        if hint:
            sets = [{"tileIds": s["tile_ids"], "pos": s["pos"]} for s in draft_sets(state)]
            sets.append({"tileIds": hint})
            return p, {"type": "setDraft", "sets": sets, "at": now}
        return p, {"type": "commit", "at": now}
    if roll < 0.75:  # shuffle the draft's tiles (plus a few rack tiles) into random sets
        tiles = [t for s in draft_sets(state) for t in s["tile_ids"]]
        tiles += rnd.sample(spare, min(len(spare), rnd.randint(0, 3)))
        rnd.shuffle(tiles)
        sets, i = [], 0
        while i < len(tiles):
            k = rnd.randint(1, 5)
            sets.append({"tileIds": tiles[i : i + k]})
            i += k
        return p, {"type": "setDraft", "sets": sets, "at": now}
    if roll < 0.8:
        return p, {"type": rnd.choice(["undoDraft", "resetDraft"]), "at": now}
    return p, {"type": "commit", "at": now, "seq": state["seq"], "turn": state["turn_no"]}


def check_no_leak(state, events):
    for viewer in state["seats"] + [None]:
        v = engine.view(state, viewer)
        seen = strings_in(v) | strings_in(engine.events_for(events, viewer))
        visible_draft = set()
        if state["options"]["showDraftToOthers"] and state["phase"] == "playing":
            visible_draft = {t for s in draft_sets(state) for t in s["tile_ids"]}
        hidden = set(state["pool"])
        for p, rack in state["racks"].items():
            if p != viewer:
                hidden |= set(rack) - visible_draft
        # tiles drawn or returned in these events belong to their owner only
        assert not (seen & hidden), (viewer, seen & hidden)
        assert "rng" not in v


def play(seed: int, options: dict, steps: int, check_leaks: bool = True):
    rnd = random.Random(seed)
    state = engine.setup({**options, "gamesPerMatch": 2}, ["A", "B", "C"], seed)
    log = []
    for _ in range(steps):
        if state["match"]["finished"]:
            break
        player, action = random_action(state, rnd)
        before = json.dumps(state, sort_keys=True)
        try:
            events = engine.apply(state, player, action)
        except RuleError:
            assert json.dumps(state, sort_keys=True) == before
            continue
        log.append((player, action))
        assert_all_106(state)
        for p in state["left"]:
            assert state["phase"] == "finished" or state["racks"][p] == []
        if check_leaks:
            check_no_leak(state, events)
    return state, log


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), options=st.sampled_from(OPTION_SETS))
def test_random_play_keeps_106_tiles_and_leaks_nothing(seed, options):
    play(seed, options, steps=80)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), options=st.sampled_from(OPTION_SETS))
def test_same_seed_and_action_log_replay_to_the_same_state(seed, options):
    state, log = play(seed, options, steps=80, check_leaks=False)
    again = engine.setup({**options, "gamesPerMatch": 2}, ["A", "B", "C"], seed)
    for player, action in log:
        engine.apply(again, player, action)
    assert engine.to_json(again) == engine.to_json(state)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_json_round_trip_mid_game(seed):
    state, _ = play(seed, {}, steps=40, check_leaks=False)
    text = json.dumps(engine.to_json(state))
    back = engine.from_json(json.loads(text))
    assert back == state and back is not state


def test_from_json_rejects_a_duplicated_tile():
    state = engine.setup({}, ["A", "B"], 3)
    bad = engine.to_json(state)
    bad["pool"].append(bad["racks"]["A"][0])
    with pytest.raises(ValueError):
        engine.from_json(bad)
    with pytest.raises(ValueError):
        engine.from_json({"seats": []})
