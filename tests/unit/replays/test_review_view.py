"""The 복기 panel's rows (tilerooms/replays/review_view.py, issue 21: 3): real reviews of seeded
games made by the games' own review functions, turned into the lines the replay page shows."""

from __future__ import annotations

from tests.unit.replays.room_driver import play_room_game
from tilerooms.games import GAMES
from tilerooms.replays.review_view import move_index, panel


def test_a_line_is_the_last_move_at_or_before_a_step():
    steps = [0, 2, 5, 9]
    assert [move_index(steps, s) for s in (0, 1, 2, 4, 5, 8, 9, 30)] == [0, 0, 1, 1, 2, 2, 3, 3]


def test_number_tile_turns_read_best_against_played_and_jump_to_the_turns_end():
    review = {
        "game": "rummikub",
        "turns": [
            {"player": "g-a", "turn": 1, "step": 5, "best": 30, "played": 0, "best_sets": ["K10a O10a R10a"]},
            {"player": "g-a", "step": 9, "best": 12, "played": 12, "best_sets": ["K10a O10a R10a", "B3a B4a B5a"]},
        ],
        "players": [{"player": "g-a", "name": "영희", "turns": 2, "best_found": 1, "points_left": 30}],
    }
    rows = panel(review, [0, 2, 5, 7, 9], {"g-a": "영희"})
    first, second = rows.turns
    assert (first.index, first.text, first.text_en, first.missed) == (2, "최선: 30점 / 내 수: 0점", "Best: 30 / Yours: 0", True)
    assert first.best_sets == [["K10a", "O10a", "R10a"]] and first.name == "영희"
    assert (first.label, first.label_en, second.label) == ("1턴", "Turn 1", "")
    assert (second.index, second.missed) == (4, False)
    assert [(s.name, s.text) for s in rows.summary] == [("영희", "최선을 찾은 턴 1 / 2 · 남긴 점수 30점")]
    assert rows.summary[0].text_en == "Best found on 1 of 2 turns · 30 points left"


def test_mahjong_lines_name_both_choices_and_what_separates_them():
    decision = {
        "hand": "동1국 0본장",
        "step": 12,
        "player": "g-a",
        "kind": "discard",
        "played": {"type": "discard", "tile": "5p", "riichi": False},
        "ai": {"type": "discard", "tile": "9s", "riichi": True},
        "agree": False,
        "played_shanten": 1,
        "ai_shanten": 1,
        "played_ukeire": 12,
        "ai_ukeire": 16,
        "played_waits": [],
        "ai_waits": [],
        "played_value": None,
        "ai_value": None,
        "danger_played": 0.12,
        "danger_ai": 0.03,
        "loss": 13.0,
    }
    review = {
        "game": "mahjong",
        "decisions": [decision],
        "worst": [0],
        "players": [
            {
                "player": "g-a",
                "name": "영희",
                "decisions": 20,
                "agreed": 13,
                "agreement": 0.65,
                "hands": [{"hand": "동1국 0본장", "decisions": 20, "agreed": 13, "agreement": 0.65}],
            }
        ],
    }
    rows = panel(review, [0, 4, 11, 12], {})
    (line,) = rows.worst
    assert line.index == 2  # the position it was decided from: the line at step 11
    assert [t.code for t in line.played] == ["5p"] and [t.code for t in line.ai] == ["9s"]
    assert (line.played_text, line.ai_text) == ("5통 버림", "9삭 버림 (리치)")
    assert (line.played_text_en, line.ai_text_en) == ("discard 5p", "discard 9s (riichi)")
    assert line.why == "유효패 12장 vs 16장 · 방총 위험 12% vs 3%"
    assert line.why_en == "useful tiles 12 vs 16 · deal-in risk 12% vs 3%"
    assert rows.summary[0].text == "AI와 일치 65% (13 / 20) · 동1국 0본장 65%"


def test_real_reviews_of_seeded_games_make_rows_for_every_turn_and_decision():
    seats = [("g-a", "guest", "easy"), ("ai-1", "ai", "hard")]
    played = play_room_game("rummikub", 4, seats)
    from tilerooms.rooms import play

    setup, log = played.room.game_setup, play.log_entries(played.room)
    review = GAMES["rummikub"].review(setup["seed"], setup["options"], setup["seats"], log)
    steps = list(range(len(log) + 1))
    rows = panel(review, steps, {})
    assert len(rows.turns) == len(review["turns"]) > 0
    assert all(r.index == t["step"] for r, t in zip(rows.turns, review["turns"]))
    assert sum(r.missed for r in rows.turns) == sum(t["played"] < t["best"] for t in review["turns"])

    seats = [("g-p0", "guest", "easy"), ("ai-1", "ai", "easy"), ("ai-2", "ai", "normal"), ("ai-3", "ai", "hard")]
    played = play_room_game("mahjong", 3, seats, {"length": "tonpuu"})
    setup, log = played.room.game_setup, play.log_entries(played.room)
    review = GAMES["mahjong"].review(setup["seed"], setup["options"], setup["seats"], log)
    rows = panel(review, list(range(len(log) + 1)), {})
    assert len(rows.worst) == min(5, len(review["worst"])) > 0
    assert all(r.index == review["decisions"][i]["step"] - 1 for r, i in zip(rows.worst, review["worst"]))
    assert rows.summary[0].text.startswith("AI와 일치 ")
