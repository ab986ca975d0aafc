"""Winning hands, waits and shanten (spec 5.5, 5.6, §6).

`evaluate_win` asks the `mahjong` package (pinned 2.1.0) for decomposition, yaku, han and fu — a
fresh `HandConfig` per call, because the package mutates it — and then applies what the package does
not do the spec's way: aka dora counted by us (the package's default is the opposite), the
`renpuuPairFu` = 2 option, kita dora shown apart, base points and payments (`payments.py`, including
sanma and honba), Korean yaku names. `waits` and `shanten` exclude a wait on a tile the hand already
holds all four of (spec 5.5; `Agari.is_agari` would accept a fifth copy).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.yaku import Yaku
from mahjong.meld import Meld
from mahjong.shanten import Shanten

from tilerooms.games.mahjong.options import resolve_options
from tilerooms.games.mahjong.payments import base_points as _base_points
from tilerooms.games.mahjong.payments import hand_payments, limit_level
from tilerooms.games.mahjong.tiles import (
    TERMINAL_HONOR_KINDS,
    IdAllocator,
    Tile,
    kinds_to_string,
    parse_tile,
    parse_tiles,
)
from tilerooms.games.mahjong.yaku_names import KITA_DORA, YAKU_NAMES, limit_name

_MELD_TYPES = {
    "chi": (Meld.CHI, True, 3),
    "pon": (Meld.PON, True, 3),
    "daiminkan": (Meld.KAN, True, 4),
    "kakan": (Meld.SHOUMINKAN, True, 4),
    "ankan": (Meld.KAN, False, 4),
}
_KOKUSHI_KINDS = sorted(TERMINAL_HONOR_KINDS)
_DOUBLE_VALUED_PAIR = "double_valued_pair"


@dataclass(frozen=True)
class WinResult:
    """The value of one winning hand.

    `han` includes dora (for a yakuman it is 13 × multiplier, as the package reports it); `yaku` is a
    list of ``(Korean name, han)`` with dora entries last; `yakuman_multiplier` is 0 for normal and
    counted (kazoe) hands, else the number of yakuman units (double yakuman = 2). `payments` follow
    `payments.hand_payments` (honba included), `total` adds the riichi sticks.
    """

    han: int
    fu: int
    yaku: list[tuple[str, int]]
    yakuman_multiplier: int
    base_points: int
    payments: dict[str, int]
    total: int
    limit: str  # "", "만관", "하네만", "배만", "삼배만", "헤아림 역만", "역만", "더블 역만", …
    fu_details: list[tuple[str, int]]
    tsumo: bool
    dealer: bool
    is_open: bool
    honba_bonus: int
    sticks_bonus: int

    @property
    def yaku_names(self) -> list[str]:
        """Just the names of `yaku`."""
        return [name for name, _ in self.yaku]


@dataclass(frozen=True)
class _ParsedMeld:
    kind: str
    tiles: list[Tile]


def _parse_melds(melds: Sequence[Mapping[str, Any]] | None) -> list[_ParsedMeld]:
    out = []
    for m in melds or ():
        mtype = m.get("type")
        if mtype not in _MELD_TYPES:
            raise ValueError(f"unknown meld type {mtype!r}")
        tiles = parse_tiles(m["tiles"])
        if len(tiles) != _MELD_TYPES[mtype][2]:
            raise ValueError(f"{mtype} needs {_MELD_TYPES[mtype][2]} tiles, got {m['tiles']!r}")
        kinds = sorted(t.kind for t in tiles)
        if mtype == "chi":
            if kinds[0] >= 27 or kinds[0] // 9 != kinds[2] // 9 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:
                raise ValueError(f"chi must be a run of one suit: {m['tiles']!r}")
        elif len(set(kinds)) != 1:
            raise ValueError(f"{mtype} must be one kind: {m['tiles']!r}")
        out.append(_ParsedMeld(mtype, tiles))
    return out


def _meld_kind_counts(melds: Sequence[_ParsedMeld]) -> list[int]:
    counts = [0] * 34
    for m in melds:
        for t in m.tiles:
            counts[t.kind] += 1
    return counts


# ---------------------------------------------------------------- shape checks (our own, fast)


def _all_sets(counts: list[int]) -> bool:
    """Whether the counts split exactly into runs and triplets (greedy from the lowest tile)."""
    c = counts[:]
    for suit in range(3):
        base = suit * 9
        for i in range(9):
            n = c[base + i]
            if n == 0:
                continue
            runs = n % 3  # a tile's leftover after triplets must start runs
            if runs:
                if i > 6 or c[base + i + 1] < runs or c[base + i + 2] < runs:
                    return False
                c[base + i + 1] -= runs
                c[base + i + 2] -= runs
    return all(c[k] % 3 == 0 for k in range(27, 34))


def _is_standard(counts: list[int]) -> bool:
    for k in range(34):
        if counts[k] >= 2:
            counts[k] -= 2
            ok = _all_sets(counts)
            counts[k] += 2
            if ok:
                return True
    return False


def _is_chiitoitsu(counts: list[int]) -> bool:
    # spec 5.6: seven *different* pairs; four of a kind is not two pairs
    return sum(counts) == 14 and sum(1 for c in counts if c == 2) == 7


def _is_kokushi(counts: list[int]) -> bool:
    return sum(counts) == 14 and all(counts[k] for k in _KOKUSHI_KINDS) and sum(counts[k] for k in _KOKUSHI_KINDS) == 14


def is_complete(counts34: Sequence[int], *, n_melds: int = 0) -> bool:
    """Whether closed counts (3n+2 tiles) form a winning shape: sets + pair, or (closed) 7 pairs / kokushi."""
    counts = list(counts34)
    total = sum(counts)
    if total % 3 != 2:
        return False
    if n_melds == 0 and total == 14 and (_is_chiitoitsu(counts) or _is_kokushi(counts)):
        return True
    return _is_standard(counts)


def _wait_kinds(closed_counts: list[int], meld_counts: list[int], n_melds: int) -> list[int]:
    result = []
    for k in range(34):
        if closed_counts[k] + meld_counts[k] >= 4:
            continue  # spec 5.5: a wait on a tile the hand holds all four of is no wait
        closed_counts[k] += 1
        if is_complete(closed_counts, n_melds=n_melds):
            result.append(k)
        closed_counts[k] -= 1
    return result


def waits(closed13: str, melds: Sequence[Mapping[str, Any]] | None = None) -> set[str]:
    """The tiles that complete `closed13` (a 13 − 3·melds tile hand) into a winning shape.

    Yaku are ignored (spec 5.5: furiten and formal tenpai use the shape). A tile the hand already
    holds all four of — closed or in melds — is not a wait. Tiles are returned as ``"5m"``-style
    strings (no red fives). Empty set = not tenpai.
    """
    parsed = _parse_melds(melds)
    tiles = parse_tiles(closed13)
    if len(tiles) != 13 - 3 * len(parsed):
        raise ValueError(f"a waiting hand has {13 - 3 * len(parsed)} closed tiles, got {len(tiles)}")
    counts = [0] * 34
    for t in tiles:
        counts[t.kind] += 1
    return {kinds_to_string([k]) for k in _wait_kinds(counts, _meld_kind_counts(parsed), len(parsed))}


def shanten(closed: str, melds: Sequence[Mapping[str, Any]] | None = None) -> int:
    """Shanten of the closed part (13 − 3·melds or 14 − 3·melds tiles): −1 complete, 0 tenpai, ….

    Uses the `mahjong` package (regular, 7 pairs, kokushi), then corrects its one disagreement with
    spec 5.5: a tenpai whose only waits are tiles the hand holds four of counts as 1-shanten.
    """
    parsed = _parse_melds(melds)
    tiles = parse_tiles(closed)
    n = len(tiles)
    if n not in (13 - 3 * len(parsed), 14 - 3 * len(parsed)):
        raise ValueError(f"{n} closed tiles do not fit {len(parsed)} melds")
    counts = [0] * 34
    for t in tiles:
        counts[t.kind] += 1
    value = Shanten.calculate_shanten(counts, use_chiitoitsu=not parsed, use_kokushi=not parsed)
    if value != 0:
        return value
    meld_counts = _meld_kind_counts(parsed)
    if all(c + m < 4 for c, m in zip(counts, meld_counts)):
        return 0  # no kind held four times: the package's tenpai has a real wait
    if n % 3 == 1:
        return 0 if _wait_kinds(counts, meld_counts, len(parsed)) else 1
    for k in range(34):  # 14-tile form: some discard must leave a real wait
        if counts[k]:
            counts[k] -= 1
            ok = bool(_wait_kinds(counts, meld_counts, len(parsed)))
            counts[k] += 1
            if ok:
                return 0
    return 1


# ---------------------------------------------------------------- hand value


def _rules(opts: Mapping[str, Any], players: int) -> OptionalRules:
    return OptionalRules(
        has_open_tanyao=bool(opts["kuitan"]),  # package default False; spec default True
        has_aka_dora=False,  # counted by us from the notation (package default differs, GUIDE §7)
        has_double_yakuman=bool(opts["doubleYakuman"]),
        kazoe_limit=HandConstants.KAZOE_LIMITED if opts["kazoeYakuman"] else HandConstants.KAZOE_SANBAIMAN,
        kiriage=bool(opts["kiriageMangan"]),
        fu_for_open_pinfu=True,  # spec 6.3: open 20 fu -> 30
        fu_for_pinfu_tsumo=False,  # spec 6.3: pinfu tsumo 20 fu
        is_three_player=players == 3,
    )


def evaluate_win(
    closed: str,
    win_tile: str,
    *,
    melds: Sequence[Mapping[str, Any]] | None = None,
    tsumo: bool,
    seat_wind: int,
    round_wind: int,
    dealer: bool,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    dora_indicators: str = "",
    ura_indicators: str = "",
    kita: int = 0,
    honba: int = 0,
    riichi_sticks: int = 0,
    options: Mapping[str, Any] | None = None,
    players: int = 4,
) -> WinResult | None:
    """Value of a win, or None when the hand is not complete or has no yaku.

    `closed` is the concealed part *including* `win_tile`; `melds` are dicts
    ``{"type": "chi"|"pon"|"daiminkan"|"kakan"|"ankan", "tiles": "456m"}``. Winds: 0 = 동 … 3 = 북.
    `options` are spec §2 keys (defaults filled in); `players=3` plays sanma (1m→9m dora, sanma
    payments). The most valuable reading is chosen: final points, then han, then fu (spec 6.2).
    None covers kataagari (spec 5.6): call this per candidate tile and only tiles giving a result
    may win. Malformed tiles or contradictory flags (e.g. rinshan without tsumo) raise ValueError.
    """
    opts = resolve_options(options, players)
    parsed_melds = _parse_melds(melds)
    closed_tiles = parse_tiles(closed)
    win = parse_tile(win_tile)
    if len(closed_tiles) != 14 - 3 * len(parsed_melds):
        raise ValueError(f"closed part must have {14 - 3 * len(parsed_melds)} tiles, got {len(closed_tiles)}")
    if win not in closed_tiles:
        if not any(t.kind == win.kind for t in closed_tiles):
            raise ValueError(f"winning tile {win_tile} is not in the closed hand {closed}")
        win = next(t for t in closed_tiles if t.kind == win.kind)  # "5m" won with only a 0m held
    if not 0 <= seat_wind <= 3 or not 0 <= round_wind <= 3:
        raise ValueError("winds are 0..3")

    counts = [0] * 34
    for t in closed_tiles:
        counts[t.kind] += 1
    if not is_complete(counts, n_melds=len(parsed_melds)):
        return None  # fast path: no shape, no need to ask the package

    alloc = IdAllocator()
    lib_melds: list[Meld] = []
    meld_ids: list[int] = []
    for m in parsed_melds:
        ids = alloc.take_all(m.tiles)
        meld_ids += ids
        mtype, opened, _ = _MELD_TYPES[m.kind]
        lib_melds.append(Meld(meld_type=mtype, tiles=sorted(ids), opened=opened))
    closed_ids = alloc.take_all(closed_tiles)
    win_id = closed_ids[closed_tiles.index(win)]
    indicator_alloc = IdAllocator()  # indicators are other physical tiles: their own id space
    dora_ids = indicator_alloc.take_all(parse_tiles(dora_indicators))
    ura_ids = IdAllocator().take_all(parse_tiles(ura_indicators))

    config = HandConfig(
        is_tsumo=tsumo,
        is_riichi=riichi or double_riichi,
        is_ippatsu=ippatsu,
        is_rinshan=rinshan,
        is_chankan=chankan,
        is_haitei=haitei,
        is_houtei=houtei,
        is_daburu_riichi=double_riichi,
        is_tenhou=tenhou,
        is_chiihou=chiihou,
        player_wind=27 + seat_wind,
        round_wind=27 + round_wind,
        options=_rules(opts, players),
        num_nuki_dora=kita,
    )
    config.is_dealer = dealer
    response = HandCalculator.estimate_hand_value(
        closed_ids + meld_ids,
        win_id,
        melds=lib_melds,
        dora_indicators=dora_ids,
        ura_dora_indicators=ura_ids,
        config=config,
    )
    if response.error:
        if response.error in (HandCalculator.ERR_NO_YAKU, HandCalculator.ERR_HAND_NOT_WINNING):
            return None
        raise ValueError(f"inconsistent win flags: {response.error}")

    is_open = any(m.opened for m in lib_melds)
    yaku: list[tuple[str, int]] = []
    dora: list[tuple[str, int]] = []
    yakuman_han = 0
    # without an error the package's response carries the yaku, han and fu
    for y in cast(list[Yaku], response.yaku):
        cls = type(y).__name__
        han = y.han_open if is_open and y.han_open else y.han_closed
        if y.is_yakuman:
            yakuman_han += han
            yaku.append((YAKU_NAMES[cls], han))
        elif cls == "Dora":
            # the package folds kita (+1 each) into dora; show it apart (spec 6.2 북 뽑기)
            if han - kita > 0:
                dora.append((YAKU_NAMES[cls], han - kita))
            if kita:
                dora.append((KITA_DORA, kita))
        elif cls in ("UraDora", "AkaDora"):
            dora.append((YAKU_NAMES[cls], han))
        else:
            yaku.append((YAKU_NAMES[cls], han))
    yakuman_multiplier = yakuman_han // 13
    han = cast(int, response.han)
    if yakuman_multiplier == 0 and opts["akaDora"]:
        aka = sum(1 for t in closed_tiles if t.red) + sum(1 for m in parsed_melds for t in m.tiles if t.red)
        if aka:
            dora.insert(1 if dora and dora[0][0] == "도라" else 0, (YAKU_NAMES["AkaDora"], aka))
            han += aka
    dora.sort(key=lambda d: ("도라", "적도라", KITA_DORA, "우라도라").index(d[0]))

    fu = cast(int, response.fu)
    fu_details = [(d["reason"], d["fu"]) for d in response.fu_details or ()]
    if opts["renpuuPairFu"] == 2 and any(r == _DOUBLE_VALUED_PAIR for r, _ in fu_details):
        # the package fixes the 연풍패 pair at 4 fu; spec option 2: take 2 off and round up again
        fu_details = [(r, 2 if r == _DOUBLE_VALUED_PAIR else f) for r, f in fu_details]
        fu = max(30, -(-sum(f for _, f in fu_details) // 10) * 10)

    level = limit_level(han, fu, yakuman_multiplier, opts)
    base = _base_points(han, fu, yakuman_multiplier, opts)
    money = hand_payments(
        base,
        winner_is_dealer=dealer,
        tsumo=tsumo,
        players=players,
        honba=honba,
        riichi_sticks=riichi_sticks,
        options=opts,
    )
    return WinResult(
        han=han,
        fu=fu,
        yaku=yaku + dora,
        yakuman_multiplier=yakuman_multiplier,
        base_points=base,
        payments=money.payments,
        total=money.total,
        limit=limit_name(yakuman_multiplier, level),
        fu_details=fu_details,
        tsumo=tsumo,
        dealer=dealer,
        is_open=is_open,
        honba_bonus=money.honba_bonus,
        sticks_bonus=money.sticks_bonus,
    )


def winning_tiles(closed13: str, **win_context: Any) -> dict[str, WinResult]:
    """Kataagari check (spec 5.6): each wait of `closed13` that gives a yaku, with its value.

    `win_context` takes `evaluate_win`'s keyword arguments (melds, tsumo, winds, dealer, flags,
    options, …). A wait missing from the result may not be won on (no yaku); atozuke — a yaku that
    appears only on some waits — is allowed, so those waits are present.
    """
    melds = win_context.get("melds")
    result: dict[str, WinResult] = {}
    for tile in sorted(waits(closed13, melds)):
        value = evaluate_win(closed13 + tile, tile, **win_context)
        if value is not None:
            result[tile] = value
    return result
