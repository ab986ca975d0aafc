"""Mahjong replay frames (issue 21: 2): the move list's lines, hand (국) by hand, and one step's
whole picture — each seat's hand, melds and pond (the riichi tile sideways, spec 5.4), the dora
indicators, the points and the hand's result. The game is over, so every hand is revealed.

Lines come from the engine's own events of each step: draws, discards (riichi, tsumogiri), calls,
kans, kita, new dora, the hand's end and the game's end. Claim passes, ready marks, away flags and
time shifts change nothing on the table and have no line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tilerooms.core.replay import ReplayStep
from tilerooms.games.mahjong import flow
from tilerooms.games.mahjong.log_export import export_tenhou6
from tilerooms.games.mahjong.yaku_names import YAKU_NAMES, limit_name
from tilerooms.i18n import MESSAGES
from tilerooms.replays.frames import Move, Seat
from tilerooms.table.mahjong.rows import (
    ABORT_NAMES,
    MELD_NAMES,
    WIND_LETTERS,
    MjMeld,
    MjTile,
    round_label_en,
    tile_code,
    tile_label,
    tile_label_en,
    tile_row,
)

WHOLE_MATCH = True
WINDS = ("동", "남", "서", "북")
CALLS_EN = {"chi": "chi", "pon": "pon", "daiminkan": "kan", "kakan": "added kan", "ankan": "closed kan"}
YAKU_EN = {ko: en for en, ko in YAKU_NAMES.items()}  # the library's names read as English ("Riichi", "Tanyao")


@dataclass
class MjRSeat:
    """One seat at the chosen step, its hand revealed."""

    id: str = ""
    name: str = ""
    name_en: str = ""
    wind: str = ""
    wind_en: str = ""
    points: int = 0
    dealer: bool = False
    riichi: bool = False
    current: bool = False
    hand: list[MjTile] = field(default_factory=list)
    drawn: list[MjTile] = field(default_factory=list)  # 0 or 1 tile, set apart
    melds: list[MjMeld] = field(default_factory=list)
    pond: list[MjTile] = field(default_factory=list)
    kita: int = 0
    delta: str = ""  # the hand's points change while its result shows ("+6200")


@dataclass
class MjRLine:
    """A line in both languages."""

    text: str = ""
    text_en: str = ""


@dataclass
class MjRWin:
    """One winner of the hand."""

    name: str = ""
    name_en: str = ""
    how: str = ""
    how_en: str = ""
    score: str = ""  # "3판 40부 · 6200점"
    score_en: str = ""
    yaku: list[MjRLine] = field(default_factory=list)
    hand: list[MjTile] = field(default_factory=list)
    win_tile: list[MjTile] = field(default_factory=list)


@dataclass
class MjRFrame:
    """Everything the replay shows at one step."""

    seats: list[MjRSeat] = field(default_factory=list)
    round_label: str = ""
    round_label_en: str = ""
    riichi_sticks: int = 0
    live: int = 0
    dora: list[MjTile] = field(default_factory=list)
    ura: list[MjTile] = field(default_factory=list)
    result_shown: bool = False
    result_title: str = ""
    result_title_en: str = ""
    winners: list[MjRWin] = field(default_factory=list)
    result_lines: list[MjRLine] = field(default_factory=list)
    over: bool = False


def _tile(token: str) -> tuple[str, str]:
    code = tile_code(token)
    return tile_label(code), tile_label_en(code)


def round_label(state: dict[str, Any]) -> str:
    """The hand's name: "동1국 0본장"."""
    return f"{WINDS[state['round_wind']]}{state['hand_number'] + 1}국 {state['honba']}본장"


def _names(seats: list[Seat], player: str) -> tuple[str, str]:
    seat = next((s for s in seats if s.id == player), None)
    return (seat.name, seat.name_en) if seat else (player, player)


def first_move(state: dict[str, Any], seats: list[Seat]) -> Move:
    """The first deal: the first hand's first line."""
    dealer, dealer_en = _names(seats, state["players"][state["dealer"]])  # engine seat order (spec 4.1 seating)
    label = round_label(state)
    return Move(0, f"{label} 시작 · 친 {dealer}", f"{round_label_en(label)} starts · dealer {dealer_en}", 0, kind="start")


