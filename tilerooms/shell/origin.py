"""Where an event came from, for the rate limits (issue 17: a client can mint guest keys for free,
not sockets or addresses)."""

from __future__ import annotations

import reflex as rx

from tilerooms.rooms.ratelimit import Origin


def request_origin(state: rx.State) -> Origin:
    """The socket (Reflex's session id) and client address of the event `state` is handling."""
    session = state.router.session
    return Origin(socket=str(session.session_id or ""), address=str(session.client_ip or ""))
