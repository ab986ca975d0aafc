"""The replay page's state (/game/<record_id>, issue 21: 2): which step of a finished game shows.

The record and its replay stay on the server (`replays.frames.replay_for`, per worker); this state
holds only what the page shows: the move list (mahjong: the chosen hand's), the step and that
step's picture. A record exists only once its game has ended (`accounts/game_records.py`), so
nothing of a running game is readable here; the game-end listener stores it just after the
result, so a well-formed id not found yet is looked up again a few times before the page says
it cannot find it.

Loads are limited (issue 35: 4): a browser can send `load` as often as it likes, and each one
looked the record up (for a well-formed id not stored, six times over four seconds) and built its
replay. Now each load spends a token of the person, the socket and the address (the rooms' own
`RateLimiter`), a load of the record this browser is already opening is dropped, a newer load stops
the older one's lookups, and a record's replay is built once however many pages open it at a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import json
import logging
from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

import reflex as rx

from tilerooms.accounts import game_records
from tilerooms.core import RuleError
from tilerooms.core.replay import ReplayError
from tilerooms.pages.replay.games import screen_of
from tilerooms.reflex_ext.assign import put
from tilerooms.reflex_ext.page_reset import reset
from tilerooms.reflex_ext.payloads import browser_event
from tilerooms.replays import frames
from tilerooms.replays.mahjong import MjRFrame, MjRSeat
from tilerooms.replays.rummikub import RkFrame, RkSeat
from tilerooms.rooms.catalog import game_info
from tilerooms.rooms.ratelimit import LIMITS, RateLimiter
from tilerooms.shell.origin import request_origin

log = logging.getLogger(__name__)

PENDING_TRIES = 6  # the listener stores a game within ~a second of its end (accounts/runtime.py)
PENDING_WAIT = 0.7
SPEEDS = ("0.5", "1", "2")
MAX_SEATS = 4
LOAD_LIMIT = (6.0, 0.5)  # (burst, per second): a replay opened every 2 s after six at once; an address holds ten people's
_loads = RateLimiter(limits={**LIMITS, "replay_load": LOAD_LIMIT, "replay_review": LOAD_LIMIT})  # per worker, as the rooms' limiter
_load_numbers = itertools.count()
_building: dict[str, asyncio.Future[frames.Replay | None]] = {}  # record id -> its replay being built


@dataclass
class MoveRow:
    """One line of the move list; `index` is its place in the whole game's list."""

    index: int
    text: str
    text_en: str


@dataclass
class HandRow:
    """One hand (국) of the mahjong hand selector: its first line's index."""

    hand: int
    index: int
    label: str
    label_en: str


async def _build(record: game_records.GameRecord | None) -> frames.Replay | None:
    """The record's replay (None without a record, or when its log no longer replays: a test
    that wrote a position into a running room leaves a log that does not fit its seed). Pages
    opening one record at once share one build (issue 35: 4)."""
    if record is None:
        return None
    running = _building.get(record.id)
    if running is None or running.get_loop() is not asyncio.get_running_loop():
        running = _building[record.id] = asyncio.ensure_future(_build_once(record))
        running.add_done_callback(lambda done, key=record.id: _building.pop(key, None) if _building.get(key) is done else None)
    return await asyncio.shield(running)  # a page that leaves does not stop the others' build


async def _build_once(record: game_records.GameRecord) -> frames.Replay | None:
    try:
        return await asyncio.to_thread(frames.replay_for, record)
    except ReplayError:
        log.warning("the stored game %s does not replay", record.id)
        return None


async def replay_of(record_id: str) -> frames.Replay | None:
    """The record's replay: this worker's cached one, else rebuilt (another worker opened it, or it
    was pushed out of the cache)."""
    replay = frames.cached(record_id)
    if replay is None:
        replay = await _build(await asyncio.to_thread(game_records.load_game, record_id))
    return replay


class LoadSlots:
    """One running load of a kind per browser on this worker, each paying the rate limit first
    (issue 35: 4). The browser's event only checks and starts it (a plain event, run under the
    browser's lock: a flood of them pins no state while it waits, as Reflex's background events
    do); the slow part (lookups, the replay's build, polling) runs in a task of our own that
    changes the page out of band (`page_of`). A newer load of the browser takes the slot over and
    the older one stops at its next step."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._running: dict[str, tuple[int, str]] = {}  # client token -> (load number, record id)
        self._tasks: set[asyncio.Task[None]] = set()

    def busy(self, token: str, record_id: str) -> bool:
        """Whether browser `token`'s load of `record_id` is already running (another is not needed)."""
        running = self._running.get(token)
        return running is not None and running[1] == record_id

    def admit(self, state: rx.State, record_id: str) -> Callable[[], bool]:
        """Spend a token of the browser's person, socket and address, then take its slot. Returns
        `current()`: true while this load holds the slot.

        Raises:
            RuleError: "rate_limited" when the browser or its address has no token left (nothing taken).
        """
        token = state.router.session.client_token
        _loads.hit(f"browser:{token}", self.kind, request_origin(state))
        number = next(_load_numbers)
        self._running[token] = (number, record_id)
        return lambda: self._running.get(token, (-1, ""))[0] == number

    def run(self, token: str, current: Callable[[], bool], work: Coroutine[Any, Any, None]) -> None:
        """Run an admitted load's `work` in a task of its own; its slot is freed when it ends."""
        task = asyncio.create_task(work)
        self._tasks.add(task)  # the loop keeps only weak references to tasks

        def ended(done: asyncio.Task[None]) -> None:
            self._tasks.discard(done)
            if current():
                del self._running[token]
            if not done.cancelled() and done.exception() is not None:
                log.error("a %s failed", self.kind, exc_info=done.exception())

        task.add_done_callback(ended)


