"""A hydrated browser keeps only the values that are not its vars' defaults (issue 20: 4):
hydration reads every var of every state, and Reflex stores each value it reads."""

from __future__ import annotations

from tests.helpers.states import browser_root, substate
from tilerooms.reflex_ext.shed import shed_defaults
from tilerooms.shell.identity import IdentityState
from tilerooms.table.mahjong.state import MahjongTable
from tilerooms.table.rummikub.state import RummikubTable
from tilerooms.table.state import RoomState, SeatRow


def test_a_hydrated_tree_drops_its_defaults_and_reads_exactly_as_before():
    root = browser_root()
    room, table = substate(root, RoomState), substate(root, RummikubTable)
    room.status, room.game = "playing", "rummikub"
    room.seats = [SeatRow(0, "자리 1", False, "g-1", "영희", False, "", True, True, True, True)]
    table.set_3 = "R7a R8a R9a"
    table._rack_order = ["K1a", ""]
    room._clean()
    hydrated = root.dict()  # what a page load sends: every var of every state read (and stored)
    mahjong = substate(root, MahjongTable)
    assert len(mahjong.__dict__) > 40  # the other game's table: every var stored by the hydration
    dropped = shed_defaults(root)
    assert dropped > 100  # that table, the replay, account and lobby pages' vars, ...
    assert mahjong.__dict__ == {}  # a table nobody uses holds nothing again
    assert root.dict() == hydrated  # nothing reads differently
    assert room.__dict__["status"] == "playing" and table.__dict__["set_3"] == "R7a R8a R9a"  # changed values stay
    assert table.__dict__["_rack_order"] == ["K1a", ""] and room.seats[0].name == "영희"


def test_a_dropped_var_is_assigned_and_sent_as_before():
    root = browser_root()
    root.dict()
    shed_defaults(root)
    root._clean()
    table = substate(root, RummikubTable)
    table.rack_cells = ["R1a", "R2a"]
    table.selected.append("R1a")  # a dropped mutable default comes back fresh and tracked
    delta = root.get_delta()
    sent = delta[table.get_full_name()]
    assert sent["rack_cells_rx_state_"] == ["R1a", "R2a"] and sent["selected_rx_state_"] == ["R1a"]


def test_reflex_states_and_storage_vars_are_left_alone():
    root = browser_root()
    root.dict()
    identity = substate(root, IdentityState)
    shed_defaults(root)
    assert "is_hydrated" in root.__dict__ and "rx_router_session" in root.__dict__  # Reflex's own root state untouched
    assert identity.guest_key == ""  # a browser-storage var reads as before


def test_reading_a_shed_var_past_the_proxy_keeps_it_shed():
    from tilerooms.reflex_ext.assign import put, raw

    root = browser_root()
    root.dict()
    shed_defaults(root)
    table = substate(root, RummikubTable)
    assert raw(table, "_changed") == [] and raw(table, "set_3") == ""  # the defaults, as before
    assert raw(table, "_names") == {}  # RoomState's var, read from the table below it
    assert "_changed" not in table.__dict__ and "set_3" not in table.__dict__  # and not stored again (issue 20: 4)
    put(table, {"_changed": [], "set_3": ""})  # equal to what it holds: nothing assigned
    assert "_changed" not in table.__dict__ and not table.dirty_vars
    put(table, {"set_3": "R7a R8a R9a"})
    assert table.__dict__["set_3"] == "R7a R8a R9a" and "set_3" in table.dirty_vars


def test_a_shared_default_assigned_back_is_stored_as_a_copy():
    from tilerooms.reflex_ext.assign import put, raw

    root = browser_root()
    table = substate(root, RummikubTable)
    shared = raw(table, "selected")
    put(table, {"selected": ["R1a"]})
    put(table, {"selected": shared})  # e.g. a value read before and assigned after another change
    table.selected.append("R2a")  # changed in place through Reflex's proxy
    assert raw(table, "selected") == ["R2a"] and shared == []  # the default every browser reads is untouched
    assert raw(substate(browser_root(), RummikubTable), "selected") == []
