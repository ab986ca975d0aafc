"""Turn one viewer's mahjong `view` into display rows for the table (pure; no Reflex).

Everything here comes from the viewer's own `view` (spec 8.3), so nothing hidden can appear:
other hands are only counts, other people's claim options are never in a view. The beginner-mode
rules (tenpai-keeping discards, waits, unseen counts, furiten, yaku hints) live in
`games/mahjong/hints.py`, computed from the same view only (spec 7.1 last line); this module only
turns their answers into rows and text.

Tiles arrive as tokens ``"<id>:<notation>"`` (``"52:0p"`` is the red 5p). The live table sends
them on as tokens (the engine accepts one back as an action's tile; a pond tile adds its marks,
``"52:0p/t"``) and the browser draws the picture from the notation (issue 20: 2: small frames);
the result screens and replays use `MjTile` rows with every text filled in.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tilerooms.games.mahjong import GAME as MAHJONG
from tilerooms.games.mahjong import hints
from tilerooms.games.mahjong.payments import hand_payments, honba_total
from tilerooms.games.mahjong.tiles import kinds_to_string
from tilerooms.games.mahjong.yaku_names import english_yaku_name, limit_name
from tilerooms.i18n.lines import name_in_english
from tilerooms.table.mahjong.moves import SAID_LETTERS, Moves, moves_from_events

SUIT_NAMES = {"m": "만", "p": "통", "s": "삭"}
HONOR_NAMES = ("동", "남", "서", "북", "백", "발", "중")
POSITIONS = {4: ("bottom", "right", "top", "left"), 3: ("bottom", "right", "left")}
CALL_NAMES = {"ron": "론", "pon": "퐁", "kan": "깡", "chi": "치"}
MELD_NAMES = {"chi": "치", "pon": "퐁", "daiminkan": "깡", "kakan": "가깡", "ankan": "안깡"}
ABORT_NAMES = {
    "kyuushu": "구종구패",
    "suufon": "사풍연타",
    "suukan": "사깡유국",
    "suucha": "사가리치",
    "sanchahou": "삼가화",
    "sanchaho": "삼가화",  # the engine's id (flow.ron_win)
    "triple": "삼가화",
}
END_REASONS = ("normal", "tobi", "agariYame", "westEntryEnd", "aborted")  # each has its line `mjr.end.<reason>`
# English (the second locale): seat winds as letters, tiles in the usual riichi notation
WIND_LETTERS = {"동": "E", "남": "S", "서": "W", "북": "N"}
WIND_WORDS = {"동": "East", "남": "South", "서": "West", "북": "North"}
# short as the Korean one-syllable captions: a caption wider than its tile ran into the next one
HONOR_NAMES_EN = ("E", "S", "W", "N", "Wh", "Gr", "Rd")
HONOR_ARIA_EN = ("East wind", "South wind", "West wind", "North wind", "Haku (white dragon)", "Hatsu (green dragon)", "Chun (red dragon)")
ROUND_LABEL = re.compile(r"^(동|남|서|북)(\d+)국 (\d+)본장$")
DIGIT_FINAL = {
    "0": True,
    "1": True,
    "2": False,
    "3": True,
    "4": False,
    "5": False,
    "6": True,
    "7": True,
    "8": True,
    "9": False,
}  # 영 일 이 삼 사 오 육 칠 팔 구


# --- rows --------------------------------------------------------------------------------------


@dataclass
class MjTile:
    """One tile of a result screen or a replay, every text filled in (also backs: `code` "back")."""

    id: str = ""  # the view token, e.g. "52:0p" ("" for a back)
    code: str = "back"  # picture: "1m" … "9m", "0m" (red five), "1z" … "7z", "back"
    label: str = ""  # large-print Korean label: "1만", "동", "백"
    suit: str = ""  # m / p / s / z (pattern border per suit)
    red: bool = False
    aria: str = "뒷면"
    label_en: str = ""  # the label in English: "1m", "E", "Wh"
    aria_en: str = "Tile back"
    selected: bool = False
    legal: bool = True  # may be discarded now
    lit: bool = False  # riichi mode: this discard keeps tenpai
    locked: bool = False  # kuikae: may not be discarded right after the call
    keeps_tenpai: bool = False  # beginner: discarding it leaves the hand tenpai
    hint: str = ""  # beginner: "대기 6·9통 · 남은 5장"
    sideways: bool = False  # the riichi discard (or the one after it, when that was called)
    tsumogiri: bool = False
    called: bool = False  # a discard somebody called (shown faded in the pond)
    last: bool = False  # the table's last discard (marked; it slides in)


@dataclass
class MjMeld:
    """One meld of a result screen (tile rows)."""

    kind: str
    name: str
    tiles: list[MjTile] = field(default_factory=list)


# --- the live table: small vars, each sent only when it changes (issue 20: 2) -------------------
#
# Reflex sends the whole value of every var a handler assigns. A discard changes one pond and the
# turn, so the table is split: one plate, one meld list and four pond rows per place at the table,
# the round, the turn, the announcement. Tiles are the view's tokens (``"52:0p"``, ``""`` face
# down); a pond tile adds its marks after a slash (``"52:0p/th"``: tsumogiri, sideways). Pictures,
# labels and names come from the code in the component (`ui/mahjong_tiles.py`).

PLACES = ("bottom", "right", "top", "left")
POND_ROW = 6  # tiles per pond row (spec §9); the last row holds the rest
POND_ROWS = 4
HAND_SIZE = 13
POND_MARKS = {"tsumogiri": "t", "called": "c", "sideways": "h"}  # letters no token contains


def pond_tile(token: str, *, tsumogiri: bool = False, called: bool = False, sideways: bool = False) -> str:
    """One pond tile as sent: its token, then its marks after a slash (``"52:0p/t"``)."""
    flags = {"tsumogiri": tsumogiri, "called": called, "sideways": sideways}
    marks = "".join(letter for name, letter in POND_MARKS.items() if flags[name])
    return f"{token}/{marks}" if marks else token


def pond_rows(tiles: list[str]) -> list[list[str]]:
    """A pond split into its rows of six; the last row holds the rest (a long hand)."""
    rows = [tiles[i * POND_ROW : (i + 1) * POND_ROW] for i in range(POND_ROWS - 1)]
    return rows + [tiles[(POND_ROWS - 1) * POND_ROW :]]


@dataclass
class MjPlate:
    """One player's name plate; the place at the table is in its var's name."""

    seated: bool = False  # nobody sits here (the top place in sanma)
    player: str = ""  # the player's id (their rank chip)
    name: str = ""
    name_en: str = ""  # an AI seat's name in English ("AI 2 (Easy)")
    wind: str = ""
    wind_en: str = ""  # "E" / "S" / "W" / "N"
    points: int = 0
    dealer: bool = False
    riichi: bool = False
    kita: int = 0
    away: bool = False  # left the game or on autopilot
    kita_tiles: list[str] = field(default_factory=list)  # the Norths set aside (sanma, spec 5.7): tokens, drawn beside the melds


@dataclass
class MjOpenMeld:
    """One open (or concealed-kan) meld on the table: tokens, ``""`` for a face-down tile."""

    kind: str
    name: str
    tiles: list[str] = field(default_factory=list)


@dataclass
class MjChoice:
    """A choice shown as tile pictures (chi / pon combinations, kans): tokens."""

    key: str
    label: str
    tiles: list[str] = field(default_factory=list)
    label_en: str = ""


@dataclass
class MjInfo:
    """The table's state that changes a few times a hand."""

    active: bool = False
    phase: str = ""
    my_turn: bool = False
    sanma: bool = False
    spectator: bool = False


