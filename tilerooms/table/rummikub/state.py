"""The number-tile board of one browser: a substate of `RoomState` (issue 18: 6).

Its public vars are this viewer's board only (`rummikub_view.board`), in the compact form of issue
20: 2 — tile ids, one string per set, short flag lists — and each set in a var of its own
(`set_0` … `set_39`, then `sets_more`), so a move that changes one set sends that one: Reflex
sends every var a handler assigns, and `_put` assigns only what changed. The room's engine view
with the viewer's own rack stays in backend vars. `RoomState` hands it every view it applies
(`_show`); its handlers send actions through `RoomState._ask`, the one path that also applies the
fresh view coming back from the same room load.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, ClassVar

from tilerooms import wiring
from tilerooms.games.rummikub.draft_edit import draft_payload, drop, move_tiles, return_to_rack
from tilerooms.games.rummikub.hint import find_new_set
from tilerooms.games.rummikub.rack_order import chain, sort_groups_first, sort_runs_first
from tilerooms.reflex_ext.payloads import browser_event
from tilerooms.shell.origin import request_origin
from tilerooms.table.payloads import REFUSED_MESSAGE, BadPayload, ascii_int
from tilerooms.table.rummikub import moves
from tilerooms.table.rummikub.gestures import ChainPress, TileDrop, parse_drop
from tilerooms.table.rummikub.room_lines import ResultRow, options_text, result_vars
from tilerooms.table.rummikub.rows import SET_SLOTS, Board, PlayerRow, RackCell, SetRow, board, rack_rows, set_rows
from tilerooms.table.state import RoomState

MAX_SETTING = 100_000  # a turn in seconds or a game in minutes: the room's option check knows the real choices


class RummikubTable(RoomState):
    """What this viewer sees of the number-tile game, and the board's buttons."""

    GAME: ClassVar[str] = "rummikub"

    players: list[PlayerRow] = []
    # whose turn, the pool, the clock, the tile counts and the last move in one line (rummikub_view.turn_line)
    turn: str = ""
    # set_0 … set_39 (added below the class): the sets' codes by index; the ones after them here
    sets_more: list[str] = []
    changed_sets: list[int] = []
    arrived: list[str] = []
    jokers: dict[str, str] = {}
    rack_cells: list[str] = []
    rack_size: int = 0
    rack_shown: int = 0
    drawn: list[str] = []
    draft_changed: bool = False
    selected: list[str] = []
    my_turn: bool = False
    meld: str = ""
    commit_ok: bool = False
    problem: str = ""  # why a commit would be refused: a message id, shown with `problem_args`
    problem_args: dict[str, str] = {}
    can_undo: bool = False
    live_draft: bool = False
    flash: int = 0  # issue 18: the changed sets' highlight restarts when this moves
    # the final screen: the results table and its summary line; a match (gamesPerMatch) goes on
    result_summary: str = ""
    result_summary_en: str = ""
    result_rows: list[ResultRow] = []
    match_continues: bool = False

    _game: dict[str, Any] = {}
    _rack_order: list[str] = []  # this browser's rack cells ("" = empty): client-local order
    KEPT_ON_ENTRY: ClassVar[tuple[str, ...]] = ("_rack_order",)  # the player's own arrangement survives a reload (`page_reset`)
    _changed: list[str] = []  # set keys another player's move changed (1 s highlight), until the next table change
    _arrived: list[str] = []  # tiles that came onto the shown sets at their last change (200 ms)
    _drawn: list[str] = []  # my rack tiles from my latest draw, until I act
    _last: dict[str, Any] = {}  # the engine view's last move {player, kind, count}: issue 18's line "AI 2: 3장 내려놓음"

    # -- the board read back (for the server's own readers and tests; never sent) ------------
    def _set_codes(self) -> list[str]:
        """The shown sets' codes in index order."""
        slots = [self._raw(f"set_{i}") for i in range(SET_SLOTS)]
        return [c for c in slots if c] + list(self._raw("sets_more"))

    @property
    def sets(self) -> list[SetRow]:
        """The shown sets as the board draws them."""
        return set_rows(self._set_codes(), self.selected, self.changed_sets, self.arrived, self.jokers)

    @property
    def rack(self) -> list[RackCell]:
        """My rack grid as the board draws it."""
        return rack_rows(self.rack_cells, self.rack_size, self.selected, self.drawn, self.rack_shown)

    @property
    def meld_text(self) -> str:
        """My first meld's progress as the board words it ("첫 등록: 18 / 30점 (12점 더)"), "" when none."""
        return moves.meld_progress(*map(int, self.meld.split(" ")))[0] if self.meld else ""

    @property
    def meld_text_en(self) -> str:
        """The same in English."""
        return moves.meld_progress(*map(int, self.meld.split(" ")))[1] if self.meld else ""

    @property
    def pool_count(self) -> int:
        """Tiles left in the pool."""
        return int((self._raw("_game") or {}).get("pool_count") or 0)

    def _last_move_lines(self) -> tuple[str, str]:
        last = self._raw("_last")
        return moves.move_line(last["player"], last["kind"], last["count"], self._names, self._viewer, self._names_en) if last else ("", "")

    @property
    def last_move(self) -> str:
        """The last move in one line, as the board shows it ("AI 2 (쉬움): 3장 내려놓음")."""
        return self._last_move_lines()[0]

    @property
    def last_move_en(self) -> str:
        """The same line in English ("AI 2 (Easy): placed 3 tiles")."""
        return self._last_move_lines()[1]

    # -- showing a view ----------------------------------------------------------------------
    def _show_lines(self, options: dict[str, Any], result: dict[str, Any] | None) -> None:
        """The clocks under the room's name and the results (called by `RoomState._show_view`)."""
        self._room()._put(options_text=options_text(options), options_text_en=options_text(options, "en"))
        self._put(**result_vars(result, self._raw("_names_en")))

    def _show(self, view: dict[str, Any]) -> None:
        """Show the number-tile part of a room view (called by `RoomState._show_view`)."""
        self._show_moves(view)
        self._restyle()

    def _show_moves(self, view: dict[str, Any]) -> None:
        """Another player's move made visible (issue 18: 3): the sets it changed are highlighted for
        1 s (`flash` restarts the animation), tiles new on the board animate in, my drawn tiles are
        marked until I act, and the last move is named. Works from table to table, whoever's turn
        it is now: the move that handed the turn to me counts, and a later push that changes no
        set (a clock, a chat line, an AI being woken) keeps the highlight instead of clearing it."""
        game_before = self._raw("_game") or {}
        before = game_before.get("table")
        shown_before = _shown_tiles(game_before)
        game = view.get("game_state") or {}
        self._game = game
        after = game.get("table")
        if before is None or after is None:
            self._put(_changed=[], _arrived=[])
        elif moves.table_keys(before) != moves.table_keys(after):
            author = game.get("placed_by")
            changed = moves.changed_keys(before, after) if author not in (None, self._viewer) else []
            self._put(_changed=changed)
            if changed:
                self._put(flash=self.flash + 1)
        shown_now = _shown_tiles(game)
        if before is not None and shown_now != shown_before:
            self._arrived = sorted(moves.arrived_tiles(shown_before, shown_now))
        self._put(_drawn=list(game.get("drawn") or []), _last=dict(game.get("last_move") or {}))

    def _show_board(self, b: Board) -> None:
        on_board = _shown_tiles(self._raw("_game")) | {t for t in b.rack_cells if t}  # `b` is that game's board
        self._put(_rack_order=b.rack_cells + [""] * (b.rack_size - len(b.rack_cells)))
        # each set in its slot, the rest in sets_more; every other Board field is a var of the same name
        slots = {f"set_{i}": b.sets[i] if i < len(b.sets) else "" for i in range(SET_SLOTS)}
        shown = {f.name: getattr(b, f.name) for f in fields(Board) if f.name != "sets"}
        self._put(selected=[t for t in self._raw("selected") if t in on_board], sets_more=b.sets[SET_SLOTS:], **slots, **shown)

    def _restyle(self) -> None:
        game = self._raw("_game")
        if game:
            self._show_board(
                board(
                    game,
                    self._raw("_names"),
                    self._raw("selected"),
                    self._raw("_rack_order"),
                    set(self._raw("_changed")),
                    set(self._raw("_arrived")),
                    set(self._raw("_drawn")),
                    self._raw("_last") or None,
                    self._raw("_names_en"),
                )
            )
        else:
            self._show_board(Board())

    # -- the waiting room --------------------------------------------------------------------
    @browser_event
    async def change_settings(self, form: dict[str, str]) -> None:
        """Host: turn time and whole-game minutes."""
        try:  # ASCII digits only: int() takes "١٢٠" as 120 and raises on "²", which isdigit() calls a digit
            options = {
                "turnSeconds": ascii_int(form.get("turn_seconds") or "60", 0, MAX_SETTING),
                "gameSeconds": ascii_int(form.get("game_minutes") or "30", 0, MAX_SETTING) * 60,
            }
        except BadPayload:  # text that is no number (the socket lets only text through)
            self._say("bad_option")
            return
        await self._request("settings", settings={"options": options})

    # -- the board ---------------------------------------------------------------------------
    @browser_event
    def toggle(self, tile_id: str) -> None:
        """Select or unselect a tile (click, tap, or Enter on a focused tile)."""
        selected = self._raw("selected")
        self._select([t for t in selected if t != tile_id] if tile_id in selected else selected + [tile_id])

    def _select(self, tiles: list[str]) -> None:
        """Select `tiles` (those on my board): the board itself does not change, so it is not
        rebuilt (a tap is the most frequent event there is)."""
        on_board = _shown_tiles(self._raw("_game")) | set(self._raw("rack_cells"))
        self._put(selected=[t for t in tiles if t in on_board])

    def _rack_tiles(self) -> list[str]:
        """My rack tiles not on the table, in my cell order."""
        return [t for t in self.rack_cells if t]

    @browser_event
    def chain_select(self, data: ChainPress) -> None:
        """Long press: select from the pressed tile rightwards, one more each 0.25 s, while the
        tiles still continue a run or a group (service page 조작 방법)."""
        tile, steps = data["tile"], data["steps"]
        rows = [self._rack_tiles()] + [list(s["tile_ids"]) for s in _shown_sets(self._raw("_game"))]
        line = next((r for r in rows if tile in r), None)
        if line is not None:
            self.selected = chain(line, tile, min(steps, 13))
            self._restyle()

    @browser_event
    def sort_rack(self, kind: str) -> None:
        """789: runs first; 777: groups first (the rest behind). Only on this button."""
        tiles = self._rack_tiles()
        ordered = sort_runs_first(tiles) if kind == "789" else sort_groups_first(tiles) if kind == "777" else tiles
        self._rack_order = ordered
        self._restyle()

    @browser_event
    def hint(self) -> None:
        """ "도와줘": select one new set the rack can play by itself (spec §9; rack only)."""
        found = find_new_set(self._rack_tiles())
        if found is None:
            self._say("table.no_set_to_play")
            return
        self.error = ""
        self.selected = found
        self._restyle()

    @browser_event
    async def drop_tiles(self, data: TileDrop) -> None:
        """A drag ended on a set, on the table, or on a rack cell."""
        try:
            dropped = parse_drop(data)
        except BadPayload:  # a tile id that is no tile, a target of the wrong shape (issue 35: 1)
            self._say(REFUSED_MESSAGE)
            return
        tiles = list(dropped.tiles)
        rack = set(self._game.get("rack") or [])
        if dropped.kind == "rack":
            on_table = [t for t in tiles if t in rack and t not in self._rack_tiles()]
            if on_table and self.my_turn:
                sets = return_to_rack(self._draft_sets(), on_table, list(rack))
                await self._send({"type": "setDraft", "sets": sets})
            self._place_in_rack([t for t in tiles if t in rack], dropped.rack_cell)
            return
        if not self.my_turn:
            self._say("table.not_your_turn")
            return
        self.selected = []
        await self._send({"type": "setDraft", "sets": drop(self._draft_sets(), tiles, dropped.target())})

    def _place_in_rack(self, tiles: list[str], cell: int) -> None:
        order = [t if t not in tiles else "" for t in self._rack_order]
        at = cell if 0 <= cell < len(order) else len(order)
        for tile in tiles:
            while at < len(order) and order[at]:
                at += 1
            if at >= len(order):
                order.append(tile)
            else:
                order[at] = tile
            at += 1
        self._rack_order = order
        self.selected = []
        self._restyle()

    @browser_event
    def clear_selection(self) -> None:
        """Drop the selection."""
        self._put(selected=[])

    def _draft_sets(self) -> list[dict[str, Any]]:
        return draft_payload(((self._game.get("draft") or {}).get("sets")) or [])

    async def _send(self, action: dict[str, Any]) -> None:
        action = {**action, "turn": self._game.get("turn_no")}
        service = wiring.rooms().service
        # a first-meld refusal says the points missing
        await self._ask(lambda: service.act(self._room_id, self._viewer, action, origin=request_origin(self)), explain=moves.explain)

    @browser_event
    async def place_new(self) -> None:
        """Selected tiles become a new set."""
        if self.selected:
            sets = move_tiles(self._draft_sets(), self.selected, None)
            self.selected = []
            await self._send({"type": "setDraft", "sets": sets})

    @browser_event
    async def place_on(self, index: int) -> None:
        """Selected tiles join set number `index`."""
        if self.selected and type(index) is int:
            sets = move_tiles(self._draft_sets(), self.selected, index)
            self.selected = []
            await self._send({"type": "setDraft", "sets": sets})

    @browser_event
    async def to_rack(self) -> None:
        """Selected tiles that came from my rack go back to it."""
        rack = self._game.get("rack") or []
        sets = return_to_rack(self._draft_sets(), self.selected, rack)
        self.selected = []
        await self._send({"type": "setDraft", "sets": sets})

    @browser_event
    async def game_action(self, kind: str) -> None:
        """undoDraft / resetDraft / commit / draw / pass."""
        if kind not in ("undoDraft", "resetDraft", "commit", "draw", "pass"):
            self._say("not_allowed")
            return
        self._put(selected=[])  # assigned only when there was one: Reflex sends every assigned var
        await self._send({"type": kind, "seq": self._game.get("seq")})


for _slot in range(SET_SLOTS):
    RummikubTable.add_var(f"set_{_slot}", str, "")


def _shown_sets(game: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The sets a viewer's board shows, in the board's order: the draft they see (their own in
    their turn, another's when shown), else the table. The state reads them here, not back from
    the set codes it sent."""
    if not game:
        return []
    draft = game.get("draft") or {}
    return draft["sets"] if draft.get("sets") is not None else game.get("table") or []


def _shown_tiles(game: dict[str, Any] | None) -> set[str]:
    """The tiles on the sets a viewer's board shows."""
    return {t for s in _shown_sets(game) for t in s["tile_ids"]}
