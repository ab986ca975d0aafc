"""Setting up a game (spec §4, §8.4): shuffle, draw for first player, deal 14 each."""

from __future__ import annotations

from collections.abc import Sequence

from tilerooms.core import SeededRng
from tilerooms.games.rummikub.tiles import ALL_TILE_IDS, TILES

RACK_SIZE = 14


def draw_first_player(players: Sequence[str], pool: list[str], rng: SeededRng) -> str:
    """spec §4: each contender draws a tile, the highest number starts.

    Whoever draws a joker, and everyone tied on the highest number, draws again (only they do);
    the drawn tiles go back and the pool is reshuffled after every round. `pool` ends shuffled.
    """
    contenders = list(players)
    while True:
        drawn = {p: pool[i] for i, p in enumerate(contenders)}
        rng.shuffle(pool)  # spec 4: the drawn tiles go back and the pool is reshuffled
        numbers = {p: TILES[t].n for p, t in drawn.items()}
        jokers = [p for p in contenders if numbers[p] is None]
        real = [n for p in contenders if (n := numbers[p]) is not None]
        top = max(real) if real else None
        leaders = [p for p in contenders if top is not None and numbers[p] == top]
        if len(leaders) == 1 and not jokers:
            return leaders[0]
        contenders = [p for p in contenders if p in jokers or p in leaders]


def deal(players: Sequence[str], rng: SeededRng) -> tuple[str, dict[str, list[str]], list[str]]:
    """Shuffle the 106 tiles, pick the first player, deal 14 each in seat order.

    Returns (first player, racks, pool); the pool is what is left (78 / 64 / 50 tiles).
    """
    pool = list(ALL_TILE_IDS)
    rng.shuffle(pool)
    first = draw_first_player(players, pool, rng)
    racks: dict[str, list[str]] = {}
    for i, p in enumerate(players):
        racks[p] = pool[i * RACK_SIZE : (i + 1) * RACK_SIZE]
    pool = pool[len(players) * RACK_SIZE :]
    return first, racks, pool