@dataclass
class MjRound:
    """The centre panel's round, sticks and dora indicators (tokens)."""

    label: str = ""
    label_en: str = ""  # "East 1, 0 honba"
    honba: int = 0
    riichi_sticks: int = 0
    dora: list[str] = field(default_factory=list)


@dataclass
class MjTurn:
    """What moves on every turn, sent with every discard: kept small."""

    seat: str = ""  # the place whose turn it is (the table names it only while playing)
    holder: str = ""  # the place holding a tile more than the others, to discard ("": a claim window)
    deadline: int = 0  # the clock's end, server epoch ms (0: no clock for this viewer)
    live: int = 0  # tiles left in the wall
    last: str = ""  # the last discard's token, marked in its pond (mahjong_moves.py)
    said: str = ""  # the latest move for a screen reader's live region ("b d 9s": `said_code`)


def plate_count(melds: int, holder: bool) -> int:
    """A hand's size as its plate shows it: 13 less 3 a meld (a kan's fourth tile is replaced
    from the dead wall, a kita tile too), one more for the holder. The plate computes the same
    (`ui/mahjong_table.py`), so the hand sizes need not travel with every discard."""
    return HAND_SIZE - 3 * melds + (1 if holder else 0)


@dataclass
class MjAnnounce:
    """A call in large text over the table: "퐁!" "치!" "깡!" "론!" "쯔모!" (mahjong_moves.py)."""

    text: str = ""
    text_en: str = ""  # "Pon!"
    key: str = ""  # new for every announcement: the same call twice shows twice


@dataclass
class MjHandTile:
    """One tile of my hand: its token and whether it may be discarded now."""

    id: str
    legal: bool = True


