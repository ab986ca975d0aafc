"""The Reflex wrapper of the board's gesture layer (`gestures.jsx`, next to this file): the shapes
of what it reports, and `parse_drop`, which reads a reported drop into typed values (issue 35: 1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypedDict

import reflex as rx
from reflex_base.event import passthrough_event_spec

from tilerooms.games.rummikub.actions import MAX_POS, MAX_SETS
from tilerooms.games.rummikub.tiles import TILES
from tilerooms.table.payloads import BadPayload, ids_in, one_of, only_keys, whole_number


class ChainPress(TypedDict):
    """A long press: the pressed tile and how many 250 ms steps it has lasted."""

    tile: str
    steps: int


class Cell(TypedDict):
    """A cell of the table's grid (`gestures.jsx spotAfter`)."""

    row: int
    col: int


class _DropKind(TypedDict):
    kind: Literal["set", "table", "rack"]


class DropTarget(_DropKind, total=False):  # total=False, not NotRequired: this module's annotations are text
    """Where a drag ended, as `gestures.jsx dropTarget` names it: a set (`index`, and the cell
    right after it for tiles that cannot join it), the table (a cell), or a rack cell (-1: none)."""

    index: int | None
    cell: Cell | int | None


class TileDrop(TypedDict):
    """A drag that ended: the tiles dragged and where."""

    tiles: list[str]
    # the socket checks only that the target is an object: `parse_drop` reads its fields, so a
    # wrong one gets the Korean refusal instead of a frame dropped without a word
    target: Annotated[dict[str, Any], DropTarget]


MAX_RACK_CELL = 1000  # a rack grid never has this many cells (the 106 tiles, and empty cells between)


@dataclass(frozen=True)
class Drop:
    """A drop parsed (issue 35: 1): real tile ids, and a target `draft_edit.drop` can read as it is."""

    tiles: tuple[str, ...]
    kind: Literal["set", "table", "rack"]
    index: int | None = None
    cell: Cell | None = None
    rack_cell: int = -1

    def target(self) -> dict[str, Any]:
        """The target in `draft_edit.drop`'s form."""
        return {"kind": self.kind, "index": self.index, "cell": self.cell}


def parse_drop(data: TileDrop) -> Drop:
    """The drop `data` as typed values.

    Raises:
        BadPayload: for a tile id that is no tile, or a target field of the wrong kind or range.
    """
    tiles = ids_in(data["tiles"], TILES, len(TILES))
    target = only_keys(data["target"], DropTarget.__annotations__)
    kind = one_of(target.get("kind"), ("set", "table", "rack"))
    cell = target.get("cell")
    if kind == "rack":
        if "index" in target:
            raise BadPayload("a rack cell has no set index")
        return Drop(tiles, "rack", rack_cell=whole_number(cell, -1, MAX_RACK_CELL))
    index = target.get("index")
    if kind == "table" and index is not None:
        raise BadPayload("the table has no set index")
    return Drop(
        tiles,
        "set" if kind == "set" else "table",
        index=None if index is None else whole_number(index, 0, MAX_SETS - 1),  # a NaN index is null on the wire
        cell=None if cell is None else _cell(cell),
    )


def _cell(value: object) -> Cell:
    cell = only_keys(value, Cell.__annotations__)
    if set(cell) != set(Cell.__annotations__):
        raise BadPayload("a cell needs its row and column")
    return Cell(row=whole_number(cell["row"], 0, MAX_POS), col=whole_number(cell["col"], 0, MAX_POS))


class GestureLayer(rx.Component):
    """Wraps the board; reports long-press chains and drops of tiles to the server."""

    library = rx.asset("gestures.jsx", shared=True).importable_path
    tag = "GestureLayer"

    long_press_ms: rx.Var[int]
    # the payloads' shapes, checked at the socket from the handlers' annotations (issue 33)
    on_chain: rx.EventHandler[passthrough_event_spec(ChainPress)]
    on_drop: rx.EventHandler[passthrough_event_spec(TileDrop)]


gesture_layer = GestureLayer.create
