"""The seeded RNG: deterministic, JSON round-trip, unbiased enough for shuffles."""

import json
from collections import Counter

from tilerooms.core import RuleError, SeededRng


def test_same_seed_same_sequence():
    a, b = SeededRng(42), SeededRng(42)
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]
    assert SeededRng(42).next_u64() != SeededRng(43).next_u64()


def test_string_seed_is_stable_across_processes():
    # a fixed value: a salted hash() would change from run to run
    assert SeededRng("room-1").state == SeededRng("room-1").state
    assert SeededRng("room-1").state != SeededRng("room-2").state


def test_state_round_trips_through_json_mid_sequence():
    rng = SeededRng(7)
    rng.next_u64()
    copy = SeededRng.from_json(json.loads(json.dumps(rng.to_json())))
    assert [rng.randbelow(100) for _ in range(10)] == [copy.randbelow(100) for _ in range(10)]


def test_shuffle_is_a_permutation_and_roughly_uniform():
    rng = SeededRng(1)
    firsts = Counter()
    for _ in range(6000):
        items = list(range(6))
        rng.shuffle(items)
        assert sorted(items) == list(range(6))
        firsts[items[0]] += 1
    assert all(800 < firsts[i] < 1200 for i in range(6)), firsts


def test_rule_error_carries_code_message_and_details():
    err = RuleError("not_your_turn", "차례가 아니에요", seq=3)
    assert err.to_dict() == {"code": "not_your_turn", "message": "차례가 아니에요", "seq": 3}
    assert str(err) == "차례가 아니에요"