@dataclass
class MjOwn:
    """The viewer's own hand and what they may do now."""

    hand: list[MjHandTile] = field(default_factory=list)
    drawn: list[MjHandTile] = field(default_factory=list)  # 0 or 1 tile, set apart
    selected: str = ""
    lit: list[str] = field(default_factory=list)  # riichi mode: the discards that keep tenpai
    locked: list[str] = field(default_factory=list)  # kuikae: may not be discarded right after the call
    hints: dict[str, str] = field(default_factory=dict)  # beginner: token -> "대기 6·9통 · 남은 5장" (keeps tenpai)
    hints_en: dict[str, str] = field(default_factory=dict)  # the same in English: "Waits 6p·9p · 5 left"
    can_discard: bool = False
    can_tsumo: bool = False
    can_riichi: bool = False
    riichi_mode: bool = False
    kans: list[MjChoice] = field(default_factory=list)
    can_kita: bool = False
    can_kyuushu: bool = False
    in_riichi: bool = False
    furiten: bool = False
    waits_text: str = ""
    yaku_hint: str = ""
    no_yaku: str = ""  # the "역 없음" warning, when it applies: a message id (`mjr.no_yaku*`)
    waits_text_en: str = ""  # "Waits 9s·N"
    yaku_hint_en: str = ""  # "Yaku: Menzen Tsumo"
    auto_win: bool = False
    no_calls: bool = False


@dataclass
class MjClaim:
    """The viewer's own claim window (never anybody else's)."""

    open: bool = False
    tile: str = ""  # the token called for
    from_name: str = ""
    ron: bool = False
    pon: bool = False
    kan: bool = False
    chi: bool = False
    chi_choices: list[MjChoice] = field(default_factory=list)
    pon_choices: list[MjChoice] = field(default_factory=list)
    deadline: int = 0
    answered: str = ""
    from_name_en: str = ""
    question: str = "을(를) 가져올까요?"  # the Korean question, its particle chosen by the tile's name ("백을", "서를")


@dataclass
class MjYakuLine:
    """One line of the win screen."""

    name: str
    han: int
    name_en: str = ""


@dataclass
class MjWin:
    """One winner of a hand."""

    name: str = ""
    how: str = ""  # "쯔모" or "론 · …에게서"
    how_en: str = ""  # "Tsumo" or "Ron off …"
    hand: list[MjTile] = field(default_factory=list)
    melds: list[MjMeld] = field(default_factory=list)
    win_tile: MjTile = field(default_factory=MjTile)
    ura: list[MjTile] = field(default_factory=list)
    yaku: list[MjYakuLine] = field(default_factory=list)
    han: int = 0
    fu: int = 0
    points: int = 0  # what the winner got: the hand's value, honba and riichi sticks
    limit: str = ""
    name_en: str = ""
    value: int = 0  # the hand's own value (spec 6.4), the headline
    honba_points: int = 0  # the honba bonus this winner got (spec 5.9), its own line
    stick_points: int = 0  # the riichi sticks this winner took (spec 5.9), its own line


@dataclass
class MjTenpaiHand:
    """A tenpai hand shown after an exhaustive draw."""

    name: str
    tiles: list[MjTile] = field(default_factory=list)
    name_en: str = ""
    melds: list[MjMeld] = field(default_factory=list)  # the open melds (public on the table)
    waits: str = ""  # "6통·9통"
    waits_en: str = ""  # "6p·9p"


@dataclass
class MjDelta:
    """One player's points change on the result screen."""

    name: str
    delta: int
    points: int
    ready: bool
    name_en: str = ""
    wind: str = ""  # the seat wind of the finished hand: "동"
    wind_en: str = ""  # "E"
    me: bool = False


@dataclass
class MjHandResult:
    """The result screen between hands."""

    shown: bool = False
    kind: str = ""  # agari / exhaustive / abortive
    title: str = ""  # a message id (`mjr.title.*`; an unknown abort reason: its Korean line)
    round_label: str = ""
    winners: list[MjWin] = field(default_factory=list)
    tenpai: list[MjTenpaiHand] = field(default_factory=list)
    noten_names: str = ""
    deltas: list[MjDelta] = field(default_factory=list)
    i_am_ready: bool = False
    deadline: int = 0
    round_label_en: str = ""
    noten_names_en: str = ""
    dora: list[MjTile] = field(default_factory=list)  # the dora indicators of the finished hand


@dataclass
class MjTable:
    """Everything the mahjong table shows to one viewer."""

    info: MjInfo = field(default_factory=MjInfo)
    round: MjRound = field(default_factory=MjRound)
    turn: MjTurn = field(default_factory=MjTurn)
    announce: MjAnnounce = field(default_factory=MjAnnounce)
    plates: dict[str, MjPlate] = field(default_factory=lambda: {p: MjPlate() for p in PLACES})
    melds: dict[str, list[MjOpenMeld]] = field(default_factory=lambda: {p: [] for p in PLACES})
    ponds: dict[str, list[str]] = field(default_factory=lambda: {p: [] for p in PLACES})  # whole ponds (the state sends them by row)
    own: MjOwn = field(default_factory=MjOwn)
    claim: MjClaim = field(default_factory=MjClaim)
    result: MjHandResult = field(default_factory=MjHandResult)


