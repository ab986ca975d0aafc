"""Each game is one registered `GameDefinition` (issue 21: 4): the room layer, records and replays
ask it instead of branching on the game's name."""

from __future__ import annotations

import random

import pytest

from tilerooms.core import RuleError
from tilerooms.core.protocol import Engine
from tilerooms.games import GAMES
from tilerooms.rooms import bots
from tilerooms.rooms.form_options import options_from_form
from tilerooms.rooms.waiting import resolve_room_options

PROTOCOL = [name for name in vars(Engine) if not name.startswith("_")]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_brings_its_engine_names_and_seats(game):
    definition = GAMES[game]
    assert definition.id == game
    assert definition.name_ko and definition.name_en and definition.name_ko != definition.name_en
    assert 2 <= definition.min_players <= definition.max_players <= 4
    assert all(callable(getattr(definition.engine, name)) for name in PROTOCOL), PROTOCOL


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_ai_the_replay_and_the_final_state_agree_with_the_engine(game):
    definition = GAMES[game]
    players = ["p1", "ai-1", "ai-2", "ai-3"][: definition.max_players]
    state = definition.engine.setup({}, players, 7)
    log = []
    for _ in range(12):  # a few real AI moves through the definition's own AI
        mover = definition.engine.active_players(state)[0]
        actions = definition.decide(definition.engine.view(state, mover), "easy", random.Random(1)) or [definition.engine.on_timeout(state, mover)]
        action = {**actions[0], "at": 1000 * (len(log) + 1)}
        definition.engine.apply(state, mover, action)
        log.append({"at": action["at"], "by": mover, "action": {k: v for k, v in action.items() if k != "at"}})
    assert definition.final_state(7, {}, players, log) == state
    assert sum(1 for _ in definition.replay(7, {}, players, log)) == len(log) + 1


def test_room_options_come_from_each_games_own_form_fields():
    assert options_from_form("rummikub", {"turn_seconds": "90", "game_minutes": "20", "mj_turn": "5"}) == {"turnSeconds": 90, "gameSeconds": 1200}
    assert options_from_form("mahjong", {"mj_length": "east", "mj_aka": "3", "turn_seconds": "90"}) == {"length": "east", "akaDora": 3}
    # the advanced form: an absent checkbox is off; the simple form leaves the engine's default
    assert options_from_form("mahjong", {"advanced": "1"}) == {"kuitan": False}
    assert options_from_form("rummikub", {"advanced": "1", "hints": "on"}) == {"initialMeldAllowExtend": False, "showDraftToOthers": False, "hints": True}
    with pytest.raises(RuleError) as bad:
        options_from_form("rummikub", {"turn_seconds": "lots"})
    assert bad.value.code == "bad_option"
    with pytest.raises(RuleError) as unknown:
        options_from_form("chess", {})
    assert unknown.value.code == "bad_game"


def test_only_a_game_with_turn_choices_limits_the_turn_clock():
    with pytest.raises(RuleError) as err:
        resolve_room_options("rummikub", {"turnSeconds": 45})
    assert err.value.message == "턴 시간은 60·90·120·180초 중에서 골라 주세요"
    assert resolve_room_options("rummikub", {"turnSeconds": 120}) == {"turnSeconds": 120}
    assert GAMES["mahjong"].turn_choices is None


def test_a_failed_ai_plan_falls_back_to_its_games_own_action():
    assert bots.fallback("rummikub") == [{"type": "draw"}]
    assert bots.fallback("mahjong") == []
    bots.fallback("rummikub")[0]["type"] = "changed"  # a copy each time
    assert bots.fallback("rummikub") == [{"type": "draw"}]


AI_MODULES = {"rummikub": "tilerooms.games.rummikub.ai", "mahjong": "tilerooms.games.mahjong.ai"}


def _fresh_python(code: str) -> str:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return done.stdout.strip()


def test_preload_imports_each_ai_that_decide_would_import_on_its_first_call():
    # a fresh interpreter: this one may have imported the AIs already
    code = (
        f"import sys; from tilerooms.games import GAMES; mods = {AI_MODULES!r}; "
        "before = [m in sys.modules for m in mods.values()]; "
        "[GAMES[g].preload() for g in mods]; "
        "print(before, [m in sys.modules for m in mods.values()])"
    )
    assert _fresh_python(code) == "[False, False] [True, True]"


def test_the_app_preloads_the_ais_so_a_workers_first_ai_turn_imports_nothing():
    # issue 20: the number tiles' solver (SciPy) took ~0.5 s to import on the loop's thread
    code = f"import sys, tilerooms.tilerooms; print([m in sys.modules for m in {list(AI_MODULES.values())!r}])"
    assert _fresh_python(code) == "[True, True]"
