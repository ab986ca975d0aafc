"""The mahjong AI's picture of the table, built from one seat's view only (spec 8.3).

`read_table(view)` turns the view's tokens (``"52:0p"``) into 136-ids and kind counts: the seat's
own tiles, what every seat has shown (discards, melds, kita, dora indicators), how many copies of
each kind are still unseen, the winds and dora, and who looks dangerous. Nothing here reads the
engine state: the AI decides from what its seat may see, like a person at the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tilerooms.games.mahjong.tiles import SANMA_MISSING_KINDS, dora_from_indicator, ids_to_string

WIND_INDEX = {"동": 0, "남": 1, "서": 2, "북": 3}
OPEN_MELDS = ("chi", "pon", "daiminkan", "kakan")


def tile_id(token: str | int) -> int:
    """The 136-id of a view token ``"52:0p"`` (or an id already)."""
    if isinstance(token, int):
        return token
    return int(token.split(":", 1)[0])


def counts_of_ids(ids: list[int]) -> list[int]:
    """A 34-long kind count list."""
    counts = [0] * 34
    for t in ids:
        counts[t >> 2] += 1
    return counts


@dataclass
class Opponent:
    """What the table shows of another seat."""

    seat: int
    riichi: bool
    discards: list[int]  # every discard in order (called ones too: they count for furiten / genbutsu)
    discard_kinds: set[int]
    riichi_index: int | None  # index in `discards` of the riichi declaration (sideways tile or later)
    melds: list[dict[str, Any]]
    open_melds: int
    dealer: bool
    points: int


@dataclass
class Table:
    """One seat's reading of its view."""

    seat: int
    n_players: int
    sanma: bool
    options: dict[str, Any]
    closed: list[int]  # own concealed tiles (drawn tile included)
    drawn: int | None
    melds: list[dict[str, Any]]  # own melds as {"type", "tiles": [ids]}
    kita: int
    seat_wind: int
    round_wind: int
    dealer: bool
    dora_indicators: list[int]
    dora_kinds: list[int]  # one entry per revealed indicator (a kind twice = two dora each)
    visible: list[int]  # kinds this seat can see anywhere (own hand included)
    unseen: list[int]  # copies of each kind this seat cannot see (0 for kinds not in the mode)
    live_count: int
    opponents: list[Opponent] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    honba: int = 0
    riichi_pool: int = 0
    own_discard_kinds: set[int] = field(default_factory=set)
    riichi: bool = False
    all_discards: list[list[int]] = field(default_factory=list)  # per seat, in order

    @property
    def n_melds(self) -> int:
        """Own melds (ankan included: they are sets outside the concealed part)."""
        return len(self.melds)

    @property
    def is_open(self) -> bool:
        """Whether the hand has an open meld (no riichi, open yaku rules)."""
        return any(m["type"] in OPEN_MELDS for m in self.melds)

    def melds_notation(self) -> list[dict[str, str]]:
        """Own melds as `hand.evaluate_win` wants them."""
        return [{"type": m["type"], "tiles": ids_to_string(m["tiles"])} for m in self.melds]

    def yakuhai_kinds(self) -> set[int]:
        """Honor kinds whose triplet is a yaku for this seat: dragons, seat wind, round wind."""
        kinds = {31, 32, 33, 27 + self.round_wind, 27 + self.seat_wind}
        if self.sanma:
            kinds.discard(30)  # spec 5.7: the north is a guest wind in sanma
        return kinds

    def dora_count(self, ids: list[int]) -> int:
        """Dora in `ids`: indicated kinds, red fives (as the room plays them)."""
        n = sum(self.dora_kinds.count(t >> 2) for t in ids)
        aka = self.options.get("akaDora", 0)
        reds = {16, 52, 88} if aka == 3 else ({52, 88} if aka == 2 else set())
        return n + sum(1 for t in ids if t in reds)


def _wind(name: str) -> int:
    return WIND_INDEX.get(name, 0)


def _riichi_index(discards: list[dict[str, Any]]) -> int | None:
    for i, d in enumerate(discards):
        if d.get("sideways"):
            return i
    return None


def read_table(view: dict[str, Any]) -> Table:
    """Parse a seated player's view (phase "playing") into a `Table`."""
    seat = view["seat"]
    me = view["me"]
    players = view["players"]
    n = len(players)
    sanma = view.get("mode") == "sanma"
    closed = [tile_id(t) for t in me["hand"]]
    drawn = tile_id(me["drawn"]) if me.get("drawn") is not None else None
    if drawn is not None:
        closed.append(drawn)
    visible = counts_of_ids(closed)
    indicators = [tile_id(t) for t in view.get("doraIndicators", [])]
    for t in indicators:
        visible[t >> 2] += 1
    id_by_player = {p["id"]: p["seat"] for p in players}
    opponents: list[Opponent] = []
    own_melds: list[dict[str, Any]] = []
    own_kita = 0
    own_discards: set[int] = set()
    own_riichi = False
    all_discards: list[list[int]] = [[] for _ in players]
    for p in players:
        melds = [{"type": m["type"], "tiles": [tile_id(t) for t in m["tiles"]], "from": id_by_player.get(m.get("from"))} for m in p["melds"]]
        for m in melds:
            for t in m["tiles"]:
                visible[t >> 2] += 1
        discards = [tile_id(d["tile"]) for d in p["discards"]]
        all_discards[p["seat"]] = discards
        for d, t in zip(p["discards"], discards):
            if not d.get("called"):
                visible[t >> 2] += 1  # a called discard sits in the caller's meld (counted there)
        kita = [tile_id(t) for t in p.get("kita", [])]
        for t in kita:
            visible[t >> 2] += 1
        if p["seat"] == seat:
            own_melds = melds
            own_kita = len(kita)
            own_discards = {t >> 2 for t in discards}
            own_riichi = bool(p.get("riichi"))
            continue
        opponents.append(
            Opponent(
                seat=p["seat"],
                riichi=bool(p.get("riichi")),
                discards=discards,
                discard_kinds={t >> 2 for t in discards},
                riichi_index=_riichi_index(p["discards"]) if p.get("riichi") else None,
                melds=melds,
                open_melds=sum(1 for m in melds if m["type"] in OPEN_MELDS),
                dealer=bool(p.get("dealer")),
                points=p.get("points", 0),
            )
        )
    unseen = [max(0, 4 - v) for v in visible]
    if sanma:
        for k in SANMA_MISSING_KINDS:
            unseen[k] = 0
    me_public = players[seat]
    rnd = view.get("round", {})
    return Table(
        seat=seat,
        n_players=n,
        sanma=sanma,
        options=dict(view.get("options", {})),
        closed=closed,
        drawn=drawn,
        melds=own_melds,
        kita=own_kita,
        seat_wind=_wind(me_public.get("wind", "동")),
        round_wind=_wind(rnd.get("wind", "동")),
        dealer=bool(me_public.get("dealer")),
        dora_indicators=indicators,
        dora_kinds=[dora_from_indicator(t >> 2, sanma=sanma) for t in indicators],
        visible=visible,
        unseen=unseen,
        live_count=view.get("liveCount", 0),
        opponents=opponents,
        points=[p.get("points", 0) for p in players],
        honba=rnd.get("honba", 0),
        riichi_pool=rnd.get("riichiPool", 0),
        own_discard_kinds=own_discards,
        riichi=own_riichi,
        all_discards=all_discards,
    )