@dataclass
class MjRankRow:
    """One line of the final ranking."""

    rank: int
    name: str
    points: int
    score: str
    me: bool
    name_en: str = ""


@dataclass
class MjSummaryRow:
    """One player's line of the game summary (spec 8.6 summary.perPlayer), in ranking order."""

    name: str
    wins: int
    deal_ins: int
    riichi: int
    calls: int
    me: bool = False
    name_en: str = ""


# --- tiles -------------------------------------------------------------------------------------


def tile_code(token: str) -> str:
    """The notation part of a view token (``"52:0p"`` → ``"0p"``; a pond tile's marks dropped)."""
    return hints.token_notation(token.split("/")[0])


def pond_marks(tile: str) -> set[str]:
    """The marks of a pond tile as sent (``"52:0p/th"`` → ``{"tsumogiri", "sideways"}``)."""
    letters = tile.partition("/")[2]
    return {name for name, letter in POND_MARKS.items() if letter in letters}


def tile_label(code: str) -> str:
    """Large-print Korean label: ``"1만"``, ``"5통"``, ``"동"``, ``"백"`` (red five: ``"5통"``)."""
    n, suit = code[0], code[1]
    if suit == "z":
        return HONOR_NAMES[int(n) - 1]
    return f"{5 if n == '0' else n}{SUIT_NAMES[suit]}"


def tile_label_en(code: str) -> str:
    """The caption in English: ``"1m"``, ``"5p"``, ``"9s"``, ``"E"`` (East), ``"Wh"`` (white dragon) (red five: ``"5p"``);
    the spoken name is `tile_aria_en`."""
    n, suit = code[0], code[1]
    if suit == "z":
        return HONOR_NAMES_EN[int(n) - 1]
    return f"{5 if n == '0' else n}{suit}"


def tile_aria_en(code: str) -> str:
    """A screen reader's English name of a tile: ``"red 5p"``, ``"East wind"``, ``"Haku (white dragon)"``."""
    if code[1] == "z":
        return HONOR_ARIA_EN[int(code[0]) - 1]
    return ("red " if code[0] == "0" else "") + tile_label_en(code)


def object_particle(word: str) -> str:
    """The Korean object particle after `word`: 을 after a final consonant (받침: "백을", "1만을"),
    를 after a vowel ("서를"); digits as read aloud; "을(를)" when it cannot tell."""
    if not word:
        return "을(를)"
    last = word[-1]
    if "가" <= last <= "힣":
        return "을" if (ord(last) - 0xAC00) % 28 else "를"
    if last in DIGIT_FINAL:
        return "을" if DIGIT_FINAL[last] else "를"
    return "을(를)"


def round_label_en(label: str) -> str:
    """The round in English: ``"동1국 0본장"`` → ``"East 1, 0 honba"`` (other text is kept)."""
    match = ROUND_LABEL.match(label)
    return f"{WIND_WORDS[match.group(1)]} {match.group(2)}, {match.group(3)} honba" if match else label


def tile_row(token: str, **flags: Any) -> MjTile:
    """Display data of one tile token."""
    code = tile_code(token)
    red = code[0] == "0"
    label = tile_label(code)
    return MjTile(
        id=token,
        code=code,
        label=label,
        suit=code[1],
        red=red,
        aria=("빨간 " if red else "") + label,
        label_en=tile_label_en(code),
        aria_en=tile_aria_en(code),
        **flags,
    )


def back_tile() -> MjTile:
    """A face-down tile."""
    return MjTile()


# --- the table ---------------------------------------------------------------------------------


def _meld_rows(melds: list[dict[str, Any]]) -> list[MjMeld]:
    out = []
    for m in melds:
        tiles = [tile_row(t) for t in m["tiles"]]
        if m["type"] == "ankan" and len(tiles) == 4:  # spec 8.3: both ends face down, kind public
            tiles = [back_tile(), tiles[1], tiles[2], back_tile()]
        out.append(MjMeld(m["type"], MELD_NAMES.get(m["type"], m["type"]), tiles))
    return out


def _open_melds(melds: list[dict[str, Any]]) -> list[MjOpenMeld]:
    out = []
    for m in melds:
        tiles = list(m["tiles"])
        if m["type"] == "ankan" and len(tiles) == 4:  # spec 8.3: both ends face down, kind public
            tiles = ["", tiles[1], tiles[2], ""]
        out.append(MjOpenMeld(m["type"], MELD_NAMES.get(m["type"], m["type"]), tiles))
    return out


def _waits_text(kinds: list[int]) -> str:
    return "·".join(tile_label(kinds_to_string([k])) for k in kinds)


