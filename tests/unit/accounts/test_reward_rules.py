"""Reward rules of the service page, as pure functions: every exclusion case on a readable table.

회원끼리 정상 종료 → 코인·경험치·일일 5판 퀘스트; 단독 우승 → 주간·누적 우승.
AI가 있는 판 전체, 게스트 본인, 중도 종료 → 보상·랭킹 제외.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tilerooms.accounts import rewards
from tilerooms.accounts.rewards import (
    KIND_COINS,
    KIND_QUEST_STEP,
    KIND_WIN,
    KIND_XP,
    Reward,
    game_rewards,
    quest_bonus,
    record_from_result,
)
from tilerooms.rooms.models import Occupant, Room, Seat

ENDED = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)
YOUNGHEE, CHEOLSU, MINJI = "u-1", "u-2", "u-3"
GUEST = "g-0123456789abcdef"
AI = "ai-r1-1"


def game(ranking: list[tuple[str, int, int]], winners: list[str], end: str = "rackEmpty", started: list[str] | None = None):
    """A finished game: ranking rows (player, rank, score) as the engine reports them."""
    result = {
        "ranking": [{"player": p, "rank": r, "score": s} for p, r, s in ranking],
        "winner": winners,
        "endReason": end,
        "names": {},
    }
    return record_from_result(
        game_id="rabc-1",
        room_id="rabc",
        game="rummikub",
        started=started or [p for p, _, _ in ranking],
        result=result,
        names=None,
        ended_at=ENDED,
    )


def by_user(entries: list[Reward]) -> dict[int, dict[str, int]]:
    out: dict[int, dict[str, int]] = {}
    for e in entries:
        out.setdefault(e.user_id, {})[e.kind] = e.amount
    return out


def test_members_only_normal_finish_rewards_everyone_and_the_sole_winner_wins():
    record = game([(YOUNGHEE, 1, 20), (CHEOLSU, 2, -12), (MINJI, 3, -8 - 0)], [YOUNGHEE])
    got = by_user(game_rewards(record))
    assert got == {
        1: {KIND_COINS: 20, KIND_XP: 30, KIND_QUEST_STEP: 1, KIND_WIN: 1},
        2: {KIND_COINS: 10, KIND_XP: 20, KIND_QUEST_STEP: 1},
        3: {KIND_COINS: 10, KIND_XP: 20, KIND_QUEST_STEP: 1},
    }


@pytest.mark.parametrize("end", ["stalemate", "timeUp"])
def test_a_shared_win_rewards_both_but_is_not_a_sole_win(end):
    record = game([(YOUNGHEE, 1, 5), (CHEOLSU, 1, 5), (MINJI, 3, -10)], [YOUNGHEE, CHEOLSU], end)
    got = by_user(game_rewards(record))
    assert got[1] == got[2] == {KIND_COINS: 20, KIND_XP: 30, KIND_QUEST_STEP: 1}
    assert not any(e.kind == KIND_WIN for e in game_rewards(record))


def test_any_ai_seat_gives_nobody_anything():
    record = game([(YOUNGHEE, 1, 20), (AI, 2, -20)], [YOUNGHEE])
    assert record.has_ai
    assert game_rewards(record) == []
    three = game([(YOUNGHEE, 1, 20), (CHEOLSU, 2, -5), (AI, 3, -15)], [YOUNGHEE])
    assert game_rewards(three) == []


def test_an_ai_that_sat_in_the_game_counts_even_if_it_is_not_ranked():
    record = game([(YOUNGHEE, 1, 20), (CHEOLSU, 2, -20)], [YOUNGHEE], started=[YOUNGHEE, CHEOLSU, AI])
    assert game_rewards(record) == []


def test_a_guest_gets_nothing_but_the_members_of_the_same_game_do():
    # 게스트 "본인" only: the members' game still counts (our reading of the service page)
    record = game([(YOUNGHEE, 1, 20), (GUEST, 2, -8), (CHEOLSU, 3, -12)], [YOUNGHEE])
    got = by_user(game_rewards(record))
    assert set(got) == {1, 2}
    assert got[1][KIND_WIN] == 1


def test_a_guest_sole_winner_gives_no_member_a_win():
    record = game([(GUEST, 1, 20), (YOUNGHEE, 2, -20)], [GUEST])
    got = by_user(game_rewards(record))
    assert got == {1: {KIND_COINS: 10, KIND_XP: 20, KIND_QUEST_STEP: 1}}


def test_guests_only_game_is_not_even_recorded():
    assert not game([(GUEST, 1, 20), ("g-fedcba9876543210", 2, -20)], [GUEST]).has_member


@pytest.mark.parametrize(
    "result",
    [
        {"aborted": True},  # dropped back to the waiting room (play.abort_to_waiting)
        {"ranking": [{"player": YOUNGHEE, "rank": 1, "score": 0}, {"player": CHEOLSU, "rank": 1, "score": 0}], "winner": [], "endReason": "aborted"},
        {"ranking": [], "winner": [], "endReason": "aborted"},
        None,
    ],
)
def test_aborted_games_give_nothing(result):
    record = record_from_result(game_id="rabc-2", room_id="rabc", game="rummikub", started=[YOUNGHEE, CHEOLSU], result=result, names=None, ended_at=ENDED)
    assert record.aborted
    assert game_rewards(record) == []


def test_a_member_who_left_before_the_end_gets_nothing():
    # 중도 퇴장: Minji left; the engine ranks only the players still in the game
    record = game([(YOUNGHEE, 1, 20), (CHEOLSU, 2, -20)], [YOUNGHEE], started=[YOUNGHEE, CHEOLSU, MINJI])
    assert 3 not in by_user(game_rewards(record))
    assert {1, 2} == set(by_user(game_rewards(record)))


def test_ids_that_only_look_like_members_are_guests():
    assert rewards.player_kind("u-12") == "member"
    assert rewards.player_kind("u-12x") == "guest"
    assert rewards.player_kind("g-u-12") == "guest"
    assert rewards.member_user_id("u-") is None


def test_the_daily_quest_bonus_is_paid_by_the_fifth_game_only():
    assert quest_bonus(1, 3, 4) is None
    assert quest_bonus(1, 4, 5) == Reward(1, rewards.KIND_QUEST_COINS, rewards.DAILY_QUEST_COINS)
    assert quest_bonus(1, 5, 6) is None


def test_days_and_weeks_follow_korean_time():
    sunday_late_utc = datetime(2026, 12, 6, 15, 30, tzinfo=UTC)  # Monday 00:30 in Seoul
    assert rewards.day_key(sunday_late_utc) == "2026-12-07"
    assert rewards.week_key(sunday_late_utc) == "2026-W50"
    assert rewards.week_key(datetime(2026, 12, 6, 14, 59, tzinfo=UTC)) == "2026-W49"


def test_a_record_from_a_stored_room_uses_its_result_and_game_id():
    room = Room(
        id="rabc",
        name="방",
        game="rummikub",
        host_id=YOUNGHEE,
        status="finished",
        games_played=3,
        seats=[Seat(occupant=Occupant(id=YOUNGHEE, name="영희", kind="member")), Seat(occupant=Occupant(id=CHEOLSU, name="철수", kind="member"))],
        game_players=[YOUNGHEE, CHEOLSU],
        updated_at=1_800_000_000_000,
        result={
            "ranking": [{"player": YOUNGHEE, "rank": 1, "score": 20}, {"player": CHEOLSU, "rank": 2, "score": -20}],
            "winner": [YOUNGHEE],
            "endReason": "rackEmpty",
            "names": {YOUNGHEE: "영희", CHEOLSU: "철수"},
        },
    )
    record = rewards.record_from_room(room)
    assert record.game_id == "rabc-3"
    assert [(p.name, p.rank) for p in record.players] == [("영희", 1), ("철수", 2)]
    assert record.ended_at == datetime.fromtimestamp(1_800_000_000, tz=UTC)
    assert rewards.sole_winner(record) == YOUNGHEE
