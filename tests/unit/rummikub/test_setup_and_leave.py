"""spec §4 setup, options, and the service page's leave/abort rule."""

import pytest

from tests.unit.rummikub.helpers import act, assert_all_106, position, rejected, set_draft
from tilerooms.core import RuleError, SeededRng
from tilerooms.games.rummikub import engine
from tilerooms.games.rummikub.deal import draw_first_player


@pytest.mark.parametrize("players,pool", [(["A", "B"], 78), (["A", "B", "C"], 64), (["A", "B", "C", "D"], 50)])
def test_setup_deals_14_each_and_leaves_the_pool(players, pool):
    s = engine.setup({}, players, 123)
    assert all(len(s["racks"][p]) == 14 for p in players)
    assert len(s["pool"]) == pool
    assert_all_106(s)
    assert s["current"] in players and s["phase"] == "playing" and s["turn_no"] == 1


def test_same_seed_same_game_other_seed_other_game():
    assert engine.setup({}, ["A", "B"], "room-1") == engine.setup({}, ["A", "B"], "room-1")
    assert engine.setup({}, ["A", "B"], "room-1") != engine.setup({}, ["A", "B"], "room-2")


@pytest.mark.parametrize("players", [["A"], ["A", "B", "C", "D", "E"], ["A", "A"], []])
def test_two_to_four_distinct_players(players):
    with pytest.raises(RuleError) as err:
        engine.setup({}, players, 1)
    assert err.value.code == "bad_players"


@pytest.mark.parametrize("options", [{"turnSeconds": 45}, {"nope": 1}, {"initialMeldPoints": True}, {"hints": 1}, {"gamesPerMatch": 5}, {"gameSeconds": -1}])
def test_bad_options_are_refused(options):
    with pytest.raises(RuleError) as err:
        engine.setup(options, ["A", "B"], 1)
    assert err.value.code == "bad_option"


def test_defaults_follow_the_service_page():
    o = engine.setup(None, ["A", "B"], 1)["options"]
    assert o["timeoutValidDraft"] == "revert" and o["invalidTimeoutPenalty"] == 1
    assert o["showDraftToOthers"] is True and o["gameSeconds"] == 1800 and o["initialMeldPoints"] == 30


def test_game_deadline_from_started_at():
    s = engine.setup({"startedAt": 5000, "gameSeconds": 1200}, ["A", "B"], 1)
    assert s["game_deadline"] == 5000 + 1_200_000 and s["turn_started_at"] == 5000


def test_first_player_draw_redraws_ties_and_jokers():
    # [R13a, K13b] tie, the reshuffled pool decides between them; a joker drawer redraws too
    for seed in range(30):
        pool = ["R13a", "K13b", "JK1", "O1a", "B2a"]
        first = draw_first_player(["A", "B", "C"], pool, SeededRng(seed))
        assert first in ("A", "B", "C")
        assert sorted(pool) == sorted(["R13a", "K13b", "JK1", "O1a", "B2a"])


def test_unique_highest_number_starts():
    pool = ["R3a", "K12a", "O7a", "B1a"]
    assert draw_first_player(["A", "B", "C"], pool, SeededRng(1)) == "B"


def test_leave_returns_the_rack_to_the_pool_and_passes_the_turn():
    s = position(racks={"A": ["R1a", "R2a"], "B": ["K1a"], "C": ["O1a"]})
    engine.apply(s, "A", set_draft(["R1a", "R2a"]))
    engine.apply(s, "A", act("leave"))
    assert s["racks"]["A"] == [] and s["left"] == ["A"] and s["current"] == "B"
    assert s["draft"] is None and s["table"] == []
    assert_all_106(s)
    assert rejected(s, "A", act("draw")).code == "left"


def test_leave_of_another_player_keeps_the_turn():
    s = position(racks={"A": ["R1a"], "B": ["K1a"], "C": ["O1a"]})
    engine.apply(s, "C", act("leave"))
    assert s["current"] == "A"
    engine.apply(s, "A", act("draw"))
    assert s["current"] == "B"
    engine.apply(s, "B", act("draw"))
    assert s["current"] == "A"  # C is skipped


def test_one_player_left_aborts_with_no_winner_and_no_scores():
    s = position(racks={"A": ["R1a"], "B": ["K1a"]})
    engine.apply(s, "B", act("leave"))
    assert s["phase"] == "finished" and s["end_reason"] == "aborted"
    assert s["winner_ids"] == [] and s["game_scores"] == {}
    assert s["match"]["finished"] and s["match"]["totals"] == {"A": 0, "B": 0}
    assert engine.result(s)["summary"] == "참가자가 한 명만 남아 판이 끝났어요."
    assert_all_106(s)


def test_not_a_player():
    s = position(racks={"A": ["R1a"], "B": ["K1a"]})
    assert rejected(s, "Z", act("draw")).code == "not_player"


def test_leave_refills_the_pool_and_resets_the_pass_count():
    s = position(racks={"A": ["R1a"], "B": ["K1a"], "C": ["O1a", "O2a"]}, pool=[], has_melded=True)
    engine.apply(s, "A", act("pass"))
    engine.apply(s, "B", act("pass"))
    engine.apply(s, "C", act("leave"))
    assert sorted(s["pool"]) == ["O1a", "O2a"] and s["consecutive_passes_with_empty_pool"] == 0
    assert s["phase"] == "playing" and s["current"] == "A"
