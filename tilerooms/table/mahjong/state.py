"""The mahjong table of one browser: a substate of `RoomState` (issue 19: 6).

Its public vars are rows built from this viewer's own engine view only (`mahjong_view`); the
view itself, with the tokens actions need, stays in backend vars. `RoomState` hands it every view
it applies (`_show`); its handlers send actions through `RoomState._ask`, the one path that also
applies the fresh view coming back from the same room load.
"""

from __future__ import annotations

from typing import Any, ClassVar

import reflex as rx

from tilerooms import wiring
from tilerooms.games.mahjong.flow import tok
from tilerooms.reflex_ext.payloads import browser_event
from tilerooms.shell.origin import request_origin
from tilerooms.table.mahjong.moves import compact_events
from tilerooms.table.mahjong.room_lines import options_text
from tilerooms.table.mahjong.rows import (
    PLACES,
    MjAnnounce,
    MjClaim,
    MjHandResult,
    MjInfo,
    MjOpenMeld,
    MjOwn,
    MjPlate,
    MjRankRow,
    MjRound,
    MjSummaryRow,
    MjTable,
    MjTurn,
    best_hand_line,
    end_reason,
    mahjong_table,
    pond_rows,
    ranking_rows,
    rounds_played,
    start_points,
    summary_rows,
)
from tilerooms.table.mahjong.score_chart import ChartFigure, ChartLine, ChartTick, score_figure
from tilerooms.table.payloads import REFUSED_MESSAGE, BadPayload, ids_in
from tilerooms.table.state import RoomState

TOKENS = frozenset(tok(tile) for tile in range(136))  # every tile's view token ("52:0p"): all a browser may name


def _place_vars(table: MjTable) -> dict[str, Any]:
    """Each place's plate, melds and pond rows under their var names."""
    out: dict[str, Any] = {}
    for place in PLACES:
        out[f"mj_plate_{place}"] = table.plates[place]
        out[f"mj_melds_{place}"] = table.melds[place]
        for row, tiles in enumerate(pond_rows(table.ponds[place])):
            out[f"mj_pond_{place}_{row}"] = tiles
    return out


