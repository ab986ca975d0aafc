"""The mahjong 복기 (issue 21: 3): a person's discard and call decisions against the hard AI's from the
same seat's view, on positions written as real hands, and end to end on a seeded hanchan."""

from __future__ import annotations

import json
from collections.abc import Iterator

from tilerooms.bench.review import bench_seats, logged_mahjong
from tilerooms.core.replay import ReplayStep, apply_entry
from tilerooms.games.mahjong import engine
from tilerooms.games.mahjong.review import review, review_steps
from tilerooms.games.mahjong.tiles import ids_to_string, parse_tile

# 13-tile hands that cannot call or win on the usual test tiles (no pairs, no runs)
QUIET = ["147m258p369s1234z", "147p258s369m5677z", "147s258m369p1256z"]
SEATS = [{"id": "A", "name": "민수", "kind": "guest", "level": None}] + [{"id": p, "name": p, "kind": "ai", "level": "hard"} for p in "BCD"]


def steps(state: dict, log: list[dict]) -> Iterator[ReplayStep]:
    """A replay that starts from a hand-made position instead of a seeded deal."""
    yield ReplayStep(0, None, state)
    for index, entry in enumerate(log, 1):
        events = apply_entry(engine, state, entry)
        yield ReplayStep(index, entry, state, events)


def discard(state: dict, seat: int, text: str, at_s: int = 1) -> dict:
    """The log entry of `seat` throwing a tile of kind `text` from its hand."""
    kind = parse_tile(text).kind
    tile = next(t for t in state["hand"]["closed"][seat] if t >> 2 == kind)
    return {"at": state["options"]["startedAt"] + at_s * 1000, "by": state["players"][seat], "action": {"type": "discard", "tile": tile}}


def reviewed(hands: list[str], seat: int, cut: str, **position) -> dict:
    """The review's one decision: seat `seat` (the person, at its turn) throws `cut`."""
    state = engine.make_state(hands, turn=seat, dora="9s", **position)
    log = [discard(state, seat, cut)]
    result = review_steps(steps(state, log), log, SEATS)
    (row,) = result["decisions"]
    return row


def test_a_discard_that_gives_up_ukeire_against_the_ais_choice():
    # 23m 456p 789p 1246s 55z + nothing else: 1-shanten. Cutting 1s keeps 1m 4m 3s 5s (16 unseen);
    # cutting 2s keeps 1m 4m 5s (12): the person loses 4 tiles (and keeps the 1s dora, 9s shows it)
    row = reviewed(["23m456p789p1246s55z", *QUIET], 0, "2s")
    assert row["kind"] == "discard" and row["step"] == 1 and row["player"] == "A"
    assert row["played"] == {"type": "discard", "tile": "2s", "riichi": False}
    assert row["ai"] == {"type": "discard", "tile": "1s", "riichi": False}
    assert (row["played_shanten"], row["ai_shanten"]) == (1, 1)
    assert (row["played_ukeire"], row["ai_ukeire"]) == (12, 16)
    assert row["agree"] is False and row["loss"] == 4.0
    assert row["played_value"] > row["ai_value"]  # the dora the person kept: the AI gave it up for speed


def test_the_same_discard_as_the_ai_agrees_with_no_loss():
    row = reviewed(["23m456p789p1246s55z", *QUIET], 0, "1s")
    assert row["agree"] is True and row["loss"] == 0.0
    assert row["played"] == row["ai"]
    assert (row["played_ukeire"], row["ai_ukeire"]) == (16, 16)


def test_a_tenpai_choice_shows_both_waits_and_their_counts():
    # 13m 4m 456m 456p 789p 11z, drew 4m: cutting 1m waits on 2m-5m (4 + 3 unseen: a 5m is in the
    # hand), cutting 4m leaves the 13m kanchan on 2m only (4). The AI cuts 1m and declares riichi.
    row = reviewed(["13m456m456p789p11z4m", *QUIET], 0, "4m")
    assert (row["played_shanten"], row["ai_shanten"]) == (0, 0)
    assert row["played_waits"] == ["2m"] and row["played_ukeire"] == 4
    assert row["ai_waits"] == ["2m", "5m"] and row["ai_ukeire"] == 7
    assert row["ai"] == {"type": "discard", "tile": "1m", "riichi": True}
    assert row["agree"] is False and row["loss"] == 3.0
    assert row["played_value"] > 0 and row["ai_value"] > 0  # riichi is a yaku on every wait


