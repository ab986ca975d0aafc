"""The number-tile board's turn line, read in the browser (issue 20: 2).

What every turn changes — whose turn, the pool, the clock, each player's tile count and the last
move — comes as one short string, `RummikubTable.turn` ("1 62 1796421200203 1796421140203 23,15
0:drew:1", `rummikub_view.turn_line`), so a turn's frame carries one var instead of eight. These
helpers split it into the pieces the board draws; the last move's line and my first meld's progress
(`RummikubTable.meld`: "18 30") are worded here from the same texts as before (`i18n/board.py`
"move.*": "AI 2 (쉬움): 3장 내려놓음", "board.meld_progress*").
"""

from __future__ import annotations

import re

import reflex as rx
from reflex_base.vars.function import FunctionStringVar

from tilerooms.i18n import MESSAGES
from tilerooms.table.rummikub.state import RummikubTable

_NUMBER = FunctionStringVar.create("Number")
# the kinds a move line can have (the engine view's `last_move`), each an i18n key after "move."
MOVE_KINDS = ("placed", "drew", "drew.timeout", "drew.refused", "passed", "passed.timeout", "passed.refused", "left")


def _part(index: int) -> rx.Var:
    return RummikubTable.turn.split(" ")[index].to(str)


def _number(value: rx.Var) -> rx.Var:
    return _NUMBER.call(value).to(int)


def current_seat() -> rx.Var:
    """The index in `players` of whose turn it is (-1 for nobody's)."""
    return rx.cond(RummikubTable.turn == "", -1, _number(_part(0))).to(int)


def pool_count() -> rx.Var:
    """Tiles left in the pool."""
    return rx.cond(RummikubTable.turn == "", 0, _number(_part(1))).to(int)


def deadline() -> rx.Var:
    """The turn's deadline, server epoch ms as text ("0": none), for the countdown's data-deadline."""
    return rx.cond(RummikubTable.turn == "", "0", _part(2)).to(str)


def turn_start() -> rx.Var:
    """When the turn began, server epoch ms as text, for the countdown's data-start (its ring)."""
    return rx.cond(RummikubTable.turn == "", "0", _part(3)).to(str)


def seat_tiles(seat: rx.Var) -> rx.Var:
    """The tile count of the player at index `seat`, as text."""
    return _part(4).split(",")[seat].to(str)


def current_name(english: bool) -> rx.Var:
    """Whose turn it is, by name ("" for nobody's)."""
    player = RummikubTable.players[current_seat()]
    return rx.cond(current_seat() >= 0, player.name_en if english else player.name, "").to(str)


def fill(template: str, values: dict[str, rx.Var]) -> rx.Var:
    """A message template ("{who}: {n}장 가져옴") with its placeholders taken from vars."""
    pieces = re.split(r"\{(\w+)\}", template)
    out: rx.Var = rx.Var.create("")
    for i, piece in enumerate(pieces):
        if piece:
            out = out + (values[piece] if i % 2 else rx.Var.create(piece)).to(str)
    return out


def last_move(locale: str) -> rx.Var:
    """The last move in one line in `locale` ("" before the first move): 나 / You for the viewer."""
    move = _part(5).split(":")
    player = RummikubTable.players[_number(move[0].to(str))]
    count = move[2].to(str)
    if locale == "ko":
        who = rx.cond(player.me, MESSAGES["move.you"]["ko"], player.name)
        plural = rx.Var.create("")
    else:
        who = rx.cond(player.me, MESSAGES["move.you"]["en"], player.name_en)
        plural = rx.cond(count == "1", "", "s")
    values = {"who": who.to(str), "n": count, "s": plural.to(str)}
    line = rx.match(move[1].to(str), *[(kind, fill(MESSAGES[f"move.{kind}"][locale], values)) for kind in MOVE_KINDS], "")
    return rx.cond((RummikubTable.turn == "") | (_part(5) == "-"), "", line).to(str)


def meld_progress(locale: str) -> rx.Var:
    """My first meld's progress in `locale` from `RummikubTable.meld` ("18 30"): "첫 등록: 18 / 30점
    (12점 더)", without the "more" once there (rummikub_moves.meld_progress)."""
    parts = RummikubTable.meld.split(" ")
    points, required = _number(parts[0].to(str)), _number(parts[1].to(str))
    values = {"points": parts[0].to(str), "required": parts[1].to(str), "missing": (required - points).to_string()}
    return rx.cond(points >= required, fill(MESSAGES["board.meld_progress"][locale], values), fill(MESSAGES["board.meld_progress.short"][locale], values)).to(
        str
    )
