"""The hard AI's two-step look-ahead (`ai_eval.tenpai_quality`) on hands a reader can count."""

from __future__ import annotations

from mahjong.tile import TilesConverter

from tilerooms.games.mahjong.ai_eval import tenpai_quality, ukeire


def _counts(hand: str) -> list[int]:
    return TilesConverter.one_line_string_to_34_array(hand)


def _unseen(hand: str) -> list[int]:
    return [4 - c for c in _counts(hand)]  # nothing else on the table yet


def test_two_kanchan_one_shanten():
    # 123m 456p 11z, kanchans 35m and 79s, a loose 9p: 4m (4 left) leaves the 8s wait (4), 8s leaves 4m
    hand = "123m456p79s35m9p11z"
    assert ukeire(_counts(hand), 0, _unseen(hand)) == (1, 8)
    assert tenpai_quality(_counts(hand), 0, _unseen(hand)) == 4 * 4 + 4 * 4


def test_a_two_sided_shape_scores_above_a_second_kanchan():
    # 34m instead of 35m: 2m or 5m (3 + 4 left: the hand holds a 2m) leave the 8s kanchan (4);
    # 8s (4) leaves the 2m-5m wait (7)
    hand = "123m456p79s34m9p11z"
    assert ukeire(_counts(hand), 0, _unseen(hand)) == (1, 11)
    assert tenpai_quality(_counts(hand), 0, _unseen(hand)) == 7 * 4 + 4 * 7


def test_seen_copies_count_neither_as_draws_nor_as_waits():
    hand = "123m456p79s34m9p11z"
    unseen = _unseen(hand)
    unseen[TilesConverter.one_line_string_to_34_array("8s").index(1)] = 1  # three 8s already out
    assert tenpai_quality(_counts(hand), 0, unseen) == 7 * 1 + 1 * 7


def test_only_one_shanten_hands_are_scored():
    assert tenpai_quality(_counts("123m456p789s34m11z"), 0, _unseen("123m456p789s34m11z")) == 0  # tenpai
    assert tenpai_quality(_counts("147m258p369s1234z"), 0, _unseen("147m258p369s1234z")) == 0  # far away
