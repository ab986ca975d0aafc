"""Property runs: random legal play (random bots in every seat) over seeded hanchan in both modes
never crashes, never loses a tile (136 / 108 at every step), keeps points + riichi sticks constant,
and replays identically from seed + action log.

A plain pytest run plays 10 hanchan per mode; ``MJE_HANCHAN=200`` runs 200 per mode (about 3
minutes), which `scripts/test.sh` (the README's test command, CI) sets.
"""

from __future__ import annotations

import os

import pytest

from tests.unit.mahjong_engine.mje_helpers import assert_tiles
from tilerooms.games.mahjong import engine
from tilerooms.games.mahjong.random_bot import replay, self_play

GAMES = int(os.environ.get("MJE_HANCHAN", "10"))


def _check(state: dict) -> None:
    assert_tiles(state)
    n = len(state["players"])
    assert sum(state["points"]) + state["riichi_pool"] == n * state["options"]["startPoints"]


@pytest.mark.timeout(1200)  # 200 hanchan per mode take minutes, past the suite's 300 s per test
@pytest.mark.parametrize("players", [["p", "q", "r", "s"], ["p", "q", "r"]], ids=["yonma", "sanma"])
def test_random_hanchan_keep_every_invariant_and_replay(players: list[str]) -> None:
    for seed in range(GAMES):
        state, log = self_play(players, seed, on_step=_check)
        result = engine.result(state)
        assert result is not None and len(result["ranking"]) == len(players)
        assert round(sum(r["score"] for r in result["ranking"]), 1) == 0.0
        if seed % 5 == 0:  # replays are as slow as the game: check every fifth
            assert replay(players, seed, log) == state
