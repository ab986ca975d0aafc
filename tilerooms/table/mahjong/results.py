"""The mahjong result screens (issue 7, issue 19: 5; spec §8.6, §9), drawn from `MahjongTable`'s
rows (this viewer's view only); their stylesheet is `assets/mahjong/results.css`.

- A hand's result lies over the whole table (`result_overlay`) until I confirm it: one panel that
  fits the screen (its middle scrolls only when it truly cannot fit, 확인 stays at its bottom).
  A win: the winner, the hand with the winning tile set apart and marked, the dora and ura-dora
  indicators, the yaku one line at a time (~150 ms apart; none with 애니메이션 줄이기 or the
  system's reduced motion) with their han, then han, fu and points; every seat's change. An
  exhaustive draw: the tenpai hands with their waits, and the payments.
- The game's end (`mahjong_final`, in `room.py`): the ranking first (rank, name, points, the
  score with uma and oka), the buttons, the per-player summary (wins, deal-ins, riichi, calls, the
  best hand) and the line chart of everyone's points across hands; on a laptop all of it without
  scrolling, on a phone the ranking, the chart and the replay link without scrolling. The last
  hand's result comes first in its place (never over it) until 확인, and 마지막 국 보기 shows it again.
"""

from __future__ import annotations

import reflex as rx

from tilerooms.i18n import MESSAGES
from tilerooms.shell.replay_link import replay_link
from tilerooms.shell.text import by_locale, tr, tr_of
from tilerooms.table.mahjong.rows import END_REASONS
from tilerooms.table.mahjong.state import MahjongTable
from tilerooms.table.mahjong.tiles import mj_tile
from tilerooms.table.state import RoomState

TITLES = [key for key in MESSAGES if key.startswith("mjr.title.")]  # what a hand result's `title` holds

YAKU_STEP = 0.15  # seconds between two yaku lines appearing


def _stylesheets() -> rx.Component:
    # the table's sheet has the tiles' own rules; the result screens' sheet comes after it
    return rx.fragment(
        rx.el.link(rel="stylesheet", href="/mahjong/table.css"),
        rx.el.link(rel="stylesheet", href="/mahjong/results.css"),
    )


def _tiles(rows) -> rx.Component:
    return rx.foreach(rows, lambda t: mj_tile(t, size="res"))


def _signed(value) -> rx.Var:
    return rx.cond(value > 0, "+" + value.to_string(), value.to_string())


# --- a hand's result ---------------------------------------------------------------------------


def _indicators(w) -> rx.Component:
    res = MahjongTable.mj_result
    return rx.box(
        rx.cond(
            res.dora.length() > 0,
            rx.box(
                rx.el.span(tr("mjr.dora"), class_name="mj-ind-word"), rx.box(_tiles(res.dora), class_name="mj-res-tiles"), class_name="mj-ind", data_ind="dora"
            ),
        ),
        rx.cond(
            w.ura.length() > 0,
            rx.box(
                rx.el.span(tr("mj.ura"), class_name="mj-ind-word"),
                rx.box(_tiles(w.ura), class_name="mj-res-tiles"),
                class_name="mj-ind",
                data_ind="ura",
                id="mj-ura",
            ),
        ),
        class_name="mj-inds",
    )


