"""spec §10 동시성, stale seq, and malformed payloads (state unchanged on every rejection)."""

import pytest

from tests.unit.rummikub.helpers import act, position, rejected, set_draft
from tilerooms.core import RuleError
from tilerooms.games.rummikub import engine


def two_players():
    return position(racks={"A": ["R10a", "R11a", "R12a", "K1a"], "B": ["O2a", "O3a"]})


def test_the_same_commit_packet_twice_second_is_not_your_turn():
    s = two_players()
    engine.apply(s, "A", set_draft(["R10a", "R11a", "R12a"]))
    packet = {"type": "commit", "seq": s["seq"], "turn": s["turn_no"]}
    engine.apply(s, "A", packet)
    err = rejected(s, "A", packet)
    assert err.code == "not_your_turn" and err.message == "차례가 아니에요"


def test_a_set_draft_from_the_previous_turn_is_refused():
    s = two_players()
    old_turn = s["turn_no"]
    engine.apply(s, "A", act("draw"))
    engine.apply(s, "B", act("draw"))  # A's turn again, but a later one
    err = rejected(s, "A", set_draft(["R10a", "R11a"], turn=old_turn))
    assert err.code == "not_your_turn" and err.message == "차례가 아니에요"


def test_acting_out_of_turn():
    s = two_players()
    assert rejected(s, "B", act("draw")).message == "차례가 아니에요"


def test_stale_seq_on_commit_draw_pass():
    s = two_players()
    engine.apply(s, "A", set_draft(["R10a", "R11a", "R12a"]))
    err = rejected(s, "A", {"type": "commit", "seq": 0})
    assert err.code == "stale" and "최신" in err.message
    assert rejected(s, "A", {"type": "draw", "seq": 0}).code == "stale"
    engine.apply(s, "A", {"type": "commit", "seq": s["seq"]})


def test_seq_grows_by_one_per_applied_action():
    s = two_players()
    engine.apply(s, "A", set_draft(["R10a"]))
    engine.apply(s, "A", act("undoDraft"))
    engine.apply(s, "A", act("draw"))
    assert s["seq"] == 3


@pytest.mark.parametrize(
    "action",
    [
        None,
        "commit",
        [],
        {},
        {"type": 3},
        {"type": "fly"},
        {"type": "setDraft"},
        {"type": "setDraft", "sets": "R1a"},
        {"type": "setDraft", "sets": [["R10a"]]},
        {"type": "setDraft", "sets": [{"tileIds": "R10a"}]},
        {"type": "setDraft", "sets": [{"tileIds": ["X99"]}]},
        {"type": "setDraft", "sets": [{"tileIds": [7]}]},
        {"type": "setDraft", "sets": [{"tileIds": ["R10a"], "as": "x"}]},
        {"type": "setDraft", "sets": [{"tileIds": ["R10a"], "pos": {"row": "1", "col": 0}}]},
        {"type": "setDraft", "sets": [{"tileIds": ["R10a"], "pos": [1, 2]}]},
        {"type": "commit", "seq": "5"},
        {"type": "commit", "turn": 1.5},
        {"type": "draw", "seq": True},
        {"type": "timeout", "at": "soon"},
        {"type": "timeout", "at": float("nan")},
    ],
)
def test_malformed_actions_are_bad_action_and_change_nothing(action):
    s = two_players()
    err = rejected(s, "A", action)
    assert err.code == "bad_action" and err.message


def test_validate_does_not_mutate_and_apply_rejects_identically():
    s = two_players()
    engine.apply(s, "A", set_draft(["R10a", "R11a"]))
    before = engine.to_json(s)
    with pytest.raises(RuleError):
        engine.validate(s, "A", act("commit"))
    assert engine.to_json(s) == before


def test_a_repeated_winning_commit_is_not_your_turn():
    s = position(racks={"A": ["R10a", "R11a", "R12a"], "B": ["O2a"]})
    engine.apply(s, "A", set_draft(["R10a", "R11a", "R12a"]))
    engine.apply(s, "A", act("commit"))
    err = rejected(s, "A", act("commit"))
    assert err.code == "not_your_turn" and err.details == {"gameOver": True}
