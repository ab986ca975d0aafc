"""The 복기 (AI review) panel of the replay page (issue 21: 3), beside the move list: number
tiles — each reviewed turn's "최선 / 내 수" (a turn that fell short stands out; a click jumps there
and draws the best table); mahjong — the decisions furthest from the hard AI's, with both tiles
and what separates them (a click jumps to the position); a summary line per person."""

from __future__ import annotations

import reflex as rx

from tilerooms.pages.replay.review_state import ReplayReview
from tilerooms.shell.text import by_locale
from tilerooms.table.mahjong.tiles import mj_tile
from tilerooms.table.rummikub.tiles import coded_tile

R = ReplayReview


def _summary() -> rx.Component:
    return rx.box(
        rx.foreach(R.review_summary, lambda s: rx.box(rx.el.strong(s.name), " ", by_locale(s.text_en, s.text), class_name="rv-summary-line")),
        id="review-summary",
        class_name="rv-summary",
    )


def _rk_turn(turn, i) -> rx.Component:
    return rx.el.li(
        rx.el.button(
            rx.el.span(by_locale(turn.label_en, turn.label), class_name="rv-turn-no"),
            " ",
            rx.el.span(turn.name, class_name="rv-who"),
            " ",
            by_locale(turn.text_en, turn.text),
            type="button",
            on_click=R.open_turn(i),
            class_name="rv-turn-button",
        ),
        class_name="rv-turn",
        data_missed=rx.cond(turn.missed, "true", "false"),
        data_index=turn.index.to_string(),
        data_open=rx.cond(R.best_turn == i, "true", "false"),
    )


def _best_table() -> rx.Component:
    return rx.cond(
        R.best_turn >= 0,
        rx.box(
            rx.el.strong(by_locale("The best play's table", "최선의 수를 둔 테이블")),
            rx.box(
                rx.foreach(R.best_sets, lambda s: rx.box(rx.foreach(s, lambda code: coded_tile(code, False, small=True)), class_name="rv-set")),
                class_name="rv-sets",
            ),
            id="review-best",
            class_name="rv-best",
        ),
    )


def _mj_line(row, i) -> rx.Component:
    return rx.el.li(
        rx.el.button(
            rx.box(
                rx.el.span(row.hand, class_name="rv-hand"),
                " ",
                rx.el.span(row.name, class_name="rv-who"),
                " ",
                rx.el.span(by_locale("move ", ""), (row.index + 1).to_string(), by_locale("", "수"), class_name="rv-move-no"),
            ),
            rx.box(
                rx.el.span(by_locale("Yours", "내 수"), class_name="rv-tag"),
                rx.foreach(row.played, lambda t: mj_tile(t, size="rpp")),
                by_locale(row.played_text_en, row.played_text),
                rx.el.span(by_locale("AI", "AI"), class_name="rv-tag rv-tag-ai"),
                rx.foreach(row.ai, lambda t: mj_tile(t, size="rpp")),
                by_locale(row.ai_text_en, row.ai_text),
                class_name="rv-choices",
            ),
            rx.cond(row.why != "", rx.box(by_locale(row.why_en, row.why), class_name="rv-why")),
            type="button",
            on_click=R.open_decision(i),
            class_name="rv-decision-button",
        ),
        class_name="rv-decision",
        data_index=row.index.to_string(),
    )


def review_panel() -> rx.Component:
    """The panel: a waiting line while the background review runs, then its rows."""
    return rx.box(
        rx.heading(by_locale("AI review", "AI 복기"), size="3"),
        rx.match(
            R.review_status,
            (
                "done",
                rx.fragment(
                    _summary(),
                    rx.cond(R.rk_turns.length() > 0, rx.el.ol(rx.foreach(R.rk_turns, _rk_turn), id="review-turns", class_name="rv-list")),
                    _best_table(),
                    rx.cond(
                        R.mj_worst.length() > 0,
                        rx.fragment(
                            rx.el.strong(by_locale("Where you and the AI differ most", "AI와 가장 달랐던 선택")),
                            rx.el.ol(rx.foreach(R.mj_worst, _mj_line), id="review-worst", class_name="rv-list"),
                        ),
                    ),
                ),
            ),
            ("failed", rx.text(by_locale("The review could not be made for this game.", "이 게임의 복기를 만들지 못했어요."), size="2", id="review-failed")),
            ("none", rx.text(by_locale("No review for this game.", "이 게임에는 복기가 없어요."), size="2", id="review-none")),
            rx.text(by_locale("The AI is reviewing the game…", "AI 복기를 계산하는 중이에요…"), size="2", id="review-pending"),
        ),
        id="replay-review",
        class_name="rp-review",
        data_status=R.review_status,
    )
