"""The lobby: open rooms, room creation, quick solo practice."""

from __future__ import annotations

import asyncio
from typing import Any

import reflex as rx

from tilerooms import wiring
from tilerooms.core import RuleError
from tilerooms.reflex_ext import sockets
from tilerooms.reflex_ext.payloads import browser_event
from tilerooms.rooms.form_options import options_from_form
from tilerooms.shell.identity import IdentityState
from tilerooms.shell.origin import request_origin
from tilerooms.shell.practice import PracticeState

LOBBY_REFRESH_S = 3.0


class LobbyState(rx.State):
    """Lobby list and the create-room form."""

    rooms: list[dict[str, Any]] = []
    error: str = ""
    following: bool = False

    @browser_event
    async def refresh(self) -> None:
        """Reload the open-room list."""
        identity = await self.get_state(IdentityState)
        identity._current_user()
        self.rooms = await wiring.rooms().service.lobby()

    @browser_event(background=True)
    async def follow(self):
        """While the lobby is open, refresh the room list every few seconds."""
        token = self.router.session.client_token
        # a tab that came back to the lobby no longer shows its room: its seat's 60 s grace starts
        await wiring.rooms().live.forget(token)
        async with self:
            if self.following:
                return
            self.following = True
        try:
            while await sockets.connected(token):
                rooms = await wiring.rooms().service.lobby()
                async with self:
                    if not self.following:  # the browser went to a room page
                        return
                    if self.rooms != rooms:
                        self.rooms = rooms
                await asyncio.sleep(LOBBY_REFRESH_S)
        finally:
            async with self:
                self.following = False

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
            self.error = err.message
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
            self.error = err.message
            return None
        return rx.redirect(f"/room/{room_id}")
