"""The websocket's front door (issue 17: 7): `socket_guard.checked_event` refuses the frames no
browser of ours sends and hands on, repaired where needed, what a browser does send; and log
lines quoting a client's text are always written (`safe_logging`)."""

from __future__ import annotations

import io
import logging
from typing import Any

import pytest

from tilerooms.reflex_ext import socket_guard
from tilerooms.reflex_ext.payloads import Refused
from tilerooms.shell.identity import IdentityState
from tilerooms.table.state import RoomState
from tilerooms.web import safe_logging

ROOT = "reflex___state____state"
ROOM = RoomState.get_full_name()
IDENTITY = IdentityState.get_full_name()


def _event(name: str, payload: Any = None, router: Any = None) -> dict[str, Any]:
    return {"name": name, "payload": {} if payload is None else payload, "router_data": {"pathname": "/lobby"} if router is None else router}


@pytest.mark.parametrize(
    "data",
    [
        socket_guard.MALFORMED,
        "x",
        ["a"],
        {"payload": {}},
        _event(f"{ROOM}.apply_view", {"view": {}}),
        _event(f"{ROOM}._refresh"),
        _event(f"{ROOM}.toggle", []),
        _event(f"{ROOM}.toggle", {}),
        _event(f"{ROOM}.toggle", {"tile_id": 5}),
        _event(f"{ROOM}.toggle", {"tile_id": "R1a", "x": 1}),
        _event(f"{ROOM}.toggle", {"tile_id": "\ud800"}),
        _event(f"{ROOM}.toggle", {"tile_id": "R1a"}, router=[]),
        _event(f"{ROOM}.toggle", {"tile_id": "R1a"}, router={"query": [1]}),
        _event(f"{ROOM}.send_chat", {"form": {"__reflex_form_data__": [[1, 2, 3]]}}),
        _event(f"{ROOM}.send_chat", {"form": {"__reflex_form_data__": [["text", 5]]}}),
        _event(f"{ROOM}.setvar", {"var_name": "nope", "value": 1}),
        _event(f"{ROOM}.setvar", {"var_name": "menu_open", "value": "x"}),
    ],
)
def test_the_socket_refuses_frames_no_browser_sends(data):
    with pytest.raises(Refused):
        socket_guard.checked_event(data)


def test_the_socket_passes_what_a_browser_sends_and_repairs_its_url():
    form = {"form": {"__reflex_form_data__": [["text", "안녕"]]}}
    assert socket_guard.checked_event(_event(f"{ROOM}.send_chat", form))["payload"] == form
    event = socket_guard.checked_event(
        _event(f"{ROOM}.setvar", {"var_name": "menu_open", "value": True}, router={"pathname": "/room/\ud800", "query": {"a": "b"}})
    )
    assert event["router_data"] == {"pathname": "/room/\ufffd", "query": {"a": "b"}}


def test_a_hydrate_keeps_only_client_storage_values_of_the_right_type():
    nickname, key = f"{IDENTITY}.nickname_rx_state_", f"{IDENTITY}.guest_key_rx_state_"
    sent = {nickname: "영희", key: ["x"], f"{IDENTITY}.is_member_rx_state_": "x", f"{ROOT}.nope.x": 1, "": 1, f"{IDENTITY}.nickname": "a\ud800"}
    event = socket_guard.checked_event(_event(f"{ROOT}.hydrate_and_load", {"vars": sent}))
    assert event["payload"]["vars"] == {nickname: "영희"}


# -- log lines -----------------------------------------------------------------------------------
def test_a_log_line_quoting_a_lone_surrogate_is_written():
    safe_logging.install()
    stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    handler = logging.StreamHandler(stream)
    logger = logging.getLogger("tests.payloads.surrogate")
    logger.addHandler(handler)
    logger.propagate = False
    failures: list[Any] = []
    handler.handleError = failures.append  # type: ignore[method-assign]
    try:
        logger.warning("value %s", "a\ud800b")
        text = "c\udfffd"
        logger.warning(f"value {text}")
    finally:
        logger.removeHandler(handler)
    stream.flush()
    assert not failures
    assert stream.buffer.getvalue().decode() == "value a\\ud800b\nvalue c\\udfffd\n"