REPLAY_LOADS = LoadSlots("replay_load")
REVIEW_LOADS = LoadSlots("replay_review")
S = TypeVar("S", bound=rx.State)


@contextlib.asynccontextmanager
async def page_of(token: str, cls: type[S]) -> AsyncIterator[S]:
    """Browser `token`'s `cls` state, locked and changed from a task (GUIDE §5: `app.modify_state`);
    what changes goes to the browser when the block ends."""
    from reflex.utils.prerequisites import get_and_validate_app

    async with get_and_validate_app().app.modify_state(rx.BaseStateToken(ident=token, cls=cls)) as root:
        yield await root.get_state(cls)


async def _open_record(token: str, record_id: str, current: Callable[[], bool]) -> None:
    """Look record `record_id` up (a few times while the game-end listener may still be storing
    it), build its replay on this worker and show its first step on browser `token`'s page."""
    well_formed = bool(game_records.RECORD_ID.fullmatch(record_id))
    record = None
    for attempt in range(PENDING_TRIES if well_formed else 1):
        record = await asyncio.to_thread(game_records.load_game, record_id)
        if record is not None or attempt == PENDING_TRIES - 1:
            break
        if not current():
            return  # a newer load of this browser took over
        async with page_of(token, ReplayState) as page:
            if page._record_id == record_id:
                page.status = "pending"  # just finished: the listener stores it in a moment
        await asyncio.sleep(PENDING_WAIT)
    replay = await _build(record) if current() else None
    async with page_of(token, ReplayState) as page:
        if page._record_id != record_id or not current():
            return  # the page moved on to another record meanwhile
        if replay is None:
            page.status = "missing"
            return
        page._open(replay)


def record_id_of(path: str) -> str:
    """The record id of a /game/<id> path (whatever its shape: `load_game` checks it)."""
    return path.split("?", 1)[0].rstrip("/").rsplit("/", 1)[-1]


