"""A browser state belongs to the identity that made it (issue 35: 2), in process: one browser's state
tree, sockets standing for Reflex's session ids, and `IdentityCheck` run as Reflex runs a middleware
before each event. The same over real websockets: `test_token_replay.py`.
"""

from __future__ import annotations

from types import SimpleNamespace

from tests.helpers.states import browser_root, substate
from tilerooms.rooms.identity import guest
from tilerooms.shell.identity import IdentityCheck, IdentityState, new_guest_key
from tilerooms.table.state import RoomState

KEY_VAR = f"{IdentityState.get_full_name()}.guest_key"
HYDRATE = "reflex___state____state.hydrate_and_load"


def _on_socket(root, socket: str, token: str = "tab-a") -> None:
    """The next event of this state's tab comes on socket `socket`."""
    root._update_router_vars({"sid": socket, "token": token, "pathname": "/lobby", "headers": {}}, root.router_data or {})


async def _hydrate(check: IdentityCheck, root, key: str | None) -> None:
    """A hydration that brings `key` from local storage (none: the browser holds no key); Reflex
    then resets client storage and applies the browser's values, as its handler does."""
    storage = {KEY_VAR: key} if key else {}
    await check.preprocess(None, root, SimpleNamespace(name=HYDRATE, payload={"vars": storage}))
    substate(root, IdentityState).guest_key = key or ""


def _room_seen_by(root, who: str) -> None:
    room = substate(root, RoomState)
    room._viewer, room.me, room._room_id = who, who, "r1"


async def test_the_owner_hydrating_again_keeps_the_state():
    root, check, key = browser_root(), IdentityCheck(), new_guest_key()
    _on_socket(root, "s1")
    await _hydrate(check, root, key)
    owner = substate(root, IdentityState)._current_user()
    assert owner.id == guest(key).id
    _room_seen_by(root, owner.id)
    _on_socket(root, "s2")  # a reload: a new socket, the same key
    await _hydrate(check, root, key)
    assert substate(root, IdentityState)._current_user().id == owner.id
    assert substate(root, RoomState)._viewer == owner.id


async def test_another_key_or_none_empties_the_state_before_the_hydration_sends_it(monkeypatch):
    forgotten: list[str] = []
    monkeypatch.setattr("tilerooms.shell.identity._empty", _recording_empty(forgotten))
    root, check, key = browser_root(), IdentityCheck(), new_guest_key()
    _on_socket(root, "s1")
    await _hydrate(check, root, key)
    owner = substate(root, IdentityState)._current_user()
    _room_seen_by(root, owner.id)
    for n, other in enumerate([None, new_guest_key()]):
        _on_socket(root, f"s-replay-{n}")
        await _hydrate(check, root, other)
        assert substate(root, RoomState)._viewer == "" and substate(root, RoomState).me == ""
        who = substate(root, IdentityState)._current_user()
        assert who.id != owner.id
        _room_seen_by(root, who.id)
    assert forgotten == ["tab-a", "tab-a"]


async def test_a_socket_that_skips_the_hydration_is_a_new_visitor():
    root, check, key = browser_root(), IdentityCheck(), new_guest_key()
    _on_socket(root, "s1")
    await _hydrate(check, root, key)
    owner = substate(root, IdentityState)._current_user()
    _room_seen_by(root, owner.id)
    _on_socket(root, "s-replay")  # no hydration: straight to an event that asks who acts
    who = substate(root, IdentityState)._current_user()
    assert who.id != owner.id and substate(root, IdentityState).guest_key != key
    assert substate(root, RoomState)._viewer == ""


def _recording_empty(forgotten: list[str]):
    """`_empty` without the room layer: the state is emptied, the token's forgetting recorded."""

    async def empty(root, identity) -> None:
        identity._forget_owner()
        forgotten.append(root.router.session.client_token)

    return empty
