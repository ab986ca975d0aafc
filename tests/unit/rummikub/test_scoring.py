"""spec §6 scoring, §5.8 pool exhaustion and stalemate, §8.6 result, multi-game matches."""

from tests.unit.rummikub.helpers import act, assert_all_106, position, rejected, set_draft
from tilerooms.games.rummikub import engine
from tilerooms.games.rummikub.scoring import ranking, score_lowest_rack, score_rack_empty


def test_rack_empty_example_b_minus_15_c_joker_minus_30_d_minus_15_a_plus_60():
    racks = {"A": [], "B": ["R3a", "K12a"], "C": ["JK1"], "D": ["R1a", "B1a", "O13a"]}
    assert score_rack_empty("A", racks, ["A", "B", "C", "D"], 30) == {"A": 60, "B": -15, "C": -30, "D": -15}


def test_joker_penalty_50():
    racks = {"A": [], "B": ["JK1"]}
    assert score_rack_empty("A", racks, ["A", "B"], 50) == {"A": 50, "B": -50}


def test_stalemate_example_a_plus_32_b_minus_7_c_minus_25():
    racks = {"A": ["R5a"], "B": ["R12a"], "C": ["R10a", "B10a", "K10a"]}
    winners, scores = score_lowest_rack(racks, ["A", "B", "C"], 30)
    assert winners == ["A"] and scores == {"A": 32, "B": -7, "C": -25}


def test_stalemate_tie_goes_to_fewer_tiles():
    racks = {"A": ["R2a", "R3a"], "B": ["K5a"], "C": ["K9a"]}
    winners, scores = score_lowest_rack(racks, ["A", "B", "C"], 30)
    assert winners == ["B"] and scores == {"A": 0, "B": 4, "C": -4}


def test_stalemate_full_tie_gives_joint_winners_floor_share():
    racks = {"A": ["K5a"], "B": ["R5a"], "C": ["K9a"], "D": ["O10a"]}
    winners, scores = score_lowest_rack(racks, ["A", "B", "C", "D"], 30)
    assert winners == ["A", "B"]
    assert scores == {"A": 4, "B": 4, "C": -4, "D": -5}  # 9 // 2 = 4 each; the sum is not 0


def test_ranking_shares_ranks():
    rows = ranking(["A", "B", "C", "D"], ["A"], {"A": 30, "B": -10, "C": -10, "D": -10}, {"A": [], "B": ["R10a"], "C": ["K10a"], "D": ["O10a"]}, 30)
    assert [(r["player"], r["rank"]) for r in rows] == [("A", 1), ("B", 2), ("C", 2), ("D", 2)]
    assert rows[1]["rackValue"] == 10 and rows[1]["tilesLeft"] == 1


def test_committing_the_last_tiles_wins_with_a_summary():
    s = position(racks={"A": ["R10a", "R11a", "R12a"], "B": ["R3a", "K12a"], "C": ["JK1"], "D": ["R1a", "B1a", "O13a"]})
    engine.apply(s, "A", set_draft(["R10a", "R11a", "R12a"]))
    events = engine.apply(s, "A", act("commit"))
    res = engine.result(s)
    assert s["phase"] == "finished" and s["end_reason"] == "rackEmpty"
    assert res["winner"] == ["A"] and res["scores"] == {"A": 60, "B": -15, "C": -30, "D": -15}
    assert res["summary"] == "A 님이 타일을 모두 내려놓았어요! (+60점)"
    assert [r["rank"] for r in res["ranking"]] == [1, 2, 2, 4]
    assert events[-1]["type"] == "gameOver"
    assert "Rummikub" not in res["summary"] and "루미큐브" not in res["summary"]


def stalemate_position():
    return position(racks={"A": ["R5a"], "B": ["R12a"], "C": ["R10a", "B10a", "K10a"]}, pool=[], has_melded=True)


def test_three_passes_in_a_row_with_an_empty_pool_end_a_3_player_game():
    s = stalemate_position()
    engine.apply(s, "A", act("pass"))
    engine.apply(s, "B", act("draw"))  # drawing from an empty pool is a pass
    assert s["phase"] == "playing"
    engine.apply(s, "C", act("pass"))
    assert s["phase"] == "finished" and s["end_reason"] == "stalemate"
    assert s["game_scores"] == {"A": 32, "B": -7, "C": -25}


