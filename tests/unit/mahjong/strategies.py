"""Hypothesis strategies shared by the scoring property tests."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from tilerooms.bench.mahjong import random_winning_hand

# keyword arguments of `evaluate_win` for a random complete hand (4-player three times in four, else sanma)
hands = st.builds(
    lambda seed, players: random_winning_hand(random.Random(seed), players=players),
    st.integers(0, 2**32 - 1),
    st.sampled_from([4, 4, 4, 3]),
)
