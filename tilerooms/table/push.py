"""A room's fresh view pushed to one browser's room page, from outside any event of that browser
(GUIDE §5: `app.modify_state` from a task). The room layer's live viewers call the pusher made
here after each change; the app hands itself in at start (`tilerooms/tilerooms.py`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import reflex as rx

from tilerooms.table.state import RoomState

Pusher = Callable[[str, str, dict[str, Any]], Awaitable[None]]  # (token, room_id, view)


def pusher(app: rx.App) -> Pusher:
    """How `app` delivers one viewer's room view to their browser's RoomState."""

    async def push_view(token: str, room_id: str, view: dict[str, Any]) -> None:
        """Apply `view` to `token`'s room page, if it still shows `room_id` on the socket that entered it."""
        async with app.modify_state(rx.BaseStateToken(ident=token, cls=RoomState)) as root:
            state = await root.get_state(RoomState)
            # the browser moved on (this view is not its room's), or another socket now names its
            # token without having entered (a client token is no credential, issue 35: 2)
            if state._room_id == room_id and state._shown_on == root.router.session.session_id:
                state._apply_view(view)

    return push_view
