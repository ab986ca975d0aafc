"""One browser's window on one room: a thin adapter between the browser and the room service.

Public vars hold only this viewer's `room_view` turned into display rows; the room itself (and its
engine state with every hidden tile) stays in the room layer. `RoomState` is the room's common
part (entering, seats, chat, the one path for requests and pushes); each game's table is a
substate with its own vars and buttons (`table/<game>/state.py`, found by its `GAME`), handed every
view this one applies: it shows its board, its final screen and its options line. Nothing here
names a game: the room page finds each game's table in `tilerooms.table.registry`.

Everything a browser asks goes through `_ask`: the service changes the room and returns this
viewer's view of the room it saved, shown at once. Pushes from other people's moves arrive
through `_apply_view`, called by the live-viewer registry with `app.modify_state` (a method for
the server only: Reflex never makes an `_`-prefixed method an event a browser could send); the
push of a version already shown sends nothing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import reflex as rx

from tilerooms import wiring
from tilerooms.accounts.game_records import keep_for_guest_soon
from tilerooms.accounts.ratings import rank_chips
from tilerooms.core import RuleError
from tilerooms.i18n import refusal
from tilerooms.i18n.lines import english_names, seat_name
from tilerooms.reflex_ext.assign import put, raw
from tilerooms.reflex_ext.page_reset import entered, reset
from tilerooms.reflex_ext.payloads import browser_event
from tilerooms.rooms.catalog import game_info
from tilerooms.shell.identity import IdentityState
from tilerooms.shell.origin import request_origin


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
class ChatRow:
    """One chat line (rendered as text, never HTML)."""

    no: int
    name: str
    text: str


class RoomState(rx.State):
    """What this viewer sees of the room, and the buttons they press."""

    GAME: ClassVar[str] = ""  # a game's table substate: the game id it shows (`_table`); a class constant, never sent

    status: str = "loading"
    room_name: str = ""
    game_name: str = ""
    game_name_en: str = ""
    version: int = 0
    me: str = ""
    role: str = ""
    is_host: bool = False
    solo: bool = False
    has_password: bool = False
    needs_password: bool = False
    seats: list[SeatRow] = []
    ranks: dict[str, dict[str, str]] = {}  # member's player id -> rank chip texts (`ratings.rank_chips`, issue 37)
    spectators: list[str] = []
    chat: list[ChatRow] = []
    # the common menu in a game holds the chat: lines that came while it was shut are unread
    menu_open: bool = False
    chat_unread: int = 0
    options_text: str = ""  # the game's options under the room's name, set by its table
    options_text_en: str = ""
    record_id: str = ""  # the finished game's stored record: its replay is /game/<record_id> (issue 21: 2)
    error: str = ""  # the error line: a message id of `SERVER_MESSAGES` (`_refuse`, `_say`), shown with `error_args`
    error_args: dict[str, str] = {}  # its parameters ({} for most: then never sent again)
    game: str = ""  # the game's id: which table substate shows the game
    # 애니메이션 줄이기: this browser's setting, shared by every game's table
    reduced_motion: bool = False

    _room_id: str = ""
    _version: int = 0  # the last room version applied (`version`: the last one with a visible change)
    _viewer: str = ""
    _names: dict[str, str] = {}  # id -> name (Korean: an AI's "AI 2 (쉬움)")
    _names_en: dict[str, str] = {}  # id -> English name of the AI seats, made from their number and level
    _chat_read_no: int = 0  # the last chat line this viewer has seen
    _records_key: str = ""  # a guest viewer's browser key: the games they finish go to their /me/records (issue 34: 12)
    _shown_on: str = ""  # the socket that entered the room: pushes go to no other socket naming this token (issue 35: 2)

    # -- entering and leaving ----------------------------------------------------------------
    # the viewer's own setting, kept from room to room when the page resets what it shows (`page_reset`)
    KEPT_ON_ENTRY: ClassVar[tuple[str, ...]] = ("reduced_motion",)

    @browser_event
    async def enter(self):
        """Page load (and reload): what the page showed before goes (dialogs, errors, the last
        room's details and tables: `page_reset`), then the room is read once — rejoin my seat, else
        take a free seat, else watch — and the view that answers is shown."""
        room_id = self.router.url.path.rstrip("/").rsplit("/", 1)[-1]
        identity = await self.get_state(IdentityState)
        who = identity._current_user()
        with entered(self):
            self._room_id, self._viewer, self.me = room_id, who.id, who.id
            self._shown_on = self.router.session.session_id
            self._records_key = "" if who.is_member else identity.guest_key
            await self._enter(room_id, who)

    async def _enter(self, room_id: str, who: Any) -> None:
        service = wiring.rooms().service
        try:
            view = await service.connected(room_id, who.id)  # the one read; a member's seat is theirs again
        except RuleError:  # closed between its read and its change
            view = None
        if view is None:
            await wiring.rooms().live.forget(self.router.session.client_token)  # no longer shows the room it showed
            self.status = "closed"
            self._say("room_closed")
            return
        if view["you"]["role"] == "outsider":
            view = await self._join(view, who)
        live = wiring.rooms().live
        await live.watch(self.router.session.client_token, room_id, who.id)
        self._apply_view(view, force=True)
        live.shown_to(self.router.session.client_token, view)  # the push of a change it does not see skips it

    async def _join(self, view: dict[str, Any], who: Any) -> dict[str, Any]:
        """An outsider entering: a free seat, or watching (a link with ?watch=1, a game under way,
        every seat taken); a password room asks first. The room as they now see it."""
        service = wiring.rooms().service
        watch = self.router.url.query_parameters.get("watch") == "1"
        try:
            if watch or view["status"] != "waiting":
                return await service.join(self._room_id, who, spectate=True, origin=request_origin(self))
            if view["has_password"]:
                self.needs_password = True
                return view
            return await service.join(self._room_id, who, origin=request_origin(self))
        except RuleError as err:
            self._refuse(err)
            if err.code == "room_full" and view["allow_spectators"] and not view["has_password"]:
                try:  # every seat taken: watch instead
                    return await service.join(self._room_id, who, spectate=True, origin=request_origin(self))
                except RuleError as refused:
                    self._refuse(refused)
            return view  # refused: the room is as it was read

    @browser_event
    async def submit_password(self, form: dict[str, str]) -> None:
        """Join a password-protected room."""
        who = (await self.get_state(IdentityState))._current_user()
        service = wiring.rooms().service
        await self._ask(lambda: service.join(self._room_id, who, password=str(form.get("password", "")), origin=request_origin(self)))
        if self._raw("role") != "outsider":  # in: the form goes
            self._put(needs_password=False)

    @browser_event
    async def leave(self):
        """Leave the room (and the game: my tiles go back to the pool) and return to the lobby;
        what the page showed goes with it (the menu, the board), so no page opens under it."""
        try:
            await wiring.rooms().service.leave(self._room_id, self._viewer)
        except RuleError:
            pass
        await wiring.rooms().live.forget(self.router.session.client_token)
        reset(self)
        return rx.redirect("/lobby")

    # -- views -------------------------------------------------------------------------------
    def _room(self) -> RoomState:
        """The room part of this browser's state (a table substate's handlers run with `self` the
        table; what `_apply_view` touches lives here)."""
        state: Any = self
        while type(state) is not RoomState:
            state = state.parent_state
        return state

    def _table(self, game: str) -> Any:
        """The loaded table substate showing `game` (its `GAME`), if any. Every table has
        `_show_lines(options, result)` (its options line under the room's name, its final screen's
        lines) and `_show(view)` (its board)."""
        return next((sub for sub in self._room().substates.values() if sub.GAME == game), None)

    async def _ask(
        self, request: Callable[[], Awaitable[dict[str, Any]]], explain: Callable[[str, dict[str, str]], tuple[str, dict[str, str]]] | None = None
    ) -> None:
        """The one path for everything this browser asks of its room (issue 18: 6): the service
        changes the room and returns this viewer's view of the room it saved, which is shown here;
        the push of the same version that follows finds nothing new and sends nothing. A refusal
        only sets the error line: it changed nothing, and a change it kept (a time-out that fired
        first) comes with the push."""
        try:
            view = await request()
        except RuleError as err:
            self._refuse(err, explain)
            return
        self._put(error="")  # assigned only when a refusal showed: Reflex sends every assigned var
        self._apply_view(view)
        wiring.rooms().live.shown_to(self.router.session.client_token, view)  # its push skips this browser

    def _say(self, message_id: str, **params: object) -> None:
        """Show the error line `message_id` (a key of `SERVER_MESSAGES`) with its parameters."""
        self.error = message_id  # assigned even when equal: the same refusal again shows again
        self._put(error_args={key: str(value) for key, value in params.items()})

    def _refuse(self, err: RuleError, explain: Callable[[str, dict[str, str]], tuple[str, dict[str, str]]] | None = None) -> None:
        """Show a refusal on the error line: its message id and parameters (`i18n.refusal`), which
        `explain` may turn into a fuller line (a first-meld shortfall says the missing points)."""
        message_id, params = refusal(err)
        if explain is not None:
            message_id, params = explain(message_id, params)
        self._say(message_id, **params)

    def _put(self, **values: Any) -> None:
        # only changed vars are assigned: Reflex sends every assigned var, equal or not
        put(self, values)

    def _raw(self, name: str) -> Any:
        """Var `name` read past Reflex's proxy (`assign.raw`): for reading only."""
        return raw(self, name)

    def _apply_view(self, view: dict[str, Any], force: bool = False) -> None:
        """Show a room view (a push may arrive late or twice: versions already shown are ignored).

        The public `version` goes out only with a change this viewer sees: a push that changes
        nothing visible (another seat's hidden claim answer, spec mahjong 5.3 step 7) sends no frame.
        """
        room = self._room()
        if not force and view.get("version", 0) <= room._version:
            return
        room._version = view.get("version", 0)
        table = room._show_view(view)
        dirty = set(room.dirty_vars) | (set(table.dirty_vars) if table is not None else set())
        if room.version != room._version and any(not name.startswith("_") for name in dirty):
            room.version = room._version

    def _show_view(self, view: dict[str, Any]) -> Any:
        """Show the room's common part, then hand the view to its game's table; returns that table."""
        self._put(status=view.get("status", "closed"))
        if self.status not in ("playing", "paused"):
            self._put(menu_open=False)  # the game's menu goes with the game
        if self.status == "closed":
            return None
        you, options = view["you"], view["options"]
        names = {s["occupant"]["id"]: s["occupant"]["name"] for s in view["seats"] if s["occupant"]}
        names.update((view.get("result") or {}).get("names", {}))
        if names != self._raw("_names"):
            self._names = names
            self._names_en = english_names(s["occupant"] for s in view["seats"] if s["occupant"])
        game = view.get("game", "")
        record_id = str((view.get("result") or {}).get("record_id") or "") if self.status == "finished" else ""
        if record_id and record_id != self._raw("record_id") and you["role"] == "player" and self._records_key:
            keep_for_guest_soon(record_id, self._records_key)  # a member's games are linked when stored
        self._put(
            room_name=view["name"],
            game_name=view["game_name"],
            game_name_en=view.get("game_name_en", view["game_name"]),
            role=you["role"],
            is_host=you["is_host"],
            solo=view["solo"],
            has_password=view["has_password"],
            seats=[_seat_row(s, view["host_id"], self._viewer) for s in view["seats"]],
            ranks=rank_chips(names, game, len(view["seats"])),
            spectators=[s["name"] for s in view["spectators"]],
            chat=[ChatRow(c["no"], c["name"], c["text"]) for c in view["chat"]],
            game=game,
            record_id=record_id,
        )
        self._count_unread()
        table = self._table(game)
        if table is not None:
            table._show_lines(options, view.get("result"))  # its options line (and its final screen's lines)
            table._show(view)
        else:
            self._put(options_text="", options_text_en="")
        return table

    @browser_event
    async def practice(self, game: str):
        """ "AI와 연습": a private game of `game` against AIs at the level this browser chose in the
        lobby, started at once. The game says how many AIs its practice seats
        (`GameDefinition.practice_ais`: mahjong always four players); else the browser's count."""
        from tilerooms.shell.practice import PracticeState  # the lobby's practice choice

        identity = await self.get_state(IdentityState)
        chosen, level = (await self.get_state(PracticeState))._choice()
        try:
            ai_count = game_info(game).practice_ais or chosen
            room_id = await wiring.rooms().service.create_practice(
                identity._current_user(), game=game, ai_count=ai_count, level=level, origin=request_origin(self)
            )
        except RuleError as err:
            self._refuse(err)
            return None
        return rx.redirect(f"/room/{room_id}")

    @browser_event
    def toggle_reduced_motion(self) -> None:
        """애니메이션 줄이기 on or off for this browser (every table's flashes, slides and calls)."""
        self.reduced_motion = not self.reduced_motion

    # -- waiting room ------------------------------------------------------------------------
    async def _request(self, request: str, **payload: Any) -> None:
        service = wiring.rooms().service
        await self._ask(lambda: service.waiting_room(self._room_id, self._viewer, request, origin=request_origin(self), **payload))

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
            self._say("not_allowed")
            return
        await self._request(request)

    # -- chat --------------------------------------------------------------------------------
    def _count_unread(self) -> None:
        chat = self._raw("chat")
        last = max((c.no for c in chat), default=0)
        if self.menu_open or last < self._chat_read_no:  # a reset room numbers its lines anew
            self._chat_read_no = last
        self._put(chat_unread=sum(1 for c in chat if c.no > self._chat_read_no))

    @browser_event
    def set_menu_open(self, is_open: bool) -> None:
        """The in-game menu opened or shut; opening it reads the chat."""
        self.menu_open = is_open is True
        self._count_unread()

    @browser_event
    async def send_chat(self, form: dict[str, str]) -> None:
        """Post a chat line."""
        service = wiring.rooms().service
        text = form.get("text", "")
        await self._ask(lambda: service.say(self._room_id, self._viewer, text, origin=request_origin(self)))


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
        name_en=seat_name(occupant, "en") if occupant else "",
    )
