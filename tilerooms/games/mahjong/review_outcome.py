"""What one choice leaves a mahjong hand with, measured from the deciding seat's own view (issue 21: 3).

The 복기 (`review.py`) sets a person's move against the hard AI's and needs, for each, the same
numbers: shanten of what is left, ukeire (unseen tiles that lower it), the tenpai waits and how
many of them are unseen, a rough value and the deal-in danger of the tile thrown. Everything is
read from the seat's `Table` (`ai_table.read_table` of its own view): unseen counts are what that
seat could not see, never the wall or another hand. The numbers are the AI's own
(`ai_eval`, `ai_defence`), so the review explains its choices in the terms it made them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, cast

from tilerooms.games.mahjong.actions import ParsedAction
from tilerooms.games.mahjong.ai_defence import discard_danger
from tilerooms.games.mahjong.ai_eval import han_estimate, improving_kinds, points_for_han, wait_values, waits
from tilerooms.games.mahjong.ai_table import Table, counts_of_ids
from tilerooms.games.mahjong.claims import kuikae_kinds
from tilerooms.games.mahjong.tiles import NORTH, kinds_to_string

WIN = -1  # the shanten of a won hand: below tenpai's 0


@dataclass
class Outcome:
    """The hand after one choice (13-tile equivalent: after the discard, or after a call and its
    best discard). `shanten` None = no hand left to measure (kyuushu)."""

    shanten: int | None
    ukeire: int = 0  # unseen tiles that lower the shanten (tenpai: unseen winning tiles)
    waits: list[str] = field(default_factory=list)  # tenpai waits, notation ("3m", "6m")
    value: int | None = None  # tenpai: the mean ron points of the waits with a yaku; else a han guess
    danger: float | None = None  # deal-in chance of the thrown tile (None: nothing thrown)

    @property
    def win(self) -> bool:
        """Whether the choice wins the hand (tsumo, ron)."""
        return self.shanten == WIN


def _hand(table: Table, rest: list[int], *, riichi: bool, discarding: int | None) -> Outcome:
    """Shanten, ukeire, waits and value of the concealed part `rest` (ids, 13-tile equivalent)."""
    counts = counts_of_ids(rest)
    shanten, kinds_up = improving_kinds(counts, table.n_melds, table.unseen)
    if shanten == 0:
        shape = sorted(waits(table, counts))
        if not shape:  # spec 5.5: waiting only on tiles the hand holds four of is no wait
            return Outcome(1, 0, [], 0)
        values = wait_values(table, rest, riichi=riichi, discarding=discarding)
        paying = [w for w in values if w.points > 0]
        unseen = sum(w.unseen for w in paying)
        value = round(sum(w.points * w.unseen for w in paying) / unseen) if unseen else 0
        return Outcome(0, sum(table.unseen[k] for k in shape), [kinds_to_string([k]) for k in shape], value)
    guess = points_for_han(han_estimate(table, counts, rest), table.dealer)
    return Outcome(shanten, sum(table.unseen[k] for k in kinds_up), [], int(guess))


def _without(ids: list[int], remove: list[int]) -> list[int]:
    rest = list(ids)
    for t in remove:
        rest.remove(t)
    return rest


def discard_outcome(table: Table, tile: int, riichi: bool) -> Outcome:
    """Throwing `tile` (an id of the hand); `riichi`: the tenpai left is valued with riichi (declared
    now or before, or one the view lists as legal with this tile: the AI's own assumption)."""
    kind = tile >> 2
    out = _hand(table, _without(table.closed, [tile]), riichi=riichi or table.riichi, discarding=kind)
    out.danger = round(discard_danger(kind, table), 4)
    return out


def _best_discard(table: Table, banned: set[int]) -> Outcome:
    """A 14-tile-equivalent hand's best discard by (shanten, -ukeire); kinds in `banned` excluded."""
    best: Outcome | None = None
    for kind in sorted({t >> 2 for t in table.closed} - banned):
        tile = next(t for t in table.closed if t >> 2 == kind)
        out = discard_outcome(table, tile, riichi=False)
        if best is None or (out.shanten, -out.ukeire) < (best.shanten, -best.ukeire):
            best = out
    return best if best is not None else Outcome(None)


def call_outcome(table: Table, call: str, used: list[int], claimed: int) -> Outcome:
    """Calling `claimed` with the hand tiles `used`, then (chi / pon) the best discard kuikae allows
    (spec 5.2); a daiminkan draws a replacement tile instead, so its 13-tile hand is measured."""
    meld_type = "daiminkan" if call == "kan" else call
    after = dataclasses.replace(
        table,
        closed=_without(table.closed, used),
        drawn=None,
        melds=[*table.melds, {"type": meld_type, "tiles": [*used, claimed]}],
    )
    if call == "kan":
        return _hand(after, after.closed, riichi=False, discarding=None)
    banned = set(kuikae_kinds(call, claimed >> 2, [t >> 2 for t in used]))
    out = _best_discard(after, banned)
    out.danger = None  # the call itself throws nothing; its discard comes next
    return out


def turn_outcome(table: Table, act: ParsedAction, riichi_kinds: set[int]) -> Outcome:
    """The own turn's choice `act` (discard, tsumo, ankan, kakan, kita, kyuushu)."""
    # parse_action sets the tile of a discard or kakan, the kind of an ankan and the call of a claim
    if act.type == "discard":
        tile = cast(int, act.tile)
        return discard_outcome(table, tile, act.riichi or (tile >> 2) in riichi_kinds)
    if act.type == "tsumo":
        return Outcome(WIN)
    if act.type == "ankan":
        four = [t for t in table.closed if t >> 2 == act.kind][:4]
        after = dataclasses.replace(table, closed=_without(table.closed, four), drawn=None, melds=[*table.melds, {"type": "ankan", "tiles": four}])
        return _hand(after, after.closed, riichi=after.riichi, discarding=None)
    if act.type == "kakan":
        added = cast(int, act.tile)
        melds = [dict(m, type="kakan", tiles=[*m["tiles"], added]) if m["type"] == "pon" and m["tiles"][0] >> 2 == added >> 2 else m for m in table.melds]
        after = dataclasses.replace(table, closed=_without(table.closed, [added]), drawn=None, melds=melds)
        return _hand(after, after.closed, riichi=False, discarding=None)
    if act.type == "kita":
        north = next(t for t in table.closed if t >> 2 == NORTH)
        after = dataclasses.replace(table, closed=_without(table.closed, [north]), drawn=None, kita=table.kita + 1)
        return _hand(after, after.closed, riichi=after.riichi, discarding=None)
    return Outcome(None)  # kyuushu: the hand is drawn, nothing left to measure


def claim_outcome(table: Table, act: ParsedAction, claimed: int) -> Outcome:
    """The answer `act` to the claim window on `claimed`: ron, a call, or pass (the hand as it is)."""
    if act.type == "claim" and act.call == "ron":
        return Outcome(WIN)
    if act.type == "claim":
        return call_outcome(table, cast(str, act.call), act.tiles, claimed)
    return _hand(table, list(table.closed), riichi=table.riichi or not table.is_open, discarding=None)


def as_row(out: Outcome, prefix: str) -> dict[str, Any]:
    """The outcome's numbers as review row fields (`played_…` / `ai_…`)."""
    return {
        f"{prefix}_shanten": out.shanten,
        f"{prefix}_ukeire": out.ukeire,
        f"{prefix}_waits": out.waits,
        f"{prefix}_value": out.value,
    }
