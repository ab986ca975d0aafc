"""Number-tile replay frames (issue 21: 2): the move list's lines and one step's whole picture —
the table's committed sets and every player's rack (the game is over: nothing is hidden any more).

Lines come from the engine's own events of each step: a commit (who laid which tiles), a draw
(which tile), a pass, a time-out, a leave, a game's start and end. A draft (`setDraft`) changes
nothing on the committed table nor in any rack, so it has no line of its own (spec 8.3: the table
is what was committed).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tilerooms.core.replay import ReplayStep
from tilerooms.games.rummikub.tiles import TILES
from tilerooms.replays.frames import Move, Seat
from tilerooms.table.rummikub.rows import TileRow, tile_row

WHOLE_MATCH = False  # a record's own game only: the match's earlier games have their own records
COLOUR_SHORT = {"K": "검", "R": "빨", "B": "파", "O": "주"}
COLOUR_ORDER = "KRBO"
END_TEXT = {
    "win": ("승리", "won"),
    "stalemate": ("더 낼 사람 없음", "nobody could play"),
    "timeUp": ("게임 시간 끝", "time up"),
    "aborted": ("중단", "abandoned"),
}
OUTCOMES = {
    "commit": ("그대로 확정", "committed"),
    "revert": ("되돌리고 1장", "reverted, drew 1"),
    "draw": ("1장 뽑음", "drew 1"),
    "penalty": ("벌칙으로 뽑음", "penalty draw"),
}


@dataclass
class RkSet:
    """One committed set of the table."""

    key: str
    tiles: list[TileRow] = field(default_factory=list)


@dataclass
class RkSeat:
    """One player: the whole rack, revealed."""

    id: str = ""
    name: str = ""
    name_en: str = ""
    rack: list[TileRow] = field(default_factory=list)
    count: int = 0
    melded: bool = False
    current: bool = False
    left: bool = False
    score: str = ""  # the game's score once it is over ("+113", "-38")


@dataclass
class RkFrame:
    """Everything the replay shows at one step."""

    sets: list[RkSet] = field(default_factory=list)
    seats: list[RkSeat] = field(default_factory=list)
    pool: int = 0
    game_no: int = 1
    over: bool = False
    result: str = ""
    result_en: str = ""


def tile_text(tile_id: str) -> str:
    """A tile in a Korean move line: "빨7", "조커"."""
    tile = TILES[tile_id]
    return "조커" if tile.n is None else f"{COLOUR_SHORT[tile.colour or 'K']}{tile.n}"


def tile_text_en(tile_id: str) -> str:
    """A tile in an English move line: "R7", "Joker"."""
    tile = TILES[tile_id]
    return "Joker" if tile.n is None else f"{tile.colour or 'K'}{tile.n}"


def rack_order(tile_ids: list[str]) -> list[str]:
    """A rack as the replay shows it: by colour (검 빨 파 주), then number; jokers last."""

    def key(tile_id: str) -> tuple[int, int, str]:
        tile = TILES[tile_id]
        if tile.n is None:
            return (len(COLOUR_ORDER), 0, tile_id)
        return (COLOUR_ORDER.index(tile.colour or "K"), tile.n, tile_id)

    return sorted(tile_ids, key=key)


def _names(seats: list[Seat], player: str) -> tuple[str, str]:
    seat = next((s for s in seats if s.id == player), None)
    return (seat.name, seat.name_en) if seat else (player, player)


def first_move(state: dict[str, Any], seats: list[Seat]) -> Move:
    """The deal: the first line of the game."""
    game_no = state["match"]["game_no"]
    first, first_en = _names(seats, state["current"])
    return Move(0, f"{game_no}번째 게임 시작 · {first} 님 먼저", f"Game {game_no} starts · {first_en} first", game_no - 1, kind="start")


def end_line(winners: list[str], reason: str, seats: list[Seat]) -> tuple[str, str]:
    """The game's end in Korean and English: who won, and why it ended."""
    names = [_names(seats, w) for w in winners]
    why = END_TEXT.get(reason, ("", ""))
    if names:
        return (f"게임 끝: {', '.join(n[0] for n in names)} 님 승리 ({why[0]})", f"Game over: {', '.join(n[1] for n in names)} won ({why[1]})")
    return f"게임 끝 ({why[0]})", f"Game over ({why[1]})"