NO_YAKU_TSUMO_ONLY = "mjr.no_yaku.tsumo_only"  # message ids (i18n/mahjong_results.py)
NO_YAKU = "mjr.no_yaku"


def _yaku_text(hint: hints.YakuHint) -> tuple[str, str, str]:
    """The yaku hint line (Korean, English) and the "역 없음" warning of one waiting hand."""
    line = "역: " + ", ".join(hint.yaku) if hint.yaku else ""
    line_en = "Yaku: " + ", ".join(english_yaku_name(y) for y in hint.yaku) if hint.yaku else ""
    if hint.ron:
        return line, line_en, ""
    return line, line_en, NO_YAKU_TSUMO_ONLY if hint.tsumo else NO_YAKU


def _waits_text_en(kinds: list[int]) -> str:
    return "·".join(tile_label_en(kinds_to_string([k])) for k in kinds)


def _discard_hint_text(hint: hints.DiscardHint) -> tuple[str, str]:
    """A tenpai-keeping discard's beginner hint (Korean, English): its waits, the unseen count."""
    text = f"대기 {_waits_text(list(hint.waits))} · 남은 {hint.unseen}장"
    text_en = f"Waits {_waits_text_en(list(hint.waits))} · {hint.unseen} left"
    return (text + " · 후리텐", text_en + " · furiten") if hint.furiten else (text, text_en)


def _own_rows(view: dict[str, Any], seat: int, selected: str, riichi_mode: bool, beginner: bool) -> MjOwn:
    me = view["me"] or {}
    pub = view["players"][seat]
    legal = me.get("legal") or {}
    hand_tokens = list(me.get("hand") or [])
    drawn = me.get("drawn")
    all_tiles = hand_tokens + ([drawn] if drawn else [])
    discardable = set(legal.get("discard") or [])
    riichi_ok = set(legal.get("riichi") or [])
    my_turn = bool(legal)
    in_riichi = bool(pub["riichi"])
    riichi_mode = riichi_mode and bool(riichi_ok)
    discard_hints = hints.discard_hints(view) if beginner and my_turn else {}

    # an ankan names one of its four tiles: the engine reads the kind from it (`actions.parse_action`)
    kans = [
        MjChoice(f"ankan:{tiles[0]}", "안깡", tiles, "Closed kan")
        for tiles in ([t for t in all_tiles if hints.token_kind(t) == k] for k in legal.get("ankan") or [])
        if tiles
    ]
    kans += [MjChoice(f"kakan:{t}", "가깡", [t], "Added kan") for t in legal.get("kakan") or []]
    waits_text, waits_text_en, yaku_hint, yaku_hint_en, warning = "", "", "", "", ""
    waits = hints.current_waits(view)
    if waits:
        waits_text = "대기 " + _waits_text(waits)
        waits_text_en = "Waits " + _waits_text_en(waits)
    if beginner and waits and not my_turn:
        yaku_hint, yaku_hint_en, warning = _yaku_text(hints.yaku_hint(view, hand_tokens, waits))
    elif beginner and my_turn and selected in all_tiles and hints.token_kind(selected) in discard_hints:
        rest = list(all_tiles)
        rest.remove(selected)
        yaku_hint, yaku_hint_en, warning = _yaku_text(hints.yaku_hint(view, rest, discard_hints[hints.token_kind(selected)].waits))
    prefs = me.get("prefs") or {}
    hints_by_token, hints_by_token_en = {}, {}
    for token in all_tiles:
        k = hints.token_kind(token)
        if k in discard_hints and token in discardable:
            hints_by_token[token], hints_by_token_en[token] = _discard_hint_text(discard_hints[k])

    def row(token: str) -> MjHandTile:
        return MjHandTile(token, legal=token in discardable if my_turn else True)

    return MjOwn(
        hand=[row(t) for t in hand_tokens],
        drawn=[row(drawn)] if drawn else [],
        selected=selected if selected in all_tiles else "",
        lit=[t for t in all_tiles if t in riichi_ok] if riichi_mode else [],
        locked=[t for t in all_tiles if t not in discardable] if my_turn and not in_riichi and view.get("stage") == "afterCall" else [],
        hints=hints_by_token,
        hints_en=hints_by_token_en,
        can_discard=my_turn and bool(discardable),
        can_tsumo=bool(legal.get("tsumo")),
        can_riichi=bool(riichi_ok) and not in_riichi,
        riichi_mode=riichi_mode,
        kans=kans,
        can_kita=bool(legal.get("kita")),
        can_kyuushu=bool(legal.get("kyuushu")),
        in_riichi=in_riichi,
        furiten=hints.is_furiten(view),
        waits_text=waits_text,
        yaku_hint=yaku_hint,
        no_yaku=warning,
        waits_text_en=waits_text_en,
        yaku_hint_en=yaku_hint_en,
        auto_win=bool(prefs.get("autoWin")),
        no_calls=bool(prefs.get("noCalls")),
    )


