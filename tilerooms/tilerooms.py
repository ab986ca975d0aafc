"""The Reflex app: pages, and the lifespan tasks that migrate the records DB, run the rooms' server
clock, push views and start the accounts' sweeps. Importing it runs no migrations: the production
server runs them once before it forks its workers (`web/prod_server.py`), `reflex run` and the test
harnesses in the first start-up task (idempotent)."""

import asyncio
import contextlib
import logging

import reflex as rx

from tilerooms import settings, wiring
from tilerooms.accounts import oauth as accounts_oauth
from tilerooms.accounts.runtime import accounts_runtime
from tilerooms.db.migrate import upgrade_at_start
from tilerooms.games import GAMES
from tilerooms.pages.account.page import profile_page, rankings_page, records_page, signin_page
from tilerooms.pages.account.state import AccountState
from tilerooms.pages.lobby.page import lobby
from tilerooms.pages.lobby.quick_state import QuickMatchState
from tilerooms.pages.lobby.state import LobbyState
from tilerooms.pages.replay.page import replay_page
from tilerooms.pages.replay.review_state import ReplayReview
from tilerooms.pages.replay.state import ReplayState
from tilerooms.reflex_ext import dirty_marks, socket_guard, sockets, state_redis
from tilerooms.shell.connection import connection_notice
from tilerooms.shell.identity import IdentityCheck, IdentityState
from tilerooms.shell.not_found import not_found_page
from tilerooms.shell.titles import page_title
from tilerooms.table import push
from tilerooms.table.page import room_page
from tilerooms.table.state import RoomState
from tilerooms.web import collector, memory_trace, safe_logging, server_clock, socket_queue
from tilerooms.web.event_socket import drop_upgrade_payload, shortcut_event_socket

log = logging.getLogger(__name__)

safe_logging.install()  # a client's text never breaks a log line (issue 17)
if settings.current().tracemalloc_dir:  # memory bench only (python -m tilerooms.bench.memory)
    memory_trace.start_tracing()
# the AIs' modules now, not on a worker's first AI turn: the number tiles' SciPy solver takes ~0.5 s
# and ~50 MB to import, which held up every room of that worker; imported here, in gunicorn's
# master (--preload), the workers share them (issue 20)
for _game in GAMES.values():
    _game.preload()


class TileroomsApp(rx.App):
    """Reflex's app, served with the event socket's short way in (`event_socket.py`)."""

    served: object = None  # the ASGI app last built to serve

    def __call__(self):
        """The ASGI app to serve (gunicorn, uvicorn and the test harness all call this)."""
        self.served = shortcut_event_socket(super().__call__(), self)
        socket_queue.use_for_engineio(self.sio)  # each open socket's packet queue: ~200 B, not ~2.8 KB
        drop_upgrade_payload(self.sio)  # and its environ without a body reader (~2 KB)
        return self.served