def _result_line(result: dict[str, Any], seats: list[Seat]) -> tuple[str, str]:
    if result["kind"] == "agari":
        ko, en = [], []
        for w in result["winners"]:
            who, who_en = _names(seats, w["player"])
            if w["from"] is None:
                ko.append(f"{who} 쯔모 {w['points']}점")
                en.append(f"{who_en} tsumo {w['points']}")
            else:
                src, src_en = _names(seats, w["from"])
                ko.append(f"{who} 론 ← {src} {w['points']}점")
                en.append(f"{who_en} ron off {src_en} {w['points']}")
        return " · ".join(ko), " · ".join(en)
    if result["kind"] == "exhaustive":
        tenpai = [_names(seats, p) for p in result.get("tenpai") or []]
        return ("유국 · 텐파이: " + (", ".join(t[0] for t in tenpai) or "없음"), "Draw · tenpai: " + (", ".join(t[1] for t in tenpai) or "none"))
    reason = result.get("reason") or ""
    title = MESSAGES.get(f"mjr.title.{reason}") if reason in ABORT_NAMES else None
    if title:  # the draw's name in both languages ("Abortive draw · nine terminals", issue 34: 10)
        return title["ko"], title["en"]
    return f"도중유국 · {reason}", f"Abortive draw · {reason}"


def _line(event: dict[str, Any], seats: list[Seat]) -> tuple[str, str, list[str]] | None:
    kind = event["type"]
    who, who_en = _names(seats, event.get("player", ""))
    if kind == "draw":
        ko, en = _tile(event["tile"])
        where = ("영상패 ", "rinshan ") if event.get("rinshan") else ("", "")
        return f"{who}: {where[0]}{ko} 쯔모", f"{who_en} draws {where[1]}{en}", [event["tile"]]
    if kind == "discard":
        ko, en = _tile(event["tile"])
        text, text_en = f"{who}: {ko} 버림", f"{who_en} discards {en}"
        if event.get("riichi"):
            text, text_en = text + " · 리치", text_en + " · riichi"
        if event.get("tsumogiri"):
            text, text_en = text + " (쯔모기리)", text_en + " (tsumogiri)"
        return text, text_en, [event["tile"]]
    if kind == "call":
        ko, en = _tile(event["tile"])
        src, src_en = _names(seats, event["from"])
        name = MELD_NAMES.get(event["call"], event["call"])
        return (
            f"{who}: {name} {ko} ← {src}",
            f"{who_en} {CALLS_EN.get(event['call'], event['call'])} {en} from {src_en}",
            [event["tile"], *event.get("tiles", [])],
        )
    if kind == "kan":
        token = event.get("tile") or event["tiles"][0]
        ko, en = _tile(token)
        return (f"{who}: {MELD_NAMES.get(event['kan'], event['kan'])} {ko}", f"{who_en} {CALLS_EN.get(event['kan'], event['kan'])} {en}", [token])
    if kind == "kita":
        return f"{who}: 북 빼기", f"{who_en}: kita (North aside)", [event["tile"]]
    if kind == "doraRevealed":
        ko, en = _tile(event["indicator"])
        return f"새 도라 표시패 {ko}", f"new dora indicator {en}", [event["indicator"]]
    if kind == "handEnded":
        return (*_result_line(event["result"], seats), [])
    if kind == "gameEnded":
        return "대국 종료", "Game over", []
    if kind == "left":
        return f"{who} 님이 나감", f"{who_en} left", []
    return None


def describe(step: ReplayStep, seats: list[Seat], hand: int) -> Move | None:
    """The move-list line of one log entry, or None when it changes nothing one can see."""
    parts = [line for line in (_line(e, seats) for e in step.events) if line is not None]
    start = next((e for e in step.events if e["type"] == "handStarted"), None)
    if start is not None:  # the next hand's deal (after everybody's ready or a time-out)
        label = round_label(step.state)
        dealer, dealer_en = _names(seats, start["dealer"])
        parts.insert(0, (f"{label} 시작 · 친 {dealer}", f"{round_label_en(label)} starts · dealer {dealer_en}", []))
    if not parts:
        return None
    return Move(
        step.index,
        " · ".join(p[0] for p in parts),
        " · ".join(p[1] for p in parts),
        hand + 1 if start is not None else hand,
        [t for p in parts for t in p[2]],
        kind="start" if start is not None else "",
    )


def _pond(discards: list[dict[str, Any]], marks: set[str]) -> list[MjTile]:
    out, sideways_next = [], False
    for d in discards:
        token = flow.tok(d["tile"])
        called = d["called_by"] is not None
        sideways = (d["riichi"] or sideways_next) and not called  # spec 5.4: a called riichi tile passes it on
        sideways_next = (d["riichi"] or sideways_next) and called
        out.append(tile_row(token, sideways=sideways, called=called, tsumogiri=bool(d["tsumogiri"]), last=token in marks))
    return out