def _claim_rows(view: dict[str, Any], names: dict[str, str], names_en: Mapping[str, str] | None = None) -> MjClaim:
    mine = (view.get("me") or {}).get("claim")
    window = view.get("claim") or {}
    if not mine:
        return MjClaim()
    calls = mine.get("calls") or []
    tile = window.get("tile") or ""
    from_name = names.get(window.get("from") or "", window.get("from") or "")
    return MjClaim(
        open=bool(calls),
        tile=tile,
        from_name=from_name,
        from_name_en=name_in_english(window.get("from") or "", names, names_en),
        question=object_particle(tile_label(tile_code(tile)) if tile else "") + " 가져올까요?",
        ron="ron" in calls,
        pon="pon" in calls,
        kan="kan" in calls,
        chi="chi" in calls,
        chi_choices=[MjChoice(str(i), "치", list(c)) for i, c in enumerate(mine.get("chi") or [])],
        pon_choices=[MjChoice(str(i), "퐁", list(c)) for i, c in enumerate(mine.get("pon") or [])],
        deadline=int(mine.get("deadline") or 0),
        answered=CALL_NAMES.get(mine.get("answered") or "", "패스" if mine.get("answered") == "pass" else ""),
    )


def _result_rows(view: dict[str, Any], names: dict[str, str], names_en: Mapping[str, str] | None = None) -> MjHandResult:
    record = view.get("lastResult")
    if not record or view.get("phase") not in ("handResult", "finished"):
        return MjHandResult()
    me = view.get("viewer")
    ready = set(view.get("ready") or [])
    players = view["players"]
    out = MjHandResult(
        shown=True,
        kind=record["kind"],
        round_label=record.get("round") or "",
        i_am_ready=me in ready,
        deadline=int(view.get("deadline") or 0),
        round_label_en=round_label_en(record.get("round") or ""),
    )
    out.deltas = [
        MjDelta(
            names.get(p["id"], p["id"]),
            int(d),
            int(p["points"]),
            p["id"] in ready,
            name_in_english(p["id"], names, names_en),
            wind=p["wind"],
            wind_en=WIND_LETTERS.get(p["wind"], p["wind"]),
            me=p["id"] == me,
        )
        for p, d in zip(players, record["deltas"])
    ]
    out.dora = [tile_row(t) for t in view.get("doraIndicators") or []]
    dealers = {p["id"] for p in players if p["wind"] == "동"}  # the finished hand's dealer
    honba = int(match.group(3)) if (match := ROUND_LABEL.match(record.get("round") or "")) else 0
    if record["kind"] == "agari":
        out.title = "mjr.title.tsumo" if record.get("tsumo") else "mjr.title.ron"
        for w in record["winners"]:
            limit = limit_name(w.get("yakuman_multiplier") or 0, w.get("limit") or "") if w.get("limit") else ""
            win_tile = w["win_tile"]
            hand = [t for t in w["hand"]]
            if win_tile in hand:
                hand.remove(win_tile)
            out.winners.append(
                MjWin(
                    name=names.get(w["player"], w["player"]),
                    name_en=name_in_english(w["player"], names, names_en),
                    how="쯔모" if w["from"] is None else f"론 · {names.get(w['from'], w['from'])}에게서",
                    how_en="Tsumo" if w["from"] is None else f"Ron off {name_in_english(w['from'], names, names_en)}",
                    hand=[tile_row(t) for t in hand],
                    melds=[MjMeld("", "", [tile_row(t) for t in m]) for m in w["melds"]],
                    win_tile=tile_row(win_tile),
                    ura=[tile_row(t) for t in w.get("ura") or []],
                    yaku=[MjYakuLine(str(name), int(han), english_yaku_name(str(name))) for name, han in w["yaku"]],
                    han=int(w["han"]),
                    fu=int(w["fu"]),
                    points=int(w["points"]),
                    limit=limit or "",
                    **win_value(w, tsumo=w["from"] is None, dealer=w["player"] in dealers, players=len(players), honba=honba, options=view.get("options")),
                )
            )
    elif record["kind"] == "exhaustive":
        out.title = "mjr.title.draw"
        tenpai = record.get("tenpai") or []
        hands = record.get("hands") or {}
        melds = {p["id"]: p["melds"] for p in players}
        for p in tenpai:
            waits = hints.hand_waits(hands.get(p, []), melds.get(p) or [])
            out.tenpai.append(
                MjTenpaiHand(
                    names.get(p, p),
                    [tile_row(t) for t in hands.get(p, [])],
                    name_in_english(p, names, names_en),
                    melds=_meld_rows(melds.get(p) or []),
                    waits=_waits_text(waits),
                    waits_en=_waits_text_en(waits),
                )
            )
        out.noten_names = ", ".join(names.get(p["id"], p["id"]) for p in players if p["id"] not in tenpai)
        out.noten_names_en = ", ".join(name_in_english(p["id"], names, names_en) for p in players if p["id"] not in tenpai)
        if record.get("nagashi"):
            out.title = "mjr.title.nagashi"
    else:
        reason = record.get("reason") or ""
        out.title = f"mjr.title.{reason}" if reason in ABORT_NAMES else f"도중유국 · {reason}"  # an unknown reason: shown as it is
    return out


