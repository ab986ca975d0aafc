"""The reward ledger on a real database (SQLite and PostgreSQL): written exactly once under a
duplicate result, a crash between the game and its rewards, a crash inside the rewards, and two
workers racing; the daily quest, leaderboards, records and account deletion built on it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from sqlmodel import select

from tests.helpers.threads import at_once
from tilerooms.accounts import records, rewards, users
from tilerooms.accounts.rewards import record_from_result
from tilerooms.db.engine import session
from tilerooms.db.models import Game, GameParticipant, QuestProgress, RewardEntry
from tilerooms.rooms.models import Occupant, Room, Seat

NOON = datetime(2026, 12, 2, 3, 0, tzinfo=UTC)  # 12:00 in Seoul, a Wednesday
GUEST = "g-0123456789abcdef"


class Crash(Exception):
    """Stands for the process dying at that point."""


def member(engine, name: str) -> str:
    user = users.find_or_create_member("local", f"sub-{name}", name, engine)
    return f"u-{user.id}"


def room(
    game_no: int, ranking: list[tuple[str, int, int]], winners: list[str], *, end: str = "rackEmpty", at: datetime = NOON, extra_seats: list[str] = ()
) -> Room:
    """A stored room right after its game `game_no` ended, as the game-end listener receives it."""
    players = [p for p, _, _ in ranking] + list(extra_seats)
    kind = {"u": "member", "g": "guest", "a": "ai"}
    return Room(
        id="rtest",
        name="방",
        game="rummikub",
        host_id=players[0],
        status="finished",
        games_played=game_no,
        seats=[Seat(occupant=Occupant(id=p, name=p, kind=kind[p[0]])) for p in players],
        game_players=players,
        updated_at=int(at.timestamp() * 1000),
        result={
            "ranking": [{"player": p, "rank": r, "score": s} for p, r, s in ranking],
            "winner": winners,
            "endReason": end,
            "names": {p: p for p in players},
        },
    )


def ledger(engine) -> list[tuple[str, int, str, int]]:
    with session(engine) as s:
        rows = s.exec(select(RewardEntry)).all()
    return sorted((r.game_id, r.user_id, r.kind, r.amount) for r in rows)


def uid(member_id: str) -> int:
    return int(member_id[2:])


def test_a_duplicate_result_writes_each_reward_once(engine):
    a, b = member(engine, "영희"), member(engine, "철수")
    finished = room(1, [(a, 1, 20), (b, 2, -20)], [a])
    first = records.process_game_end(finished, engine)
    assert len(first) == 7  # 3 + 3 + the sole win
    assert records.process_game_end(finished, engine) == []
    assert records.process_game_end(finished, engine) == []
    assert len(ledger(engine)) == 7
    assert users.get_user(uid(a), engine).coins == 20 and users.get_user(uid(b), engine).coins == 10
    assert records.ledger_totals(uid(a), engine) == {"coins": 20, "xp": 30}


def test_a_crash_between_the_game_and_its_rewards_is_finished_once_after_restart(engine, db_url):
    a, b = member(engine, "영희"), member(engine, "철수")
    finished = room(1, [(a, 1, 20), (b, 2, -20)], [a])
    assert records.record_game(rewards.record_from_room(finished), engine)  # step 1 stored …
    assert ledger(engine) == []  # … and the process dies before step 2
    from tilerooms.db.engine import make_engine

    restarted = make_engine(db_url)  # a new process: new engine, same database
    try:
        assert records.apply_pending_rewards(restarted) == 1
        assert records.process_game_end(finished, restarted) == []  # and the listener repeating it
        assert records.apply_pending_rewards(restarted) == 0
    finally:
        restarted.dispose()
    assert len(ledger(engine)) == 7


def test_a_crash_inside_the_rewards_leaves_nothing_half_written(engine):
    a, b = member(engine, "영희"), member(engine, "철수")
    finished = room(1, [(a, 1, 20), (b, 2, -20)], [a])
    records.record_game(rewards.record_from_room(finished), engine)

    def die() -> None:
        raise Crash

    with pytest.raises(Crash):
        records.apply_rewards("rtest-1", engine, before_commit=die)
    assert ledger(engine) == []
    assert users.get_user(uid(a), engine).coins == 0
    with session(engine) as s:
        assert s.get(Game, "rtest-1").rewarded is False
        assert s.exec(select(QuestProgress)).all() == []
    assert records.apply_pending_rewards(engine) == 1
    assert len(ledger(engine)) == 7
    assert users.get_user(uid(a), engine).coins == 20


def test_two_workers_processing_the_same_result_write_it_once(engine):
    a, b = member(engine, "영희"), member(engine, "철수")
    finished = room(1, [(a, 1, 20), (b, 2, -20)], [a])
    errors = at_once(lambda: records.process_game_end(finished, engine))
    assert len(ledger(engine)) == 7, errors
    assert users.get_user(uid(a), engine).coins == 20
    assert users.get_user(uid(a), engine).xp == 30


def test_excluded_games_are_recorded_but_give_nothing(engine):
    a, b = member(engine, "영희"), member(engine, "철수")
    with_ai = room(1, [(a, 1, 20), ("ai-rtest-1", 2, -20)], [a])
    aborted = room(2, [(a, 1, 0), (b, 1, 0)], [], end="aborted")
    for r in (with_ai, aborted):
        assert records.process_game_end(r, engine) == []
    guest_game = room(3, [(GUEST, 1, 20), (a, 2, -20)], [GUEST])
    records.process_game_end(guest_game, engine)
    assert ledger(engine) == sorted(
        [
            ("rtest-3", uid(a), rewards.KIND_COINS, 10),
            ("rtest-3", uid(a), rewards.KIND_XP, 20),
            ("rtest-3", uid(a), rewards.KIND_QUEST_STEP, 1),
        ]
    )
    guests_only = room(4, [(GUEST, 1, 20), ("g-fedcba9876543210", 2, -20)], [GUEST])
    assert records.record_game(rewards.record_from_room(guests_only), engine) is False
    rows = records.recent_games(uid(a), engine=engine)
    assert sorted(r["game_id"] for r in rows) == ["rtest-1", "rtest-2", "rtest-3"]
    reasons = {r["game_id"]: r["reward"] for r in rows}
    assert reasons["rtest-1"] == "AI 참여 · 보상 없음"
    assert reasons["rtest-2"] == "중도 종료 · 보상 없음"
    assert reasons["rtest-3"] == "코인 +10 · 경험치 +20"


def test_the_fifth_game_of_the_day_completes_the_quest_once(engine):
    a, b = member(engine, "영희"), member(engine, "철수")
    for n in range(1, 7):
        records.process_game_end(room(n, [(a, 1, 20), (b, 2, -20)], [a], at=NOON + timedelta(minutes=n)), engine)
    records.process_game_end(room(5, [(a, 1, 20), (b, 2, -20)], [a], at=NOON), engine)  # a repeat
    assert records.daily_quest(uid(b), NOON, engine) == {"day": "2026-12-02", "progress": 5, "target": 5, "done": True}
    bonus = [e for e in ledger(engine) if e[2] == rewards.KIND_QUEST_COINS]
    assert [(g, u) for g, u, _, _ in bonus] == sorted([("rtest-5", uid(a)), ("rtest-5", uid(b))])
    assert users.get_user(uid(b), engine).coins == 6 * 10 + 50
    assert records.ledger_totals(uid(b), engine)["coins"] == 6 * 10 + 50
    tomorrow = NOON + timedelta(days=1)
    assert records.daily_quest(uid(b), tomorrow, engine)["progress"] == 0


def test_leaderboards_count_sole_wins_of_members_only(engine):
    a, b, c = member(engine, "영희"), member(engine, "철수"), member(engine, "민지")
    last_week = NOON - timedelta(days=7)
    games = [
        room(1, [(a, 1, 20), (b, 2, -20)], [a]),
        room(2, [(b, 1, 20), (a, 2, -20)], [b]),
        room(3, [(b, 1, 20), (c, 2, -20)], [b], at=last_week),
        room(4, [(c, 1, 20), ("ai-rtest-1", 2, -20)], [c]),  # AI: never ranked
        room(5, [(c, 1, 5), (a, 1, 5)], [c, a], end="stalemate"),  # shared: not a sole win
        room(6, [(c, 1, 0), (a, 1, 0)], [], end="aborted"),
    ]
    for r in games:
        records.process_game_end(r, engine)
    weekly = records.weekly_leaderboard(NOON, engine=engine)
    assert [(row["nickname"], row["wins"], row["rank"]) for row in weekly] == [("영희", 1, 1), ("철수", 1, 1)]
    all_time = records.all_time_leaderboard(engine=engine)
    assert [(row["nickname"], row["wins"], row["rank"]) for row in all_time] == [("철수", 2, 1), ("영희", 1, 2)]
    assert records.member_stats(uid(c), engine)["wins"] == 0


def test_deleting_an_account_keeps_the_others_records(engine):
    a, b = member(engine, "영희"), member(engine, "철수")
    records.process_game_end(room(1, [(a, 1, 20), (b, 2, -20)], [a]), engine)
    assert users.delete_member(uid(a), engine)
    assert users.get_user(uid(a), engine) is None
    assert all(u != uid(a) for _, u, _, _ in ledger(engine))
    rows = records.recent_games(uid(b), engine=engine)
    assert rows[0]["players"] == f"{users.DELETED_NAME} 1위 · {b} 2위"
    with session(engine) as s:
        assert s.exec(select(GameParticipant).where(GameParticipant.player_id == a)).one().user_id is None
        assert "영희" not in s.get(Game, "rtest-1").result_json and a in s.get(Game, "rtest-1").result_json
    assert records.weekly_leaderboard(NOON, engine=engine) == []
    # signing in again with the same provider account makes a new, empty member
    again = users.find_or_create_member("local", "sub-영희", "영희", engine)
    assert f"u-{again.id}" != a or again.coins == 0


def test_no_password_column_exists(engine):
    columns = {c["name"] for t in ("users", "oauth_links") for c in sa.inspect(engine).get_columns(t)}
    assert not {c for c in columns if "pass" in c or "hash" in c}


def test_a_record_from_stored_rows_matches_the_rules(engine):
    a, b = member(engine, "영희"), member(engine, "철수")
    record = record_from_result(
        game_id="rx-1",
        room_id="rx",
        game="rummikub",
        started=[a, b, "ai-rx-1"],
        result={"ranking": [{"player": a, "rank": 1, "score": 3}, {"player": b, "rank": 2, "score": -3}], "winner": [a], "endReason": "timeUp"},
        names={a: "영희", b: "철수"},
        ended_at=NOON,
    )
    records.record_game(record, engine)
    with session(engine) as s:
        game = s.get(Game, "rx-1")
        stored = records.stored_record(game, list(s.exec(select(GameParticipant).where(GameParticipant.game_id == "rx-1")).all()))
    assert stored.has_ai and rewards.game_rewards(stored) == []
