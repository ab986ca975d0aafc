"""One browser's window on one room: a thin adapter between the browser and the room service.

Public vars hold only this viewer's `room_view` turned into display rows; the room itself (and its
engine state with every hidden tile) stays in the room layer. Pushes from other people's moves
arrive through `_apply_view`, called by the live-viewer registry with `app.modify_state` (a method
for the server only: Reflex never makes an `_`-prefixed method an event a browser could send).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import reflex as rx

from tilerooms.engine import RuleError
from tilerooms.games.rummikub.draft_edit import draft_payload, drop, move_tiles, return_to_rack
from tilerooms.games.rummikub.hint import find_new_set
from tilerooms.games.rummikub.rack_order import chain, sort_groups_first, sort_runs_first
from tilerooms.rooms import runtime
from tilerooms.state.identity import IdentityState
from tilerooms.state.lobby import LobbyState
from tilerooms.state.origin import request_origin
from tilerooms.state.payloads import browser_event
from tilerooms.state.mahjong_view import (
    MjClaim,
    MjHandResult,
    MjInfo,
    MjOwn,
    MjRankRow,
    MjSeat,
    MjSeries,
    chart_rows,
    end_reason,
    mahjong_table,
    ranking_rows,
    start_points,
)
from tilerooms.state import rummikub_moves as moves
from tilerooms.state.rummikub_view import Board, PlayerRow, RackCell, SetRow, board
from tilerooms.ui.i18n import SERVER_MESSAGES, text

END_REASONS = {
    "rackEmpty": "타일을 모두 내려놓았어요",
    "stalemate": "더 낼 수 있는 사람이 없어요",
    "timeUp": "전체 시간이 끝났어요",
    "aborted": "참가자가 한 명만 남아 게임이 끝났어요",
}


@dataclass
class SeatRow:
    """One seat of the waiting room as this viewer sees it."""

    index: int
    label: str
    empty: bool
    id: str
    name: str
    ai: bool
    level: str
    ready: bool
    connected: bool
    is_host: bool
    is_me: bool
    name_en: str = ""  # an AI seat's name in English ("AI 2 (Easy)")


@dataclass
class ResultRow:
    """One line of the results table."""

    rank: int
    name: str
    score: int
    tiles: int
    name_en: str = ""


@dataclass
class ChatRow:
    """One chat line (rendered as text, never HTML)."""

    no: int
    name: str
    text: str


class RoomState(rx.State):
    """What this viewer sees of the room, and the buttons they press."""

    status: str = "loading"
    room_name: str = ""
    game_name: str = ""
    version: int = 0
    me: str = ""
    role: str = ""
    is_host: bool = False
    solo: bool = False
    has_password: bool = False
    needs_password: bool = False
    seats: list[SeatRow] = []
    spectators: list[str] = []
    chat: list[ChatRow] = []
    # the common menu in a game holds the chat: lines that came while it was shut are unread
    menu_open: bool = False
    chat_unread: int = 0
    options_text: str = ""
    options_text_en: str = ""
    result_summary: str = ""
    result_summary_en: str = ""
    result_rows: list[ResultRow] = []
    match_continues: bool = False
    error: str = ""
    # the number-tile board of this viewer
    players: list[PlayerRow] = []
    sets: list[SetRow] = []
    rack: list[RackCell] = []
    board_rows: int = 12
    draft_changed: bool = False
    selected: list[str] = []
    my_turn: bool = False
    pool_count: int = 0
    deadline: int = 0
    server_now: int = 0
    current_name: str = ""
    current_name_en: str = ""
    meld_text: str = ""
    meld_text_en: str = ""
    commit_ok: bool = False
    problem: str = ""
    can_undo: bool = False
    live_draft: bool = False
    # issue 18: the last move in one line ("AI 2: 3장 내려놓음"), the highlight's restart counter
    last_move: str = ""
    last_move_en: str = ""
    flash: int = 0
    # the mahjong table of this viewer (issue 7): rows from their own view only
    game: str = ""
    mj_info: MjInfo = rx.field(default_factory=MjInfo)
    mj_seats: list[MjSeat] = []
    mj_own: MjOwn = rx.field(default_factory=MjOwn)
    mj_claim: MjClaim = rx.field(default_factory=MjClaim)
    mj_result: MjHandResult = rx.field(default_factory=MjHandResult)
    mj_ranking: list[MjRankRow] = []
    mj_chart: list[dict[str, Any]] = []
    mj_series: list[MjSeries] = []
    mj_end: str = ""
    # this browser's table settings (spec §9: large print on by default; two-step discard)
    mj_large: bool = True
    mj_one_tap: bool = False
    mj_beginner: bool = True
    mj_reduced: bool = False

    @rx.var
    def error_en(self) -> str:
        """English of an error line with numbers in it ("" for the others: `server_text` knows them)."""
        return moves.english(self.error)

    @rx.var
    def problem_en(self) -> str:
        """English of the commit problem line when it has numbers in it (the first-meld shortfall)."""
        return moves.english(self.problem)

    _room_id: str = ""
    _version: int = 0  # the last room version applied (`version`: the last one with a visible change)
    _viewer: str = ""
    _game: dict[str, Any] = {}
    _names: dict[str, str] = {}
    _rack_order: list[str] = []  # this browser's rack cells ("" = empty): client-local order
    _changed: list[str] = []  # set keys another player's move changed (1 s highlight), until the next table change
    _arrived: list[str] = []  # tiles that came onto the shown sets at their last change (200 ms)
    _drawn: list[str] = []  # my rack tiles from my latest draw, until I act
    _mj_view: dict[str, Any] = {}  # this viewer's own mahjong view (tokens for actions)
    _mj_selected: str = ""
    _mj_riichi_mode: bool = False
    _chat_read_no: int = 0  # the last chat line this viewer has seen
    _mj_history: list[Any] = []  # [(hand label, {player: points})] seen by this browser, for the chart

    # -- entering and leaving ----------------------------------------------------------------
    @browser_event
    async def enter(self):
        """Page load (and reload): rejoin my seat, else take a free seat, else watch."""
        room_id = self.router.url.path.rstrip("/").rsplit("/", 1)[-1]
        identity = await self.get_state(IdentityState)
        who = identity._current_user()
        (await self.get_state(LobbyState)).following = False  # stop the lobby list refresh
        self._room_id, self._viewer, self.me = room_id, who.id, who.id
        service = runtime.service()
        view = await service.view(room_id, who.id)
        if view is None:
            await runtime.live().forget(self.router.session.client_token)  # no longer shows the room it showed
            self.status = "closed"
            self.error = "없는 방이거나 이미 닫힌 방이에요"
            return
        watch = self.router.url.query_parameters.get("watch") == "1"
        try:
            if view["you"]["role"] != "outsider":
                await service.connected(room_id, who.id)
            elif watch or view["status"] != "waiting":
                await service.join(room_id, who, spectate=True, origin=request_origin(self))
            elif view["has_password"]:
                self.needs_password = True
            else:
                await service.join(room_id, who, origin=request_origin(self))
        except RuleError as err:
            self.error = err.message
            if err.code == "room_full" and view["allow_spectators"] and not view["has_password"]:
                try:  # every seat taken: watch instead
                    await service.join(room_id, who, spectate=True, origin=request_origin(self))
                except RuleError as refused:
                    self.error = refused.message
        await runtime.live().watch(self.router.session.client_token, room_id, who.id)
        await self._refresh()

    @browser_event
    async def submit_password(self, form: dict[str, str]) -> None:
        """Join a password-protected room."""
        identity = await self.get_state(IdentityState)
        try:
            await runtime.service().join(self._room_id, identity._current_user(), password=str(form.get("password", "")), origin=request_origin(self))
            self.needs_password = False
            self.error = ""
        except RuleError as err:
            self.error = err.message
        await self._refresh()

    @browser_event
    async def leave(self):
        """Leave the room (and the game: my tiles go back to the pool) and return to the lobby."""
        try:
            await runtime.service().leave(self._room_id, self._viewer)
        except RuleError:
            pass
        await runtime.live().forget(self.router.session.client_token)
        return rx.redirect("/lobby")

    # -- views -------------------------------------------------------------------------------
    async def _refresh(self) -> None:
        view = await runtime.service().view(self._room_id, self._viewer)
        if view is None:
            self.status = "closed"
            return
        self._apply_view(view, force=True)

    def _put(self, **values: Any) -> None:
        # only changed vars are assigned: Reflex sends every assigned var, equal or not
        for name, value in values.items():
            if getattr(self, name) != value:
                setattr(self, name, value)

    def _apply_view(self, view: dict[str, Any], force: bool = False) -> None:
        """Show a room view (a push may arrive late or twice: versions already shown are ignored).

        The public `version` goes out only with a change this viewer sees: a push that changes
        nothing visible (another seat's hidden claim answer, spec mahjong 5.3 step 7) sends no frame.
        """
        if not force and view.get("version", 0) <= self._version:
            return
        self._version = view.get("version", 0)
        self._show_view(view)
        if self.version != self._version and any(not name.startswith("_") for name in self.dirty_vars):
            self.version = self._version

    def _show_view(self, view: dict[str, Any]) -> None:
        self._put(status=view.get("status", "closed"))
        if self.status not in ("playing", "paused"):
            self._put(menu_open=False)  # the game's menu goes with the game
        if self.status == "closed":
            return
        you, options = view["you"], view["options"]
        self._names = {s["occupant"]["id"]: s["occupant"]["name"] for s in view["seats"] if s["occupant"]}
        self._names.update((view.get("result") or {}).get("names", {}))
        self._put(
            room_name=view["name"],
            game_name=view["game_name"],
            role=you["role"],
            is_host=you["is_host"],
            solo=view["solo"],
            has_password=view["has_password"],
            seats=[_seat_row(s, view["host_id"], self._viewer) for s in view["seats"]],
            spectators=[s["name"] for s in view["spectators"]],
            chat=[ChatRow(c["no"], c["name"], c["text"]) for c in view["chat"]],
            game=view.get("game", ""),
        )
        self._count_unread()
        if view.get("game") == "mahjong":
            self._put(options_text=_mahjong_options_text(options), options_text_en=_mahjong_options_text(options, "en"), result_rows=[], result_summary="", result_summary_en="", match_continues=False)
            self._apply_mahjong(view)
            return
        self._put(
            options_text=_options_text(options),
            options_text_en=_options_text(options, "en"),
            **_result_vars(view.get("result")),
        )
        self._show_moves(view)
        self._restyle()

    def _show_moves(self, view: dict[str, Any]) -> None:
        """Another player's move made visible (issue 18: 3): the sets it changed are highlighted for
        1 s (`flash` restarts the animation), tiles new on the board animate in, my drawn tiles are
        marked until I act, and the last move is named. Works from table to table, whoever's turn
        it is now: the move that handed the turn to me counts, and a later push that changes no
        set (a clock, a chat line, an AI being woken) keeps the highlight instead of clearing it."""
        before = (self._game or {}).get("table")
        shown_before = _shown_tiles(self._game)
        self._game = view.get("game_state") or {}
        after = self._game.get("table")
        events = view.get("events") or []
        if before is None or after is None:
            self._changed, self._arrived = [], []
        elif moves.table_keys(before) != moves.table_keys(after):
            author = moves.last_author(events)
            self._changed = moves.changed_keys(before, after) if author not in (None, self._viewer) else []
            if self._changed:
                self._put(flash=self.flash + 1)
        shown_now = _shown_tiles(self._game)
        if before is not None and shown_now != shown_before:
            self._arrived = sorted(moves.arrived_tiles(shown_before, shown_now))
        self._drawn = moves.drawn_tiles(events, self._viewer, self._game.get("rack") or [])
        line, line_en = moves.last_move(events, self._names, self._viewer) if self._game else ("", "")
        self._put(last_move=line, last_move_en=line_en)

    def _show_board(self, b: Board) -> None:
        on_board = {t.id for s in b.sets for t in s.tiles} | {c.tile.id for c in b.rack if not c.empty}
        self._rack_order = [c.tile.id for c in b.rack]
        if b.deadline != self.deadline:
            self.server_now = int(time.time() * 1000)  # the countdown's reference for clock skew
        self._put(
            selected=[t for t in self.selected if t in on_board],
            players=b.players,
            sets=b.sets,
            rack=b.rack,
            board_rows=b.rows,
            draft_changed=b.draft_changed,
            my_turn=b.my_turn,
            pool_count=b.pool_count,
            deadline=b.deadline,
            current_name=b.current_name,
            current_name_en=b.current_name_en,
            meld_text=b.meld_text,
            meld_text_en=b.meld_text_en,
            commit_ok=b.commit_ok,
            problem=b.problem,
            can_undo=b.can_undo,
            live_draft=b.live_draft,
        )

    def _restyle(self) -> None:
        if self._game:
            self._show_board(board(self._game, self._names, self.selected, self._rack_order, set(self._changed), set(self._arrived), set(self._drawn)))
        else:
            self._show_board(Board())

    # -- the board ---------------------------------------------------------------------------
    @browser_event
    def toggle(self, tile_id: str) -> None:
        """Select or unselect a tile (click, tap, or Enter on a focused tile)."""
        if not isinstance(tile_id, str):  # clients can send any payload (GUIDE §5)
            return
        if tile_id in self.selected:
            self.selected = [t for t in self.selected if t != tile_id]
        else:
            self.selected = self.selected + [tile_id]
        self._restyle()

    def _rack_tiles(self) -> list[str]:
        """My rack tiles not on the table, in my cell order."""
        return [c.tile.id for c in self.rack if not c.empty]

    @browser_event
    def chain_select(self, data: dict) -> None:
        """Long press: select from the pressed tile rightwards, one more each 0.25 s, while the
        tiles still continue a run or a group (service page 조작 방법)."""
        if not isinstance(data, dict):
            return
        tile, steps = data.get("tile"), data.get("steps")
        if not isinstance(tile, str) or not isinstance(steps, int):
            return
        rows = [self._rack_tiles()] + [[t.id for t in s.tiles] for s in self.sets]
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
        """"도와줘": select one new set the rack can play by itself (spec §9; rack only)."""
        found = find_new_set(self._rack_tiles())
        if found is None:
            self.error = "지금 손패만으로 낼 수 있는 묶음이 없어요"
            return
        self.error = ""
        self.selected = found
        self._restyle()

    @browser_event
    async def drop_tiles(self, data: dict) -> None:
        """A drag ended on a set, on the table, or on a rack cell."""
        if not isinstance(data, dict):
            return
        tiles, target = data.get("tiles"), data.get("target")
        if not isinstance(tiles, list) or not isinstance(target, dict) or not all(isinstance(t, str) for t in tiles):
            return
        rack = set(self._game.get("rack") or [])
        if target.get("kind") == "rack":
            cell = target.get("cell")
            on_table = [t for t in tiles if t in rack and t not in self._rack_tiles()]
            if on_table and self.my_turn:
                sets = return_to_rack(self._draft_sets(), on_table, list(rack))
                await self._send({"type": "setDraft", "sets": sets})
            self._place_in_rack([t for t in tiles if t in rack], cell if isinstance(cell, int) else -1)
            return
        if not self.my_turn:
            self.error = "내 차례에만 테이블에 놓을 수 있어요"
            return
        self.selected = []
        await self._send({"type": "setDraft", "sets": drop(self._draft_sets(), tiles, target)})

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
        self.selected = []
        self._restyle()

    def _draft_sets(self) -> list[dict[str, Any]]:
        return draft_payload(((self._game.get("draft") or {}).get("sets")) or [])

    async def _send(self, action: dict[str, Any]) -> None:
        action = {**action, "turn": self._game.get("turn_no")}
        try:
            await runtime.service().act(self._room_id, self._viewer, action, origin=request_origin(self))
            self.error = ""
        except RuleError as err:
            self.error = moves.explain(err.message)  # a first-meld refusal says the points missing
        await self._refresh()

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
            self.error = "할 수 없는 동작이에요"
            return
        self.selected = []
        await self._send({"type": kind, "seq": self._game.get("seq")})

    # -- the mahjong table (issue 7) ----------------------------------------------------------
    def _apply_mahjong(self, view: dict[str, Any]) -> None:
        """Mahjong: keep my own engine view (backend only) and show its rows."""
        self._game = {}
        game_view = view.get("game_state") or {}
        if view.get("status") == "waiting" or not game_view:
            self._mj_history = []
        if game_view:
            # the chart from the engine's own record of finished hands: a reload loses nothing
            ids = [p["id"] for p in game_view.get("players", [])]
            self._mj_history = [["시작", start_points(game_view)]] + [
                [h["round"], dict(zip(ids, h["points"]))] for h in game_view.get("handHistory", [])
            ]
            if (game_view.get("me") or {}).get("legal") is None:
                self._mj_selected, self._mj_riichi_mode = "", False
        self._mj_view = game_view
        result = view.get("result") if view.get("status") == "finished" else None
        order = [p["id"] for p in game_view.get("players", [])]
        if result is not None and game_view:
            final = {r["player"]: int(r["points"]) for r in result.get("ranking", [])}
            last_points = self._mj_history[-1][1] if self._mj_history else {}
            if final and final != last_points:
                self._mj_history = self._mj_history + [["종료", final]]
        rows, series = chart_rows([(h[0], h[1]) for h in self._mj_history], order, self._names) if result else ([], [])
        self._put(
            mj_ranking=ranking_rows(result, self._names, self._viewer),
            mj_chart=rows,
            mj_series=series,
            mj_end=end_reason(result),
        )
        self._mj_restyle()

    def _mj_restyle(self) -> None:
        table = mahjong_table(
            self._mj_view or None, self._names, selected=self._mj_selected,
            riichi_mode=self._mj_riichi_mode, beginner=self.mj_beginner and bool((self._mj_view.get("options") or {}).get("beginnerMode", True)),
        )
        if table.info.deadline != self.mj_info.deadline:
            self.server_now = int(time.time() * 1000)  # the countdown's reference for clock skew
        self._put(mj_info=table.info, mj_seats=table.seats, mj_own=table.own, mj_claim=table.claim, mj_result=table.result)

    async def _mj_send(self, action: dict[str, Any]) -> None:
        action = {**action, "seq": self._mj_view.get("phaseSeq")}
        try:
            await runtime.service().act(self._room_id, self._viewer, action, origin=request_origin(self))
            self.error = ""
        except RuleError as err:
            self.error = err.message
        self._mj_selected, self._mj_riichi_mode = "", False
        await self._refresh()

    def _mj_legal(self) -> dict[str, Any]:
        return ((self._mj_view.get("me") or {}).get("legal")) or {}

    @browser_event
    async def mj_tap(self, token: str) -> None:
        """Tap on a hand tile: select (and enlarge) it; a second tap — or the first, with one-tap
        discarding on — discards it; in riichi mode a lit tile is the riichi discard (spec §9)."""
        legal = self._mj_legal()
        if not isinstance(token, str) or not legal:
            return
        if self._mj_riichi_mode:
            if token in (legal.get("riichi") or []):
                await self._mj_send({"type": "discard", "tile": token, "riichi": True})
            else:
                self.error = "리치 중에는 빛나는 패만 버릴 수 있어요"
            return
        if token not in (legal.get("discard") or []):
            self._mj_selected = token
            self.error = "방금 울은 패와 같은 패나 반대쪽 스지 패는 버릴 수 없어요" if self._mj_view.get("stage") == "afterCall" else "지금은 그 패를 버릴 수 없어요"
            self._mj_restyle()
            return
        if self.mj_one_tap or token == self._mj_selected:
            await self._mj_send({"type": "discard", "tile": token})
            return
        self._mj_selected = token
        self.error = ""
        self._mj_restyle()

    @browser_event
    async def mj_swipe(self, token: str) -> None:
        """Swipe up on a hand tile: discard it at once (or declare riichi with it in riichi mode)."""
        legal = self._mj_legal()
        if not isinstance(token, str) or not legal:
            return
        if self._mj_riichi_mode and token in (legal.get("riichi") or []):
            await self._mj_send({"type": "discard", "tile": token, "riichi": True})
        elif not self._mj_riichi_mode and token in (legal.get("discard") or []):
            await self._mj_send({"type": "discard", "tile": token})

    @browser_event
    async def mj_discard(self) -> None:
        """The big 버리기 button: discard the selected tile."""
        if self._mj_selected:
            legal = self._mj_legal()
            riichi = self._mj_riichi_mode and self._mj_selected in (legal.get("riichi") or [])
            await self._mj_send({"type": "discard", "tile": self._mj_selected, "riichi": riichi})
        else:
            self.error = "버릴 패를 먼저 눌러 고르세요"

    @browser_event
    def mj_riichi(self) -> None:
        """리치: light the discards that keep tenpai; tap one of them to declare (again: cancel)."""
        if not self._mj_legal().get("riichi"):
            return
        self._mj_riichi_mode = not self._mj_riichi_mode
        self._mj_selected = ""
        self._mj_restyle()

    @browser_event
    async def mj_turn_action(self, kind: str) -> None:
        """쯔모 / 북 / 구종구패 (shown only when legal)."""
        if kind not in ("tsumo", "kita", "kyuushu"):
            self.error = "할 수 없는 동작이에요"
            return
        await self._mj_send({"type": kind})

    @browser_event
    async def mj_kan(self, key: str) -> None:
        """깡: "ankan:<kind>" or "kakan:<token>" (the choices come from my legal moves)."""
        kind, _, value = str(key).partition(":")
        legal = self._mj_legal()
        if kind == "ankan" and value.isdigit() and int(value) in (legal.get("ankan") or []):
            await self._mj_send({"type": "ankan", "kind": int(value)})
        elif kind == "kakan" and value in (legal.get("kakan") or []):
            await self._mj_send({"type": "kakan", "tile": value})

    @browser_event
    async def mj_call(self, call: str, choice: str = "0") -> None:
        """Answer my claim window: ron / pon / kan / chi (with the chosen combination) or pass."""
        mine = ((self._mj_view.get("me") or {}).get("claim")) or {}
        if call == "pass":
            await self._mj_send({"type": "pass"})
            return
        if call not in (mine.get("calls") or []):
            return
        action: dict[str, Any] = {"type": "claim", "call": call}
        options = mine.get(call) if call in ("pon", "chi") else None
        if options:
            index = int(choice) if str(choice).isdigit() else 0
            action["tiles"] = options[min(index, len(options) - 1)]
        await self._mj_send(action)

    @browser_event
    async def mj_ready(self) -> None:
        """확인 on the result screen (the next hand starts when everyone has confirmed)."""
        await self._mj_send({"type": "ready"})

    @browser_event
    async def mj_pref(self, key: str) -> None:
        """Auto-win / no-calls (spec 7.1), kept by the engine for my seat."""
        if key not in ("autoWin", "noCalls"):
            return
        prefs = ((self._mj_view.get("me") or {}).get("prefs")) or {}
        await self._mj_send({"type": "setPref", key: not bool(prefs.get(key))})

    @browser_event
    def mj_setting(self, name: str) -> None:
        """This browser's table settings: large print, one-tap discard, beginner mode, less motion."""
        if name not in ("mj_large", "mj_one_tap", "mj_beginner", "mj_reduced"):
            return
        setattr(self, name, not getattr(self, name))
        self._mj_restyle()

    @browser_event
    async def practice_mahjong(self):
        """"리치 마작 AI와 연습": a private 4-player game against three AIs at the level this
        browser chose in the lobby, started at once."""
        from tilerooms.state.practice import PracticeState  # the lobby's practice choice

        identity = await self.get_state(IdentityState)
        _, level = (await self.get_state(PracticeState))._choice()
        try:
            room_id = await runtime.service().create_practice(identity._current_user(), game="mahjong", ai_count=3, level=level, origin=request_origin(self))
        except RuleError as err:
            self.error = err.message
            return None
        return rx.redirect(f"/room/{room_id}")

    # -- waiting room ------------------------------------------------------------------------
    async def _request(self, request: str, **payload: Any) -> None:
        try:
            await runtime.service().waiting_room(self._room_id, self._viewer, request, origin=request_origin(self), **payload)
            self.error = ""
        except RuleError as err:
            self.error = err.message
        await self._refresh()

    @browser_event
    async def toggle_ready(self) -> None:
        """Ready / not ready."""
        mine = next((s for s in self.seats if s.is_me), None)
        await self._request("ready", ready=not (mine.ready if mine else False))

    @browser_event
    async def add_ai(self, seat: int, level: str) -> None:
        """Host: an AI of `level` into an empty seat."""
        await self._request("add_ai", seat=seat, level=level)  # the room checks both

    @browser_event
    async def set_ai_level(self, seat: int, level: str) -> None:
        """Host: change an AI seat's difficulty."""
        await self._request("set_ai_level", seat=seat, level=level)

    @browser_event
    async def remove_ai(self, seat: int) -> None:
        """Host: remove an AI seat."""
        await self._request("remove_ai", seat=seat)

    @browser_event
    async def kick(self, target: str) -> None:
        """Host: send someone out of the waiting room."""
        await self._request("kick", target=target)

    @browser_event
    async def pass_host(self, target: str) -> None:
        """Host: hand over the host role."""
        await self._request("pass_host", target=target)

    @browser_event
    async def room_request(self, request: str) -> None:
        """start / back_to_waiting / next_game / pause / resume / quit_practice."""
        if request not in ("start", "back_to_waiting", "next_game", "pause", "resume", "quit_practice"):
            self.error = "할 수 없는 동작이에요"
            return
        await self._request(request)

    @browser_event
    async def change_settings(self, form: dict[str, str]) -> None:
        """Host: turn time and whole-game minutes."""
        try:
            options = {"turnSeconds": int(form.get("turn_seconds") or 60), "gameSeconds": int(form.get("game_minutes") or 30) * 60}
        except (AttributeError, TypeError, ValueError, OverflowError):
            self.error = "설정 값이 올바르지 않아요"
            return
        await self._request("settings", settings={"options": options})

    # -- chat --------------------------------------------------------------------------------
    def _count_unread(self) -> None:
        last = max((c.no for c in self.chat), default=0)
        if self.menu_open or last < self._chat_read_no:  # a reset room numbers its lines anew
            self._chat_read_no = last
        self._put(chat_unread=sum(1 for c in self.chat if c.no > self._chat_read_no))

    @browser_event
    def set_menu_open(self, is_open: bool) -> None:
        """The in-game menu opened or shut; opening it reads the chat."""
        self.menu_open = is_open is True
        self._count_unread()

    @browser_event
    async def send_chat(self, form: dict[str, str]) -> None:
        """Post a chat line."""
        try:
            await runtime.service().say(self._room_id, self._viewer, form.get("text", "") if isinstance(form, dict) else None, origin=request_origin(self))
            self.error = ""
        except RuleError as err:
            self.error = err.message
        await self._refresh()


def _shown_tiles(game: dict[str, Any] | None) -> set[str]:
    """The tiles on the sets a viewer's board shows: their own draft in their turn, else the table."""
    if not game:
        return set()
    draft = game.get("draft") or {}
    sets = draft["sets"] if draft.get("sets") is not None else game.get("table") or []
    return {t for s in sets for t in s["tile_ids"]}


def _options_text(options: dict[str, Any], locale: str = "ko") -> str:
    """The number-tile room's clocks under its name: "턴 60초 · 전체 30분"."""
    return text("room.options", locale).format(turn=options.get("turnSeconds", 60), minutes=options.get("gameSeconds", 1800) // 60)


def _mahjong_options_text(options: dict[str, Any], locale: str = "ko") -> str:
    """The mahjong room's options under its name: "반장전 · 타패 15초 · 응답 8초"."""
    length = text("room.options.tonpuu" if options.get("length") == "tonpuu" else "room.options.hanchan", locale)
    return text("room.options.mahjong", locale).format(length=length, turn=options.get("turnSeconds", 15), claim=options.get("claimSeconds", 8))


def _result_vars(result: dict[str, Any] | None) -> dict[str, Any]:
    """The results table and summary line of a finished (or aborted) game."""
    if not result or (result.get("aborted") and "ranking" not in result):
        return {
            "result_rows": [],
            "result_summary": "게임을 중단했어요" if result and result.get("aborted") else "",
            "result_summary_en": "",  # a fixed line: server_text knows its English
            "match_continues": False,
        }
    names = result.get("names", {})
    rows = [ResultRow(r["rank"], names.get(r["player"], r["player"]), r["score"], r["tilesLeft"], moves.name_en(names.get(r["player"], r["player"]))) for r in result["ranking"]]
    winners = ", ".join(names.get(w, w) for w in result.get("winner", []))
    winners_en = ", ".join(moves.name_en(names.get(w, w)) for w in result.get("winner", []))
    reason = END_REASONS.get(result.get("endReason", ""), "")
    match = result.get("match") or {}
    return {
        "result_rows": rows,
        "result_summary": f"{winners} 님 승리! ({reason})" if winners else reason,
        "result_summary_en": text("room.result_won", "en").format(winners=winners_en, reason=SERVER_MESSAGES.get(reason, reason)) if winners else "",
        "match_continues": bool(match) and not match.get("finished", True),
    }


def _seat_row(seat: dict[str, Any], host_id: str, viewer: str) -> SeatRow:
    occupant = seat["occupant"] or {}
    return SeatRow(
        index=seat["index"],
        label=f"자리 {seat['index'] + 1}",
        empty=not occupant,
        id=occupant.get("id", ""),
        name=occupant.get("name", ""),
        ai=occupant.get("kind") == "ai",
        level=occupant.get("level") or "",
        ready=seat["ready"],
        connected=seat["connected"],
        is_host=bool(occupant) and occupant.get("id") == host_id,
        is_me=bool(occupant) and occupant.get("id") == viewer,
        name_en=moves.name_en(occupant.get("name", "")),
    )