def _melds(melds: list[dict[str, Any]]) -> list[MjMeld]:
    return [
        MjMeld(
            m["type"], MELD_NAMES.get(m["type"], m["type"]), [tile_row(flow.tok(t), sideways=t == m.get("called") and m["type"] != "ankan") for t in m["tiles"]]
        )
        for m in melds
    ]


def _winners(result: dict[str, Any], seats: list[Seat]) -> list[MjRWin]:
    wins = []
    for w in result.get("winners") or []:
        who, who_en = _names(seats, w["player"])
        if w["from"] is None:
            how, how_en = "쯔모", "Tsumo"
        else:
            src, src_en = _names(seats, w["from"])
            how, how_en = f"론 · {src}에게서", f"Ron off {src_en}"
        limit = limit_name(w.get("yakuman_multiplier") or 0, w.get("limit") or "") if w.get("limit") else ""
        hand = [t for t in w["hand"] if t != w["win_tile"]]
        wins.append(
            MjRWin(
                who,
                who_en,
                how,
                how_en,
                f"{w['han']}판 {w['fu']}부 · {w['points']}점" + (f" · {limit}" if limit else ""),
                f"{w['han']} han {w['fu']} fu · {w['points']}" + (f" · {w.get('limit')}" if limit else ""),
                [MjRLine(f"{name} {han}판", f"{YAKU_EN.get(name, name)} {han} han") for name, han in w["yaku"]],
                [tile_row(t) for t in hand],
                [tile_row(w["win_tile"])],
            )
        )
    return wins


def picture(state: dict[str, Any], move: Move, replay: Any) -> MjRFrame:
    """The table after `move`: every hand, meld and pond; the hand's result when it has ended."""
    h = state["hand"]
    n = len(state["players"])
    marks = set(move.marks)
    shown = state["phase"] in ("handResult", "finished") and state.get("last_result") is not None
    result = flow.public_record(state, state["last_result"]) if shown else {}
    seats = []
    for i, player in enumerate(state["players"]):  # the engine's seats: seat 0 was the first dealer
        name, name_en = _names(replay.seats, player)
        wind = WINDS[(i - state["dealer"]) % n]
        drawn = h["drawn"][i] if h else None
        closed = sorted(t for t in (h["closed"][i] if h else []) if t != drawn)
        seats.append(
            MjRSeat(
                player,
                name,
                name_en,
                wind,
                WIND_LETTERS[wind],
                int(state["points"][i]),
                state["dealer"] == i,
                bool(h and h["riichi"][i]),
                bool(h) and not shown and h["turn"] == i,
                [tile_row(flow.tok(t)) for t in closed],
                [tile_row(flow.tok(drawn), last=True)] if drawn is not None else [],
                _melds(h["melds"][i]) if h else [],
                _pond(h["discards"][i], marks) if h else [],
                len(h["kita"][i]) if h else 0,
                f"{result['deltas'][i]:+d}" if shown else "",
            )
        )
    label = round_label(state)
    frame = MjRFrame(
        seats,
        label,
        round_label_en(label),
        state["riichi_pool"] // 1000,
        len(h["live"]) if h else 0,
        [tile_row(flow.tok(t)) for t in h["dora"][: h["dora_revealed"]]] if h else [],
        over=state["phase"] == "finished",
    )
    if shown:
        frame.result_shown = True
        frame.result_lines = [MjRLine(*_result_line(result, replay.seats))]
        if result["kind"] == "agari":
            frame.result_title, frame.result_title_en = ("쯔모", "Tsumo") if result.get("tsumo") else ("론", "Ron")
            frame.winners = _winners(result, replay.seats)
            frame.ura = [tile_row(t) for t in (result["winners"][0].get("ura") or [])]
        else:
            frame.result_title, frame.result_title_en = ("유국", "Draw") if result["kind"] == "exhaustive" else ("도중유국", "Abortive draw")
    return frame


def hands(replay: Any) -> list[tuple[int, str, str]]:
    """The hand selector: (move index of the hand's first line, label, English label) per hand."""
    out = []
    for i, move in enumerate(replay.moves):
        if move.kind == "start":
            label = move.text.split(" 시작", 1)[0]
            out.append((i, label, round_label_en(label)))
    return out


def tenhou6(replay: Any) -> dict[str, Any]:
    """The whole game in the tenhou.net/6 JSON format (every finished hand), seats by their names."""
    when = replay.ended.strftime("%Y-%m-%d %H:%M") if replay.ended is not None else ""
    log = export_tenhou6(replay.final, "tilerooms 리치 마작")
    log["title"] = ["tilerooms 리치 마작", when]
    log["name"] = [_names(replay.seats, p)[0] for p in replay.final["players"]] + [""] * (4 - len(replay.seats))
    return log
