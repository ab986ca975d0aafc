"""The 복기 computed in the background once a game is stored (issue 21: 3), on SQLite and PostgreSQL:
a mahjong game played to its end through RoomService (memory and Redis rooms) gets its review from
the runner's separate process, once; a running game has none; a game whose review module is
missing waits for the start-up sweep; a broken log fails once; a dead worker's claim is taken over."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from concurrent.futures.process import BrokenProcessPool
from datetime import timedelta

import pytest
import sqlalchemy as sa

from tilerooms.accounts import game_records, game_reviews
from tilerooms.bench.review import store_logged_games
from tilerooms.db.engine import get_engine, session
from tilerooms.db.models import GameRecord, GameReview, utcnow
from tilerooms.games.mahjong.review import review
from tilerooms.rooms.identity import guest
from tilerooms.rooms.models import Room

from .test_game_records import BROWSER_KEY, _play_out, records_url  # noqa: F401 - records_url is a fixture

REVIEW_WAIT_S = 180  # a cold review process (spawn + imports) and a tonpuu review, on a busy machine


@pytest.fixture
def reviews_db(records_url):  # noqa: F811 - the imported fixture
    """The migrated records DB (DATABASE_URL); the review processes stop before it is dropped."""
    yield records_url
    game_reviews.shutdown_runners(wait=True)


def _reviews(url: str) -> list[GameReview]:
    with session(get_engine(url)) as s:
        return list(s.exec(sa.select(GameReview)).scalars().all())


def _tonpuu(url: str, seed: int) -> str:
    """A seeded tonpuu (one person, three AIs) stored as a game record; its id."""
    (record_id,) = store_logged_games(url, [seed], {"length": "tonpuu"})
    return record_id


async def test_a_finished_game_is_reviewed_once_in_the_background(service, clock, reviews_db):
    person = guest(BROWSER_KEY, "손님")
    service.on_game_end(game_reviews.on_game_end)
    room_id = await service.create_practice(person, game="mahjong", ai_count=3, level="easy", options={"length": "tonpuu"})

    def nothing_yet(room: Room) -> None:
        assert room.status == "playing" and room.result is None
        assert _reviews(reviews_db) == []  # a running game has no record, so no review

    room = await _play_out(service, clock, room_id, person, check_midway=nothing_yet)
    record_id = room.result["record_id"]
    runner = game_reviews.runner()
    await asyncio.wait_for(runner.idle(), REVIEW_WAIT_S)
    found = game_reviews.review_of(record_id)
    assert found is not None and found["status"] == "done" and found["game"] == "mahjong", found
    assert found["error"] is None and found["compute_ms"] > 0
    result = found["review"]
    assert result["decisions"] and {d["player"] for d in result["decisions"]} == {person.id}
    (summary,) = result["players"]
    assert summary["player"] == person.id and summary["name"] == "손님"
    record = game_records.load_game(record_id)
    assert result == review(
        record.seed, json.loads(record.options_json), game_records.seats_of(record), game_records.log_of(record)
    )  # what the separate process stored
    assert await runner.warm_up() != os.getpid()  # it ran in another process

    (row,) = _reviews(reviews_db)
    await game_reviews.on_game_end(room)  # the listener heard twice (a restart): stored and reviewed once
    await asyncio.wait_for(runner.idle(), REVIEW_WAIT_S)
    assert game_reviews.run_review(record_id) == found
    assert await runner.run(record_id) == {"record_id": record_id, "status": "done", "compute_ms": found["compute_ms"]}
    (again,) = _reviews(reviews_db)
    assert (again.updated_at, again.review_json) == (row.updated_at, row.review_json)


async def test_a_number_tile_game_gets_the_number_tile_review(service, clock, reviews_db):
    person = guest(BROWSER_KEY, "손님")
    service.on_game_end(game_reviews.on_game_end)
    room_id = await service.create_practice(person, game="rummikub", ai_count=1, level="easy")
    room = await _play_out(service, clock, room_id, person)
    await asyncio.wait_for(game_reviews.runner().idle(), REVIEW_WAIT_S)
    found = game_reviews.review_of(room.result["record_id"])
    assert found["status"] == "done" and found["game"] == "rummikub", found
    result = found["review"]
    assert result["game"] == "rummikub" and result["turns"]
    assert {t["player"] for t in result["turns"]} == {person.id}  # the AI seat is not reviewed
    assert [p["player"] for p in result["players"]] == [person.id]


async def test_a_missing_review_module_leaves_the_game_to_the_start_up_sweep(reviews_db, monkeypatch):
    record_id = _tonpuu(reviews_db, 5)
    with monkeypatch.context() as patched:
        patched.setattr(game_reviews, "reviewable", lambda game: False)  # as before the module landed
        assert game_reviews.run_review(record_id) is None
        assert game_reviews.missing_reviews() == []
    assert _reviews(reviews_db) == []
    assert game_reviews.missing_reviews() == [record_id]
    runner = game_reviews.runner()
    assert await asyncio.wait_for(runner.sweep(), REVIEW_WAIT_S) == 1
    assert game_reviews.review_of(record_id)["status"] == "done"
    assert await runner.sweep() == 0 and len(_reviews(reviews_db)) == 1


def test_a_broken_log_fails_once_and_a_dead_workers_claim_is_taken_over(reviews_db):
    broken, stale = _tonpuu(reviews_db, 6), _tonpuu(reviews_db, 7)
    with session(get_engine(reviews_db)) as s:
        record = s.get(GameRecord, broken)
        record.log_json = json.dumps([{"at": 0, "by": "nobody", "action": {"type": "discard", "tile": 0}}])
        s.add(record)
        s.add(GameReview(record_id=stale, game="mahjong", updated_at=utcnow() - timedelta(seconds=game_reviews.STALE_S + 5)))
        s.commit()
    failed = game_reviews.run_review(broken)
    assert failed["status"] == "failed" and failed["review"] is None and "ReplayError" in failed["error"]
    assert game_reviews.run_review(broken) == failed  # not retried
    assert game_reviews.missing_reviews() == [stale]  # the failed one is not retried
    assert game_reviews.run_review(stale)["status"] == "done"
    assert game_reviews.missing_reviews() == []
    for bad in ("", "x" * 22, None, 7, "../" + stale):
        assert game_reviews.review_of(bad) is None


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as status:
            return not any(line.startswith("State:") and "Z" in line for line in status)  # a zombie has ended
    except FileNotFoundError:
        return False


def test_the_review_process_ends_when_its_worker_is_killed():
    # a web worker killed outright (OOM, SIGKILL) never shuts its pool down: the review process
    # must not wait on its queue forever
    script = (
        "import asyncio, os\n"
        "from tilerooms.accounts import game_reviews\n"
        "async def main():\n"
        "    print(await game_reviews.ReviewRunner('sqlite://').warm_up(), flush=True)\n"
        "    os.kill(os.getpid(), 9)\n"
        "asyncio.run(main())\n"
    )
    # the review process inherits the worker's stdout: an orphan left waiting keeps it open (a time-out here)
    worker = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=game_records.__file__.rsplit("/tilerooms/", 1)[0])
    child = int(worker.stdout.split()[0])
    deadline = time.monotonic() + 4 * game_reviews.PARENT_CHECK_S + 5
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _alive(child)


async def test_an_idle_review_process_stops_and_a_killed_one_is_replaced(reviews_db):
    first, second = _tonpuu(reviews_db, 8), _tonpuu(reviews_db, 9)
    runner = game_reviews.ReviewRunner(reviews_db, idle_s=0.5)
    pid = await runner.warm_up()
    os.kill(pid, signal.SIGKILL)  # the OOM killer, say
    with pytest.raises(BrokenProcessPool):
        await runner.run(first)
    assert (await runner.run(first))["status"] == "done"  # a new process
    again = await runner.warm_up()
    assert again != pid
    # idle past idle_s: the process stops and gives its memory back (within 1.5 s on an idle
    # machine; a loaded 2-core CI machine gets 15 s before this counts as a failure)
    deadline = time.monotonic() + 15
    while _alive(again) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    assert not _alive(again)
    assert (await runner.run(second))["status"] == "done"  # and the next review starts one again
    runner.shutdown(wait=True)
