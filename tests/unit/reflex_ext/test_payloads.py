"""What a browser may send (issue 17: 7, 11): the argument rule of `payloads` and the `browser_event`
decorator on every handler of our State classes."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import pytest
import reflex as rx

import tilerooms.pages
import tilerooms.shell
import tilerooms.table
from tests.helpers.states import browser_state
from tilerooms.reflex_ext.payloads import REFUSED_MESSAGE, Refused, browser_event, check_arguments, fits, is_browser_event, wire_value
from tilerooms.shell.identity import IdentityState
from tilerooms.table.mahjong.state import MahjongTable
from tilerooms.table.rummikub.gestures import ChainPress, TileDrop
from tilerooms.table.rummikub.state import RummikubTable
from tilerooms.table.state import RoomState


def _our_states() -> list[type[rx.State]]:
    """Every State class of ours, substates of substates too (the game tables under RoomState)."""
    for package in (tilerooms.pages, tilerooms.shell, tilerooms.table):
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            importlib.import_module(module.name)
    found, todo = [], list(rx.State.get_substates())
    while todo:
        cls = todo.pop()
        todo.extend(cls.get_substates())
        if cls.__module__.startswith("tilerooms."):
            found.append(cls)
    return found


def test_the_game_tables_are_among_our_states():
    assert {RoomState, RummikubTable, MahjongTable} <= set(_our_states())


# -- the rule ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "value,annotation,ok",
    [
        ("R1a", str, True),
        (5, str, False),
        (None, str, False),
        (3, int, True),
        (True, int, False),
        ("3", int, False),
        (1.5, int, False),
        (False, bool, True),
        (0, bool, False),
        ({"a": "b"}, dict[str, str], True),
        ({"a": 1}, dict[str, str], False),
        (["a"], dict[str, str], False),
        ({"a": [1]}, dict, True),
        (["a", "b"], list[str], True),
        (["a", 1], list[str], False),
        (None, dict[str, Any] | None, True),
        ("x", Any, True),
        (2.5, float, True),
        (2, float, True),
        # a gesture's payload: its named fields, each of its kind, and no other (issue 33)
        ({"tile": "R1a", "steps": 3}, ChainPress, True),
        ({"tile": "R1a"}, ChainPress, False),
        ({"tile": "R1a", "steps": "3"}, ChainPress, False),
        ({"tile": "R1a", "steps": 3, "more": 1}, ChainPress, False),
        (["R1a", 3], ChainPress, False),
        ({"tiles": ["R1a"], "target": {"kind": "rack", "cell": -1}}, TileDrop, True),
        ({"tiles": [1], "target": {"kind": "rack"}}, TileDrop, False),
        ({"tiles": ["R1a"], "target": "rack"}, TileDrop, False),
    ],
)
def test_a_value_fits_its_annotation(value, annotation, ok):
    assert fits(value, annotation) is ok


@pytest.mark.parametrize(
    "value", [float("inf"), float("nan"), 2**53, -(2**60), "a\ud800", {"\udc00": 1}, [[[[[[[[[[[[[[[[["deep"]]]]]]]]]]]]]]]]], {1: "x"}, object()]
)
def test_what_no_browser_sends_is_refused_whatever_the_parameter(value):
    with pytest.raises(Refused):
        wire_value(value)


def test_a_lone_surrogate_is_repaired_where_the_server_only_keeps_the_text():
    assert wire_value({"path": "/a\ud800", "\udfffq": ["x"]}, repair=True) == {"path": "/a\ufffd", "\ufffdq": ["x"]}
    assert wire_value({"text": "가😀", "n": 2**53 - 1}) == {"text": "가😀", "n": 2**53 - 1}


def test_arguments_are_checked_against_the_signature():
    def handler(self, seat: int, level: str = "easy") -> None: ...

    check_arguments(handler, {"seat": 1})
    check_arguments(handler, {"seat": 1, "level": "hard"})
    for bad in ({}, {"level": "hard"}, {"seat": "1"}, {"seat": 1, "extra": 0}, {"seat": 1, "level": None}):
        with pytest.raises(Refused):
            check_arguments(handler, bad)


# -- the decorator -------------------------------------------------------------------------------
def _room_state() -> MahjongTable:
    return browser_state(MahjongTable)[1]


def test_a_handler_refuses_junk_before_its_body_runs_and_says_so_in_korean():
    state = _room_state()
    state.mj_setting("mj_one_tap")
    assert state.mj_one_tap is True and state.error == ""
    for junk in ([], 5, None, {"name": "mj_one_tap"}, "mj_one_tap\ud800"):
        state.mj_setting(junk)
        assert state.mj_one_tap is True
        assert state.error == REFUSED_MESSAGE
    state.error = ""
    state.mj_setting(name="mj_one_tap", extra=1)  # an argument the handler does not take
    state.set_menu_open("yes")
    assert state.mj_one_tap is True and state.menu_open is False and state.error == REFUSED_MESSAGE


def test_the_refusal_has_english_too():
    from tilerooms.i18n.server import SERVER_MESSAGES

    assert SERVER_MESSAGES[REFUSED_MESSAGE]["en"].startswith("The request was not understood")
    assert SERVER_MESSAGES[REFUSED_MESSAGE]["ko"].startswith("요청을 이해하지 못했어요")


async def test_an_async_handler_refuses_junk_too():
    state = _room_state()
    assert await state.send_chat({"text": 60}) is None  # a number where the form sends text
    assert state.error == REFUSED_MESSAGE


def test_browser_event_keeps_the_handlers_signature_for_reflex():
    assert list(RoomState.event_handlers["add_ai"].get_parameters()) == ["self", "seat", "level"]
    assert RummikubTable.event_handlers["drop_tiles"]._is_coroutine_function
    from tilerooms.pages.lobby.state import LobbyState

    assert LobbyState.event_handlers["follow"].is_background


def test_browser_event_refuses_to_wrap_a_generator():
    def gen(self):
        yield None

    with pytest.raises(TypeError):
        browser_event(gen)


# -- issue 11: no method meant for the server is an event ----------------------------------------
def test_every_event_of_our_states_checks_its_arguments():
    unchecked = [
        f"{cls.__name__}.{name}"
        for cls in _our_states()
        for name, handler in cls.event_handlers.items()
        if name != "setvar" and not is_browser_event(handler.fn)  # setvar: Reflex's own, checked at the socket
    ]
    assert not unchecked, f"public methods of a State are events a browser can call: make these private (_name) or @browser_event: {unchecked}"


def test_methods_for_the_server_only_are_not_events():
    assert "apply_view" not in RoomState.event_handlers and callable(RoomState._apply_view)
    assert "current_user" not in IdentityState.event_handlers and "forget_member" not in IdentityState.event_handlers
    assert callable(IdentityState._current_user) and callable(IdentityState._forget_member)