def _win(w) -> rx.Component:
    return rx.box(
        rx.box(
            rx.el.span(by_locale(w.name_en, w.name), class_name="mj-win-name"),
            rx.badge(by_locale(w.how_en, w.how), size="2", color_scheme="gray"),
            rx.cond(w.limit != "", rx.badge(w.limit, color_scheme="red", size="2", class_name="mj-limit")),
            class_name="mj-win-head",
        ),
        # the hand, its melds, then the winning tile apart and marked
        rx.box(
            rx.box(_tiles(w.hand), class_name="mj-res-tiles"),
            rx.foreach(w.melds, lambda m: rx.box(_tiles(m.tiles), class_name="mj-res-tiles mj-res-meld")),
            rx.box(rx.el.span(tr("mjr.win_tile"), class_name="mj-win-caption"), mj_tile(w.win_tile, size="res"), class_name="mj-win-tile", id="mj-win-tile"),
            class_name="mj-res-hand",
        ),
        _indicators(w),
        rx.box(
            rx.foreach(
                w.yaku,
                lambda y, i: rx.box(
                    rx.el.span(by_locale(y.name_en, y.name), class_name="mj-yaku-name"),
                    rx.el.span(y.han.to_string(), tr("mj.han"), class_name="mj-yaku-han"),
                    class_name="mj-yaku-line",
                    style={"--mj-delay": (i * YAKU_STEP).to_string() + "s"},
                ),
            ),
            id="mj-yaku",
            class_name="mj-yaku",
        ),
        # the hand's value ("5판 40부 · 8000점"), then what the table added, each on its own line (spec 5.9)
        rx.box(
            rx.box(
                w.han.to_string(),
                tr("mj.han_space"),
                w.fu.to_string(),
                tr("mj.fu"),
                rx.el.b(w.value.to_string(), tr("mj.points"), class_name="mj-win-value"),
                class_name="mj-win-head-points",
            ),
            rx.cond(
                w.honba_points > 0, rx.el.div(tr("mjr.honba_bonus"), " +", w.honba_points.to_string(), tr("mj.points"), class_name="mj-win-extra mj-win-honba")
            ),
            rx.cond(
                w.stick_points > 0, rx.el.div(tr("mjr.stick_bonus"), " +", w.stick_points.to_string(), tr("mj.points"), class_name="mj-win-extra mj-win-sticks")
            ),
            id="mj-win-points",
            class_name="mj-win-points",
            style={"--mj-delay": (w.yaku.length() * YAKU_STEP).to_string() + "s"},
        ),
        class_name="mj-win",
    )


def _tenpai_hand(h) -> rx.Component:
    return rx.box(
        rx.box(
            rx.el.span(by_locale(h.name_en, h.name), tr("mj.tenpai"), class_name="mj-win-name"),
            rx.cond(h.waits != "", rx.badge(tr("mjr.waits"), by_locale(h.waits_en, h.waits), color_scheme="blue", size="2")),
            class_name="mj-win-head",
        ),
        rx.box(
            rx.box(_tiles(h.tiles), class_name="mj-res-tiles"),
            rx.foreach(h.melds, lambda m: rx.box(_tiles(m.tiles), class_name="mj-res-tiles mj-res-meld")),
            class_name="mj-res-hand",
        ),
        class_name="mj-tenpai-hand",
    )


def _draw() -> rx.Component:
    res = MahjongTable.mj_result
    return rx.box(
        rx.cond(res.tenpai.length() == 0, rx.el.p(tr("mj.all_noten"), class_name="mj-res-note")),
        rx.foreach(res.tenpai, _tenpai_hand),
        rx.cond(res.noten_names != "", rx.el.p(tr("mj.noten"), by_locale(res.noten_names_en, res.noten_names), class_name="mj-res-note")),
        id="mj-draw",
    )


def _deltas() -> rx.Component:
    """Every seat's change and points after it (the draw's payments too)."""
    return rx.box(
        rx.foreach(
            MahjongTable.mj_result.deltas,
            lambda d: rx.box(
                rx.box(
                    rx.el.span(by_locale(d.wind_en, d.wind), class_name="mj-delta-wind"),
                    rx.el.span(by_locale(d.name_en, d.name), class_name="mj-delta-name"),
                    rx.cond(d.ready, rx.el.span("✓", class_name="mj-delta-ready", title=tr("mjr.ready"), aria_label=tr("mjr.ready"))),
                    class_name="mj-delta-who",
                ),
                rx.el.span(_signed(d.delta), class_name="mj-delta-change", data_sign=rx.cond(d.delta > 0, "plus", rx.cond(d.delta < 0, "minus", "zero"))),
                rx.el.span(d.points.to_string(), class_name="mj-delta-points"),
                class_name="mj-delta-row",
                data_me=rx.cond(d.me, "true", "false"),
            ),
        ),
        id="mj-deltas",
        class_name="mj-deltas",
        aria_label=tr("mjr.change"),
    )