def win_value(winner: Mapping[str, Any], *, tsumo: bool, dealer: bool, players: int, honba: int, options: Mapping[str, Any] | None = None) -> dict[str, int]:
    """A win's points split the way the result shows them: the hand's own value (spec 6.4: what the
    payers pay for it, without honba), then the honba and the riichi sticks it took (spec 5.9), each
    on its own line. `winner` is a hand record's winner (its `base_points` and `points`, what the
    winner got in all); a record without `base_points` (an older one) shows its points as the value."""
    got = int(winner["points"])
    base = winner.get("base_points")
    if not base:
        return {"value": got, "honba_points": 0, "stick_points": 0}
    value = hand_payments(int(base), winner_is_dealer=dealer, tsumo=tsumo, players=players, options=options).total
    bonus = max(0, got - value)
    honba_points = min(bonus, honba_total(honba, players, options))  # a double ron: one winner takes them (5.9)
    return {"value": value, "honba_points": honba_points, "stick_points": bonus - honba_points}


def said_code(moves: Moves, place_of: Mapping[str, str]) -> str:
    """The latest move for a screen reader's live region (issue 34: 14), in a few bytes since it
    travels with every discard: "b d 9s" (the mover's place letter, the move's letter of
    `moves.SAID_LETTERS`, the tile's code), "" before the hand's first move; a draw has no mover
    ("- w"). The browser words it with the plates' names (`mahjong/said.py`)."""
    if not moves.said_kind:
        return ""
    place = place_of.get(moves.said_player, "-")[0]
    code = tile_code(moves.said_tile) if moves.said_tile else ""
    return " ".join(part for part in (place, SAID_LETTERS[moves.said_kind], code) if part)


def mahjong_table(
    view: dict[str, Any] | None,
    names: dict[str, str],
    *,
    names_en: Mapping[str, str] | None = None,
    selected: str = "",
    riichi_mode: bool = False,
    beginner: bool = False,
    events: list[dict[str, Any]] | None = None,
) -> MjTable:
    """The table of one viewer from their own mahjong `view` (spec 8.3), with their selection,
    riichi mode and beginner switch (client-local settings); the room's recent public `events`
    give the last discard and the call to announce (`mahjong_moves`)."""
    if not view or view.get("game") != MAHJONG.id:
        return MjTable()
    players = view["players"]
    n = len(players)
    seat = view.get("seat")
    base = seat if seat is not None else 0
    places = POSITIONS[n]
    place_of = {p["id"]: places[(p["seat"] - base) % n] for p in players}
    # built here whole: MjTable()'s defaults would build ~14 rows only to be replaced (the profile)
    plates: dict[str, MjPlate] = {}
    melds: dict[str, list[MjOpenMeld]] = {}
    ponds: dict[str, list[str]] = {}
    for p in players:
        place = place_of[p["id"]]
        name = names.get(p["id"], p["id"])
        plates[place] = MjPlate(
            seated=True,
            player=p["id"],
            name=name,
            name_en=name_in_english(p["id"], names, names_en),
            wind=p["wind"],
            wind_en=WIND_LETTERS.get(p["wind"], p["wind"]),
            points=int(p["points"]),
            dealer=bool(p["dealer"]),
            riichi=bool(p["riichi"]),
            kita=len(p.get("kita") or []),
            away=bool(p["left"] or p["autopilot"]),
            kita_tiles=list(p.get("kita") or []),
        )
        melds[place] = _open_melds(p["melds"])
        ponds[place] = [pond_tile(d["tile"], tsumogiri=d["tsumogiri"], called=d["called"], sideways=d["sideways"]) for d in p["discards"]]
    rnd = view["round"]
    claim_public = view.get("claim")
    moves = moves_from_events(events)
    if claim_public and claim_public.get("source") == "discard":
        moves.last_player, moves.last_tile = claim_public.get("from") or "", claim_public.get("tile") or ""
    # marked while it is still its pond's last tile and nobody called it
    last_pond = next((p["discards"] for p in players if p["id"] == moves.last_player), [])
    marked = bool(last_pond) and last_pond[-1]["tile"] == moves.last_tile and not last_pond[-1]["called"]
    own = _own_rows(view, seat, selected, riichi_mode, beginner) if seat is not None and view.get("me") else MjOwn()
    claim = _claim_rows(view, names, names_en) if seat is not None else MjClaim()
    turn = view.get("turn") or ""
    # the one seat with a tile more than its melds leave (14 less 3 a meld): it draws or called
    holder = next((place_of[p["id"]] for p in players if int(p["handCount"]) == plate_count(len(p["melds"]), True)), "")
    deadline = int(view.get("deadline") or 0)
    for place in PLACES:
        if place not in plates:  # nobody sits there (the top place in sanma)
            plates[place], melds[place], ponds[place] = MjPlate(), [], []
    return MjTable(
        info=MjInfo(active=True, phase=view["phase"], my_turn=own.can_discard, sanma=view.get("mode") == "sanma", spectator=seat is None),
        round=MjRound(
            label=rnd["label"],
            label_en=round_label_en(rnd["label"]),
            honba=int(rnd["honba"]),
            riichi_sticks=int(rnd["riichiPool"]) // 1000,
            dora=list(view.get("doraIndicators") or []),
        ),
        turn=MjTurn(
            seat=place_of.get(turn, ""),
            holder=holder,
            deadline=deadline,
            live=int(view.get("liveCount") or 0),
            last=moves.last_tile if marked else "",
            said=said_code(moves, place_of),
        ),
        announce=MjAnnounce(moves.announce, moves.announce_en, moves.announce_key),
        plates={p: plates[p] for p in PLACES},
        melds={p: melds[p] for p in PLACES},
        ponds={p: ponds[p] for p in PLACES},
        own=own,
        claim=claim,
        result=_result_rows(view, names, names_en),
    )


