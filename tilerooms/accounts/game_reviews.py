"""The 복기 (AI review) of every stored game, computed in the background once the game is kept
(issue 21: 3) and stored beside it (`db.models.GameReview`).

When a game ends, `on_game_end` (the RoomService listener `accounts.runtime` registers) stores
the game (`game_records.store_finished_game`, in a thread) and hands its record id to this
worker's `ReviewRunner`: one separate process (a spawn-context `ProcessPoolExecutor` with one
worker, lowered priority), so a review — seconds of pure-Python work — never runs on the request
path, never holds this worker's GIL and never runs while the game does (the record only exists
after the end). `run_review` is what that process runs: it claims the review by inserting its
row ("pending"; the first worker to insert it computes it, so it is written once however many
workers heard the game end, and running it again changes nothing), calls the game's own
`review(seed, options, seats, log)` through its `GameDefinition` and writes "done" with the JSON
and the compute time, or "failed" with the reason. A game whose review module is not there yet
gets no row, so a later start-up sweep (`ReviewRunner.sweep`: records without a review, newest
first, bounded) does it once the module lands; the sweep also takes over claims left pending by a
worker that died (`STALE_S`).

The spawned process imports the host's main module again (multiprocessing's spawn rule): the
Reflex CLI and granian workers, pytest and the `python -m tilerooms...` entry points keep their
work under ``if __name__ == "__main__"``, as any new entry point must.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlmodel import col, select

from tilerooms.accounts import game_records
from tilerooms.db.engine import database_url, get_engine, normalize_url, session
from tilerooms.db.models import GameRecord, GameReview, utcnow
from tilerooms.games import GAMES

log = logging.getLogger(__name__)

IDLE_S = 600.0  # a review process with nothing to do for 10 min stops (the next review starts one)
STALE_S = 600.0  # a claim still pending after 10 min lost its worker: the sweep takes it over
SWEEP_LIMIT = 50  # reviews queued by one start-up sweep (the newest games first)
PARENT_CHECK_S = 2.0  # how often the review process checks that its worker still lives
CHILD_NICENESS = 10  # the review process yields the CPU to the web workers on a busy machine
STORE_ATTEMPTS = 3

__all__ = ["review_of", "run_review", "reviewable", "missing_reviews", "ReviewRunner", "runner", "on_game_end", "shutdown_runners", "engine_of"]


def engine_of(url: str | None = None) -> sa.Engine:
    """The records database's shared engine (`url`, default this deployment's)."""
    return get_engine(url)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)  # SQLite: naive UTC


# -- reading ----------------------------------------------------------------------------------


def review_of(record_id: object, engine: sa.Engine | None = None) -> dict[str, Any] | None:
    """The review of stored game `record_id`: ``{"status": "pending" | "done" | "failed",
    "game", "review": the game's review dict (done only, else None), "compute_ms", "error"}``;
    None while no review was started (or for an id that is no stored game's)."""
    if not isinstance(record_id, str) or not game_records.RECORD_ID.fullmatch(record_id):
        return None
    with session(engine) as s:
        row = s.get(GameReview, record_id)
    if row is None:
        return None
    return {
        "status": row.status,
        "game": row.game,
        "review": json.loads(row.review_json) if row.status == "done" and row.review_json else None,
        "compute_ms": row.compute_ms,
        "error": row.error,
    }


def reviewable(game: str) -> bool:
    """Whether `game` has its review module (`tilerooms.games.<game>.review`) in this install."""
    if game not in GAMES:
        return False
    try:
        return importlib.util.find_spec(f"tilerooms.games.{game}.review") is not None
    except ModuleNotFoundError:
        return False


def missing_reviews(limit: int = SWEEP_LIMIT, engine: sa.Engine | None = None) -> list[str]:
    """Stored games of a reviewable game with no review, or with a stale pending claim; newest first."""
    stale = utcnow() - timedelta(seconds=STALE_S)
    games = [game for game in GAMES if reviewable(game)]
    with session(engine) as s:
        rows = s.exec(
            select(GameRecord.id)
            .outerjoin(GameReview, col(GameReview.record_id) == col(GameRecord.id))
            .where(col(GameRecord.game).in_(games))
            .where(sa.or_(col(GameReview.record_id).is_(None), sa.and_(GameReview.status == "pending", col(GameReview.updated_at) < stale)))
            .order_by(col(GameRecord.ended_at).desc(), GameRecord.id)
            .limit(limit)
        ).all()
    return list(rows)


# -- computing --------------------------------------------------------------------------------


def _claim(record_id: str, engine: sa.Engine | None) -> GameRecord | None:
    """The stored game when this caller now holds its review's claim, else None (no such game, a
    review done, failed or being computed elsewhere, or no review module for its game)."""
    with session(engine) as s:
        record = s.get(GameRecord, record_id)
        if record is None or not reviewable(record.game):
            return None
        row = s.get(GameReview, record_id)
        if row is not None:
            if row.status != "pending" or _aware(row.updated_at) > utcnow() - timedelta(seconds=STALE_S):
                return None
            # a dead worker's claim, taken over by whoever moves its stamp first (a racing sweep finds it moved)
            moved = s.exec(
                sa.update(GameReview)
                .where(col(GameReview.record_id) == record_id, col(GameReview.status) == "pending", col(GameReview.updated_at) == row.updated_at)
                .values(updated_at=utcnow())
            )
            s.commit()
            return record if moved.rowcount == 1 else None
        s.add(GameReview(record_id=record_id, game=record.game))
        try:
            s.commit()
        except IntegrityError:  # another worker claimed it first
            s.rollback()
            return None
    return record


def _finish(record_id: str, engine: sa.Engine | None, **fields: Any) -> None:
    with session(engine) as s:
        row = s.get(GameReview, record_id)
        if row is None:
            return  # the game was deleted meanwhile (the review row went with it)
        for key, value in fields.items():
            setattr(row, key, value)
        row.updated_at = utcnow()
        s.add(row)
        s.commit()


def run_review(record_id: str, engine: sa.Engine | None = None) -> dict[str, Any] | None:
    """Compute and store the review of stored game `record_id`, once: a review already done,
    failed or being computed is left as it is. Returns `review_of(record_id)`. Runs the game's
    review in this thread: call it from the background runner, never on a request's path."""
    record = _claim(record_id, engine)
    if record is not None:
        t0 = time.perf_counter()
        try:
            result = GAMES[record.game].review(record.seed, json.loads(record.options_json), game_records.seats_of(record), game_records.log_of(record))
            text = json.dumps(result, ensure_ascii=False, separators=(",", ":"))
        except Exception as err:  # noqa: BLE001 - a broken log or review bug: kept as failed, not retried
            log.exception("reviewing game %s failed", record_id)
            _finish(record_id, engine, status="failed", error=f"{type(err).__name__}: {err}"[:500], compute_ms=round((time.perf_counter() - t0) * 1000))
        else:
            _finish(record_id, engine, status="done", review_json=text, compute_ms=round((time.perf_counter() - t0) * 1000))
    return review_of(record_id, engine)


# -- the background process -------------------------------------------------------------------


def _child_start() -> None:
    """The review process's start: a lower CPU priority than the web workers, and an end of its
    own when the worker that started it dies without shutting it down (killed, crashed)."""
    try:
        os.nice(CHILD_NICENESS)
    except OSError:  # not permitted here: run at normal priority
        pass
    parent = os.getppid()

    def watch_parent() -> None:
        while os.getppid() == parent:  # an orphan is re-parented: its pool's queue never closes
            time.sleep(PARENT_CHECK_S)
        os._exit(0)  # the claim of a review under way goes stale; a later sweep redoes it

    threading.Thread(target=watch_parent, name="review-parent-watch", daemon=True).start()


def _child_review(record_id: str, url: str) -> dict[str, Any]:
    """In the review process: `run_review` on the database at `url`; the status only (small to send back)."""
    found = run_review(record_id, get_engine(url))
    return {"record_id": record_id, "status": None if found is None else found["status"], "compute_ms": None if found is None else found["compute_ms"]}


def _child_ready() -> int:
    """In the review process: import what a review needs, so the first game waits for nothing."""
    for game in GAMES:
        if reviewable(game):
            importlib.import_module(f"tilerooms.games.{game}.review")
    return os.getpid()


class ReviewRunner:
    """One worker's review process for one records database: runs `run_review` there, one game at
    a time, so the web worker's event loop and GIL stay free. The process starts with the first
    review and stops after `idle_s` without one; a killed process is replaced at the next review."""

    def __init__(self, url: str | None = None, idle_s: float = IDLE_S) -> None:
        self.url = normalize_url(url or database_url())
        self.idle_s = idle_s
        self._pool: ProcessPoolExecutor | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._running = 0
        self._last = 0.0

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fresh interpreter, not a fork of a worker holding sockets, threads and locks
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_child_start)
        return self._pool

    async def _submit(self, fn: Any, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        pool = self._executor()
        self._running += 1
        try:
            return await loop.run_in_executor(pool, fn, *args)
        except BrokenProcessPool:
            if self._pool is pool:
                self._pool = None  # the process was killed (out of memory, by hand): a new one next time
            raise
        finally:
            self._running -= 1
            self._last = time.monotonic()
            if self._running == 0:
                loop.call_later(self.idle_s, self._stop_if_idle)

    def _stop_if_idle(self) -> None:
        # an idle review process gives its memory (~120 MB) back; the next game's review starts another
        if self._running == 0 and time.monotonic() - self._last >= self.idle_s * 0.99:
            self.shutdown()

    async def warm_up(self) -> int:
        """Start the process and import the review modules; its pid."""
        return await self._submit(_child_ready)

    async def run(self, record_id: str) -> dict[str, Any]:
        """Review `record_id` in the review process and wait for it: {record_id, status, compute_ms}."""
        return await self._submit(_child_review, record_id, self.url)

    def schedule(self, record_id: str) -> asyncio.Task[Any]:
        """Review `record_id` in the background (not awaited by the caller); failures are logged."""
        task = asyncio.get_running_loop().create_task(self._run_logged(record_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _run_logged(self, record_id: str) -> dict[str, Any] | None:
        try:
            return await self.run(record_id)
        except Exception:  # noqa: BLE001 - the process died or the DB is down: the start-up sweep retries
            log.exception("the review of game %s did not run", record_id)
            return None

    async def sweep(self, limit: int = SWEEP_LIMIT) -> int:
        """Review the stored games that have none (`missing_reviews`), one after another; how many."""
        ids = await asyncio.to_thread(missing_reviews, limit, get_engine(self.url))
        for record_id in ids:
            await self._run_logged(record_id)
        return len(ids)

    async def idle(self) -> None:
        """Wait until every scheduled review has finished."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def shutdown(self, wait: bool = False) -> None:
        """Stop the review process (`wait`: until it has exited). A review under way is abandoned:
        its claim goes stale and a later sweep redoes it."""
        if self._pool is not None:
            self._pool.shutdown(wait=wait, cancel_futures=True)
            self._pool = None


_runners: dict[str, ReviewRunner] = {}


def runner(url: str | None = None) -> ReviewRunner:
    """This worker's runner for the records database at `url` (default this deployment's)."""
    key = normalize_url(url or database_url())
    if key not in _runners:
        _runners[key] = ReviewRunner(key)
    return _runners[key]


def shutdown_runners(wait: bool = False) -> None:
    """Stop every review process of this worker (the app's shutdown)."""
    while _runners:
        _runners.popitem()[1].shutdown(wait)


async def on_game_end(room: Any) -> None:
    """The RoomService listener: keep the finished game (as `game_records.on_game_end` does, retried
    on a busy database) and, once it is stored, review it in the background. A game dropped back to
    the waiting room has no result and is neither kept nor reviewed."""
    if room.status != "finished" or not room.result or room.game_setup is None or room.game_state is None:
        return
    for attempt in range(STORE_ATTEMPTS):
        try:
            record_id = await asyncio.to_thread(game_records.store_finished_game, room)
        except OperationalError:
            log.warning("storing the game of room %s failed (attempt %d)", room.id, attempt + 1)
            await asyncio.sleep(0.5 * (attempt + 1))
            continue
        runner().schedule(record_id)  # the record exists: the game is over
        return
    log.error("the game of room %s was not stored (nor reviewed)", room.id)
