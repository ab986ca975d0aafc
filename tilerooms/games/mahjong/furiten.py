"""Furiten (spec 5.5): may this player ron? Tsumo is never blocked by furiten."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from tilerooms.games.mahjong.tiles import parse_tiles


def _kinds(tiles: str | Iterable[str]) -> set[int]:
    text = tiles if isinstance(tiles, str) else "".join(tiles)
    return {t.kind for t in parse_tiles(text)}


def discard_furiten(wait_tiles: Collection[str], own_discards: str | Iterable[str]) -> bool:
    """버림패 후리텐: one of my waits is among my own discards (including ones others called).

    `wait_tiles` is `hand.waits(...)` (shape waits, yaku ignored); red fives count as fives.
    """
    return bool(_kinds(wait_tiles) & _kinds(own_discards))


def is_furiten(
    wait_tiles: Collection[str],
    own_discards: str | Iterable[str],
    *,
    temporary: bool = False,
    riichi_permanent: bool = False,
) -> bool:
    """Whether ron is barred: discard furiten, or 동순 (`temporary`, until my next discard), or
    riichi furiten (`riichi_permanent`, until the hand ends) — spec 5.5."""
    return temporary or riichi_permanent or discard_furiten(wait_tiles, own_discards)


def missed_ron_furiten(*, riichi: bool) -> tuple[bool, bool]:
    """Flags set when a player lets a winning tile pass (spec 5.3 step 6, 5.5), yaku or not:
    ``(temporary, riichi_permanent)`` — always temporary, permanent too when in riichi."""
    return True, riichi
