"""The number-tile 복기 (issue 21: 3): every human turn's best rack value (the exact solver, spec §5.3–5.5,
jokers at jokerPenalty as on a rack at the end, spec §6) against what was laid, on hand-made
positions written as the specs write tiles, and end to end on seeded games against the engine."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator

from tilerooms.bench.review_rummikub import logged_game
from tilerooms.core.replay import ReplayStep, apply_entry
from tilerooms.games.rummikub import ai, engine, replay
from tilerooms.games.rummikub.review import best_play, review, review_steps
from tilerooms.games.rummikub.tiles import rack_value

ME = {"id": "A", "name": "민수", "kind": "guest", "level": None}
BOT = {"id": "B", "name": "AI", "kind": "ai", "level": "hard"}
SEATS = [ME, BOT]


def steps(state: dict, log: list[dict]) -> Iterator[ReplayStep]:
    """A replay that starts from a hand-made position instead of a seeded deal."""
    yield ReplayStep(0, None, state)
    for index, entry in enumerate(log, 1):
        events = apply_entry(engine, state, entry)
        yield ReplayStep(index, entry, state, events)


def tiles(text: str) -> list[str]:
    return text.split()


def move(by: str, kind: str, at: int = 1000, **extra) -> dict:
    return {"at": at, "by": by, "action": {"type": kind, **extra}}


def lay(by: str, *sets: str, at: int = 1000) -> list[dict]:
    """A setDraft of whole-table sets (spec notation) followed by a commit, as the room logs them."""
    return [move(by, "setDraft", at, sets=[{"tileIds": tiles(s)} for s in sets]), move(by, "commit", at)]


def test_a_draw_when_25_points_could_go_down_is_best_25_played_0():
    state = engine.make_state(
        table=[tiles("K10a K11a K12a")],
        racks={"A": tiles("R3a R4a R5a R6a R7a K1a O13a"), "B": tiles("B1a B2a B9a")},
        has_melded=True,
    )
    result = review_steps(steps(state, [move("A", "draw")]), SEATS)
    [turn] = result["turns"]
    assert turn == {
        "game": 1,
        "turn": 1,
        "player": "A",
        "step": 1,
        "best": 25,
        "played": 0,
        "best_sets": ["K10a K11a K12a", "R3a R4a R5a R6a R7a"],
        "played_sets": ["K10a K11a K12a"],
        "best_tiles": tiles("R3a R4a R5a R6a R7a"),
        "played_tiles": [],
        "exact": True,
    }
    assert result["players"] == [{"player": "A", "name": "민수", "turns": 1, "best_found": 0, "points_left": 25, "best_total": 25, "played_total": 0}]
    assert result["exact"] is True


def test_a_rearrangement_beats_the_plain_rack_set_that_was_played():
    # the rack alone makes O1-O2-O3 (6); taking R6a off the run makes K6 R6 B6 as well (6 + 12)
    state = engine.make_state(
        table=[tiles("R3a R4a R5a R6a")],
        racks={"A": tiles("O1a O2a O3a K6a B6a"), "B": tiles("B1b B2b B9a")},
        has_melded=True,
    )
    result = review_steps(steps(state, lay("A", "R3a R4a R5a R6a", "O1a O2a O3a")), SEATS)
    [turn] = result["turns"]
    assert (turn["best"], turn["played"], turn["step"]) == (18, 6, 2)
    assert sorted(turn["best_sets"]) == sorted(["R3a R4a R5a", "K6a R6a B6a", "O1a O2a O3a"])
    assert turn["played_sets"] == ["R3a R4a R5a R6a", "O1a O2a O3a"]
    assert turn["best_tiles"] == tiles("B6a K6a O1a O2a O3a")
    assert turn["played_tiles"] == tiles("O1a O2a O3a")
    assert result["players"][0]["points_left"] == 12


def test_the_first_meld_needs_30_points_from_the_rack_alone():
    table = [{"tile_ids": tiles("K1a K2a K3a"), "kind": "run"}]
    options = engine.make_state()["options"]  # initialMeldPoints 30, jokerPenalty 30
    # 27 points (R8 R9 R10): no first meld; the same rack after the meld lays all 27
    assert best_play(table, tiles("R8a R9a R10a O1a"), False, options).value == 0
    assert best_play(table, tiles("R8a R9a R10a O1a"), True, options).value == 27
    # nor may the table help before it (K4 would extend K1-K3: spec 5.3 / C3)
    assert best_play(table, tiles("R8a R9a R10a K4a"), False, options).value == 0
    # spec 5.3 example: [JK, K9, K10] read 9-10-11 is 30 points; the joker leaves the rack (-30)
    joker = best_play(table, tiles("JK1 K9a K10a"), False, options)
    assert (joker.value, joker.sets, joker.tiles) == (49, ["K1a K2a K3a", "K9a K10a JK1"], tiles("JK1 K10a K9a"))


def test_a_review_of_a_27_point_rack_before_the_meld_is_best_0_and_counts_as_found():
    state = engine.make_state(racks={"A": tiles("R8a R9a R10a O1a"), "B": tiles("B1a B2a B9a")})
    # a draw, then B draws, then A times out (spec 5.7: a draw as well)
    log = [move("A", "draw"), move("B", "draw", 2000), move("A", "timeout", 2000 + 60_000)]
    result = review_steps(steps(state, log), SEATS)
    assert [(t["turn"], t["step"], t["best"], t["played"]) for t in result["turns"]] == [(1, 1, 0, 0), (3, 3, 0, 0)]
    assert result["players"][0] == {"player": "A", "name": "민수", "turns": 2, "best_found": 2, "points_left": 0, "best_total": 0, "played_total": 0}


def test_ai_seats_and_a_turn_ended_by_leaving_are_not_reviewed():
    people = [ME, {"id": "B", "name": "지우", "kind": "member", "level": None}, {"id": "C", "name": "AI", "kind": "ai"}]
    state = engine.make_state(
        racks={"A": tiles("R3a R4a R5a O9a"), "B": tiles("B1a B2a B3a"), "C": tiles("K1a K2a K3a")},
        has_melded=True,
        current="C",
    )
    # the AI draws, A draws though R3-R4-R5 was there, B leaves in the middle of its own turn
    log = [move("C", "draw"), move("A", "draw", 2000), move("B", "leave", 3000)]
    result = review_steps(steps(state, log), people)
    assert [(t["player"], t["best"], t["played"]) for t in result["turns"]] == [("A", 12, 0)]
    assert [p["player"] for p in result["players"]] == ["A", "B"]
    assert result["players"][1]["turns"] == 0


def _turn_starts(seed: int, options: dict, seats: list[dict], log: list[dict]) -> dict[tuple[int, int], dict]:
    """The state at the start of every turn of the replayed game, by (game, turn)."""
    starts: dict[tuple[int, int], dict] = {}
    for step in replay.replay(seed, options, [s["id"] for s in seats], log):
        s = step.state
        key = (s["match"]["game_no"], s["turn_no"])
        if s["phase"] == "playing" and key not in starts:
            starts[key] = copy.deepcopy(s)
    return starts


def test_a_seeded_game_against_the_hard_ai_reviewed_end_to_end():
    seats = [{"id": "g-me", "name": "나", "kind": "guest", "level": None}, {"id": "ai-1", "name": "AI", "kind": "ai", "level": "hard"}]
    # the person's fixed weak policy: greedy new sets from the rack alone, never the table
    options, log = logged_game(11, 40, seats, policies={"g-me": ai.easy_move})
    result = review(11, options, seats, log)
    assert json.loads(json.dumps(result)) == result
    assert review(11, options, seats, log) == result  # deterministic

    turns = result["turns"]
    assert {t["player"] for t in turns} == {"g-me"}
    ended_by_me = [i for i, e in enumerate(log, 1) if e["by"] == "g-me" and e["action"]["type"] in ("commit", "draw")]
    assert [t["step"] for t in turns] == ended_by_me
    starts = _turn_starts(11, options, seats, log)
    for t in turns:
        assert 0 <= t["played"] <= t["best"] and t["exact"]
        start = starts[(t["game"], t["turn"])]
        rack = start["racks"]["g-me"]
        assert t["played"] == rack_value(t["played_tiles"], 30) and set(t["played_tiles"]) <= set(rack)
        assert (log[t["step"] - 1]["action"]["type"] == "draw") == (t["played"] == 0)
        if t["best"]:  # the best play is legal: the engine takes it and the rack loses `best`
            state = copy.deepcopy(start)
            engine.apply(state, "g-me", {"type": "setDraft", "sets": [{"tileIds": s.split()} for s in t["best_sets"]]})
            engine.apply(state, "g-me", {"type": "commit"})
            assert rack_value(rack, 30) - rack_value(state["racks"]["g-me"], 30) == t["best"]
            assert sorted(set(rack) - set(state["racks"]["g-me"])) == t["best_tiles"]
    # the weak policy missed points at least once, and the summary adds the turns up
    assert any(t["played"] < t["best"] for t in turns)
    [me] = result["players"]
    assert me["turns"] == len(turns) >= 15  # 40 turns, every other one mine (or the game ended)
    assert me["best_found"] == sum(1 for t in turns if t["played"] == t["best"])
    assert me["points_left"] == sum(t["best"] - t["played"] for t in turns) == me["best_total"] - me["played_total"]
    assert me["points_left"] > 0


def test_a_joker_counts_as_the_jokerpenalty_it_would_cost_on_the_rack():
    # the group K13 R13 B13 takes one more tile: the joker (30 on the rack at the end, spec §6) or
    # O13 (13), never both (five 13s make no two sets)
    table = [{"tile_ids": tiles("K13a R13a B13a"), "kind": "group"}]
    options = engine.make_state(options={"jokerPenalty": 50})["options"]
    best = best_play(table, tiles("JK1 O13a"), True, options)
    assert (best.value, best.tiles, best.sets) == (50, ["JK1"], ["K13a R13a B13a JK1"])


def test_a_solver_stopped_at_its_time_limit_marks_the_turn_inexact_and_keeps_the_played_value(monkeypatch):
    from tilerooms.games.rummikub import review as review_module

    state = engine.make_state(
        table=[tiles("R3a R4a R5a R6a")],
        racks={"A": tiles("O1a O2a O3a K6a B6a"), "B": tiles("B1b B2b B9a")},
        has_melded=True,
    )
    # HiGHS found nothing before the limit (solve() gives None after running the whole budget)
    monkeypatch.setattr(review_module, "solve", lambda *args, **kwargs: None)
    result = review_steps(steps(state, lay("A", "R3a R4a R5a R6a", "O1a O2a O3a")), SEATS, time_limit=0.0)
    [turn] = result["turns"]
    assert (turn["best"], turn["played"], turn["exact"], result["exact"]) == (6, 6, False, False)
    assert turn["best_sets"] == turn["played_sets"] == ["R3a R4a R5a R6a", "O1a O2a O3a"]
    assert turn["best_tiles"] == tiles("O1a O2a O3a")


def test_the_turns_of_a_match_carry_their_game_number():
    def match() -> dict:
        return engine.make_state(racks={"A": tiles("R3a R4a R5a"), "B": tiles("B1a B2a B9a")}, has_melded=True, options={"gamesPerMatch": 2})

    log = [*lay("A", "R3a R4a R5a"), move("A", "nextGame", 2000)]  # A goes out: game 1 is over
    opener = list(steps(match(), log))[-1].state["current"]  # game 2's first player, by the seeded draw
    log += [move(opener, "draw", 3000)] + ([move("A", "draw", 4000)] if opener == "B" else [])
    result = review_steps(steps(match(), log), SEATS)
    assert [(t["game"], t["turn"], t["step"]) for t in result["turns"]] == [(1, 1, 2), (2, 1 if opener == "A" else 2, len(log))]
    assert result["turns"][0]["best"] == result["turns"][0]["played"] == 12


def test_room_games_with_idle_people_and_a_match_review_consistently():
    from tests.unit.replays.room_driver import Habits, play_room_game
    from tilerooms.rooms import play

    checked_timeouts = 0
    for seed, options in ((3, {"gamesPerMatch": 2}), (4, {"timeoutValidDraft": "commit", "initialMeldPoints": 0})):
        seats = [("g-p0", "guest", "easy"), ("g-p1", "guest", "normal"), ("ai-2", "ai", "hard")]
        room = play_room_game("rummikub", 500 + seed, seats, options, Habits(idle=0.3)).room
        setup = json.loads(json.dumps(room.game_setup))  # as stored
        log = play.log_entries(room)
        result = review(setup["seed"], setup["options"], setup["seats"], log)
        assert {t["player"] for t in result["turns"]} == {"g-p0", "g-p1"}
        for t in result["turns"]:
            entry = log[t["step"] - 1]
            assert entry["by"] == t["player"] and entry["action"]["type"] in ("commit", "draw", "pass", "timeout")
            assert 0 <= t["played"] <= t["best"] and t["exact"]
            checked_timeouts += entry["action"]["type"] == "timeout"
        for p in result["players"]:
            mine = [t for t in result["turns"] if t["player"] == p["player"]]
            assert p["turns"] == len(mine) > 0
            assert p["points_left"] == sum(t["best"] - t["played"] for t in mine)
        if options.get("gamesPerMatch") == 2:
            assert {t["game"] for t in result["turns"]} == {1, 2}
    assert checked_timeouts > 0  # the idle people's timed-out turns were reviewed too


def test_the_benchmark_reviews_the_human_seat_of_each_game():
    from tilerooms.bench.review_rummikub import measure

    r = measure(games=2, turns=6, humans=1)
    assert r["turns"] == 2 * 3  # 6 turns of a 2-player game: 3 are the person's
    assert 0 < r["median"] <= r["p95"] <= r["max"] and r["inexact"] == 0
