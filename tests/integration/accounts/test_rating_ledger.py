"""The rating ledger on a real database (SQLite and PostgreSQL): one row per (game, member) under a
duplicate result, a restart between the game and its rewards, two workers racing; a leaver rated
last; games with an AI or a guest rate nobody; the /me history and the /rankings board."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import select

from tests.helpers.threads import at_once
from tests.integration.accounts.test_ledger import NOON, member, room, uid
from tilerooms.accounts import ratings, records, rewards
from tilerooms.db.engine import make_engine, session
from tilerooms.db.models import Rating, RatingEntry
from tilerooms.rooms.models import Occupant, Seat


def rating_rows(engine) -> list[tuple[str, int, str, int]]:
    with session(engine) as s:
        rows = s.exec(select(RatingEntry)).all()
    return sorted((r.game_id, r.user_id, r.rating_key, r.place) for r in rows)


def stored(engine, member_id: str, key: str = "rummikub") -> tuple[float, float, int]:
    return ratings.current_rating(uid(member_id), key, engine)


def test_a_duplicate_result_rates_once(engine):
    a, b = member(engine, "영희"), member(engine, "철수")
    finished = room(1, [(a, 1, 20), (b, 2, -20)], [a])
    records.process_game_end(finished, engine)
    once = (stored(engine, a), stored(engine, b))
    assert once[0][0] > ratings.DEFAULT_MU > once[1][0]
    assert once[0][2] == once[1][2] == 1
    records.process_game_end(finished, engine)
    records.process_game_end(finished, engine)
    assert (stored(engine, a), stored(engine, b)) == once
    assert rating_rows(engine) == sorted([("rtest-1", uid(a), "rummikub", 1), ("rtest-1", uid(b), "rummikub", 2)])


def test_a_restart_between_the_game_and_its_rewards_rates_once(engine, db_url):
    a, b = member(engine, "영희"), member(engine, "철수")
    finished = room(1, [(a, 1, 20), (b, 2, -20)], [a])
    assert records.record_game(rewards.record_from_room(finished), engine)  # the process dies here
    assert rating_rows(engine) == []
    restarted = make_engine(db_url)
    try:
        assert records.apply_pending_rewards(restarted) == 1
        records.process_game_end(finished, restarted)
        assert records.apply_pending_rewards(restarted) == 0
    finally:
        restarted.dispose()
    assert len(rating_rows(engine)) == 2
    assert stored(engine, a)[2] == 1


def test_two_workers_racing_rate_once(engine):
    a, b = member(engine, "영희"), member(engine, "철수")
    finished = room(1, [(a, 1, 20), (b, 2, -20)], [a])
    errors = at_once(lambda: records.process_game_end(finished, engine))
    assert len(rating_rows(engine)) == 2, errors
    assert stored(engine, a)[2] == stored(engine, b)[2] == 1


def test_games_with_an_ai_or_a_guest_rate_nobody(engine):
    a, b = member(engine, "영희"), member(engine, "철수")
    records.process_game_end(room(1, [(a, 1, 20), ("ai-rtest-1", 2, -20)], [a]), engine)
    records.process_game_end(room(2, [(a, 1, 20), ("g-0123456789abcdef", 2, -20)], [a]), engine)
    records.process_game_end(room(3, [(a, 1, 0), (b, 1, 0)], [], end="aborted"), engine)
    assert rating_rows(engine) == []
    assert stored(engine, a) == (ratings.DEFAULT_MU, ratings.DEFAULT_SIGMA, 0)


def test_a_leaver_is_rated_last_and_history_and_board_follow(engine):
    a, b, c = member(engine, "영희"), member(engine, "철수"), member(engine, "민지")
    left = room(1, [(a, 1, 20), (b, 2, -20)], [a], extra_seats=[c])
    left.seats = [s for s in left.seats if s.occupant.id != c] + [Seat()]  # c left: their seat emptied
    records.process_game_end(left, engine)
    assert rating_rows(engine) == sorted([("rtest-1", uid(a), "rummikub", 1), ("rtest-1", uid(b), "rummikub", 2), ("rtest-1", uid(c), "rummikub", 3)])
    with session(engine) as s:
        assert s.exec(select(RatingEntry.left).where(RatingEntry.user_id == uid(c))).one() is True
    records.process_game_end(room(2, [(b, 1, 20), (a, 2, -20)], [b], at=NOON + timedelta(minutes=5)), engine)
    mine = ratings.my_ratings(uid(a), engine)
    assert [(r["key"], r["games"], len(r["history"])) for r in mine] == [("rummikub", 2, 2)]
    assert mine[0]["rank"].label() == "배치 2/10"
    board = ratings.leaderboard("rummikub", engine=engine)
    assert [row["nickname"] for row in board][-1] == "민지"
    assert {row["nickname"] for row in board} == {"영희", "철수", "민지"}
    assert ratings.leaderboard("mahjong4", engine=engine) == []


def test_mahjong_modes_are_rated_apart(engine):
    players = [member(engine, n) for n in ("가", "나", "다", "라")]
    four = room(1, [(p, i + 1, 0) for i, p in enumerate(players)], [players[0]])
    four.game = "mahjong"
    three = room(2, [(p, i + 1, 0) for i, p in enumerate(players[:3])], [players[0]])
    three.game = "mahjong"
    for r in (four, three):
        records.process_game_end(r, engine)
    with session(engine) as s:
        keys = sorted((r.user_id, r.rating_key, r.games) for r in s.exec(select(Rating)).all())
    first = uid(players[0])
    assert (first, "mahjong3", 1) in keys and (first, "mahjong4", 1) in keys
    assert (uid(players[3]), "mahjong3", 1) not in keys


def test_room_seats_emptied_at_the_end_mark_leavers():
    finished = room(1, [("u-1", 1, 0), ("u-2", 2, 0)], ["u-1"], extra_seats=["u-3"])
    finished.seats[2] = Seat()
    assert rewards.record_from_room(finished).left == ("u-3",)
    finished.seats[2] = Seat(occupant=Occupant(id="u-3", name="x", kind="member"))
    assert rewards.record_from_room(finished).left == ()
