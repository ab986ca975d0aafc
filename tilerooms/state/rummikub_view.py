"""Turn one viewer's number-tile `view` into display rows for the board (pure; no Reflex).

Everything here comes from the viewer's own `view`, so nothing hidden can appear. Sets carry the
engine's board position and their rank in its reading order; each screen flows them in that order
into as many columns as it holds (`gestures.jsx` fits the tile size). The rack is laid out in the
viewer's own cell order (client-local, service page).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tilerooms.games.rummikub.board import BOARD_ROWS
from tilerooms.games.rummikub.tiles import TILES
from tilerooms.state.rummikub_moves import explain, meld_progress, name_en, same_as_table, set_key

COLOUR_NAMES = {"K": "검정", "R": "빨강", "B": "파랑", "O": "주황"}
COLOUR_SYMBOLS = {"K": "●", "R": "♥", "B": "◆", "O": "★"}  # spec §9: colour-blind symbols
MIN_RACK_CELLS = 20
RACK_ROW = 10
PHONE_RACK_ROW = 7


@dataclass
class TileRow:
    """One tile as the board draws it."""

    id: str
    label: str
    colour: str
    symbol: str
    joker: bool
    selected: bool
    aria: str
    arrived: bool = False  # just came onto the table (200 ms animation)
    drawn: bool = False  # in my rack from my latest draw, until I act (a "new" mark)


@dataclass
class SetRow:
    """One set of the table or draft, placed on the board grid."""

    index: int
    id: str
    tiles: list[TileRow]
    valid: bool
    reason: str
    row: int  # the engine's board position: the table flows sets in this reading order
    col: int
    order: int  # rank in reading order (row, then column): the set's place in the table's flow
    changed: bool = False


@dataclass
class RackCell:
    """One cell of the rack grid: a tile or an empty place to drop one."""

    index: int
    empty: bool
    tile: TileRow
    spare: bool = False  # an empty cell a phone's 7-wide rack leaves out (past the last tile's row)


@dataclass
class PlayerRow:
    """One player in the score strip."""

    id: str
    name: str
    tiles: int
    melded: bool
    current: bool
    left: bool
    me: bool
    name_en: str = ""  # an AI seat's name in English ("AI 2 (Easy)")


@dataclass
class Board:
    """Everything the board shows to this viewer."""

    players: list[PlayerRow] = field(default_factory=list)
    sets: list[SetRow] = field(default_factory=list)
    rack: list[RackCell] = field(default_factory=list)
    my_turn: bool = False
    pool_count: int = 0
    deadline: int = 0
    current_name: str = ""
    current_name_en: str = ""
    meld_text: str = ""
    meld_text_en: str = ""
    commit_ok: bool = False
    problem: str = ""
    can_undo: bool = False
    draft_changed: bool = False
    live_draft: bool = False


EMPTY_TILE = {"id": "", "label": "", "colour": "", "symbol": "", "joker": False, "selected": False, "aria": ""}


def tile_row(tile_id: str, selected: bool = False, joker_as: list | None = None) -> TileRow:
    """Display data of one tile; a joker shows what it stands for when known."""
    tile = TILES[tile_id]
    if tile.n is None:
        stands = ""
        if joker_as:
            colour, n = joker_as
            stands = f" ({COLOUR_NAMES.get(colour, '아무 색')} {n})"
        return TileRow(tile_id, "J", "joker", "☺", True, selected, f"조커{stands}")
    colour = tile.colour or "K"
    return TileRow(tile_id, str(tile.n), colour, COLOUR_SYMBOLS[colour], False, selected, f"{COLOUR_NAMES[colour]} {tile.n}")


def rack_layout(order: list[str], rack: list[str]) -> list[str]:
    """The viewer's rack cells ("" = empty) after tiles came or went: kept tiles stay in their
    cells, new ones fill the first empty cells (service page: re-sorts only on a sort button)."""
    present = set(rack)
    cells = [t if t in present else "" for t in order]
    placed = {t for t in cells if t}
    for tile_id in rack:
        if tile_id not in placed:
            try:
                cells[cells.index("")] = tile_id
            except ValueError:
                cells.append(tile_id)
    size = max(MIN_RACK_CELLS, -(-(len(rack) + 4) // RACK_ROW) * RACK_ROW)
    while len(cells) > size and cells[-1] == "":
        cells.pop()
    return cells + [""] * (size - len(cells))


def _set_rows(sets: list[dict[str, Any]], selected: set[str], joker_as: dict[str, list], rows: int, changed: set[str], arrived: set[str]) -> list[SetRow]:
    out = []
    # the reading order of the engine's positions: each screen flows the sets in this order
    spots = sorted(((s.get("pos") or {}).get("row", 0), (s.get("pos") or {}).get("col", 0), i) for i, s in enumerate(sets))
    rank = {i: r for r, (_, _, i) in enumerate(spots)}
    for index, s in enumerate(sets):
        pos = s.get("pos") or {"row": 0, "col": 0}
        valid = bool(s.get("valid", True))
        out.append(
            SetRow(
                index=index,
                id=str(s.get("id") or f"d{index}"),
                tiles=[_flagged(tile_row(t, t in selected, joker_as.get(t)), arrived=t in arrived) for t in s["tile_ids"]],
                valid=valid,
                reason="" if valid else (s.get("reason") or "올바르지 않은 조합이에요"),
                row=int(pos["row"]),
                col=int(pos["col"]),
                order=rank[index],
                changed=set_key(s["tile_ids"]) in changed,
            )
        )
    return out


def _flagged(tile: TileRow, arrived: bool = False, drawn: bool = False) -> TileRow:
    tile.arrived, tile.drawn = arrived, drawn
    return tile


def board(
    view: dict[str, Any],
    names: dict[str, str],
    selected: list[str],
    rack_order: list[str],
    changed: set[str] | None = None,
    arrived: set[str] | None = None,
    drawn: set[str] | None = None,
) -> Board:
    """The board of one viewer from their own `view`, with their rack in `rack_order` cells.

    `changed`: keys (`set_key`) of sets another player's move changed; `arrived`: tiles that just
    came onto the table; `drawn`: my rack tiles from my latest draw (tilerooms/state/rummikub_moves.py).
    """
    me = view.get("viewer")
    chosen = set(selected)
    joker_as = {j: v for s in view["table"] for j, v in (s.get("joker_as") or {}).items()}
    draft = view.get("draft") or {}
    sets = draft["sets"] if draft.get("sets") is not None else [{**s, "valid": True} for s in view["table"]]
    rows = max([BOARD_ROWS] + [(s.get("pos") or {}).get("row", 0) + 1 for s in sets])
    on_board = {t for s in sets for t in s["tile_ids"]}
    rack_now = [t for t in (view.get("rack") or []) if t not in on_board]
    cells = [
        RackCell(i, t == "", TileRow(**EMPTY_TILE) if t == "" else _flagged(tile_row(t, t in chosen), drawn=t in (drawn or set())))
        for i, t in enumerate(rack_layout(rack_order, rack_now) if view.get("rack") is not None else [])
    ]
    # a phone's rack is 7 cells wide: it shows the rows up to the last tile's (at least two); a
    # drop past them appends, so a full row never costs the table a whole empty row of height
    last = max((c.index for c in cells if not c.empty), default=-1)
    shown = max(2 * PHONE_RACK_ROW, -(-(last + 1) // PHONE_RACK_ROW) * PHONE_RACK_ROW)
    for c in cells:
        c.spare = c.index >= shown
    my_turn = view.get("current") is not None and view.get("current") == me
    meld = draft.get("initial_meld") if my_turn else None
    # the reason to refuse a commit matters once the player has changed something
    problem = draft.get("commit_problem") if my_turn and draft.get("changed") else None
    # after 전체 취소 the draft is the turn's start again: nothing to lose by drawing, nothing to undo
    untouched = my_turn and draft.get("sets") is not None and same_as_table(draft["sets"], view["table"])
    meld_ko, meld_en = meld_progress(meld["points"], meld["required"]) if meld else ("", "")
    return Board(
        players=[
            PlayerRow(p["id"], names.get(p["id"], p["id"]), p["tiles"], p["has_melded"], p["current"], p["left"], p["id"] == me, name_en(names.get(p["id"], p["id"])))
            for p in view["players"]
        ],
        sets=_set_rows(sets, chosen, joker_as, rows, changed or set(), arrived or set()),
        rack=cells,
        my_turn=my_turn,
        pool_count=int(view["pool_count"]),
        deadline=int(view["deadline"] or 0),
        current_name=names.get(view.get("current") or "", ""),
        current_name_en=name_en(names.get(view.get("current") or "", "")),
        meld_text=meld_ko,
        meld_text_en=meld_en,
        commit_ok=bool(draft.get("commit_ok")) if my_turn else False,
        problem=explain((problem or {}).get("message", "")) if problem else "",
        can_undo=bool(draft.get("can_undo")) and not untouched if my_turn else False,
        draft_changed=bool(draft.get("changed")) and not untouched if my_turn else False,
        live_draft=not my_turn and draft.get("sets") is not None and bool(draft.get("changes")),
    )

