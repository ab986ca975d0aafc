"""Mahjong tiles as they travel to a browser (issue 20: 2), for the leak and frame-size tests.

A tile travels as its view token ``"<id>:<code>"`` (``"52:0p"``); a pond tile adds its marks after
a slash (``"52:0p/th"``, `tilerooms.table.mahjong.rows.pond_tile`); a face-down tile is ``""``.
Every tile of a hand has its own id, so finding an id is finding that very tile, whatever var or
form carried it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# a token in a JSON string, with or without its pond marks
TOKEN = re.compile(r'"(\d+):([0-9][mpsz])(?:/[a-z]*)?"')


def tokens_in(frames: Iterable[str]) -> set[str]:
    """Every tile token (``"52:0p"``, marks dropped) that the frames carry."""
    return {f"{tile_id}:{code}" for frame in frames for tile_id, code in TOKEN.findall(frame)}


def ids_in(frames: Iterable[str]) -> set[int]:
    """Every tile id the frames carry in any tile form."""
    return {int(tile_id) for frame in frames for tile_id, _ in TOKEN.findall(frame)}
