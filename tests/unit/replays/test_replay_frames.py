"""Replay frames (issue 21: 2): move lists and step pictures of seeded games played through the
room layer, checked against the engine's own state at the same step, and written positions."""

from __future__ import annotations

import json
from types import SimpleNamespace

from tests.unit.replays.room_driver import Habits, play_room_game
from tilerooms.games.mahjong import engine as mj_engine
from tilerooms.games.mahjong import flow
from tilerooms.games.mahjong import replay as mj_replay
from tilerooms.games.rummikub import engine as rk_engine
from tilerooms.games.rummikub import replay as rk_replay
from tilerooms.pages.replay.state import record_id_of
from tilerooms.replays import frames
from tilerooms.replays import mahjong as mj_frames
from tilerooms.replays import rummikub as rk_frames
from tilerooms.replays.frames import Move, Replay, Seat
from tilerooms.rooms import play

RK_SEATS = [("g-p0", "guest", "easy"), ("ai-1", "ai", "easy"), ("ai-2", "ai", "normal")]
MJ_SEATS = [("g-p0", "guest", "easy"), ("ai-1", "ai", "easy"), ("ai-2", "ai", "normal"), ("ai-3", "ai", "hard")]


def _played(game: str, seed: int, seats, options, habits=None):
    room = play_room_game(game, seed, seats, options, habits).room
    setup = json.loads(json.dumps(room.game_setup))  # as stored: through JSON
    return setup, play.log_entries(room), room


def _kinds(log, step: int) -> str:
    entry = log[step - 1]
    return entry["action"]["type"] if "action" in entry else ("away" if "away" in entry else "shift")


# --- number tiles ------------------------------------------------------------------------------


def test_a_number_tile_match_lists_its_own_game_with_a_line_per_visible_move():
    setup, log, room = _played("rummikub", 77, RK_SEATS, {"gamesPerMatch": 2}, Habits(idle=0.3))
    replay = Replay("rummikub", setup["seed"], setup["options"], setup["seats"], log)
    moves = replay.moves
    # the record of the match's second game starts at its own deal
    second = max(i for i, e in enumerate(log, 1) if e.get("action", {}).get("type") == "nextGame")
    assert moves[0].step == second and moves[0].kind == "start"
    assert moves[0].text.startswith("2번째 게임 시작") and moves[0].text_en.startswith("Game 2 starts")
    steps = [m.step for m in moves]
    assert steps == sorted(set(steps))
    kinds = {_kinds(log, m.step) for m in moves[1:]}
    assert "setDraft" not in kinds  # a draft changes neither the committed table nor a rack
    # every commit, draw and time-out of the second game has its line, nothing else is dropped
    wanted = [i for i in range(second + 1, len(log) + 1) if _kinds(log, i) in ("commit", "draw", "timeout")]
    assert set(wanted) <= set(steps)
    assert len(moves) == 1 + len([i for i in range(second + 1, len(log) + 1) if _kinds(log, i) != "setDraft"])
    assert "게임 끝" in moves[-1].text and "Game over" in moves[-1].text_en