def test_a_discard_into_a_riichi_counts_its_danger():
    # seat 1 is in riichi having thrown 8s 9m 2p 3s; the 3-shanten hand should fold with 8s
    # (genbutsu, danger 0); throwing the live 5p instead is dangerous and ranks as a loss
    hands = ["13m46m57p9p24s78s3z6z7z", *QUIET]
    state = engine.make_state(hands, dora="1z", discards={1: "8s9m2p3s"}, riichi=[1])
    log = [discard(state, 0, "5p")]
    (row,) = review_steps(steps(state, log), log, SEATS)["decisions"]
    assert row["ai"]["tile"] == "8s" and row["danger_ai"] == 0.0
    assert row["danger_played"] > 0.05 and row["loss"] > 0


def test_passing_a_dragon_pon_the_ai_would_call():
    # D throws 5z; the person (A) holds 55z and passes; the hard AI pons (a yakuhai is a yaku)
    hands = ["23m456p789p246s55z", QUIET[0], QUIET[1], QUIET[2] + "9s"]
    state = engine.make_state(hands, turn=3, dora="9s")
    log = [discard(state, 3, "5z")]
    log.append({"at": log[0]["at"] + 500, "by": "A", "action": {"type": "pass"}})
    (row,) = review_steps(steps(state, log), log, SEATS)["decisions"]
    assert row["kind"] == "call" and row["step"] == 2
    assert row["played"] == {"type": "pass"}
    assert row["ai"] == {"type": "pon", "tile": "5z", "tiles": "55z"}
    assert row["agree"] is False and row["danger_played"] is None and row["danger_ai"] is None
    assert row["played_shanten"] == 1 and row["ai_shanten"] == 1


def test_ai_seats_are_not_reviewed():
    state = engine.make_state(["23m456p789p1246s55z", *QUIET], turn=0, dora="9s")
    log = [discard(state, 0, "2s")]
    only_ai = [dict(seat, kind="ai") for seat in SEATS]
    result = review_steps(steps(state, log), log, only_ai)
    assert result["decisions"] == [] and result["players"] == [] and result["worst"] == []


def test_a_seeded_hanchan_with_one_person_has_a_consistent_summary():
    seats = bench_seats(humans=1)
    person = seats[0]["id"]
    options, log = logged_mahjong(3, seats)
    result = review(3, options, seats, log)
    assert json.loads(json.dumps(result)) == result  # JSON data only
    assert review(3, options, seats, log) == result  # deterministic
    rows = result["decisions"]
    assert len(rows) > 40 and {r["player"] for r in rows} == {person}
    assert [r["step"] for r in rows] == sorted({r["step"] for r in rows})  # one decision per entry, in order
    for r in rows:
        entry = log[r["step"] - 1]  # the entry carrying the decision
        assert entry["by"] == person or entry["action"]["type"] == "timeout"
        if r["played"]["type"] == "discard" and not r["timeout"]:
            assert r["played"]["tile"] == ids_to_string([int(str(entry["action"]["tile"]).split(":")[0])])
        assert r["loss"] >= 0 and (r["loss"] == 0 or not r["agree"])
    kinds = {r["kind"] for r in rows}
    assert kinds == {"discard", "call"}
    (summary,) = result["players"]
    agreed = sum(1 for r in rows if r["agree"])
    assert (summary["player"], summary["decisions"], summary["agreed"]) == (person, len(rows), agreed)
    assert summary["agreement"] == round(agreed / len(rows), 3) and 0 < agreed < len(rows)
    assert sum(h["decisions"] for h in summary["hands"]) == len(rows)
    assert sum(h["agreed"] for h in summary["hands"]) == agreed
    assert [h["hand"] for h in summary["hands"]] == list(dict.fromkeys(r["hand"] for r in rows))
    assert summary["loss"] == round(sum(r["loss"] for r in rows), 2)
    losses = [rows[i]["loss"] for i in result["worst"]]
    assert result["worst"] and losses == sorted(losses, reverse=True) and all(x > 0 for x in losses)
    assert max(r["loss"] for r in rows) == losses[0]
    assert summary["worst"] == result["worst"]  # one person: the same list


def test_the_review_reads_only_the_deciding_seats_view():
    # the same position for seat 0 with the other hands swapped around and another wall behind it:
    # nothing seat 0 could not see may change the AI's choice or any number of the review
    rows = []
    for others, seed in ((QUIET, 0), (QUIET[::-1], 5), (QUIET[1:] + QUIET[:1], 11)):
        state = engine.make_state(["23m456p789p1246s55z", *others], dora="9s", seed=seed)
        log = [discard(state, 0, "2s")]
        rows.append(review_steps(steps(state, log), log, SEATS)["decisions"])
    assert rows[0] == rows[1] == rows[2] and len(rows[0]) == 1
