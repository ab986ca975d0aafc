"""Turn one viewer's number-tile `view` into what the board sends (pure; no Reflex).

Everything here comes from the viewer's own `view`, so nothing hidden can appear. Sets carry the
engine's board position and their rank in its reading order; each screen flows them in that order
into as many columns as it holds (`gestures.jsx` fits the tile size). The rack is laid out in the
viewer's own cell order (client-local, service page).

What goes to a browser is compact (issue 20: 2): a tile is its id ("R7a", "JK1": the component
derives colour, number, symbol and label from it, `ui/tiles.py`), a set is one string
(`set_code`: "rank row col R7a R8a R9a", then "|reason" when it is not valid), the rack is its list
of cell ids ("" = empty), and the flags are short id lists (selected, arrived, drawn, the changed
sets' indexes). `TileRow` / `SetRow` / `RackCell` are the same rows read back (`set_rows`,
`rack_rows`) for the server's own readers and tests; `tile_row` draws the rules page's tiles.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from tilerooms.games.rummikub.rules import SET_PROBLEMS
from tilerooms.games.rummikub.tiles import TILES
from tilerooms.i18n import message_of
from tilerooms.i18n.lines import name_in_english
from tilerooms.table.rummikub.moves import explain, same_as_table, set_key

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
    """One player in the score strip (what changes every turn, the tile counts and whose turn it
    is, goes in the turn line: `turn_line`)."""

    id: str
    name: str
    melded: bool
    left: bool
    me: bool
    name_en: str = ""  # an AI seat's name in English ("AI 2 (Easy)")


@dataclass
class Board:
    """Everything the board shows to this viewer, in the compact form a browser receives."""

    players: list[PlayerRow] = field(default_factory=list)
    turn: str = ""  # `turn_line`: whose turn, the pool, the clock, the tile counts and the last move
    sets: list[str] = field(default_factory=list)  # `set_code` of each shown set, in the draft's / table's order
    changed_sets: list[int] = field(default_factory=list)  # indexes of the sets another player's move changed (1 s flash)
    arrived: list[str] = field(default_factory=list)  # tiles that just came onto the shown sets (200 ms slide)
    jokers: dict[str, str] = field(default_factory=dict)  # a table joker's stand-in for its aria label ("JK1": " (빨강 5)")
    rack_cells: list[str] = field(default_factory=list)  # my rack cells up to the last tile, "" for an empty one
    rack_size: int = 0  # all my rack's cells: the empty ones after `rack_cells` are not sent
    rack_shown: int = 0  # cells a phone's 7-wide rack shows; the rest are spare
    drawn: list[str] = field(default_factory=list)  # my rack tiles from my latest draw, until I act
    my_turn: bool = False
    meld: str = ""  # my first meld's progress in my turn: "points required" ("18 30"); the board words it
    commit_ok: bool = False
    problem: str = ""  # why a commit would be refused: a message id of `SERVER_MESSAGES`, with `problem_args`
    problem_args: dict[str, str] = field(default_factory=dict)
    can_undo: bool = False
    draft_changed: bool = False
    live_draft: bool = False


EMPTY_TILE = {"id": "", "label": "", "colour": "", "symbol": "", "joker": False, "selected": False, "aria": ""}
# as many sets as a table usually holds go to a var of their own (`set_0` …, RummikubTable), so a
# move that changes one set sends that set only; a draft's further sets share one list
SET_SLOTS = 40


class Turn(NamedTuple):
    """The part of the board every turn changes, read back from its `turn_line`."""

    current: int  # the index in `players` of whose turn it is, -1 for nobody's
    pool: int
    deadline: int  # server epoch ms, 0 for none
    start: int  # server epoch ms the turn began: the countdown ring's full length is deadline - start
    tiles: list[int]  # each player's tile count, in `players` order
    move: tuple[int, str, int] | None  # the last move: (index in `players`, kind after "move.", count)


def turn_line(current: int, pool: int, deadline: int, start: int, tiles: list[int], move: tuple[int, str, int] | None) -> str:
    """What a turn changes, in one short string a browser receives in one var:
    "current pool deadline start 14,13 seat:kind:count" ("-" for no move yet); `ui/board.py` splits it.
    A move that changes none of it (a draft edit) leaves it alone, so it is not sent again."""
    last = f"{move[0]}:{move[1]}:{move[2]}" if move else "-"
    return f"{current} {pool} {deadline} {start} {','.join(map(str, tiles))} {last}"


def parse_turn_line(line: str) -> Turn:
    """The `Turn` of a `turn_line` (an empty line: nobody's turn, nothing shown), as a client reads
    what it received (the load bench, tests); the server's state keeps the view it came from."""
    if not line:
        return Turn(-1, 0, 0, 0, [], None)
    current, pool, deadline, start, tiles, last = line.split(" ")
    seat, kind, count = last.split(":") if last != "-" else ("", "", "")
    return Turn(
        int(current), int(pool), int(deadline), int(start), [int(t) for t in tiles.split(",") if t], (int(seat), kind, int(count)) if last != "-" else None
    )


def joker_stands(joker_as: list | None) -> str:
    """What a table joker stands for, as its aria label goes on: " (빨강 5)", " (아무 색 9)", ""."""
    if not joker_as:
        return ""
    colour, n = joker_as
    return f" ({COLOUR_NAMES.get(colour, '아무 색')} {n})"


def tile_row(tile_id: str, selected: bool = False, joker_as: list | None = None) -> TileRow:
    """Display data of one tile; a joker shows what it stands for when known."""
    tile = TILES[tile_id]
    if tile.n is None:
        return TileRow(tile_id, "J", "joker", "☺", True, selected, f"조커{joker_stands(joker_as)}")
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


def set_code(order: int, row: int, col: int, tile_ids: list[str], reason: str = "") -> str:
    """One set as a browser receives it: "rank row col R7a R8a R9a", and "|reason" when it is not
    valid (`ui/board.py` splits it; tile ids never hold a space or a "|")."""
    head = " ".join([str(order), str(row), str(col), *tile_ids])
    return f"{head}|{reason}" if reason else head


def parse_set_code(code: str) -> tuple[int, int, int, list[str], str]:
    """(rank, row, col, tile ids, reason) of a `set_code`."""
    head, _, reason = code.partition("|")
    order, row, col, *tiles = head.split(" ")
    return int(order), int(row), int(col), tiles, reason


# why a set is not valid, as its code carries it: an id of `rules.SET_PROBLEMS` (or "invalid"), shown
# as the board catalog's `set.reason.<id>`
SET_REASONS = (*SET_PROBLEMS, "invalid")


def _set_codes(sets: list[dict[str, Any]]) -> list[str]:
    # the reading order of the engine's positions: each screen flows the sets in this order
    spots = sorted(((s.get("pos") or {}).get("row", 0), (s.get("pos") or {}).get("col", 0), i) for i, s in enumerate(sets))
    rank = {i: r for r, (_, _, i) in enumerate(spots)}
    codes = []
    for index, s in enumerate(sets):
        pos = s.get("pos") or {"row": 0, "col": 0}
        reason = "" if s.get("valid", True) else (s.get("reason_id") or "invalid")  # an id: short on the wire
        codes.append(set_code(rank[index], int(pos["row"]), int(pos["col"]), s["tile_ids"], reason))
    return codes


def set_rows(codes: list[str], selected: list[str], changed: list[int], arrived: list[str], jokers: dict[str, str]) -> list[SetRow]:
    """The sets as the board draws them, read back from what the browser received."""
    chosen, new = set(selected), set(arrived)
    rows = []
    for index, code in enumerate(codes):
        order, row, col, tiles, reason = parse_set_code(code)
        cells = []
        for t in tiles:
            cell = tile_row(t, t in chosen)
            if cell.joker:
                cell.aria = "조커" + jokers.get(t, "")
            cell.arrived = t in new
            cells.append(cell)
        rows.append(SetRow(index, cells, not reason, reason, row, col, order, index in changed))
    return rows


def rack_rows(cells: list[str], size: int, selected: list[str], drawn: list[str], shown: int) -> list[RackCell]:
    """The rack grid as the board draws it, read back from what the browser received (`size`
    cells: the empty ones after `cells`)."""
    rows = []
    for index, t in enumerate(cells + [""] * (size - len(cells))):
        tile = TileRow(**EMPTY_TILE) if t == "" else tile_row(t, t in selected)
        tile.drawn = t != "" and t in drawn
        rows.append(RackCell(index, t == "", tile, index >= shown))
    return rows


def board(
    view: dict[str, Any],
    names: dict[str, str],
    selected: list[str],
    rack_order: list[str],
    changed: set[str] | None = None,
    arrived: set[str] | None = None,
    drawn: set[str] | None = None,
    last: dict[str, Any] | None = None,
    names_en: Mapping[str, str] | None = None,
) -> Board:
    """The board of one viewer from their own `view`, with their rack in `rack_order` cells.

    `changed`: keys (`set_key`) of sets another player's move changed; `arrived`: tiles that just
    came onto the table; `drawn`: my rack tiles from my latest draw; `last`: the engine view's
    last move ({"player", "kind", "count"}).
    """
    me = view.get("viewer")
    jokers = {j: joker_stands(v) for s in view["table"] for j, v in (s.get("joker_as") or {}).items()}
    draft = view.get("draft") or {}
    sets = draft["sets"] if draft.get("sets") is not None else [{**s, "valid": True} for s in view["table"]]
    on_board = {t for s in sets for t in s["tile_ids"]}
    rack_now = [t for t in (view.get("rack") or []) if t not in on_board]
    cells = rack_layout(rack_order, rack_now) if view.get("rack") is not None else []
    # a phone's rack is 7 cells wide: it shows the rows up to the last tile's (at least two); a
    # drop past them appends, so a full row never costs the table a whole empty row of height
    last_tile = max((i for i, t in enumerate(cells) if t), default=-1)
    shown = max(2 * PHONE_RACK_ROW, -(-(last_tile + 1) // PHONE_RACK_ROW) * PHONE_RACK_ROW)
    my_turn = view.get("current") is not None and view.get("current") == me
    meld = draft.get("initial_meld") if my_turn else None
    # the reason to refuse a commit matters once the player has changed something
    problem = draft.get("commit_problem") if my_turn and draft.get("changed") else None
    problem_id, problem_args = explain(*message_of(problem.get("id", ""), problem.get("message", ""), problem)) if problem else ("", {})
    # after 전체 취소 the draft is the turn's start again: nothing to lose by drawing, nothing to undo
    untouched = my_turn and draft.get("sets") is not None and same_as_table(draft["sets"], view["table"])
    players = view["players"]
    seats = {p["id"]: i for i, p in enumerate(players)}
    move = (seats[last["player"]], last["kind"], last["count"]) if last and last["player"] in seats else None
    current = next((i for i, p in enumerate(players) if p["current"]), -1)
    return Board(
        players=[
            PlayerRow(p["id"], names.get(p["id"], p["id"]), p["has_melded"], p["left"], p["id"] == me, name_in_english(p["id"], names, names_en))
            for p in players
        ],
        turn=turn_line(
            current, int(view["pool_count"]), int(view["deadline"] or 0), int(view.get("turn_started_at") or 0), [p["tiles"] for p in players], move
        ),
        sets=_set_codes(sets),
        changed_sets=[i for i, s in enumerate(sets) if set_key(s["tile_ids"]) in (changed or set())],
        arrived=sorted(on_board & (arrived or set())),
        jokers={j: text for j, text in jokers.items() if j in on_board},
        rack_cells=cells[: last_tile + 1],
        rack_size=len(cells),
        rack_shown=shown if cells else 0,
        drawn=[t for t in cells if t and t in (drawn or set())],
        my_turn=my_turn,
        meld=f"{meld['points']} {meld['required']}" if meld else "",
        commit_ok=bool(draft.get("commit_ok")) if my_turn else False,
        problem=problem_id,
        problem_args=problem_args,
        can_undo=bool(draft.get("can_undo")) and not untouched if my_turn else False,
        draft_changed=bool(draft.get("changed")) and not untouched if my_turn else False,
        live_draft=not my_turn and draft.get("sets") is not None and bool(draft.get("changes")),
    )
