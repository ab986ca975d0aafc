"""The table registry (issue 33: 1): for each game, what the room page needs of it — its table
substate (which shows its board, its final screen's rows and its options line), its board, its
final screen, the host's settings in the waiting room, and whether its table takes the whole screen.
The game itself (names, seats, practice seats) is its `GameDefinition` (`definition`).

Common code asks here instead of naming a game: the room page, the replay page, the lobby. One
table per game in `tilerooms.games.GAMES` (a unit test holds them together). This module imports
every game's table, so nothing a table imports may import it (`table/state.py` finds its tables by
their `GAME`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import reflex as rx

from tilerooms.core.protocol import GameDefinition
from tilerooms.rooms.catalog import game_info
from tilerooms.table.mahjong.board import mahjong_table
from tilerooms.table.mahjong.results import mahjong_final
from tilerooms.table.mahjong.state import MahjongTable
from tilerooms.table.rummikub.board import rummikub_board
from tilerooms.table.rummikub.results import rummikub_final, rummikub_settings
from tilerooms.table.rummikub.state import RummikubTable
from tilerooms.table.state import RoomState

Draw = Callable[[], rx.Component]


@dataclass(frozen=True)
class GameTable:
    """One game's table on the room page."""

    state: type[RoomState]  # the table substate: its `GAME` is the game's id
    board: Draw  # the running (or paused) game
    final: Draw  # the finished game's screen
    waiting_settings: Draw | None = None  # the host's settings form in the waiting room, if any
    # the table takes the whole screen (the site header hides): the game's one bar carries the
    # home link and the language switch
    own_bar: bool = False

    @property
    def game(self) -> str:
        """The game's id."""
        return str(self.state.GAME)

    @property
    def definition(self) -> GameDefinition:
        """The game itself: its names, seats and practice seats."""
        return game_info(self.game)


TABLES: tuple[GameTable, ...] = (
    GameTable(RummikubTable, rummikub_board, rummikub_final, waiting_settings=rummikub_settings),
    GameTable(MahjongTable, mahjong_table, mahjong_final, own_bar=True),
)
BY_GAME = {table.game: table for table in TABLES}


def table_of(game: str) -> GameTable | None:
    """The table of `game`, or None for an id no game has."""
    return BY_GAME.get(game)


def by_game(game: rx.Var, draw: Callable[[GameTable], rx.Component | None], default: rx.Component | None = None) -> rx.Component:
    """The component of the shown game's table (`draw(table)`; the tables it gives None show `default`)."""
    cases = [(table.game, drawn) for table in TABLES if (drawn := draw(table)) is not None]
    return rx.match(game, *cases, default if default is not None else rx.fragment())


def any_game(game: rx.Var, which: Callable[[GameTable], bool]) -> rx.Var:
    """True (in the browser) when the shown game is one whose table `which` picks."""
    picked = [game == table.game for table in TABLES if which(table)]
    return functools.reduce(lambda a, b: a | b, picked) if picked else rx.Var.create(False)