app = TileroomsApp(
    head_components=[
        rx.el.meta(name="description", content="숫자 타일 · 리치 마작 온라인"),
        rx.script(src="/countdown.js"),
        rx.script(src="/keys.js"),
        rx.script(src="/alerts.js"),  # turn alerts and sounds (issue 34: 13)
    ],
    # the site's pages on a phone: 44 px targets (issue 34: 6); the theme's colours at WCAG AA contrast (issue 34: 14)
    stylesheets=["/site.css", "/contrast.css"],
    # accounts: /auth/login, /auth/callback, /auth/logout; the countdowns' server clock: /_clock
    api_transformer=[accounts_oauth.api(), server_clock.api()],
    toaster=None,  # no page shows a toast; the connection's line is ours (shell/connection.py)
)
state_redis.lean(app)  # Redis mode: two round trips per state change, not four (issue 38)
app.app_wraps[5, "Overlay"] = lambda stateful: connection_notice() if stateful else None
socket_guard.guard(app)  # frames no browser sends are dropped before Reflex sees them (issue 17)
app.add_middleware(IdentityCheck())  # a client token is no credential: each socket shows its identity (issue 35: 2)
sockets.use_app(app)  # which sockets are open: asked by the lobby and the presence sweep
LOBBY_LOAD = [IdentityState.ensure, LobbyState.refresh, LobbyState.follow, QuickMatchState.enter, QuickMatchState.follow]
app.add_page(lobby, route="/", title=page_title("title.lobby"), on_load=LOBBY_LOAD)
app.add_page(lobby, route="/lobby", title=page_title("title.lobby"), on_load=LOBBY_LOAD)
app.add_page(room_page, route="/room/[room_id]", title=page_title("title.room"), on_load=[IdentityState.ensure, RoomState.enter])
# accounts pages
app.add_page(signin_page, route="/signin", title=page_title("title.signin"), on_load=[IdentityState.ensure, AccountState.load_signin])
app.add_page(profile_page, route="/me", title=page_title("title.profile"), on_load=[IdentityState.ensure, AccountState.load_profile])
app.add_page(records_page, route="/me/records", title=page_title("title.records"), on_load=[IdentityState.ensure, AccountState.load_records])
app.add_page(rankings_page, route="/rankings", title=page_title("title.rankings"), on_load=[IdentityState.ensure, AccountState.load_rankings])
# a finished game's replay (issue 21: 2); the address is its share link
app.add_page(
    replay_page, route="/game/[record_id]", title=page_title("title.replay"), on_load=[IdentityState.ensure, ReplayState.load, ReplayReview.load_review]
)
# any other path: the site's 404 page, served with HTTP 404 (issue 34: 9)
app.add_page(not_found_page, route="404", title=page_title("title.not_found"), on_load=[IdentityState.ensure])


@contextlib.asynccontextmanager
async def migrations():
    """The records DB at its newest schema before anything reads it (a no-op when the production
    server already ran them, or with TILEROOMS_SKIP_MIGRATIONS=1)."""
    upgrade_at_start()
    yield


@contextlib.asynccontextmanager
async def rooms_runtime():
    """Start the room clock (time-outs, AI turns, rejoin grace), the presence sweep and the
    quick-match matcher."""
    collector.tune_for_serving()  # the worker's start-up objects leave the collector's walks
    rooms = wiring.rooms()
    service, live = rooms.service, rooms.live
    live.set_pusher(push.pusher(app))
    rooms.loop = asyncio.get_running_loop()
    if folder := settings.current().tracemalloc_dir:  # memory bench: snapshots of this worker
        memory_trace.serve_snapshots(folder)
    start = getattr(service.bus, "start", None)
    if start is not None:
        start()

    async def sweep_forever() -> None:
        while True:
            await asyncio.sleep(1.0)
            try:
                await live.sweep(sockets.held_here)
            except Exception:  # noqa: BLE001 - e.g. Redis away for a moment: the next sweep tries again
                log.warning("presence sweep failed", exc_info=True)

    # the quick-match matcher runs on every worker; the one holding its role matches (issue 37)
    tasks = [asyncio.create_task(service.run_clock()), asyncio.create_task(sweep_forever()), asyncio.create_task(rooms.quick.run())]
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(live.close(), 2)  # the survivors drop our sockets at once
        stop = getattr(service.bus, "stop", None)
        if stop is not None:
            with contextlib.suppress(Exception):
                await stop()


@contextlib.asynccontextmanager
async def accounts_start():
    """Accounts: start-up checks, game-end records and rewards, on this worker's room service."""
    async with accounts_runtime(wiring.rooms().service):
        yield


app.register_lifespan_task(migrations)  # first: the tasks after it read the records DB
app.register_lifespan_task(rooms_runtime)
app.register_lifespan_task(accounts_start)

# every state class exists now: those no push writes to hold their dirty sets only while non-empty
dirty_marks.install(hot=(RoomState,))

# the last line of the import, in gunicorn's master (--preload): workers fork from a frozen heap
# and never copy its pages by collecting it (tilerooms/web/collector.py)
collector.freeze_start_up()
