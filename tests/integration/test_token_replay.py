"""A Reflex client token is not a credential (issue 35: 2).

Reflex keys a browser's state by the client token it sends when its socket opens (`?token=`), and
any socket may send any token. A token is not secret: it travels in every socket URL and sits in
the tab's session storage. So a browser state belongs to the identity that made it — the guest key
the browser's hydration presents, or the member of the socket's session cookie — and a socket
presenting someone's token with another identity, or none, is a new visitor: no seat, no rack,
no draft of theirs, no push of their view.

The production backend runs in its own process (the fixture of
`test_socket_junk.py`); raw socket.io clients play the browsers. A sits in a started number-tile
game and closes their tab; an attacker opens sockets with A's token (no hydration — pressing the
rack's sort buttons first —, an empty hydration, another guest's key), enters the room and waits
for pushes; then A comes back with their own key and finds their seat and rack.
"""

from __future__ import annotations

import asyncio
import re
import uuid

# the junk test's production backend, on its own Redis database (a server of this module's own)
from tests.integration.test_socket_junk import IDENTITY_STATE, Backend, Browser, backend  # noqa: F401
from tilerooms.bench.room_latency import LOBBY_STATE, ROOM_STATE, ROOT_STATE, RUMMIKUB_TABLE
from tilerooms.shell.identity import new_guest_key

GUEST_KEY_VAR = f"{IDENTITY_STATE}.guest_key"


class Tab(Browser):
    """A browser tab: a token, and the guest key its local storage presents on every hydration."""

    def __init__(self, base: str, key: str | None = None, token: str | None = None) -> None:
        super().__init__(base)
        self.key = key
        self.token = token or str(uuid.uuid4())

    async def open(self, path: str, *, hydrate: bool = True) -> None:
        """Open the socket on `path` as state.js does: hydration (with the key, if any) first."""
        self.path = path
        await self.connect()
        if hydrate:
            storage = {GUEST_KEY_VAR: self.key} if self.key else {}
            await self.wait_for(lambda f: True, await self.emit(ROOT_STATE, "hydrate_and_load", vars=storage))

    async def enter(self) -> None:
        """The room page's on_load: `RoomState.enter`, until its answer arrives."""
        await self.call(f"{ROOM_STATE}.enter", marker="room_state")

    def text(self) -> str:
        """Every frame this tab received."""
        return "\n".join(frame for _, frame in self.frames)


def _rack(tab: Tab) -> list[str]:
    return [cell for cell in tab.vars.get("rack_cells") or [] if cell]


async def _seated_game(base: str) -> tuple[Tab, Tab, str, list[str]]:
    """A host and A (a guest with a key of their own) playing a started game; A's rack."""
    host, a = Tab(base, new_guest_key()), Tab(base, new_guest_key())
    await host.open("/lobby")
    frame = await host.call(f"{LOBBY_STATE}.create_room", {"form": {"game": "rummikub", "name": "replay"}}, marker="/room/r")
    room_id = re.search(r"/room/(r[0-9a-f]+)", frame).group(1)
    for tab in (host, a):
        tab.path = f"/room/{room_id}"
    await host.enter()
    await a.open(f"/room/{room_id}")
    await a.enter()
    await a.call(f"{ROOM_STATE}.toggle_ready", marker="room_state")
    for _ in range(20):  # the host starts once the ready has reached the room
        try:
            await a.wait_for(lambda f: len(_rack(a)) == 14, await host.emit(ROOM_STATE, "room_request", request="start"), timeout=1)
            break
        except TimeoutError:
            continue
    rack = _rack(a)
    assert len(rack) == 14
    return host, a, room_id, rack


def _leaks(tab: Tab, rack: list[str]) -> list[str]:
    """A's rack tiles that reached `tab` (tile ids are whole words in a frame)."""
    text = tab.text()
    return [tile for tile in rack if re.search(rf'"{re.escape(tile)}"', text)]


async def test_a_replayed_token_with_another_identity_or_none_is_a_new_visitor(backend: Backend) -> None:  # noqa: F811
    async def run() -> None:
        host, a, room_id, rack = await _seated_game(backend.base)
        a_id = a.vars.get("me")
        assert a_id and a_id.startswith("g-")
        await a.close()
        await asyncio.sleep(1.5)  # the presence sweep notices the closed tab
        path = f"/room/{room_id}"
        attackers = [
            Tab(backend.base, None, token=a.token),  # no hydration at all: straight to the room's events
            Tab(backend.base, None, token=a.token),  # a hydration that presents no key
            Tab(backend.base, new_guest_key(), token=a.token),  # another guest's own key
        ]
        for n, attacker in enumerate(attackers):
            await attacker.open(path, hydrate=n > 0)
            if n == 0:  # the rack's own buttons, before entering: they would send back A's rack re-sorted
                for kind in ("777", "789"):
                    await attacker.send_event(f"{RUMMIKUB_TABLE}.sort_rack", {"kind": kind})
                await attacker.drained()
            await attacker.enter()
            # a change in the room: a push of A's view would now reach this socket
            await host.call(f"{ROOM_STATE}.send_chat", {"form": {"text": f"hello {n}"}}, marker=f"hello {n}")
            await asyncio.sleep(0.5)
            me = attacker.vars.get("me")
            assert isinstance(me, str) and me.startswith("g-") and me != a_id, f"attacker {n} is not a new visitor: {me}"
            assert _leaks(attacker, rack) == [], f"attacker {n} saw A's rack"
            assert not attacker.vars.get("rack_cells"), f"attacker {n} holds a rack"
            assert len(host.vars.get("spectators") or []) == n + 1, f"attacker {n} did not join as a new spectator"
            await attacker.close()
        # A, with their own key, comes back into their seat with their rack
        again = Tab(backend.base, a.key, token=a.token)
        await again.open(path)
        await again.enter()
        await again.wait_for(lambda f: "rack_cells" in f)
        assert again.vars.get("me") == a_id
        assert sorted(_rack(again)) == sorted(rack)
        await again.close()
        await host.close()

    await run()