class ReplayState(rx.State):
    """What the replay page shows to this browser."""

    status: str = "loading"  # loading / pending (not stored yet) / missing / limited (too many loads) / ready
    game: str = ""
    title: str = ""
    title_en: str = ""
    when: str = ""
    players: str = ""
    players_en: str = ""
    moves: list[MoveRow] = []
    at: int = 0  # the shown step: an index of the whole game's move list
    last: int = 0
    hand: int = 0
    hands: list[HandRow] = []
    can_download: bool = False  # the game downloads whole (mahjong: tenhou.net/6)
    # the picture without its seats, then each seat in a var of its own: a step changes one or two
    # seats (a discard, the next draw), and only the vars that changed go to the browser
    rk: RkFrame = rx.field(default_factory=RkFrame)
    mj: MjRFrame = rx.field(default_factory=MjRFrame)
    seat_count: int = 0
    rk_seat_0: RkSeat = rx.field(default_factory=RkSeat)
    rk_seat_1: RkSeat = rx.field(default_factory=RkSeat)
    rk_seat_2: RkSeat = rx.field(default_factory=RkSeat)
    rk_seat_3: RkSeat = rx.field(default_factory=RkSeat)
    mj_seat_0: MjRSeat = rx.field(default_factory=MjRSeat)
    mj_seat_1: MjRSeat = rx.field(default_factory=MjRSeat)
    mj_seat_2: MjRSeat = rx.field(default_factory=MjRSeat)
    mj_seat_3: MjRSeat = rx.field(default_factory=MjRSeat)
    playing: bool = False
    speed: str = "1"
    copied: bool = False
    side_open: bool = False  # a phone's mahjong replay: the move list open over the picture
    _record_id: str = ""
    KEPT_ON_ENTRY: ClassVar[tuple[str, ...]] = ("speed",)  # the viewer's autoplay speed, from game to game

    @rx.var
    def interval_ms(self) -> int:
        """Autoplay's time between two steps (1× = one step a second)."""
        return int(1000 / float(self.speed if self.speed in SPEEDS else "1"))

    @browser_event
    async def load(self) -> None:
        """Open the page's record: start looking it up and building its replay (`_open_record`).
        Limited (issue 35: 4): a load of the record this browser is already opening is dropped;
        past the rate limit the page says "too fast" (a page already showing that record stays)."""
        token = self.router.session.client_token
        record_id = record_id_of(self.router.url.path)
        if REPLAY_LOADS.busy(token, record_id):
            return  # this browser's page is opening this record already
        try:
            current = REPLAY_LOADS.admit(self, record_id)
        except RuleError:
            if not (self.status == "ready" and self._record_id == record_id):
                self._record_id, self.status, self.playing = record_id, "limited", False
            return
        reset(self, substates=False)  # what the page showed before goes: another game's steps (`page_reset`)
        self._record_id = record_id
        self.status, self.playing, self.copied, self.at = "loading", False, False, 0
        REPLAY_LOADS.run(token, current, _open_record(token, record_id, current))

    def _open(self, replay: frames.Replay) -> None:
        game, screen = game_info(replay.game), screen_of(replay.game)
        self.game = replay.game
        self.title, self.title_en = game.display_names(len(replay.seats))  # "리치 마작 · 3인 (산마)"
        self.can_download = screen.download is not None
        self.when = replay.ended.strftime("%Y-%m-%d %H:%M UTC") if replay.ended is not None else ""
        self.players = " · ".join(s.name for s in replay.seats)
        self.players_en = " · ".join(s.name_en for s in replay.seats)
        self.last = len(replay.moves) - 1
        self.hands = [HandRow(replay.moves[i].hand, i, ko_label, en_label) for i, ko_label, en_label in screen.hands(replay)] if screen.hands else []
        self.hand = -1
        self.status = "ready"
        self._show(replay, 0)

    async def _replay(self) -> frames.Replay | None:
        return await replay_of(self._record_id)

    def _show(self, replay: frames.Replay, index: int) -> None:
        index = max(0, min(index, len(replay.moves) - 1))
        self.at = index
        screen = screen_of(replay.game)
        self._put_picture(screen.prefix, replay.picture(index))
        if screen.hands:
            hand = replay.moves[index].hand
            if hand != self.hand:  # the move list shows the hand (국) of the step
                self.hand = hand
                self.moves = [MoveRow(i, m.text, m.text_en) for i, m in enumerate(replay.moves) if m.hand == hand]
        else:
            if self.hand != 0:
                self.hand = 0
                self.moves = [MoveRow(i, m.text, m.text_en) for i, m in enumerate(replay.moves)]
        if index >= self.last:
            self.playing = False

    def _put_picture(self, game: str, picture: Any) -> None:
        seats = picture.seats[:MAX_SEATS]
        # Reflex sends every assigned var: only the changed seats
        put(self, {game: dataclasses.replace(picture, seats=[]), **{f"{game}_seat_{i}": seat for i, seat in enumerate(seats)}, "seat_count": len(seats)})

    async def _go(self, index: int) -> None:
        if self.status != "ready":
            return
        replay = await self._replay()
        if replay is None:
            self.status = "missing"
            return
        self._show(replay, index)

    @browser_event
    async def go(self, index: int) -> None:
        """Show step `index` of the move list (a click on its line)."""
        await self._go(index)

    @browser_event
    async def step(self, delta: int) -> None:
        """One step back (-1) or forward (+1)."""
        await self._go(self.at + max(-1, min(1, delta)))

    @browser_event
    async def to_start(self) -> None:
        """The game's first step."""
        self.playing = False
        await self._go(0)

    @browser_event
    async def to_end(self) -> None:
        """The game's last step."""
        self.playing = False
        await self._go(self.last)

    @browser_event
    async def choose_hand(self, hand: str) -> None:
        """Mahjong: jump to the first step of hand (국) `hand` (the selector's value, "0", "1", …)."""
        row = next((h for h in self.hands if str(h.hand) == hand), None)
        if row is not None:
            await self._go(row.index)

    @browser_event
    async def toggle_play(self) -> None:
        """Autoplay on or off (from the start again when it is at the end)."""
        if self.status != "ready":
            return
        self.playing = not self.playing
        if self.playing and self.at >= self.last:
            await self._go(0)
            self.playing = True

    @browser_event
    async def tick(self) -> None:
        """Autoplay's next step (`assets/replay.js` clicks the hidden ticker while playing)."""
        if self.playing:
            await self._go(self.at + 1)

    @browser_event
    def set_speed(self, speed: str) -> None:
        """Autoplay speed: 0.5×, 1× or 2×."""
        if speed in SPEEDS:
            self.speed = speed

    @browser_event
    def toggle_side(self) -> None:
        """A phone's mahjong replay: open or close the move list (with the share buttons and the
        review) over the picture, which otherwise takes the screen (issue 34: 7)."""
        self.side_open = not self.side_open

    @browser_event
    async def download_tenhou(self) -> Any:
        """The whole game as JSON (mahjong: tenhou.net/6, every hand), downloaded by the browser."""
        download = screen_of(self.game).download if self.status == "ready" else None
        replay = await self._replay() if download is not None else None
        if download is None or replay is None:
            return None
        data = json.dumps(download(replay), ensure_ascii=False)
        return rx.download(data=data, filename=f"tilerooms-{self._record_id}.json", mime_type="application/json")

    @browser_event
    def copy_link(self) -> Any:
        """Copy the page's address (the share link) to the clipboard."""
        self.copied = True
        return rx.call_script("navigator.clipboard && navigator.clipboard.writeText(window.location.href)")
