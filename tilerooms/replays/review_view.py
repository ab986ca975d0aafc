"""The 복기 panel's rows (issue 21: 3): a stored review (`games/<game>/review.py`, kept by
`accounts/game_reviews.py`) turned into what the replay page shows, Korean and English.

Pure: a review dict and the replay's move list in, display rows out. A row's `index` is the move
list line it jumps to: a number-tile turn shows the table after the turn (the review's `step` is
the log entry that ended it), a mahjong decision the position it was decided from (`step - 1`).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tilerooms.table.mahjong.rows import MjTile, tile_label, tile_label_en, tile_row

WORST_SHOWN = 5


@dataclass
class RkTurnRow:
    """One reviewed number-tile turn: "최선: 25점 / 내 수: 12점" and the best table."""

    index: int
    name: str
    text: str
    text_en: str
    missed: bool  # the player laid less than the best
    label: str = ""  # "3턴" (the engine's turn number in its game)
    label_en: str = ""
    best_sets: list[list[str]] = field(default_factory=list)  # tile ids per set


@dataclass
class MjDecisionRow:
    """One mahjong decision where the person and the hard AI differ most."""

    index: int
    name: str
    hand: str
    played: list[MjTile]
    ai: list[MjTile]
    played_text: str
    played_text_en: str
    ai_text: str
    ai_text_en: str
    why: str
    why_en: str


@dataclass
class SummaryRow:
    """One person's summary line."""

    name: str
    text: str
    text_en: str


@dataclass
class ReviewPanel:
    """Everything the panel shows; empty lists when the review has nothing for this game."""

    turns: list[RkTurnRow] = field(default_factory=list)
    worst: list[MjDecisionRow] = field(default_factory=list)
    summary: list[SummaryRow] = field(default_factory=list)


def move_index(move_steps: Sequence[int], step: int) -> int:
    """The move-list line showing the game after log entry `step`: the last line at or before it."""
    return max(0, bisect.bisect_right(move_steps, step) - 1)


def panel(review: dict[str, Any], move_steps: Sequence[int], names: dict[str, str]) -> ReviewPanel:
    """The rows of a finished review (either game) for a replay whose move lines sit at `move_steps`."""
    return PANELS.get(review.get("game"), _rummikub)(review, move_steps, names)


def _name(player: dict[str, Any] | str, names: dict[str, str]) -> str:
    if isinstance(player, dict):
        return player.get("name") or names.get(player.get("player", ""), player.get("player", ""))
    return names.get(player, player)


def _rummikub(review: dict[str, Any], move_steps: Sequence[int], names: dict[str, str]) -> ReviewPanel:
    turns = [
        RkTurnRow(
            index=move_index(move_steps, t["step"]),
            name=_name(t["player"], names),
            text=f"최선: {t['best']}점 / 내 수: {t['played']}점",
            text_en=f"Best: {t['best']} / Yours: {t['played']}",
            missed=t["played"] < t["best"],
            label=f"{t['turn']}턴" if "turn" in t else "",
            label_en=f"Turn {t['turn']}" if "turn" in t else "",
            best_sets=[s.split() for s in t.get("best_sets", [])],
        )
        for t in review.get("turns", [])
    ]
    summary = [
        SummaryRow(
            _name(p, names),
            f"최선을 찾은 턴 {p['best_found']} / {p['turns']} · 남긴 점수 {p['points_left']}점",
            f"Best found on {p['best_found']} of {p['turns']} turns · {p['points_left']} points left",
        )
        for p in review.get("players", [])
    ]
    return ReviewPanel(turns=turns, summary=summary)


def _tiles(action: dict[str, Any]) -> list[MjTile]:
    """The tiles an action shows: the discarded or called tile, or none (tsumo, pass …)."""
    tile = action.get("tile")
    return [tile_row(tile)] if isinstance(tile, str) and tile else []


ACTION_WORDS = {
    "discard": ("버림", "discard"),
    "tsumo": ("쯔모", "tsumo"),
    "ron": ("론", "ron"),
    "pon": ("퐁", "pon"),
    "chi": ("치", "chi"),
    "kan": ("깡", "kan"),
    "ankan": ("안깡", "closed kan"),
    "kakan": ("가깡", "added kan"),
    "kita": ("북 빼기", "kita"),
    "kyuushu": ("구종구패", "nine terminals"),
    "pass": ("패스", "pass"),
}