# --- the game result ---------------------------------------------------------------------------


def start_points(view: dict[str, Any]) -> dict[str, int]:
    """Everyone's points before the first hand (the chart's first point)."""
    start = int((view.get("options") or {}).get("startPoints") or 25000)
    return {p["id"]: start for p in view["players"]}


def ranking_rows(result: dict[str, Any] | None, names: dict[str, str], viewer: str, names_en: Mapping[str, str] | None = None) -> list[MjRankRow]:
    """The final ranking of a finished game (spec 8.6): rank, name, points, uma/oka score."""
    if not result or "ranking" not in result:
        return []
    return [
        MjRankRow(
            int(r["rank"]),
            names.get(r["player"], r["player"]),
            int(r["points"]),
            f"{r['score']:+.1f}",
            r["player"] == viewer,
            name_in_english(r["player"], names, names_en),
        )
        for r in result["ranking"]
    ]


def summary_rows(result: dict[str, Any] | None, names: dict[str, str], viewer: str, names_en: Mapping[str, str] | None = None) -> list[MjSummaryRow]:
    """Each player's wins, deal-ins, riichi and calls over the game (spec 8.6 summary.perPlayer),
    in the ranking's order."""
    if not result or "ranking" not in result:
        return []
    stats = {p["player"]: p for p in (result.get("summary") or {}).get("perPlayer") or []}
    rows = []
    for r in result["ranking"]:
        pid = r["player"]
        st = stats.get(pid) or {}
        name = names.get(pid, pid)
        rows.append(
            MjSummaryRow(
                name,
                int(st.get("wins") or 0),
                int(st.get("dealIns") or 0),
                int(st.get("riichi") or 0),
                int(st.get("calls") or 0),
                pid == viewer,
                name_in_english(pid, names, names_en),
            )
        )
    return rows


def best_hand_line(result: dict[str, Any] | None, names: dict[str, str], names_en: Mapping[str, str] | None = None) -> tuple[str, str]:
    """The game's best hand in one line, Korean and English: "손님 · 3판 40부 5200점 (리치, 탕야오)"."""
    best = ((result or {}).get("summary") or {}).get("bestHand")
    if not best:
        return "", ""
    name = names.get(best["player"], best["player"])
    yaku = ", ".join(str(y) for y in best.get("yaku") or [])
    yaku_en = ", ".join(english_yaku_name(str(y)) for y in best.get("yaku") or [])
    ko = f"{name} · {best['han']}판 {best['fu']}부 {best['points']}점" + (f" ({yaku})" if yaku else "")
    en = f"{name_in_english(best['player'], names, names_en)} · {best['han']} han {best['fu']} fu {best['points']} points" + (
        f" ({yaku_en})" if yaku_en else ""
    )
    return ko, en


def rounds_played(result: dict[str, Any] | None) -> int:
    """How many hands the finished game played (spec 8.6 summary.rounds)."""
    return int(((result or {}).get("summary") or {}).get("rounds") or 0)


def end_reason(result: dict[str, Any] | None) -> str:
    """Why the game ended: a message id (`mjr.end.*`)."""
    if not result:
        return ""
    reason = result.get("endReason") or ""
    return f"mjr.end.{reason}" if reason in END_REASONS else "mjr.end.normal"
