"""The race model of the hard mahjong AI: how likely a hand is to win before the hand ends.

A small Markov chain over the seat's remaining draws (`turns` = live wall / players): each turn a
hand at shanten s > 0 advances with the chance its improving tiles give (`ukeire` / unseen tiles),
a tenpai hand wins with the chance its winning tiles give (own draw plus the others' discards:
`ron_factor`), and the hand ends anyway (somebody else wins, or a threat's riichi lands) with
`end_rate` per turn. It returns the win chance.

Only counts the seat can see go in (its hand, the unseen tile counts, the live wall), so the
estimate respects spec 8.3 (the AI never sees hidden tiles).
"""

from __future__ import annotations

from dataclasses import dataclass

# improving tiles a hand typically has once it reaches shanten s (0: winning tiles of a tenpai);
# the current shanten uses the hand's own counted figure instead
TYPICAL_UKEIRE = (5.0, 16.0, 30.0, 42.0, 52.0, 60.0, 66.0)
RON_FACTOR = 1.8  # winning chances per go-around relative to the own draw alone (others' discards)
RIICHI_RON_FACTOR = 1.4  # after a riichi the table gets careful: fewer rons
TSUMO_ONLY_FACTOR = 1.0  # furiten or yaku-less dama: only the own draw wins
BASE_END_RATE = 0.08  # chance per turn that another seat ends the hand when nobody threatens (a hand lasts ~10 go-arounds)
OPEN_ADVANCE = 2.0  # an open hand also advances by calling other seats' discards (pon from any seat)
THREAT_END_RATE = 0.07  # added per unit of threat (a riichi wins about one go-around in 14)


@dataclass(frozen=True)
class Race:
    """The outcome of the race: the `win` chance before the hand ends."""

    win: float


def race(shanten: int, ukeire: float, *, turns: int, unseen_total: int, end_rate: float, ron_factor: float = RON_FACTOR, advance_factor: float = 1.0) -> Race:
    """Win chance of a hand at `shanten` whose current improving (or, at tenpai, winning) tiles
    number `ukeire`, over `turns` own draws with `unseen_total` tiles unseen to the seat;
    `advance_factor` multiplies the chance to advance before tenpai (`OPEN_ADVANCE` for an open
    hand, which may also call)."""
    if shanten >= len(TYPICAL_UKEIRE) or turns <= 0 or unseen_total <= 0:
        return Race(0.0)
    states = [0.0] * (shanten + 1)
    states[shanten] = 1.0
    won = 0.0
    for _ in range(turns):
        nxt = [0.0] * (shanten + 1)
        for s, p in enumerate(states):
            if p <= 1e-9:
                continue
            tiles = ukeire if s == shanten else TYPICAL_UKEIRE[s]
            if s == 0:
                chance = min(0.9, tiles / unseen_total * ron_factor)
                won += p * chance
                nxt[0] += p * (1 - chance) * (1 - end_rate)
            else:
                chance = min(0.9, tiles / unseen_total * advance_factor)
                nxt[s - 1] += p * chance * (1 - end_rate)
                nxt[s] += p * (1 - chance) * (1 - end_rate)
        states = nxt
    return Race(won)


def end_rate_for(threat: float) -> float:
    """The per-turn chance that the hand ends by somebody else, given the table's threat level."""
    return min(0.4, BASE_END_RATE + THREAT_END_RATE * threat)
