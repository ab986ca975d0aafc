"""The wall (spec §4.2, 5.2): Fisher–Yates shuffle, the deal, the dead wall of 14 and rinshan draws.

The live wall is drawn from the front. The dead wall is kept as three lists — 4 rinshan tiles, 5 dora
indicators, 5 ura indicators — so it always holds 14: a rinshan draw takes the first rinshan tile
and moves the live wall's last tile to the end of the rinshan list (spec 5.2).
"""

from __future__ import annotations

from tilerooms.core import SeededRng
from tilerooms.games.mahjong.tiles import SANMA_MISSING_KINDS

DEAD_WALL = 14
HAND_SIZE = 13


def all_tile_ids(sanma: bool) -> list[int]:
    """Every tile id of the mode: 136, or 108 without 2m–8m in sanma (spec 3)."""
    return [t for t in range(136) if not (sanma and (t >> 2) in SANMA_MISSING_KINDS)]


def new_wall(rng: SeededRng, sanma: bool) -> dict[str, list[int]]:
    """Shuffle the mode's tiles (spec 4.2: the shuffle *is* the wall) and split off the dead wall."""
    tiles = all_tile_ids(sanma)
    rng.shuffle(tiles)
    dead = tiles[-DEAD_WALL:]
    return {"live": tiles[:-DEAD_WALL], "rinshan": dead[0:4], "dora": dead[4:9], "ura": dead[9:14]}


def roll_dice(rng: SeededRng) -> list[int]:
    """Two dice for the show (spec 8.4: they do not change the tile order)."""
    return [rng.randbelow(6) + 1, rng.randbelow(6) + 1]


def deal(live: list[int], dealer: int, players: int) -> list[list[int]]:
    """Deal 13 tiles each from the front of `live` (removed from it): 4-4-4 then 1, dealer first."""
    hands: list[list[int]] = [[] for _ in range(players)]
    order = [(dealer + i) % players for i in range(players)]
    for _ in range(3):
        for seat in order:
            hands[seat].extend(live[:4])
            del live[:4]
    for seat in order:
        hands[seat].append(live.pop(0))
    return hands


def draw_rinshan(wall: dict[str, list[int]]) -> int:
    """Take a replacement tile; the live wall's last tile joins the dead wall (kept at 14)."""
    tile = wall["rinshan"].pop(0)
    wall["rinshan"].append(wall["live"].pop())
    return tile