def hand_result(final: bool = False) -> rx.Component:
    """The panel of a hand's result: its head, its middle (scrolls only when it cannot fit) and
    its foot with the one 확인. `final`: the last hand, over the game's end (확인 closes it here)."""
    res = MahjongTable.mj_result
    if final:  # no autofocus: focusing it scrolled a phone's page 393 px (issue 34: 8)
        foot = rx.button(tr("mj.ok"), id="mj-last-ok", size="4", class_name="mj-big mj-ok", on_click=MahjongTable.mj_last_hand(False))
    else:
        foot = rx.cond(
            (RoomState.role == "player") & ~res.i_am_ready & (RoomState.status == "playing"),
            rx.button(tr("mj.ok"), id="mj-ready", size="4", class_name="mj-big mj-ok", auto_focus=True, on_click=MahjongTable.mj_ready),
            rx.el.span(tr("mj.waiting_others"), class_name="mj-res-note", id="mj-waiting-others"),
        )
    return rx.box(
        rx.box(
            rx.el.span(tr_of(res.title, TITLES), class_name="mj-callout", id="mj-result-title"),
            rx.el.span(by_locale(res.round_label_en, res.round_label), class_name="mj-res-round"),
            class_name="mj-result-head",
        ),
        rx.box(
            rx.foreach(res.winners, _win),
            rx.cond(res.kind == "exhaustive", _draw()),
            _deltas(),
            class_name="mj-result-body",
        ),
        rx.box(
            foot,
            # the game's end: its replay is one tap away already (issue 34: 8)
            replay_link(RoomState.record_id, id="mj-last-replay-link") if final else rx.fragment(),
            rx.cond(
                ~final & (res.deadline > 0) & (RoomState.status == "playing"),
                rx.el.span("", class_name="tr-countdown mj-result-clock", data_deadline=res.deadline.to_string()),
            ),
            class_name="mj-result-foot",
        ),
        class_name="mj-result",
        id="mj-result",
        role="dialog",
        aria_labelledby="mj-result-title",
    )


def result_overlay() -> rx.Component:
    """A hand's result over the whole table (inside `#mj-table`), until everyone has seen it."""
    return rx.fragment(
        rx.el.link(rel="stylesheet", href="/mahjong/results.css"),
        rx.cond(MahjongTable.mj_info.phase == "handResult", rx.box(hand_result(), class_name="mj-result-overlay", id="mj-result-overlay")),
    )


# --- the game's end ----------------------------------------------------------------------------


def _ranking() -> rx.Component:
    header = rx.el.tr(
        rx.el.th(tr("common.rank")),
        rx.el.th(tr("common.name")),
        rx.el.th(tr("mjr.points"), class_name="mj-num"),
        rx.el.th(tr("mj.uma"), class_name="mj-num"),
    )
    row = lambda r: rx.el.tr(  # noqa: E731
        rx.el.td(r.rank.to_string(), tr("mj.rank_suffix"), class_name="mj-rank"),
        rx.el.td(by_locale(r.name_en, r.name), class_name="mj-rank-name"),
        rx.el.td(r.points.to_string(), class_name="mj-num"),
        rx.el.td(r.score, class_name="mj-num mj-rank-score", data_sign=rx.cond(r.score.contains("-"), "minus", "plus")),
        class_name="mj-rank-row",
        data_rank=r.rank.to_string(),
        data_me=rx.cond(r.me, "true", "false"),
    )
    return rx.el.table(rx.el.thead(header), rx.el.tbody(rx.foreach(MahjongTable.mj_ranking, row)), id="mj-ranking", class_name="mj-final-table")


def _summary() -> rx.Component:
    header = rx.el.tr(
        rx.el.th(tr("common.name")),
        rx.el.th(tr("mjr.wins"), class_name="mj-num"),
        rx.el.th(tr("mjr.deal_ins"), class_name="mj-num"),
        rx.el.th(tr("mjr.riichi"), class_name="mj-num"),
        rx.el.th(tr("mjr.calls"), class_name="mj-num"),
    )
    row = lambda s: rx.el.tr(  # noqa: E731
        rx.el.td(by_locale(s.name_en, s.name), class_name="mj-rank-name"),
        rx.el.td(s.wins.to_string(), class_name="mj-num"),
        rx.el.td(s.deal_ins.to_string(), class_name="mj-num"),
        rx.el.td(s.riichi.to_string(), class_name="mj-num"),
        rx.el.td(s.calls.to_string(), class_name="mj-num"),
        class_name="mj-summary-row",
        data_me=rx.cond(s.me, "true", "false"),
    )
    return rx.box(
        rx.el.h3(tr("mjr.summary"), class_name="mj-final-h"),
        rx.el.table(rx.el.thead(header), rx.el.tbody(rx.foreach(MahjongTable.mj_summary, row)), class_name="mj-final-table"),
        rx.cond(
            MahjongTable.mj_best != "",
            rx.el.p(tr("mjr.best"), by_locale(MahjongTable.mj_best_en, MahjongTable.mj_best), id="mj-best-hand", class_name="mj-res-note"),
        ),
        class_name="mj-final-card mj-final-summary",
        id="mj-summary",
    )


