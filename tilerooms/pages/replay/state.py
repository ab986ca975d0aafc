"""The replay page's state (/game/<record_id>, issue 21: 2): which step of a finished game shows.

The record and its replay stay on the server (`replays.frames.replay_for`, per worker); this state
holds only what the page shows: the move list (mahjong: the chosen hand's), the step and that
step's picture. A record exists only once its game has ended (`accounts/game_records.py`), so
nothing of a running game is readable here; the game-end listener stores it just after the
result, so a well-formed id not found yet is looked up again a few times before the page says
it cannot find it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from dataclasses import dataclass
from typing import Any, ClassVar

import reflex as rx

from tilerooms.accounts import game_records
from tilerooms.core.replay import ReplayError
from tilerooms.pages.replay.games import screen_of
from tilerooms.reflex_ext.assign import put
from tilerooms.reflex_ext.page_reset import reset
from tilerooms.reflex_ext.payloads import browser_event
from tilerooms.replays import frames
from tilerooms.replays.mahjong import MjRFrame, MjRSeat
from tilerooms.replays.rummikub import RkFrame, RkSeat
from tilerooms.rooms.catalog import game_info

log = logging.getLogger(__name__)

PENDING_TRIES = 6  # the listener stores a game within ~a second of its end (accounts/runtime.py)
PENDING_WAIT = 0.7
SPEEDS = ("0.5", "1", "2")
MAX_SEATS = 4


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
    that wrote a position into a running room leaves a log that does not fit its seed)."""
    if record is None:
        return None
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


def record_id_of(path: str) -> str:
    """The record id of a /game/<id> path (whatever its shape: `load_game` checks it)."""
    return path.split("?", 1)[0].rstrip("/").rsplit("/", 1)[-1]


class ReplayState(rx.State):
    """What the replay page shows to this browser."""

    status: str = "loading"  # loading / pending (not stored yet) / missing / ready
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

    @browser_event(background=True)
    async def load(self) -> None:
        """Open the page's record: look it up (a few times while the game-end listener may still
        be storing it), build its replay on this worker and show its first step."""
        async with self:
            reset(self, substates=False)  # what the page showed before goes: another game's steps (`page_reset`)
            record_id = record_id_of(self.router.url.path)
            self._record_id = record_id
            self.status, self.playing, self.copied, self.at = "loading", False, False, 0
        well_formed = bool(game_records.RECORD_ID.fullmatch(record_id))
        record = None
        for attempt in range(PENDING_TRIES if well_formed else 1):
            record = await asyncio.to_thread(game_records.load_game, record_id)
            if record is not None or attempt == PENDING_TRIES - 1:
                break
            async with self:
                self.status = "pending"  # just finished: the listener stores it in a moment
            await asyncio.sleep(PENDING_WAIT)
        replay = await _build(record)
        async with self:
            if self._record_id != record_id:
                return  # the page moved on to another record meanwhile
            if replay is None:
                self.status = "missing"
                return
            self._open(replay)

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
