"""Reflex's dirty sets held only while non-empty (state/dirty_marks.py, issue 20: 4): a real state
tree marks, sends and cleans its changes exactly as before, and a state no push writes to holds no
set between events."""

import asyncio

from tests.helpers.states import browser_root, substate
from tilerooms.pages.lobby.state import LobbyState
from tilerooms.reflex_ext import dirty_marks
from tilerooms.reflex_ext.shed import shed_defaults
from tilerooms.shell.identity import IdentityState
from tilerooms.table.rummikub.state import RummikubTable
from tilerooms.table.state import RoomState

LAZY = dirty_marks.install(hot=(RoomState,))


def _tree(state):
    yield state
    for sub in state.substates.values():
        yield from _tree(sub)


def _holding(root) -> set[str]:
    return {type(s).__name__ for s in _tree(root) if dirty_marks.held_sets(s)}


def test_every_state_but_the_root_and_the_room_with_its_tables_is_lazy():
    names = {cls.__name__ for cls in LAZY}
    assert {"LobbyState", "IdentityState", "OnLoadInternalState"} <= names
    assert not names & {"State", "RoomState", "RummikubTable", "MahjongTable"}
    assert set(LAZY) <= set(dirty_marks.install(hot=(RoomState,)))  # again (with any class imported since): nothing stacked
    assert isinstance(LobbyState.__dict__["dirty_vars"], dirty_marks.LazySet)
    assert not isinstance(LobbyState.__dict__["dirty_vars"].slot, dirty_marks.LazySet)


def test_a_new_tree_holds_sets_only_where_every_push_writes():
    root = browser_root()
    assert _holding(root) <= {"State", "RoomState", "RummikubTable", "MahjongTable"}
    assert all(s.dirty_vars == set() and s.dirty_substates == set() for s in _tree(root))


def test_a_change_to_a_lazy_state_is_marked_sent_and_cleaned_as_before():
    root = browser_root()
    lobby = substate(root, LobbyState)
    lobby.rooms = []
    substate(root, RummikubTable).set_0 = "R7a R8a R9a"
    assert "rooms" in lobby.dirty_vars and LobbyState.get_name() in root.dirty_substates
    delta = asyncio.run(root._get_resolved_delta())
    assert any(key.startswith("rooms") for key in delta[LobbyState.get_full_name()])
    assert any(value == "R7a R8a R9a" for value in delta[RummikubTable.get_full_name()].values())
    root._clean()
    assert dirty_marks.held_sets(lobby) == 0
    assert asyncio.run(root._get_resolved_delta()) == {}  # nothing left to send


def test_a_hydration_leaves_no_lazy_set_once_the_page_loads():
    root = browser_root()
    root.dict()  # what a hydration reads: every state's dirty vars
    assert "LobbyState" in _holding(root)
    substate(root, IdentityState).nickname = "영희"  # a change made by the same event is kept
    shed_defaults(root)  # every page's first on_load (IdentityState.ensure)
    assert _holding(root) - {"State", "RoomState", "RummikubTable", "MahjongTable"} == {"IdentityState"}
    assert asyncio.run(root._get_resolved_delta())[IdentityState.get_full_name()]