def _line(event: dict[str, Any], seats: list[Seat], drew: dict[str, list[str]]) -> tuple[str, str, list[str]] | None:
    kind = event["type"]
    who, who_en = _names(seats, event.get("player", ""))
    if kind == "committed":
        tiles = event["tile_ids"]
        ko = f"{who}: {len(tiles)}장 내려놓음 ({' '.join(tile_text(t) for t in tiles)})"
        en = f"{who_en} laid {len(tiles)} ({' '.join(tile_text_en(t) for t in tiles)})"
        if event.get("first_meld"):
            ko += f" · 첫 등록 {event['meld_points']}점"
            en += f" · first meld {event['meld_points']} pts"
        return ko, en, list(tiles)
    if kind == "drewCount":
        tiles = drew.get(event["player"], [])
        return (f"{who}: {' '.join(tile_text(t) for t in tiles)} 뽑음", f"{who_en} drew {' '.join(tile_text_en(t) for t in tiles)}", list(tiles))
    if kind == "passed":
        return f"{who}: 더미가 비어 넘김", f"{who_en} passed (pool empty)", []
    if kind == "timedOut":
        outcome = OUTCOMES.get(event.get("outcome", ""), ("", ""))
        return (f"{who}: 시간 초과" + (f" · {outcome[0]}" if outcome[0] else ""), f"{who_en}: time out" + (f" · {outcome[1]}" if outcome[1] else ""), [])
    if kind == "commitFailed":
        return f"{who}: 잘못된 배치", f"{who_en}: invalid play", []
    if kind == "left":
        return f"{who} 님이 나감", f"{who_en} left", []
    if kind == "timeUp":
        return "게임 시간이 끝남", "The game clock ran out", []
    if kind == "gameOver":
        result = event.get("result") or {}
        return (*end_line(result.get("winner", []), result.get("endReason", ""), seats), [])
    return None


def describe(step: ReplayStep, seats: list[Seat], hand: int) -> Move | None:
    """The move-list line of one log entry, or None when it changes nothing one can see."""
    events = step.events
    start = next((e for e in events if e["type"] == "gameStarted"), None)
    if start is not None:
        first, first_en = _names(seats, start["first"])
        no = start["game_no"]
        return Move(step.index, f"{no}번째 게임 시작 · {first} 님 먼저", f"Game {no} starts · {first_en} first", no - 1, kind="start")
    drew: dict[str, list[str]] = {}
    for e in events:
        if e["type"] == "drew":
            drew.setdefault(e["player"], []).extend(e["tile_ids"])
    parts = [line for line in (_line(e, seats, drew) for e in events) if line is not None]
    if not parts:
        return None
    return Move(step.index, " · ".join(p[0] for p in parts), " · ".join(p[1] for p in parts), hand, [t for p in parts for t in p[2]])


def picture(state: dict[str, Any], move: Move, replay: Any) -> RkFrame:
    """The table and every rack after `move`; the tiles it laid or drew are marked."""
    marks = set(move.marks)
    sets = []
    for s in state["table"]:
        joker_as = s.get("joker_as") or {}
        rows = []
        for t in s["tile_ids"]:
            row = tile_row(t, joker_as=joker_as.get(t))
            row.arrived = t in marks
            rows.append(row)
        sets.append(RkSet(s["id"], rows))
    over = state["phase"] == "finished"
    seats = []
    for seat in replay.seats:
        rack = []
        for t in rack_order(state["racks"].get(seat.id, [])):
            row = tile_row(t)
            row.drawn = t in marks
            rack.append(row)
        score = state["game_scores"].get(seat.id) if over else None
        seats.append(
            RkSeat(
                seat.id,
                seat.name,
                seat.name_en,
                rack,
                len(rack),
                bool(state["has_melded"].get(seat.id)),
                not over and state["current"] == seat.id,
                seat.id in state["left"],
                "" if score is None else f"{score:+d}",
            )
        )
    frame = RkFrame(sets, seats, len(state["pool"]), state["match"]["game_no"], over)
    if over:
        frame.result, frame.result_en = end_line(state["winner_ids"], state["end_reason"] or "", replay.seats)
    return frame