def _chart() -> rx.Component:
    """The score chart (score_chart.py): grid lines and a polyline a player in an SVG stretched to
    its box, the score and hand labels as HTML at the same percentages, the legend under it."""
    plot = rx.el.svg(
        rx.foreach(MahjongTable.mj_chart_y, lambda t: rx.el.svg.line(x1="0", x2="100", y1=t.at.to_string(), y2=t.at.to_string(), class_name="mj-chart-grid")),
        rx.foreach(MahjongTable.mj_chart_lines, lambda line: rx.el.svg.polyline(points=line.points, class_name="mj-chart-line", style={"stroke": line.colour})),
        view_box="0 0 100 100",
        preserve_aspect_ratio="none",
        class_name="mj-chart-svg",
        aria_hidden="true",
    )
    y_labels = rx.box(
        rx.foreach(MahjongTable.mj_chart_y, lambda t: rx.el.span(t.label, class_name="mj-chart-y", style={"top": f"{t.at}%"})),
        class_name="mj-chart-ys",
    )
    x_labels = rx.box(
        rx.foreach(MahjongTable.mj_chart_x, lambda t: rx.el.span(t.label, class_name="mj-chart-x", style={"left": f"{t.at}%"})),
        class_name="mj-chart-xs",
    )
    legend = rx.el.ul(
        rx.foreach(
            MahjongTable.mj_chart_lines,
            lambda line: rx.el.li(rx.el.span(class_name="mj-chart-key", style={"background": line.colour}), line.name, " ", rx.el.b(line.final)),
        ),
        class_name="mj-chart-legend",
    )
    return rx.box(
        rx.el.h3(tr("mj.chart"), class_name="mj-final-h"),
        rx.box(
            rx.box(y_labels, rx.box(plot, class_name="mj-chart-plot"), rx.box(), x_labels, class_name="mj-chart-grid-box"),
            legend,
            class_name="mj-chart-box",
            id="mj-chart",
        ),
        class_name="mj-final-card mj-final-chart",
    )


def mahjong_final() -> rx.Component:
    """The game's end: the last hand's result first, in the page's place of the ranking (never over
    it, issue 34: 8) until 확인; then the ranking, the score chart and the summary."""
    res = MahjongTable.mj_result
    last = res.shown & MahjongTable.mj_last_open
    return rx.box(
        _stylesheets(),
        rx.cond(last, rx.box(hand_result(final=True), class_name="mj-result-overlay mj-last-step", id="mj-result-overlay")),
        rx.cond(
            ~last,
            rx.box(
                rx.box(
                    rx.box(
                        rx.el.h2(tr("mj.final"), class_name="mj-final-title"),
                        rx.el.span(tr_of(MahjongTable.mj_end, [f"mjr.end.{reason}" for reason in END_REASONS]), id="mj-end-reason", class_name="mj-res-note"),
                        rx.cond(MahjongTable.mj_rounds > 0, rx.el.span(MahjongTable.mj_rounds.to_string(), tr("mjr.rounds"), class_name="mj-res-note")),
                        class_name="mj-final-head",
                    ),
                    _ranking(),
                    rx.box(
                        rx.cond(
                            RoomState.role == "player",
                            rx.button(tr("mj.again"), id="back-to-waiting", size="3", on_click=RoomState.room_request("back_to_waiting")),
                        ),
                        rx.cond(
                            res.shown, rx.button(tr("mjr.last_hand"), id="mj-last-hand", size="3", variant="soft", on_click=MahjongTable.mj_last_hand(True))
                        ),
                        replay_link(RoomState.record_id, id="mj-replay-link"),
                        class_name="mj-final-buttons",
                    ),
                    class_name="mj-final-card mj-final-rank",
                ),
                _chart(),
                _summary(),
                class_name="mj-final",
                id="mj-final",
            ),
        ),
        class_name="mj-final-root",
        data_large=rx.cond(MahjongTable.mj_large, "true", "false"),
        data_reduced=rx.cond(RoomState.reduced_motion, "true", "false"),
    )