def test_a_commit_resets_the_pass_count():
    s = position(table=[["R6a", "R7a", "R8a"]], pool=[], has_melded=True, racks={"A": ["R5a", "K1a"], "B": ["R12a"], "C": ["R10a", "B10a", "K10a"]})
    engine.apply(s, "A", act("pass"))
    engine.apply(s, "B", act("pass"))
    assert s["consecutive_passes_with_empty_pool"] == 2
    engine.apply(s, "C", act("pass"))
    assert s["phase"] == "finished"
    s = position(table=[["R6a", "R7a", "R8a"]], pool=[], has_melded=True, racks={"A": ["K1a"], "B": ["R12a"], "C": ["R9a", "B10a", "K10a"]})
    engine.apply(s, "A", act("pass"))
    engine.apply(s, "B", act("pass"))
    engine.apply(s, "C", set_draft(["R6a", "R7a", "R8a", "R9a"]))
    engine.apply(s, "C", act("commit"))
    assert s["consecutive_passes_with_empty_pool"] == 0 and s["phase"] == "playing"


def test_pass_is_only_allowed_with_an_empty_pool():
    s = position(racks={"A": ["R5a"], "B": ["R12a"]}, pool=["K1a"])
    assert rejected(s, "A", act("pass")).code == "pool_not_empty"


def test_timed_out_turn_with_empty_pool_counts_toward_stalemate():
    s = stalemate_position()
    engine.apply(s, "A", act("pass"))
    engine.apply(s, "B", act("pass"))
    engine.apply(s, "C", {"type": "timeout", "at": engine.deadline(s)})
    assert s["end_reason"] == "stalemate"


def test_the_last_draw_empties_the_pool_and_play_goes_on():
    s = position(racks={"A": ["R5a"], "B": ["R12a"]}, pool=["K1a"], has_melded=True)
    engine.apply(s, "A", act("draw"))
    assert s["pool"] == [] and s["consecutive_passes_with_empty_pool"] == 0
    engine.apply(s, "B", act("pass"))
    engine.apply(s, "A", act("pass"))
    assert s["end_reason"] == "stalemate" and s["winner_ids"] == ["A"]  # 5+1=6 vs 12


def play_to_rack_empty(state):
    """The current player wins at once: give them a 3-tile rack that makes a valid new set."""
    p = state["current"]
    other = [t for t in state["racks"][p]]
    hand = ["K11a", "K12a", "K13a"]
    for q in state["seats"]:
        state["racks"][q] = [t for t in state["racks"][q] if t not in hand]
    state["pool"] = [t for t in state["pool"] if t not in hand] + [t for t in other if t not in hand]
    state["racks"][p] = list(hand)
    engine.apply(state, p, set_draft(hand))
    engine.apply(state, p, act("commit"))
    return p


def test_a_two_game_match_keeps_totals_and_decides_by_wins_then_total():
    s = engine.setup({"gamesPerMatch": 2}, ["A", "B"], 11)
    w1 = play_to_rack_empty(s)
    assert s["phase"] == "finished" and not s["match"]["finished"]
    assert s["match"]["wins"][w1] == 1
    total_after_1 = dict(s["match"]["totals"])
    engine.apply(s, "A", act("nextGame"))
    assert s["phase"] == "playing" and s["match"]["game_no"] == 2
    assert_all_106(s)
    assert all(len(r) == 14 for r in s["racks"].values())
    w2 = play_to_rack_empty(s)
    m = s["match"]
    assert m["finished"]
    for p in ("A", "B"):
        assert m["totals"][p] == total_after_1[p] + s["game_scores"][p]
    if w1 == w2:
        assert m["winner_ids"] == [w1]
    else:  # 1:1 in wins -> the higher total
        best = max(m["totals"].values())
        assert m["winner_ids"] == [p for p in ("A", "B") if m["totals"][p] == best]
    assert rejected(s, "A", act("nextGame")).code == "no_next_game"


def test_next_game_function_returns_a_new_state():
    s = engine.setup({"gamesPerMatch": 3}, ["A", "B", "C"], 5)
    play_to_rack_empty(s)
    new = engine.next_game(s)
    assert s["phase"] == "finished" and new["phase"] == "playing" and new["match"]["game_no"] == 2
    assert len(new["pool"]) == 64
