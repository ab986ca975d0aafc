"""The majiang-ai bridge of the mahjong bench (tilerooms/bench/majiang_bridge.py).

The translation helpers are tested everywhere; the seeded games need node and the bench-only npm
packages (``python -m tilerooms.bench.majiang_bridge --install``), which CI does not install, so
they skip with that reason there. A deliberately broken translation must show up as mismatches.
"""

from __future__ import annotations

from typing import Any

import pytest

from tilerooms.bench import majiang_bridge as mj
from tilerooms.bench.mahjong_tournament import GameRecord, play_game
from tilerooms.games.mahjong.options import default_options

needs_node = pytest.mark.skipif(not mj.installed(), reason="node + @kobalab/majiang-ai not installed (python -m tilerooms.bench.majiang_bridge --install)")
LEVELS = {"p0": "hard", "p1": "majiang", "p2": "normal", "p3": "majiang"}
SEED = 3


def test_tiles_map_to_majiang_notation() -> None:
    assert [mj.mj_tile(t) for t in ("52:0p", "53:5p", "0:1m", "135:7z", "5s")] == ["p0", "p5", "m1", "z7", "s5"]


def test_rule_object_follows_our_defaults() -> None:
    rule = mj.rule_for({**default_options(4), "length": "tonpuu"})
    assert rule["場数"] == 1
    assert rule["順位点"] == ["20.0", "10.0", "-10.0", "-20.0"]
    assert rule["赤牌"] == {"m": 1, "p": 1, "s": 1}
    assert rule["最大同時和了数"] == 2 and rule["連荘方式"] == 2 and rule["連風牌は2符"] is False
    assert mj.rule_for(default_options(4))["場数"] == 2


def test_melds_in_majiang_notation() -> None:
    tr = mj.Translator()
    assert tr.meld("chi", "9:3m", ["0:1m", "5:2m"], "-") == "m123-"
    assert tr.meld("pon", "52:0p", ["53:5p", "54:5p"], "=") == "p550="
    assert tr.meld("pon", "17:5m", ["16:0m", "18:5m"], "-") == "m505-"  # majiang-core refuses "m055-"
    assert tr.meld("kan", "17:5m", ["16:0m", "18:5m", "19:5m"], "=") == "m5505="
    assert tr.meld("kan", "100:8s", ["101:8s", "102:8s", "103:8s"], "+") == "s8888+"
    assert tr.meld("ankan", None, ["16:0m", "17:5m", "18:5m", "19:5m"], "") == "m5550"


def _view() -> dict[str, Any]:
    return {
        "seat": 0,
        "round": {"dealer": "a"},
        "doraIndicators": ["0:1m"],
        "liveCount": 69,
        "me": {"hand": ["4:2m", "8:3m"], "drawn": "12:4m"},
        "players": [
            {"id": pid, "seat": s, "handCount": 3 if s == 0 else 13, "melds": [], "discards": [], "riichi": False, "points": 25000}
            for s, pid in enumerate("abcd")
        ],
    }


def _model() -> dict[str, Any]:
    seats = [{"id": 0, "tiles": ["m2", "m3", "m4"], "fulou": [], "lizhi": False, "he": []}]
    seats += [{"id": s, "tiles": ["_"] * 13, "fulou": [], "lizhi": False, "he": []} for s in (1, 2, 3)]
    return {"seats": seats, "defen": [25000] * 4, "baopai": ["m1"], "paishu": 69}


def test_compare_finds_each_kind_of_difference() -> None:
    assert mj.compare(_model(), _view()) == []
    broken = _model()
    broken["seats"][0]["tiles"] = ["p2", "m3", "m4"]
    broken["seats"][2]["he"] = ["s1"]
    broken["defen"][3] = 24000
    broken["paishu"] = 68
    diffs = mj.compare(broken, _view())
    assert [d.split(":")[0] for d in diffs] == ["seat 0 hand", "seat 2 discards", "seat 3 points", "live wall"]


def _game(translator: mj.Translator | None = None) -> GameRecord:
    return play_game(LEVELS, SEED, options={"length": "tonpuu"}, validate=True, translator=translator)


@needs_node
def test_a_validated_game_matches_every_step_and_refuses_nothing() -> None:
    record = _game()
    assert record.checks > 1000
    assert record.mismatches == []
    assert record.refused == [] and record.rejected == 0 and record.bridge_errors == []
    assert record.stats["p1"]["calls"] + record.stats["p3"]["calls"] > 0  # majiang-ai's calls went through


class SwappedSuits(mj.Translator):
    """Reads characters as dots and dots as characters."""

    def tile(self, token: str) -> str:
        """The tile with m and p swapped."""
        t = mj.mj_tile(token)
        return {"m": "p", "p": "m"}.get(t[0], t[0]) + t[1]


class DroppedCalls(mj.Translator):
    """Never tells majiang-core about a chi / pon / daiminkan."""

    def messages(self, ev: dict[str, Any], me: int, view: dict[str, Any], state: mj.SeatState) -> list[dict[str, Any]]:
        """Every message but fulou."""
        return [] if ev["type"] == "call" else super().messages(ev, me, view, state)


@needs_node
@pytest.mark.parametrize("translator", [SwappedSuits(), DroppedCalls()], ids=["swapped-suits", "dropped-fulou"])
def test_a_broken_translation_is_caught(translator: mj.Translator) -> None:
    record = _game(translator)
    assert record.mismatches or record.bridge_errors