class MahjongTable(RoomState):
    """What this viewer sees of the mahjong game (issue 7), and the table's buttons.

    The table is many small vars (issue 20: 2): Reflex sends the whole value of every var a
    handler assigns, and `_put` assigns only the changed ones, so a discard sends one pond row
    and the turn. Each place at the table (bottom = me, right, top, left) has its plate, its melds
    and four pond rows (`mahjong_view.pond_rows`).
    """

    GAME: ClassVar[str] = "mahjong"

    mj_info: MjInfo = rx.field(default_factory=MjInfo)
    mj_round: MjRound = rx.field(default_factory=MjRound)
    mj_turn: MjTurn = rx.field(default_factory=MjTurn)
    mj_announce: MjAnnounce = rx.field(default_factory=MjAnnounce)
    mj_plate_bottom: MjPlate = rx.field(default_factory=MjPlate)
    mj_plate_right: MjPlate = rx.field(default_factory=MjPlate)
    mj_plate_top: MjPlate = rx.field(default_factory=MjPlate)
    mj_plate_left: MjPlate = rx.field(default_factory=MjPlate)
    mj_melds_bottom: list[MjOpenMeld] = []
    mj_melds_right: list[MjOpenMeld] = []
    mj_melds_top: list[MjOpenMeld] = []
    mj_melds_left: list[MjOpenMeld] = []
    # pond rows: tokens with their marks ("52:0p/t"), six a row
    mj_pond_bottom_0: list[str] = []
    mj_pond_bottom_1: list[str] = []
    mj_pond_bottom_2: list[str] = []
    mj_pond_bottom_3: list[str] = []
    mj_pond_right_0: list[str] = []
    mj_pond_right_1: list[str] = []
    mj_pond_right_2: list[str] = []
    mj_pond_right_3: list[str] = []
    mj_pond_top_0: list[str] = []
    mj_pond_top_1: list[str] = []
    mj_pond_top_2: list[str] = []
    mj_pond_top_3: list[str] = []
    mj_pond_left_0: list[str] = []
    mj_pond_left_1: list[str] = []
    mj_pond_left_2: list[str] = []
    mj_pond_left_3: list[str] = []
    mj_own: MjOwn = rx.field(default_factory=MjOwn)
    mj_claim: MjClaim = rx.field(default_factory=MjClaim)
    mj_result: MjHandResult = rx.field(default_factory=MjHandResult)
    mj_ranking: list[MjRankRow] = []
    mj_chart_lines: list[ChartLine] = []  # the game's score chart (score_chart.py)
    mj_chart_y: list[ChartTick] = []
    mj_chart_x: list[ChartTick] = []
    mj_end: str = ""
    mj_summary: list[MjSummaryRow] = []  # the game's per-player summary (spec 8.6)
    mj_best: str = ""  # the game's best hand in one line
    mj_best_en: str = ""
    mj_rounds: int = 0
    mj_last_open: bool = True  # the final screen: the last hand's result over it until 확인
    # this browser's table settings (spec §9: large print on by default; two-step discard)
    mj_large: bool = True
    mj_one_tap: bool = False
    mj_beginner: bool = True
    KEPT_ON_ENTRY: ClassVar[tuple[str, ...]] = ("mj_large", "mj_one_tap", "mj_beginner")  # kept when the page resets what it shows (`page_reset`)

    _mj_view: dict[str, Any] = {}  # this viewer's own mahjong view (tokens for actions)
    _mj_selected: str = ""
    _mj_riichi_mode: bool = False
    _mj_history: list[Any] = []  # [(hand label, {player: points})] seen by this browser, for the chart
    _mj_events: list[dict[str, Any]] = []  # the room's recent public events: the last discard, the call to announce

    # -- showing a view ----------------------------------------------------------------------
    def _show_lines(self, options: dict[str, Any], result: dict[str, Any] | None) -> None:
        """The length and clocks under the room's name (called by `RoomState._show_view`); the
        result screens are the table's own (`_show`)."""
        # a room of three plays sanma (spec 1): the game's name beside this line says so
        self._room()._put(options_text=options_text(options), options_text_en=options_text(options, "en"))

    def _show(self, view: dict[str, Any]) -> None:
        """Mahjong: keep my own engine view (backend only) and show its rows (called by
        `RoomState._show_view`)."""
        game_view = view.get("game_state") or {}
        events = compact_events(view.get("events")) if game_view else []
        names = self._raw("_names")
        history = [] if view.get("status") == "waiting" or not game_view else self._raw("_mj_history")
        if game_view:
            # the chart from the engine's own record of finished hands: a reload loses nothing
            ids = [p["id"] for p in game_view.get("players", [])]
            history = [["시작", start_points(game_view)]] + [[h["round"], dict(zip(ids, h["points"]))] for h in game_view.get("handHistory", [])]
            if (game_view.get("me") or {}).get("legal") is None:
                self._mj_selected, self._mj_riichi_mode = "", False
        self._mj_view = game_view
        self._mj_events = events
        result = view.get("result") if view.get("status") == "finished" else None
        order = [p["id"] for p in game_view.get("players", [])]
        if result is not None and game_view:
            final = {r["player"]: int(r["points"]) for r in result.get("ranking", [])}
            last_points = history[-1][1] if history else {}
            if final and final != last_points:
                history = history + [["종료", final]]
        self._put(_mj_history=history)
        chart = score_figure([(h[0], h[1]) for h in history], order, names) if result else ChartFigure([], [], [])
        names_en = self._raw("_names_en")
        best, best_en = best_hand_line(result, names, names_en)
        if result is None:
            self._put(mj_last_open=True)  # the next game's end shows its last hand again
        self._put(
            mj_ranking=ranking_rows(result, names, self._viewer, names_en),
            mj_summary=summary_rows(result, names, self._viewer, names_en),
            mj_best=best,
            mj_best_en=best_en,
            mj_rounds=rounds_played(result),
            mj_chart_lines=chart.lines,
            mj_chart_y=chart.y_ticks,
            mj_chart_x=chart.x_ticks,
            mj_end=end_reason(result),
        )
        self._mj_restyle()

    def _mj_restyle(self) -> None:
        view = self._raw("_mj_view")
        table = mahjong_table(
            view or None,
            self._raw("_names"),
            names_en=self._raw("_names_en"),
            selected=self._mj_selected,
            riichi_mode=self._mj_riichi_mode,
            beginner=self.mj_beginner and bool((view.get("options") or {}).get("beginnerMode", True)),
            events=self._raw("_mj_events"),
        )
        self._put(
            mj_info=table.info,
            mj_round=table.round,
            mj_turn=table.turn,
            mj_announce=table.announce,
            mj_own=table.own,
            mj_claim=table.claim,
            mj_result=table.result,
            **_place_vars(table),
        )

    async def _mj_send(self, action: dict[str, Any]) -> None:
        action = {**action, "seq": self._mj_view.get("phaseSeq")}
        picked = self._raw("_mj_selected") or self._raw("_mj_riichi_mode")
        self._put(_mj_selected="", _mj_riichi_mode=False)
        shown = self._raw("_mj_view")
        service = wiring.rooms().service
        await self._ask(lambda: service.act(self._room_id, self._viewer, action, origin=request_origin(self)))
        # an answer `_show` took in keeps its view and restyles the table, the selection gone
        # (issue 33: once per action, not twice); a refusal, or an answer with nothing new, did not
        if picked and self._raw("_mj_view") is shown:
            self._mj_restyle()

    def _mj_legal(self) -> dict[str, Any]:
        return ((self._mj_view.get("me") or {}).get("legal")) or {}

    @browser_event
    async def mj_tap(self, token: str) -> None:
        """Tap on a hand tile: select (and enlarge) it; a second tap — or the first, with one-tap
        discarding on — discards it; in riichi mode a lit tile is the riichi discard (spec §9)."""
        legal = self._mj_legal()
        if not legal:
            return
        if self._mj_riichi_mode:
            if token in (legal.get("riichi") or []):
                await self._mj_send({"type": "discard", "tile": token, "riichi": True})
            else:
                self._say("table.riichi_lit_only")
            return
        if token not in (legal.get("discard") or []):
            self._mj_selected = token
            self._say("table.kuikae" if self._mj_view.get("stage") == "afterCall" else "table.cannot_discard")
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
        if not legal:
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
            self._say("table.pick_first")

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
            self._say("not_allowed")
            return
        await self._mj_send({"type": kind})

    @browser_event
    async def mj_kan(self, key: str) -> None:
        """깡: "ankan:<token>" (any of the four tiles) or "kakan:<token>" (the choices come from my
        legal moves); the engine parses the tile and judges the kan, the one check of both."""
        kind, _, tile = key.partition(":")
        if kind not in ("ankan", "kakan"):
            self._say("not_allowed")
            return
        if tile not in TOKENS:  # "ankan:²" names no tile (issue 35: 1)
            self._say(REFUSED_MESSAGE)
            return
        await self._mj_send({"type": kind, "tile": tile})

    @browser_event
    async def mj_call(self, call: str, tiles: list[str] | None = None) -> None:
        """Answer my claim window: ron / pon / kan / chi with the hand `tiles` of the combination
        chosen (none: the first my view offers) or pass. The engine parses the tiles and judges
        the answer, the one check of both."""
        try:  # a token that names no tile ("²") is refused here, before anything reads it (issue 35: 1)
            tiles = list(ids_in(tiles or [], TOKENS, 3))
        except BadPayload:
            self._say(REFUSED_MESSAGE)
            return
        if call == "pass":
            await self._mj_send({"type": "pass"})
            return
        mine = ((self._mj_view.get("me") or {}).get("claim")) or {}
        if call not in (mine.get("calls") or []):
            return
        action: dict[str, Any] = {"type": "claim", "call": call}
        offered = mine.get(call) if call in ("pon", "chi") else None
        if tiles or offered:
            action["tiles"] = tiles or offered[0]
        await self._mj_send(action)

    @browser_event
    async def mj_ready(self) -> None:
        """확인 on the result screen (the next hand starts when everyone has confirmed)."""
        await self._mj_send({"type": "ready"})

    @browser_event
    def mj_last_hand(self, show: bool) -> None:
        """The final screen: close the last hand's result (확인) or show it again."""
        self.mj_last_open = bool(show)

    @browser_event
    async def mj_pref(self, key: str) -> None:
        """Auto-win / no-calls (spec 7.1), kept by the engine for my seat."""
        if key not in ("autoWin", "noCalls"):
            return
        prefs = ((self._mj_view.get("me") or {}).get("prefs")) or {}
        await self._mj_send({"type": "setPref", key: not bool(prefs.get(key))})

    @browser_event
    def mj_setting(self, name: str) -> None:
        """This browser's table settings: large print, one-tap discard, beginner mode (less motion:
        `RoomState.toggle_reduced_motion`, shared by every table)."""
        if name not in ("mj_large", "mj_one_tap", "mj_beginner"):
            return
        setattr(self, name, not getattr(self, name))
        self._mj_restyle()