def _action_text(action: dict[str, Any]) -> tuple[str, str]:
    ko, en = ACTION_WORDS.get(action.get("type", ""), (action.get("type", ""), action.get("type", "")))
    tile = action.get("tile")
    if isinstance(tile, str) and tile:
        ko, en = f"{tile_label(tile)} {ko}", f"{en} {tile_label_en(tile)}"
    if action.get("riichi"):
        ko, en = f"{ko} (리치)", f"{en} (riichi)"
    return ko, en


def _why(d: dict[str, Any]) -> tuple[str, str]:
    """What separates the two choices, in words: speed, waits, danger, value."""
    ko: list[str] = []
    en: list[str] = []
    ps, as_ = d.get("played_shanten"), d.get("ai_shanten")
    if ps is not None and as_ is not None and ps != as_:
        ko.append(f"향청 {ps} vs {as_}")
        en.append(f"shanten {ps} vs {as_}")
    elif d.get("played_ukeire") is not None and d.get("played_ukeire") != d.get("ai_ukeire"):
        ko.append(f"유효패 {d['played_ukeire']}장 vs {d['ai_ukeire']}장")
        en.append(f"useful tiles {d['played_ukeire']} vs {d['ai_ukeire']}")
    if d.get("played_waits") or d.get("ai_waits"):
        pw = "·".join(tile_label(w) for w in d.get("played_waits") or []) or "없음"
        aw = "·".join(tile_label(w) for w in d.get("ai_waits") or []) or "없음"
        pw_en = "·".join(tile_label_en(w) for w in d.get("played_waits") or []) or "none"
        aw_en = "·".join(tile_label_en(w) for w in d.get("ai_waits") or []) or "none"
        if pw != aw:
            ko.append(f"대기 {pw} vs {aw}")
            en.append(f"waits {pw_en} vs {aw_en}")
    dp, da = d.get("danger_played"), d.get("danger_ai")
    if dp is not None and da is not None and round(dp * 100) != round(da * 100):
        ko.append(f"방총 위험 {round(dp * 100)}% vs {round(da * 100)}%")
        en.append(f"deal-in risk {round(dp * 100)}% vs {round(da * 100)}%")
    pv, av = d.get("played_value"), d.get("ai_value")
    if pv is not None and av is not None and pv != av:
        ko.append(f"가치 {pv} vs {av}")
        en.append(f"value {pv} vs {av}")
    return " · ".join(ko), " · ".join(en)


def _mahjong(review: dict[str, Any], move_steps: Sequence[int], names: dict[str, str]) -> ReviewPanel:
    decisions = review.get("decisions", [])
    worst = []
    for i in review.get("worst", [])[:WORST_SHOWN]:
        d = decisions[i]
        played, played_en = _action_text(d["played"])
        ai_text, ai_en = _action_text(d["ai"])
        why, why_en = _why(d)
        worst.append(
            MjDecisionRow(
                index=move_index(move_steps, d["step"] - 1),
                name=_name(d["player"], names),
                hand=d.get("hand", ""),
                played=_tiles(d["played"]),
                ai=_tiles(d["ai"]),
                played_text=played,
                played_text_en=played_en,
                ai_text=ai_text,
                ai_text_en=ai_en,
                why=why,
                why_en=why_en,
            )
        )
    summary = []
    for p in review.get("players", []):
        rate = p.get("agreement")
        pct = "-" if rate is None else f"{round(rate * 100)}%"
        hands = ", ".join(f"{h['hand']} {round(h['agreement'] * 100)}%" for h in p.get("hands", []) if h.get("agreement") is not None)
        summary.append(
            SummaryRow(
                _name(p, names),
                f"AI와 일치 {pct} ({p['agreed']} / {p['decisions']})" + (f" · {hands}" if hands else ""),
                f"Agrees with the AI {pct} ({p['agreed']} / {p['decisions']})",
            )
        )
    return ReviewPanel(worst=worst, summary=summary)


# each game's rows, by the game id its review names
PANELS = {"rummikub": _rummikub, "mahjong": _mahjong}
