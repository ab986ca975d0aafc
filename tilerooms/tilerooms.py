"""The Reflex app: pages, and the lifespan tasks that run the rooms' server clock and push views."""

import asyncio
import contextlib

import reflex as rx

from tilerooms.accounts import oauth as accounts_oauth
from tilerooms.accounts.runtime import accounts_runtime
from tilerooms.db.migrate import upgrade_at_start
from tilerooms.rooms import runtime
from tilerooms.state.identity import IdentityState
from tilerooms.state.lobby import LobbyState
from tilerooms.state.account import AccountState
from tilerooms.state.room import RoomState
from tilerooms.ui.account import profile_page, rankings_page, records_page, signin_page
from tilerooms.ui.lobby import lobby
from tilerooms.ui.room import room_page

upgrade_at_start()  # accounts: alembic migrations to head before anything reads the records DB

app = rx.App(
    head_components=[
        rx.el.meta(name="description", content="숫자 타일 · 리치 마작 온라인"),
        rx.script(src="/countdown.js"),
        rx.script(src="/keys.js"),
    ],
    api_transformer=accounts_oauth.api(),  # accounts: /auth/login, /auth/callback, /auth/logout
)
LOBBY_LOAD = [IdentityState.ensure, LobbyState.refresh, LobbyState.follow]
app.add_page(lobby, route="/", title="tilerooms · 로비", on_load=LOBBY_LOAD)
app.add_page(lobby, route="/lobby", title="tilerooms · 로비", on_load=LOBBY_LOAD)
app.add_page(room_page, route="/room/[room_id]", title="tilerooms · 방", on_load=[IdentityState.ensure, RoomState.enter])
# accounts pages
app.add_page(signin_page, route="/signin", title="tilerooms · 로그인", on_load=[IdentityState.ensure, AccountState.load_signin])
app.add_page(profile_page, route="/me", title="tilerooms · 내 정보", on_load=[IdentityState.ensure, AccountState.load_profile])
app.add_page(records_page, route="/me/records", title="tilerooms · 내 기록", on_load=[IdentityState.ensure, AccountState.load_records])
app.add_page(rankings_page, route="/rankings", title="tilerooms · 랭킹", on_load=[IdentityState.ensure, AccountState.load_rankings])


async def _push_view(token: str, room_id: str, view: dict) -> None:
    """Deliver one viewer's fresh room view to their browser (GUIDE §5: modify_state from a task)."""
    async with app.modify_state(rx.BaseStateToken(ident=token, cls=RoomState)) as root:
        state = await root.get_state(RoomState)
        if state._room_id == room_id:
            state.apply_view(view)


async def _is_connected(token: str) -> bool:
    namespace = app.event_namespace
    if namespace is None:
        return True
    return await namespace._token_manager.is_token_connected(token)


@contextlib.asynccontextmanager
async def rooms_runtime():
    """Start the room clock (time-outs, AI turns, rejoin grace) and the presence sweep."""
    service = runtime.service()
    live = runtime.live()
    live.set_pusher(_push_view)
    runtime.remember_loop(asyncio.get_running_loop())
    start = getattr(service.bus, "start", None)
    if start is not None:
        start()

    async def sweep_forever() -> None:
        while True:
            await asyncio.sleep(1.0)
            with contextlib.suppress(Exception):
                await live.sweep(_is_connected)

    tasks = [asyncio.create_task(service.run_clock()), asyncio.create_task(sweep_forever())]
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()
        stop = getattr(service.bus, "stop", None)
        if stop is not None:
            with contextlib.suppress(Exception):
                await stop()


app.register_lifespan_task(rooms_runtime)
app.register_lifespan_task(accounts_runtime)  # accounts: start-up checks, game-end records and rewards
