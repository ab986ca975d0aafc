"""The table registry (issue 33: 1): every game has a table, and common code never names a game."""

from __future__ import annotations

import re
from pathlib import Path

from tilerooms.games import GAMES
from tilerooms.pages.replay.games import SCREENS
from tilerooms.table.registry import BY_GAME, TABLES, by_game, table_of
from tilerooms.table.state import RoomState

ROOT = Path(__file__).resolve().parents[3] / "tilerooms"
# the room page's and the replay page's common code, the shell, the room layer's game loop, the rewards
COMMON = [
    "table/state.py",
    "table/page.py",
    "pages/replay/state.py",
    "pages/replay/page.py",
    "pages/replay/review.py",
    "pages/replay/review_state.py",
    "rooms/play.py",
    "accounts/rewards.py",
    *(str(p.relative_to(ROOT)) for p in sorted((ROOT / "shell").glob("*.py"))),
]


def test_every_game_has_one_table_and_one_replay_screen():
    assert [t.game for t in TABLES] == list(GAMES)
    assert set(BY_GAME) == set(GAMES) == set(SCREENS)
    for game, info in GAMES.items():
        table = table_of(game)
        assert table is not None and table.definition is info
        assert issubclass(table.state, RoomState) and table.state is not RoomState
        assert table.state.GAME == game and "GAME" not in table.state.vars  # a class constant, never sent to a browser
        assert callable(table.board) and callable(table.final)
    assert table_of("chess") is None


def test_each_tables_screens_are_drawn_by_game():
    drawn = str(by_game(RoomState.game, lambda table: table.final()).render())
    assert 'id:"results"' in drawn and 'id:"mj-final"' in drawn
    settings = str(by_game(RoomState.game, lambda table: table.waiting_settings() if table.waiting_settings else None).render())
    assert 'id:"settings-form"' in settings and "mj-final" not in settings


def test_common_code_never_branches_on_a_game_id():
    ids = "|".join(map(re.escape, GAMES))
    branch = re.compile(rf"""[!=]=\s*["']({ids})["']|["']({ids})["']\s*[!=]=""")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in ROOT.rglob("*.py")
        if "games" not in path.relative_to(ROOT).parts[:1] and path.relative_to(ROOT) != Path("table/registry.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if branch.search(line)
    ]
    assert found == []


def test_common_code_names_no_game():
    ids = "|".join(map(re.escape, GAMES))
    literal = re.compile(rf"""["']({ids})["']""")
    found = [
        f"{name}:{n}: {line.strip()}"
        for name in COMMON
        for n, line in enumerate((ROOT / name).read_text(encoding="utf-8").splitlines(), 1)
        if literal.search(line)
    ]
    assert found == []


def test_optional_engine_capabilities_are_declared_not_probed():
    for info in GAMES.values():
        for capability in ("set_away", "reaction_window"):
            declared = getattr(info, capability)
            assert declared is None or declared is getattr(info.engine, capability)
    assert GAMES["mahjong"].set_away is not None and GAMES["mahjong"].reaction_window is not None
    assert GAMES["rummikub"].set_away is None and GAMES["rummikub"].reaction_window is None
    assert "getattr(" not in (ROOT / "rooms/play.py").read_text(encoding="utf-8")


def test_ai_seats_are_known_by_one_function():
    prefix_test = re.compile(r"""startswith\(\s*(AI_PREFIX|["']ai-["'])""")
    found = [
        str(path.relative_to(ROOT))
        for path in ROOT.rglob("*.py")
        if path.relative_to(ROOT) != Path("rooms/identity.py") and prefix_test.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []


async def test_each_games_table_sets_its_own_options_line():
    import reflex as rx

    from tilerooms.rooms.identity import guest
    from tilerooms.rooms.service import RoomService

    host = guest("hostbrowser01", "영희")
    service = RoomService(seed_source=lambda: 7)
    shown = {}
    for game in GAMES:
        room_id = await service.create_room(host, game=game)
        root = rx.State(_reflex_internal_init=True)
        room = root.get_substate(RoomState.get_full_name().split(".")[1:])
        room._viewer = host.id
        room._apply_view(await service.view(room_id, host.id), force=True)
        shown[game] = (room.game, room.options_text, room.options_text_en)
    assert shown == {
        "rummikub": ("rummikub", "턴 60초 · 전체 30분", "Turn 60 s · game 30 min"),
        "mahjong": ("mahjong", "반장전 · 타패 15초 · 응답 8초", "Half game · discard 15 s · call 8 s"),
    }
