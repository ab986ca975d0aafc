"""The lobby: open rooms, room creation, quick solo practice."""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

import reflex as rx

from tilerooms import wiring
from tilerooms.core import RuleError
from tilerooms.i18n import refusal
from tilerooms.reflex_ext import sockets
from tilerooms.reflex_ext.assign import put
from tilerooms.reflex_ext.page_reset import entered, reset
from tilerooms.reflex_ext.payloads import browser_event
from tilerooms.rooms.form_options import options_from_form
from tilerooms.shell.identity import IdentityState
from tilerooms.shell.origin import request_origin
from tilerooms.shell.practice import PracticeState

LOBBY_REFRESH_S = 3.0
LOBBY_PATHS = ("", "/lobby")  # the lobby's routes, "/" and "/lobby", without their end slash


class LobbyState(rx.State):
    """Lobby list and the create-room form."""

    rooms: list[dict[str, Any]] = []
    error: str = ""  # a refusal's message id (`SERVER_MESSAGES`), shown with `error_args`
    error_args: dict[str, str] = {}
    _following: bool = False  # this browser's follow loop runs
    KEPT_ON_ENTRY: ClassVar[tuple[str, ...]] = ("_following",)  # the loop's own mark outlives a page reset (`page_reset`)

    @browser_event
    async def refresh(self) -> None:
        """The lobby's on_load: what it showed before goes (an error line: `page_reset`) and the
        open-room list loads."""
        identity = await self.get_state(IdentityState)
        identity._current_user()
        rooms = await wiring.rooms().service.lobby()
        with entered(self):
            put(self, {"rooms": rooms})

    def _refuse(self, err: RuleError) -> None:
        """Show a refusal on the error line (its message id and parameters)."""
        self.error, args = refusal(err)
        put(self, {"error_args": args})

    def _shown(self) -> bool:
        """Whether this browser still shows the lobby (a room's page, say, replaced it)."""
        return self.router.url.path.rstrip("/") in LOBBY_PATHS

    @browser_event(background=True)
    async def follow(self):
        """While the lobby is open, refresh the room list every few seconds."""
        token = self.router.session.client_token
        # a tab that came back to the lobby no longer shows its room: its seat's 60 s grace starts
        await wiring.rooms().live.forget(token)
        async with self:
            if self._following:
                return
            self._following = True
        try:
            while await sockets.connected(token):
                rooms = await wiring.rooms().service.lobby()
                async with self:
                    if not self._take(rooms):
                        return
                await asyncio.sleep(LOBBY_REFRESH_S)
        finally:
            async with self:
                self._stop()

    def _take(self, rooms: list[dict[str, Any]]) -> bool:
        """One turn of the follow loop: the new list, while this browser shows the lobby; False
        once another page (a room's) replaced it: the loop ends."""
        if not self._shown():
            return False
        put(self, {"rooms": rooms})
        return True

    def _stop(self) -> None:
        """The follow loop ended: the lobby was left (or its tab closed). Its list — every open room,
        ~35 KB with 100 rooms open, held for nothing (issue 20: 4) — and what else it showed go;
        its on_load loads them again."""
        self._following = False
        reset(self)

    @browser_event
    async def create_room(self, form: dict[str, str]):
        """Create a room from the form and go to it."""
        identity = await self.get_state(IdentityState)
        who = identity._current_user()
        if form.get("nickname"):
            identity.set_nickname(form["nickname"])
            who = identity._current_user()
        game = form.get("game") or "rummikub"
        try:
            room_id = await wiring.rooms().service.create_room(
                who,
                game=game,
                name=form.get("name") or None,
                password=form.get("password") or None,
                allow_spectators=form.get("allow_spectators", "on") == "on",
                options=options_from_form(game, form),
                origin=request_origin(self),
            )
        except RuleError as err:
            self._refuse(err)
            return None
        self.error = ""
        return rx.redirect(f"/room/{room_id}")

    @browser_event
    async def practice(self):
        """ "혼자 AI와 연습": a private game against the AIs this browser chose (count and level), started at once."""
        identity = await self.get_state(IdentityState)
        ai_count, level = (await self.get_state(PracticeState))._choice()
        try:
            room_id = await wiring.rooms().service.create_practice(identity._current_user(), ai_count=ai_count, level=level, origin=request_origin(self))
        except RuleError as err:
            self._refuse(err)
            return None
        return rx.redirect(f"/room/{room_id}")
