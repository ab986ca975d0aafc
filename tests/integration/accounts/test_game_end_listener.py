"""Real rooms (memory and Redis) → the game-end listener → the records DB; and the `_current_user`
seam reading a member from the signed cookie of the websocket handshake."""

from __future__ import annotations

import pytest
import reflex as rx

from tests.helpers.rooms import started
from tests.helpers.states import browser_root, substate
from tests.integration.positions import seat_game_state
from tilerooms import settings as app_settings
from tilerooms.accounts import records, sessions, users
from tilerooms.db import migrate
from tilerooms.games.rummikub.engine import make_state
from tilerooms.rooms.identity import guest


@pytest.fixture
def records_db(tmp_path, monkeypatch) -> str:
    """The app's default records DB pointed at a fresh, migrated SQLite file."""
    url = f"sqlite:///{tmp_path / 'app.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    app_settings.reload()  # the environment changed: read it again
    migrate.upgrade(url)
    return url


async def test_a_members_game_played_to_the_end_is_recorded_and_rewarded_once(service, records_db):
    younghee = users.member_identity(users.find_or_create_member("local", "a", "영희"))
    cheolsu = users.member_identity(users.find_or_create_member("local", "b", "철수"))
    service.on_game_end(records.on_game_end)
    room_id = await started(service, younghee, cheolsu)
    await seat_game_state(
        service,
        room_id,
        make_state(
            table=[["K10a", "K11a", "K12a"]],
            racks={younghee.id: ["R1a", "R2a", "R3a"], cheolsu.id: ["B13a", "O7a"]},
            has_melded=True,
        ),
    )
    sets = [{"tileIds": ["K10a", "K11a", "K12a"]}, {"tileIds": ["R1a", "R2a", "R3a"]}]
    await service.act(room_id, younghee.id, {"type": "setDraft", "sets": sets})
    await service.act(room_id, younghee.id, {"type": "commit"})  # 영희 empties her rack
    stats = records.member_stats(int(younghee.id[2:]))
    assert stats == {"games": 1, "wins": 1, "coins": 20, "xp": 30, "level": 1}
    # the listener hearing the same game again (a crash between store and listener) changes nothing
    await records.on_game_end(await service.store.load(room_id))
    assert records.member_stats(int(younghee.id[2:]))["coins"] == 20
    assert records.recent_games(int(cheolsu.id[2:]))[0]["rank"] == "2위"


async def test_a_practice_game_with_an_ai_gives_nothing(service, records_db):
    younghee = users.member_identity(users.find_or_create_member("local", "a", "영희"))
    service.on_game_end(records.on_game_end)
    room_id = await service.create_practice(younghee, ai_count=1)
    await service.leave(room_id, younghee.id)  # the only human leaves: the game is dropped
    assert records.member_stats(int(younghee.id[2:]))["coins"] == 0


def _identity_state(cookie: str):
    from tilerooms.shell.identity import IdentityState

    root = browser_root()
    root.router = rx.istate.data.RouterData.from_router_data({"headers": {"cookie": cookie}} if cookie else {})
    return substate(root, IdentityState)


def test_current_user_is_the_member_of_a_valid_cookie_and_a_guest_otherwise(records_db, monkeypatch):
    monkeypatch.setenv("TILEROOMS_SECRET_KEY", "k" * 48)
    app_settings.reload()  # the environment changed: read it again
    user = users.find_or_create_member("local", "a", "영희")
    good = sessions.sign_session(user.id, user.session_key)
    state = _identity_state(f"{sessions.SESSION_COOKIE}={good}")
    who = state._current_user()
    assert (who.id, who.name, who.kind) == (f"u-{user.id}", "영희", "member")
    assert state.is_member and state.nickname == "영희"

    forged = sessions.sign_session(user.id, user.session_key, secret="x" * 48)
    for cookie in ("", f"{sessions.SESSION_COOKIE}={forged}", f"{sessions.SESSION_COOKIE}={good[:-3]}xyz"):
        other = _identity_state(cookie)
        assert other._current_user().kind == "guest"
        assert not other.is_member

    users.delete_member(user.id)
    state._forget_member()
    assert state._current_user().kind == "guest"  # a deleted member's cookie signs nobody in
    assert state.nickname == "영희"  # the browser keeps the name as a guest


def test_a_member_renaming_from_the_lobby_renames_the_account(records_db, monkeypatch):
    monkeypatch.setenv("TILEROOMS_SECRET_KEY", "k" * 48)
    app_settings.reload()  # the environment changed: read it again
    user = users.find_or_create_member("local", "a", "영희")
    state = _identity_state(f"{sessions.SESSION_COOKIE}={sessions.sign_session(user.id, user.session_key)}")
    state.set_nickname("새이름")
    assert users.get_user(user.id).nickname == "새이름"
    assert state._current_user().name == "새이름"
    assert guest("abcdef0123456789", "x").kind == "guest"