def test_a_number_tile_step_shows_the_engine_table_and_every_rack():
    setup, log, _room = _played("rummikub", 3, RK_SEATS, {})
    replay = Replay("rummikub", setup["seed"], setup["options"], setup["seats"], log)
    commits = [i for i, m in enumerate(replay.moves) if "내려놓음" in m.text]
    assert commits, "the seeded game has commits"
    for index in (commits[len(commits) // 2], 0, len(replay.moves) - 1):
        move = replay.moves[index]
        truth = rk_replay.final_state(setup["seed"], setup["options"], setup["players"], log[: move.step])
        frame = replay.picture(index)
        assert [[t.id for t in s.tiles] for s in frame.sets] == [s["tile_ids"] for s in truth["table"]]
        for seat in frame.seats:
            assert sorted(t.id for t in seat.rack) == sorted(truth["racks"][seat.id])
            assert seat.count == len(truth["racks"][seat.id])
        assert frame.pool == len(truth["pool"])
    # the commit's own tiles are marked on the table, and its line names them
    move = replay.moves[commits[0]]
    frame = replay.picture(commits[0])
    laid = {t.id for s in frame.sets for t in s.tiles if t.arrived}
    assert laid == set(move.marks) and laid
    assert all(rk_frames.tile_text(t) in move.text for t in move.marks)
    # the last step: the game is over, scores shown
    end = replay.picture(len(replay.moves) - 1)
    assert end.over and end.result.startswith("게임 끝") and all(s.score for s in end.seats)


def test_a_written_commit_reads_as_one_line_with_its_tiles():
    state = rk_engine.make_state(table=[["R7a", "R8a", "R9a"]], racks={"A": ["K1a", "K2a", "K3a", "O5b"], "B": ["B9a"]}, has_melded=True, current="A")
    seq = state["seq"]
    rk_engine.apply(
        state, "A", {"type": "setDraft", "seq": seq, "sets": [{"tileIds": ["R7a", "R8a", "R9a"], "as": "run"}, {"tileIds": ["K1a", "K2a", "K3a"], "as": "run"}]}
    )
    seats = [Seat("A", "영희", "영희"), Seat("B", "AI 2 (쉬움)", "AI 2 (Easy)")]
    events = rk_engine.apply(state, "A", {"type": "commit", "seq": state["seq"]})
    move = rk_frames.describe(SimpleNamespace(index=2, entry={}, state=state, events=events), seats, 0)
    assert move.text == "영희: 3장 내려놓음 (검1 검2 검3)"
    assert move.text_en == "영희 laid 3 (K1 K2 K3)"
    frame = rk_frames.picture(state, move, SimpleNamespace(seats=seats))
    assert [[t.id for t in s.tiles] for s in frame.sets] == [["R7a", "R8a", "R9a"], ["K1a", "K2a", "K3a"]]
    assert [t.arrived for t in frame.sets[1].tiles] == [True, True, True] and not frame.sets[0].tiles[0].arrived
    assert [t.id for t in frame.seats[0].rack] == ["O5b"] and frame.seats[1].current
    # a draft alone is no line
    draft_events = [{"type": "draftChanged", "to": None, "player": "B", "changes": 1, "sets": []}]
    assert rk_frames.describe(SimpleNamespace(index=3, entry={}, state=state, events=draft_events), seats, 0) is None


def test_racks_are_sorted_by_colour_then_number_jokers_last():
    assert rk_frames.rack_order(["JK1", "O2a", "K13b", "R1a", "K2a", "B7b"]) == ["K2a", "K13b", "R1a", "B7b", "O2a", "JK1"]


# --- mahjong -----------------------------------------------------------------------------------


def test_a_mahjong_step_shows_every_hand_pond_and_dora_as_the_engine_had_them():
    setup, log, room = _played("mahjong", 3, MJ_SEATS, {"length": "tonpuu"})
    replay = Replay("mahjong", setup["seed"], setup["options"], setup["seats"], log)
    hands = mj_frames.hands(replay)
    assert len(hands) == len(room.game_state["logs"])  # one selector entry per hand played
    assert [h[1] for h in hands][:2] == ["동1국 0본장", mj_frames.round_label({**room.game_state, **json.loads(room.game_state["logs"][1])["start"]})]
    second_hand = [i for i, m in enumerate(replay.moves) if m.hand == 1]
    for index in (second_hand[len(second_hand) // 2], hands[1][0], 0):
        move = replay.moves[index]
        truth = mj_replay.final_state(setup["seed"], setup["options"], setup["players"], log[: move.step])
        frame = replay.picture(index)
        h = truth["hand"]
        for i, seat in enumerate(frame.seats):
            assert seat.id == truth["players"][i]
            closed = sorted(flow.tok(t) for t in h["closed"][i])
            assert sorted([t.id for t in seat.hand] + [t.id for t in seat.drawn]) == closed
            assert [t.id for t in seat.pond] == [flow.tok(d["tile"]) for d in h["discards"][i]]
            assert seat.points == truth["points"][i]
        assert [t.id for t in frame.dora] == [flow.tok(t) for t in h["dora"][: h["dora_revealed"]]]
        assert frame.live == len(h["live"])
    # a discard's line names the tile the pond shows last
    discard = next(i for i in second_hand if "버림" in replay.moves[i].text)
    frame = replay.picture(discard)
    marked = [t for s in frame.seats for t in s.pond if t.last]
    assert len(marked) == 1 and marked[0].id in replay.moves[discard].marks
    assert marked[0].label in replay.moves[discard].text


def test_a_hand_end_shows_its_result_and_the_last_line_ends_the_game():
    setup, log, room = _played("mahjong", 3, MJ_SEATS, {"length": "tonpuu"})
    replay = Replay("mahjong", setup["seed"], setup["options"], setup["seats"], log)
    ended = [i for i, m in enumerate(replay.moves) if i + 1 < len(replay.moves) and replay.moves[i + 1].kind == "start"]
    record = room.game_state["history"][0]
    frame = replay.picture(ended[0])
    assert frame.result_shown
    assert [int(s.delta) for s in frame.seats] == record["deltas"]
    if record["kind"] == "agari":
        winner = frame.winners[0]
        assert f"{record['winners'][0]['points']}점" in winner.score
        assert [y.text for y in winner.yaku] == [f"{n} {h}판" for n, h in record["winners"][0]["yaku"]]
    last = replay.moves[-1]
    assert last.text.endswith("대국 종료") and last.text_en.endswith("Game over")
    assert replay.picture(len(replay.moves) - 1).over
    assert not replay.picture(ended[0] - 1).result_shown


def test_a_riichi_discard_lies_sideways_and_a_called_one_passes_it_on():
    state = mj_engine.make_state(
        ["123m456p789s1122z", "456m789p123s3344z", "789m123p456s5566z", "111m222p333s1777z"], turn=0, stage="afterDiscard", discards={1: "9p1s2s"}, riichi=[1]
    )
    h = state["hand"]
    pond = mj_frames._pond(h["discards"][1], set())
    assert [t.sideways for t in pond] == [True, False, False]
    h["discards"][1][0]["called_by"] = 2  # the riichi tile was called: the next one lies sideways
    pond = mj_frames._pond(h["discards"][1], set())
    assert [(t.called, t.sideways) for t in pond] == [(True, False), (False, True), (False, False)]
    assert [t.code for t in pond] == ["9p", "1s", "2s"]


def test_the_tenhou_download_has_every_hand_and_the_seats_names():
    setup, log, room = _played("mahjong", 5, MJ_SEATS, {"length": "tonpuu"})
    replay = Replay("mahjong", setup["seed"], setup["options"], setup["seats"], log)
    data = json.loads(json.dumps(mj_frames.tenhou6(replay), ensure_ascii=False))
    assert set(data) == {"title", "name", "rule", "log"}
    assert len(data["log"]) == len(room.game_state["logs"]) == len(mj_frames.hands(replay))
    assert all(len(entry) == 17 for entry in data["log"])
    assert data["name"] == list(room.game_state["players"])  # the seats' names (here their ids) in engine order
    assert data["title"][0] == "tilerooms 리치 마작"


# --- the frames' machinery ---------------------------------------------------------------------


def test_any_step_rebuilt_from_a_checkpoint_is_the_engine_state_at_that_step():
    setup, log, _room = _played("mahjong", 11, MJ_SEATS, {"length": "tonpuu"}, Habits(idle=0.2, drop=0.02))
    replay = Replay("mahjong", setup["seed"], setup["options"], setup["seats"], log)
    for step in (0, 1, frames.CHECKPOINT - 1, frames.CHECKPOINT, frames.CHECKPOINT + 1, len(log) // 2, len(log)):
        assert replay.state_at(step) == mj_replay.final_state(setup["seed"], setup["options"], setup["players"], log[:step])
    kinds = {_kinds(log, m.step) for m in replay.moves[1:]}
    assert "away" not in kinds  # an away flag changes nothing on the table


def test_a_worker_keeps_a_few_replays_by_record_id():
    setup, log, _room = _played("rummikub", 5, [("ai-0", "ai", "easy"), ("ai-1", "ai", "easy")], {})
    frames._cache.clear()
    records = [
        SimpleNamespace(
            id=f"rec{i:019d}",
            game="rummikub",
            seed=setup["seed"],
            options_json=json.dumps(setup["options"]),
            seats_json=json.dumps(setup["seats"]),
            log_json=json.dumps(log),
            ended_at=None,
        )
        for i in range(frames.CACHE_SIZE + 2)
    ]
    first = frames.replay_for(records[0])
    assert frames.replay_for(records[0]) is first and frames.cached(records[0].id) is first
    for record in records[1:]:
        frames.replay_for(record)
    assert frames.cached(records[0].id) is None and len(frames._cache) == frames.CACHE_SIZE
    frames._cache.clear()


def test_the_record_id_is_the_last_part_of_the_path():
    assert record_id_of("/game/AbC-_0123456789abcdefgh/") == "AbC-_0123456789abcdefgh"
    assert record_id_of("/game/x?y=1") == "x"


def test_a_seat_list_gives_english_ai_names():
    seats = [{"id": "g-a", "name": "영희", "kind": "guest"}, {"id": "ai-1", "name": "AI 1 (쉬움)", "kind": "ai", "level": "easy", "number": 1}]
    replay = Replay("rummikub", 5, {}, seats, [])
    assert [s.name_en for s in replay.seats][0] == "영희"
    assert replay.seats[1].name_en == "AI 1 (Easy)" and len(replay.moves) == 1
    assert isinstance(replay.moves[0], Move)
