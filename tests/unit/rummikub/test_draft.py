"""spec §5.6 초안과 되돌리기."""

from tests.unit.rummikub.helpers import act, position, rejected, set_draft
from tilerooms.games.rummikub import engine
from tilerooms.games.rummikub.engine import MAX_HISTORY


def ids(state):
    return [s["tile_ids"] for s in state["draft"]["sets"]]


def test_five_set_drafts_then_two_undos_is_the_third_draft():
    s = position(racks={"A": ["R1a", "R2a", "R3a", "R4a", "R5a"], "B": ["K1a"]}, has_melded=True)
    drafts = [[["R1a"]], [["R1a", "R2a"]], [["R1a", "R2a", "R3a"]], [["R1a", "R2a", "R3a", "R4a"]], [["R1a", "R2a", "R3a", "R4a", "R5a"]]]
    for d in drafts:
        engine.apply(s, "A", set_draft(*d))
    engine.apply(s, "A", act("undoDraft"))
    engine.apply(s, "A", act("undoDraft"))
    assert ids(s) == [["R1a", "R2a", "R3a"]]
    assert s["draft_changes"] == 7


def test_reset_goes_back_to_the_start_of_turn_and_can_be_undone():
    s = position(table=[["K7a", "R7a", "B7a"]], racks={"A": ["O7a", "R1a"], "B": ["K1a"]}, has_melded=True)
    engine.apply(s, "A", set_draft(["K7a", "R7a", "B7a", "O7a"]))
    engine.apply(s, "A", act("resetDraft"))
    assert ids(s) == [["K7a", "R7a", "B7a"]]
    engine.apply(s, "A", act("undoDraft"))
    assert ids(s) == [["K7a", "R7a", "B7a", "O7a"]]


def test_undo_with_no_history_is_refused():
    s = position(racks={"A": ["R1a"], "B": ["K1a"]})
    assert rejected(s, "A", act("undoDraft")).code == "nothing_to_undo"


def test_draft_survives_a_reconnect_json_round_trip():
    s = position(racks={"A": ["R1a", "R2a"], "B": ["K1a"]})
    engine.apply(s, "A", set_draft(["R1a", "R2a"]))
    back = engine.from_json(engine.to_json(s))
    assert engine.view(back, "A")["draft"]["sets"][0]["tile_ids"] == ["R1a", "R2a"]


def test_intermediate_draft_may_be_invalid():
    s = position(racks={"A": ["R1a", "K9a"], "B": ["K1a"]})
    engine.apply(s, "A", set_draft(["R1a"], ["K9a"]))
    sets = engine.view(s, "A")["draft"]["sets"]
    assert [x["valid"] for x in sets] == [False, False]
    assert sets[0]["reason"] == "3개 이상이어야 해요"


def test_history_keeps_at_most_100_steps():
    s = position(racks={"A": ["R1a", "R2a"], "B": ["K1a"]})
    for i in range(MAX_HISTORY + 20):
        engine.apply(s, "A", set_draft(["R1a"] if i % 2 else ["R2a"]))
    assert len(s["draft"]["history"]) == MAX_HISTORY


def test_draw_discards_the_draft():
    s = position(racks={"A": ["R1a", "R2a"], "B": ["K1a"]}, pool=["O5a"])
    engine.apply(s, "A", set_draft(["R1a", "R2a"]))
    engine.apply(s, "A", act("draw"))
    assert s["draft"] is None and s["racks"]["A"] == ["R1a", "R2a", "O5a"] and s["table"] == []


def test_empty_sets_are_dropped():
    s = position(racks={"A": ["R1a"], "B": ["K1a"]})
    engine.apply(s, "A", {"type": "setDraft", "sets": [{"tileIds": []}, {"tileIds": ["R1a"]}]})
    assert ids(s) == [["R1a"]]
