"""A game's name says its mode (issue 34: 15): three players play sanma (mahjong spec 1)."""

from __future__ import annotations

from tilerooms.games import GAMES
from tilerooms.rooms.models import Occupant, Room, Seat
from tilerooms.rooms.views import lobby_entry, room_view


def _room(game: str, seated: int) -> Room:
    seats = [Seat(occupant=Occupant(id=f"ai-{i}", name=f"AI {i}", kind="ai", level="easy") if i < seated else None) for i in range(4)]
    return Room(id="r1", name="방", game=game, seats=seats, host_id="ai-0")


def test_mahjong_names_its_three_player_mode() -> None:
    mahjong = GAMES["mahjong"]
    assert mahjong.display_names(4) == ("리치 마작", "Riichi Mahjong")
    assert mahjong.display_names(3) == ("리치 마작 · 3인 (산마)", "Riichi Mahjong · 3-player (sanma)")
    assert GAMES["rummikub"].display_names(3) == ("숫자 타일", GAMES["rummikub"].name_en)


def test_the_room_and_the_lobby_name_the_mode_from_the_seats() -> None:
    three, four = _room("mahjong", 3), _room("mahjong", 4)
    assert room_view(three, None)["game_name"] == "리치 마작 · 3인 (산마)"
    assert room_view(three, None)["game_name_en"] == "Riichi Mahjong · 3-player (sanma)"
    assert lobby_entry(three)["game_name"] == "리치 마작 · 3인 (산마)"
    assert room_view(four, None)["game_name"] == "리치 마작" and lobby_entry(four)["game_name_en"] == "Riichi Mahjong"
