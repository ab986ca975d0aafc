"""The lobby's practice choice (issue 18: 1): kept in the browser, read by both practice buttons."""

from __future__ import annotations

import pytest

from tests.helpers.states import browser_root, substate
from tilerooms import wiring
from tilerooms.i18n import server_text
from tilerooms.pages.lobby.state import LobbyState
from tilerooms.rooms.service import RoomService
from tilerooms.shell.practice import PracticeState, practice_choice
from tilerooms.table.state import RoomState


def _states() -> tuple[LobbyState, PracticeState, RoomState]:
    root = browser_root()
    return substate(root, LobbyState), substate(root, PracticeState), substate(root, RoomState)


@pytest.fixture
def service(monkeypatch) -> RoomService:
    svc = RoomService(seed_source=lambda: 7)
    monkeypatch.setattr(wiring, "_rooms", wiring.on(svc))
    return svc


def test_stored_text_that_is_not_a_choice_means_one_easy_ai():
    assert practice_choice("2", "normal") == (2, "normal")
    assert practice_choice("3", "hard") == (3, "hard")
    assert practice_choice("", "") == (1, "easy")
    assert practice_choice("4", "expert") == (1, "easy")
    assert practice_choice("0", "Normal") == (1, "easy")


def test_the_controls_keep_only_real_choices():
    _, practice, _ = _states()
    assert (practice.ais, practice.level) == ("1", "easy")
    practice.choose_ais("3")
    practice.choose_level("hard")
    assert (practice.ais, practice.level) == ("3", "hard")
    for junk in ("0", "7", "", ["2"]):
        practice.choose_ais(junk)
    for junk in ("expert", "", ["normal"]):
        practice.choose_level(junk)
    assert (practice.ais, practice.level) == ("3", "hard")
    practice.choose_ais(5)  # not a type the control sends: refused before the body runs
    assert practice.ais == "3"


async def test_number_tile_practice_seats_the_chosen_ais(service):
    lobby, practice, _ = _states()
    practice.choose_ais("2")
    practice.choose_level("normal")
    await lobby.practice()
    (room_id,) = list(service.store._rooms)
    room = await service.store.load(room_id)
    assert room.solo and room.status == "playing"
    ais = [s.occupant for s in room.seats if s.occupant is not None and s.occupant.kind == "ai"]
    assert [a.level for a in ais] == ["normal", "normal"]
    assert len(room.seats) == 3


async def test_mahjong_practice_seats_three_ais_at_the_chosen_level(service):
    _, practice, room_state = _states()
    practice.choose_ais("1")  # the count is for number tiles: mahjong always has four players
    practice.choose_level("hard")
    await room_state.practice("mahjong")
    (room_id,) = list(service.store._rooms)
    room = await service.store.load(room_id)
    ais = [s.occupant for s in room.seats if s.occupant is not None and s.occupant.kind == "ai"]
    assert room.game == "mahjong" and [a.level for a in ais] == ["hard"] * 3


async def test_the_one_practice_handler_seats_what_the_game_says_or_the_chosen_count(service):
    _, practice, room_state = _states()
    practice.choose_ais("2")
    await room_state.practice("rummikub")  # number tiles: no fixed practice seats, the chosen count
    (room_id,) = list(service.store._rooms)
    room = await service.store.load(room_id)
    assert room.game == "rummikub" and len(room.seats) == 3 and room.status == "playing"


async def test_practice_of_no_game_is_refused_in_korean_and_makes_no_room(service):
    _, _, room_state = _states()
    assert await room_state.practice("chess") is None
    assert server_text(room_state.error, room_state.error_args) == "없는 게임이에요" and not service.store._rooms
