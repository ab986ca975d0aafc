"""Whole games between AIs through the engine, and the view-only contract of `ai.decide`.

The games are driven by the tournament's `play_game`: every seat gets its own JSON round-tripped
view and exactly the actions `decide` returns are applied; none may be rejected and no turn may
stall (a deadline firing because an AI returned nothing while it had to act).
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from mahjong.shanten import Shanten

from tilerooms.bench.mahjong_tournament import _duplicate_job, duplicate_tables, play_game, summarize, summarize_duplicate
from tilerooms.games.mahjong import ai, engine
from tilerooms.games.mahjong.ai_shanten import regular_shanten, shanten_fast

from .mjai_helpers import json_view, position


@pytest.mark.parametrize(
    ("levels", "seed"),
    [
        ({"p0": "hard", "p1": "normal", "p2": "easy", "p3": "hard"}, 11),
        ({"p0": "hard", "p1": "normal", "p2": "easy"}, 12),
    ],
    ids=["4-player", "sanma"],
)
def test_a_full_hanchan_between_ais_has_no_rejected_action(levels, seed):
    record = play_game(levels, seed, options={"length": "hanchan"})
    assert record.rejected == 0
    assert record.stalls == 0
    assert sorted(record.rank.values()) == list(range(1, len(levels) + 1))
    assert record.hands >= 1
    times = sorted(t for ms in record.decide_ms.values() for t in ms)
    assert times[len(times) // 2] < 50  # the median decision is quick (the bench reports p95)
    assert summarize([record], len(levels) == 3)  # the report renders for a single game


def test_tonpuu_with_every_seat_easy_and_every_seat_hard():
    for level, seed in (("easy", 5), ("hard", 6)):
        record = play_game({f"p{i}": level for i in range(4)}, seed, options={"length": "tonpuu"})
        assert record.rejected == 0 and record.stalls == 0


def _same_view_different_hidden(seed_a: int, seed_b: int) -> tuple[dict, dict]:
    # the same visible table, but other seats' tiles, the wall and the dead wall are shuffled apart
    hands = ["23m456p789p1246s55z", "147p258s369m5677z", "147s258m369p1256z", "147m258p369s1234z"]
    a = position(hands, seed=seed_a, discards={1: "9m1p", 2: "8s"}, riichi=[1], dora="9s")
    b = position(hands, seed=seed_b, discards={1: "9m1p", 2: "8s"}, riichi=[1], dora="9s")
    return a, b


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_decisions_depend_on_the_view_only(level):
    a, b = _same_view_different_hidden(1, 2)
    assert a["hand"]["live"] != b["hand"]["live"]  # hidden information differs
    view_a, view_b = json_view(a, 0), json_view(b, 0)
    assert view_a == view_b
    for seed in range(5):
        assert ai.decide(view_a, level, random.Random(seed)) == ai.decide(view_b, level, random.Random(seed))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_decide_leaves_the_view_untouched_and_returns_json(level):
    state, _ = _same_view_different_hidden(3, 4)
    view = json_view(state, 0)
    before = copy.deepcopy(view)
    actions = ai.decide(view, level, random.Random(0))
    assert view == before
    assert json.loads(json.dumps(actions)) == actions
    spectator = json.loads(json.dumps(engine.view(state, None)))
    assert ai.decide(spectator, level, random.Random(0)) == []  # no seat: nothing to do


def _assert_shanten_like_the_package(kinds: list[int], melds: int) -> None:
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    want = Shanten.calculate_shanten(counts, use_chiitoitsu=melds == 0, use_kokushi=melds == 0)
    assert shanten_fast(tuple(counts), melds) == want, (counts, melds)


def test_fast_shanten_matches_the_mahjong_package():
    rng = random.Random(7)
    for _ in range(3000):
        melds = rng.choice([0, 0, 0, 1, 2, 3])
        size = 13 - 3 * melds + rng.choice([0, 1])
        wall = [k for k in range(34) for _ in range(4)]
        if rng.random() < 0.5:  # one suit plus honors: many connected shapes
            suit = rng.randrange(3)
            wall = [k for k in wall if k // 9 == suit or k >= 27]
        _assert_shanten_like_the_package(rng.sample(wall, size), melds)


def test_fast_shanten_matches_the_mahjong_package_on_one_suit_and_four_melds():
    # one-suit hands (chinitsu shapes: long connected runs) and bare tanki waits after four melds
    rng = random.Random(8)
    for _ in range(2000):
        melds = rng.choice([0, 0, 1, 2, 3, 4])
        size = 13 - 3 * melds + rng.choice([0, 1])
        suit = rng.randrange(3)
        wall = [k for k in range(suit * 9, suit * 9 + 9) for _ in range(4)]
        _assert_shanten_like_the_package(rng.sample(wall, size), melds)


def test_fast_shanten_known_shapes_and_list_input():
    def counts_of(text: str) -> list[int]:
        counts, digits = [0] * 34, []
        for ch in text:
            if ch.isdigit():
                digits.append(int(ch))
            else:
                base = "mpsz".index(ch) * 9
                for d in digits:
                    counts[base + d - 1] += 1
                digits = []
        return counts

    cases = [
        ("123m456p789s11z", 1, -1),  # complete after one meld
        ("123m456p789s1122z", 0, 0),  # tenpai on a shanpon
        ("1199m1199p1199s1z", 0, 0),  # seven pairs tenpai (six pairs and a single)
        ("19m19p19s1234567z", 0, 0),  # kokushi thirteen-sided
        ("19m19p19s12345677z", 0, -1),  # kokushi complete
        ("1z", 4, 0),  # tanki after four melds
        ("11z", 4, -1),
        ("147m258p369s1234z", 0, 6),
    ]
    for text, melds, want in cases:
        counts = counts_of(text)
        assert shanten_fast(tuple(counts), melds) == want, text
        assert shanten_fast(counts, melds) == want, text  # a list works too
        assert Shanten.calculate_shanten(counts, use_chiitoitsu=melds == 0, use_kokushi=melds == 0) == want, text
    assert regular_shanten(counts_of("1199m1199p1199s1z"), 0) == 3  # the standard shape alone


def test_duplicate_tables_put_the_challenger_in_every_seat_once():
    for sanma in (False, True):
        tables = duplicate_tables(21, sanma, "hard", "normal", "tonpuu")
        n = 3 if sanma else 4
        seating = engine.setup({"startedAt": 0, "length": "tonpuu"}, [f"p{i}" for i in range(n)], 21)["players"]
        assert len(tables) == n
        # rotation r: the seat-r player is the challenger, every other seat the champion
        assert [me for me, _ in tables] == seating
        assert [[levels[p] for p in seating] for _, levels in tables] == [["hard" if s == r else "normal" for s in range(n)] for r in range(n)]


def test_a_duplicate_match_between_equal_levels_cancels_the_walls_luck_exactly():
    # the same level on both sides: every rotation is the same game, so the "challenger" averages
    # exactly the middle place, half the seats above it and a zero points margin
    games = [_duplicate_job((me, levels, 31, "tonpuu")) for me, levels in duplicate_tables(31, True, "normal", "normal", "tonpuu")]
    lines = summarize_duplicate(games, "normal", "normal", True)
    assert "above a normal seat: 50.0% (95% CI 50.0%-50.0%)" in lines[1]
    assert "average place: 2.000 (2.000-2.000)" in lines[2]
    assert "average: +0 " in lines[3]
