"""The mahjong result screens (issue 7, issue 19: 5; spec §8.6, §9): a hand's result over the
table (the winning hand with the winning tile, ura-dora, the yaku one line at a time with han, fu
and points; an exhaustive draw's tenpai hands) and the game's end (the ranking and a line chart of
everyone's points across hands). Drawn from `MahjongTable`'s rows (this viewer's view only).
"""

from __future__ import annotations

import reflex as rx

from tilerooms.state.mahjong_table import MahjongTable
from tilerooms.state.room import RoomState
from tilerooms.ui.i18n.render import by_locale, server_text, tr
from tilerooms.ui.mahjong_tiles import mj_tile


# --- result screens ----------------------------------------------------------------------------


def _win(w) -> rx.Component:
    return rx.vstack(
        rx.hstack(rx.heading(by_locale(w.name_en, w.name), size="5"), rx.badge(server_text(w.how), size="2"), rx.cond(w.limit != "", rx.badge(w.limit, color_scheme="red", size="2")),
                  align="center", wrap="wrap"),
        rx.hstack(
            rx.foreach(w.hand, lambda t: mj_tile(t, size="res")),
            rx.foreach(w.melds, lambda m: rx.hstack(rx.foreach(m.tiles, lambda t: mj_tile(t, size="res")), spacing="0", margin_left="0.4rem")),
            rx.box(mj_tile(w.win_tile, size="res"), class_name="mj-win-tile", id="mj-win-tile"),
            spacing="0",
            wrap="wrap",
            align="end",
        ),
        rx.cond(w.ura.length() > 0, rx.hstack(rx.text(tr("mj.ura"), size="2"), rx.foreach(w.ura, lambda t: mj_tile(t, size="res")), align="center", id="mj-ura")),
        rx.box(
            rx.foreach(
                w.yaku,
                lambda y, i: rx.hstack(rx.text(y.name), rx.spacer(), rx.text(y.han.to_string(), tr("mj.han"), weight="bold"), class_name="mj-yaku-line",
                                       style={"animationDelay": (i * 0.35).to_string() + "s"}, width="100%"),
            ),
            id="mj-yaku",
            width="100%",
            max_width="22rem",
        ),
        rx.text(w.han.to_string(), tr("mj.han_space"), w.fu.to_string(), tr("mj.fu"), w.points.to_string(), tr("mj.points"), size="5", weight="bold", id="mj-win-points"),
        spacing="2",
        class_name="mj-win",
        width="100%",
    )


def hand_result() -> rx.Component:
    res = MahjongTable.mj_result
    return rx.card(
        rx.vstack(
            rx.hstack(rx.heading(server_text(res.title), size="7", class_name="mj-callout", id="mj-result-title"), rx.text(by_locale(res.round_label_en, res.round_label), color_scheme="gray"), align="center"),
            rx.foreach(res.winners, _win),
            rx.cond(
                res.kind == "exhaustive",
                rx.vstack(
                    rx.cond(res.tenpai.length() == 0, rx.text(tr("mj.all_noten"))),
                    rx.foreach(res.tenpai, lambda h: rx.vstack(rx.text(by_locale(h.name_en, h.name), tr("mj.tenpai"), weight="bold"),
                                                               rx.hstack(rx.foreach(h.tiles, lambda t: mj_tile(t, size="res")), spacing="0", wrap="wrap"),
                                                               class_name="mj-tenpai-hand")),
                    rx.cond(res.noten_names != "", rx.text(tr("mj.noten"), by_locale(res.noten_names_en, res.noten_names), size="2", color_scheme="gray")),
                    id="mj-draw",
                ),
            ),
            rx.table.root(
                rx.table.body(
                    rx.foreach(res.deltas, lambda d: rx.table.row(
                        rx.table.cell(by_locale(d.name_en, d.name)), rx.table.cell(rx.cond(d.delta > 0, "+" + d.delta.to_string(), d.delta.to_string())),
                        rx.table.cell(d.points), rx.table.cell(rx.cond(d.ready, tr("mj.ok"), "")), class_name="mj-delta-row")),
                ),
                size="1",
            ),
            rx.cond(
                (RoomState.role == "player") & ~res.i_am_ready & (RoomState.status == "playing"),
                rx.button(tr("mj.ok"), id="mj-ready", size="4", class_name="mj-big", on_click=MahjongTable.mj_ready),
                rx.cond(RoomState.status == "playing", rx.text(tr("mj.waiting_others"), size="2", color_scheme="gray")),
            ),
            spacing="3",
            width="100%",
        ),
        class_name="mj-result",
        id="mj-result",
        width="100%",
    )


def mahjong_final() -> rx.Component:
    """The game's end: the last hand, the final ranking and a line per player across hands."""
    return rx.vstack(
        rx.cond(MahjongTable.mj_result.shown, hand_result()),
        rx.card(
            rx.vstack(
                rx.heading(tr("mj.final"), size="5"),
                rx.text(server_text(MahjongTable.mj_end), id="mj-end-reason", color_scheme="gray"),
                rx.table.root(
                    rx.table.header(rx.table.row(rx.table.column_header_cell(tr("common.rank")), rx.table.column_header_cell(tr("common.name")),
                                                 rx.table.column_header_cell(tr("common.score")), rx.table.column_header_cell(tr("mj.uma")))),
                    rx.table.body(rx.foreach(MahjongTable.mj_ranking, lambda r: rx.table.row(
                        rx.table.cell(r.rank.to_string(), tr("mj.rank_suffix")), rx.table.cell(rx.text(r.name, weight=rx.cond(r.me, "bold", "regular"))),
                        rx.table.cell(r.points), rx.table.cell(r.score), class_name="mj-rank-row"))),
                    width="100%",
                    id="mj-ranking",
                ),
                rx.heading(tr("mj.chart"), size="3"),
                rx.box(
                    rx.recharts.line_chart(
                        rx.recharts.cartesian_grid(stroke_dasharray="3 3"),
                        rx.recharts.x_axis(data_key="hand"),
                        rx.recharts.y_axis(domain=["auto", "auto"]),
                        rx.recharts.graphing_tooltip(),
                        rx.recharts.legend(),
                        rx.foreach(
                            MahjongTable.mj_series,
                            lambda s: rx.recharts.line(data_key=s.key, name=s.name, stroke=s.colour, type_="monotone", stroke_width=2, is_animation_active=False),
                        ),
                        data=MahjongTable.mj_chart,
                        width="100%",
                        height=260,
                    ),
                    id="mj-chart",
                    width="100%",
                ),
                rx.cond(
                    RoomState.role == "player",
                    rx.button(tr("mj.again"), id="back-to-waiting", on_click=RoomState.room_request("back_to_waiting")),
                ),
                spacing="3",
                width="100%",
            ),
            width="100%",
            id="mj-final",
        ),
        width="100%",
        spacing="3",
    )
