"""Benchmark: median µs per `evaluate_win` and per `shanten` on random hands, beside the raw
`mahjong` package's own call on the same hands.

Run: ``python -m tilerooms.bench.mahjong [--hands N] [--seed S]``. `random_winning_hand` is also the
hand generator of the property tests (tests/unit/mahjong/test_mj_properties.py).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

_SUITS = "mps"


def _name(kind: int) -> str:
    if kind >= 27:
        return f"{kind - 26}z"
    return f"{kind % 9 + 1}{_SUITS[kind // 9]}"


def random_winning_hand(rng: random.Random, *, players: int = 4, flags: bool = True) -> dict[str, Any]:
    """A random complete hand as `evaluate_win` keyword arguments (standard shape, 7 pairs or kokushi;
    open and closed melds, red fives, consistent win flags, dora, honba and sticks)."""
    sanma = players == 3
    kinds = [k for k in range(34) if not (sanma and 1 <= k <= 7)]
    counts = [0] * 34
    closed: list[str] = []
    melds: list[dict[str, Any]] = []
    shape = rng.random()
    if shape < 0.03:  # kokushi
        ko = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        closed = [_name(k) for k in ko] + [_name(rng.choice(ko))]
    elif shape < 0.1:  # seven pairs
        closed = [_name(k) for k in rng.sample(kinds, 7) for _ in range(2)]
    else:
        sets: list[list[int]] = []
        while len(sets) < 4:
            if rng.random() < 0.6 and not (sanma and rng.random() < 0.33):
                suit = rng.choice((1, 2) if sanma else (0, 1, 2))
                start = suit * 9 + rng.randrange(7)
                group = [start, start + 1, start + 2]
            else:
                group = [rng.choice(kinds)] * 3
            if all(counts[k] + group.count(k) <= 4 for k in set(group)):
                for k in group:
                    counts[k] += 1
                sets.append(group)
        pair = rng.choice([k for k in kinds if counts[k] <= 2])
        counts[pair] += 2
        for group in sets:
            is_run = group[0] != group[1]
            if rng.random() < 0.25 and not (is_run and sanma):
                mtype = "chi" if is_run else rng.choice(["pon", "pon", "daiminkan", "kakan", "ankan"])
                tiles = [_name(k) for k in group]
                if mtype in ("daiminkan", "kakan", "ankan"):
                    if counts[group[0]] != 3:
                        mtype = "pon"
                    else:
                        counts[group[0]] += 1
                        tiles.append(_name(group[0]))
                melds.append({"type": mtype, "tiles": "".join(tiles)})
            else:
                closed += [_name(k) for k in group]
        closed += [_name(pair)] * 2
    # red fives: at most one per suit, only where the room has them
    if rng.random() < 0.5:
        for suit in ("p", "s") if sanma else ("m", "p", "s"):
            if f"5{suit}" in closed and rng.random() < 0.6:
                closed[closed.index(f"5{suit}")] = f"0{suit}"
    win = rng.choice(closed)
    is_open = any(m["type"] != "ankan" for m in melds)
    kw: dict[str, Any] = {
        "closed": "".join(closed),
        "win_tile": win,
        "melds": melds,
        "tsumo": rng.random() < 0.5,
        "seat_wind": rng.randrange(players),
        "round_wind": rng.randrange(2),
        "players": players,
    }
    kw["dealer"] = kw["seat_wind"] == 0
    if flags:
        tsumo = kw["tsumo"]
        if not is_open and rng.random() < 0.4:
            kw["riichi"] = True
            kw["double_riichi"] = rng.random() < 0.1
            kw["ippatsu"] = rng.random() < 0.2
        has_kan = any(m["type"] in ("daiminkan", "kakan", "ankan") for m in melds)
        if tsumo and has_kan and rng.random() < 0.3:
            kw["rinshan"] = True
        elif tsumo and rng.random() < 0.05:
            kw["haitei"] = True
        elif not tsumo and rng.random() < 0.05:
            kw["houtei"] = True
        elif not tsumo and rng.random() < 0.05:
            kw["chankan"] = True
        n_ind = rng.randrange(1, 4)
        kw["dora_indicators"] = "".join(_name(rng.choice(kinds)) for _ in range(n_ind))
        kw["ura_indicators"] = "".join(_name(rng.choice(kinds)) for _ in range(n_ind))
        kw["honba"] = rng.randrange(5)
        kw["riichi_sticks"] = rng.randrange(3)
        if sanma:
            kw["kita"] = rng.randrange(3) if counts[30] == 0 else 0
        kw["options"] = {
            "kuitan": rng.random() < 0.8,
            "kiriageMangan": rng.random() < 0.3,
            "kazoeYakuman": rng.random() < 0.8,
            "doubleYakuman": rng.random() < 0.8,
            "renpuuPairFu": rng.choice((2, 4)),
            "sanmaTsumo": rng.choice(("tsumoLoss", "northBisection")),
            "sanmaHonba": rng.choice((200, 300, 1000)),
        }
    return kw


def _median_us(fn: Callable[[Any], Any], items: list[Any], repeat: int = 3) -> float:
    samples = []
    for item in items:
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            fn(item)
            best = min(best, time.perf_counter() - t0)
        samples.append(best)
    return statistics.median(samples) * 1e6


def main(argv: list[str] | None = None) -> None:
    """Print median µs per call for our functions and the raw package on the same random hands."""
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld
    from mahjong.shanten import Shanten

    from tilerooms.games.mahjong import hand as mj
    from tilerooms.games.mahjong.tiles import IdAllocator, counts34, parse_tile, parse_tiles

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    hands = [random_winning_hand(rng, flags=False) for _ in range(args.hands)]

    # the same hands, pre-converted for the package (conversion is not timed on its side)
    lib_types = {"chi": (Meld.CHI, True), "pon": (Meld.PON, True), "daiminkan": (Meld.KAN, True), "kakan": (Meld.SHOUMINKAN, True), "ankan": (Meld.KAN, False)}
    raw = []
    for h in hands:
        alloc = IdAllocator()
        melds, meld_ids = [], []
        for m in h["melds"]:
            ids = alloc.take_all(parse_tiles(m["tiles"]))
            meld_ids += ids
            melds.append(Meld(meld_type=lib_types[m["type"]][0], tiles=ids, opened=lib_types[m["type"]][1]))
        closed = parse_tiles(h["closed"])
        closed_ids = alloc.take_all(closed)
        win = parse_tile(h["win_tile"])
        raw.append((closed_ids + meld_ids, closed_ids[closed.index(win)], melds, h))

    def ours_eval(h: dict[str, Any]) -> Any:
        return mj.evaluate_win(**h)

    def lib_eval(item: tuple) -> Any:
        tiles, win_id, melds, h = item
        config = HandConfig(
            is_tsumo=h["tsumo"],
            player_wind=27 + h["seat_wind"],
            round_wind=27 + h["round_wind"],
            options=OptionalRules(has_open_tanyao=True, has_aka_dora=True),
        )
        return HandCalculator.estimate_hand_value(tiles, win_id, melds=melds, config=config)

    # shanten on the 13-tile hand before the win
    waiting = []
    for h in hands:
        closed = parse_tiles(h["closed"])
        closed.remove(parse_tile(h["win_tile"]))
        text = "".join(("0" if t.red else str(t.kind % 9 + 1)) + "mpsz"[t.kind // 9] for t in closed)
        waiting.append((text, h["melds"], counts34(closed)))

    def ours_shanten(item: tuple) -> Any:
        return mj.shanten(item[0], item[1])

    def lib_shanten(item: tuple) -> Any:
        return Shanten.calculate_shanten(item[2], use_chiitoitsu=not item[1], use_kokushi=not item[1])

    for h in hands[:50]:  # warm-up
        ours_eval(h)
    rows = [
        ("evaluate_win", _median_us(ours_eval, hands), _median_us(lib_eval, raw)),
        ("shanten", _median_us(ours_shanten, waiting), _median_us(lib_shanten, waiting)),
    ]
    print(f"mahjong benchmark: {len(hands)} random winning hands (seed {args.seed}), median of best-of-3 per hand")
    print(f"{'call':<14}{'ours µs':>10}{'mahjong µs':>13}{'ratio':>8}")
    for name, ours, lib in rows:
        print(f"{name:<14}{ours:>10.1f}{lib:>13.1f}{ours / lib:>7.2f}x")


if __name__ == "__main__":
    main()
