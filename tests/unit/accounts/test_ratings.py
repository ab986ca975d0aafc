"""Rating math and which games are rated: Plackett–Luce on final places, leavers last, every
exclusion (guests, AIs, aborted games), and one rating key per game mode."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tilerooms.accounts import ratings
from tilerooms.accounts.ratings import DEFAULT_MU, DEFAULT_SIGMA, rate, rated_places, rating_key
from tilerooms.accounts.rewards import record_from_result

ENDED = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)
A, B, C, D = "u-1", "u-2", "u-3", "u-4"


def game(ranking: list[tuple[str, int]], *, end: str = "rackEmpty", started: list[str] | None = None, left: list[str] = (), name: str = "rummikub"):
    result = {"ranking": [{"player": p, "rank": r, "score": 0} for p, r in ranking], "winner": [ranking[0][0]] if ranking else [], "endReason": end}
    if end == "aborted":
        result = {"ranking": [], "winner": [], "endReason": "aborted"}
    return record_from_result(
        game_id="r1-1", room_id="r1", game=name, started=started or [p for p, _ in ranking], result=result, names={}, ended_at=ENDED, left=left
    )


def test_rating_keys_split_mahjong_by_player_count_only() -> None:
    assert [rating_key("rummikub", n) for n in (2, 3, 4)] == ["rummikub"] * 3
    assert rating_key("mahjong", 4) == "mahjong4"
    assert rating_key("mahjong", 3) == "mahjong3"
    keys = [k for k, _, _ in ratings.rating_keys()]
    assert keys == ["rummikub", "mahjong4", "mahjong3"]
    names = {k: (ko, en) for k, ko, en in ratings.rating_keys()}
    assert names["mahjong3"][0].endswith("산마)")


def test_a_finished_member_game_rates_by_rank() -> None:
    assert rated_places(game([(A, 1), (B, 2), (C, 2)])) == {A: 1, B: 2, C: 2}


@pytest.mark.parametrize(
    "record",
    [
        game([(A, 1), ("ai-r1-1", 2)]),  # an AI seat
        game([(A, 1), ("g-0123456789abcdef", 2)]),  # a guest
        game([], end="aborted", started=[A, B]),  # dropped, nobody left
        game([], end="aborted", started=[A, B], left=[A, B]),  # everybody left
        game([(A, 1)]),  # one player
    ],
)
def test_unrated_games(record) -> None:
    assert rated_places(record) is None


def test_a_number_tile_leaver_is_rated_last() -> None:
    # number tiles drop a leaver from the ranking
    record = game([(A, 1), (B, 2)], started=[A, C, B], left=[C])
    assert rated_places(record) == {A: 1, B: 2, C: 3}


def test_a_mahjong_leaver_on_autopilot_is_rated_last_whatever_its_seat_scored() -> None:
    record = game([(C, 1), (A, 2), (B, 3), (D, 4)], left=[C], name="mahjong")
    assert rated_places(record) == {A: 2, B: 3, D: 4, C: 5}
    changes = {c.player_id: c for c in rate(rated_places(record), {}, record.left)}
    assert changes[C].left and changes[C].mu_after < DEFAULT_MU
    assert min(c.mu_after for c in changes.values()) == changes[C].mu_after


def test_a_two_player_game_ended_by_a_leave_rates_the_one_who_stayed_first() -> None:
    record = game([], end="aborted", started=[A, B], left=[B])
    assert rated_places(record) == {A: 1, B: 2}


def test_plackett_luce_moves_winners_up_and_losers_down() -> None:
    changes = rate({A: 1, B: 2, C: 3}, {})
    mu = {c.player_id: c.mu_after for c in changes}
    assert mu[A] > DEFAULT_MU > mu[C]
    assert mu[A] > mu[B] > mu[C]
    assert all(c.sigma_after < DEFAULT_SIGMA for c in changes)
    # a favourite beating an underdog gains less than the underdog beating the favourite
    strong, weak = (35.0, 3.0), (20.0, 3.0)
    expected = rate({A: 1, B: 2}, {A: strong, B: weak})[0].mu_after - strong[0]
    upset = rate({B: 1, A: 2}, {A: strong, B: weak})[0].mu_after - weak[0]
    assert 0 < expected < upset


def test_ties_share_the_move() -> None:
    changes = rate({A: 1, B: 1}, {})
    assert changes[0].mu_after == pytest.approx(changes[1].mu_after)
