"""The number-tile game's end: the results table with its summary line, the replay link and the
buttons (the next game of a match, back to the waiting room), drawn from `RummikubTable`'s rows;
and the host's clock settings in the waiting room."""

from __future__ import annotations

import reflex as rx

from tilerooms.shell.choice import choice
from tilerooms.shell.replay_link import replay_link
from tilerooms.shell.text import by_locale, server_line, tr
from tilerooms.table.alerts import turn_signal
from tilerooms.table.rummikub.state import RummikubTable
from tilerooms.table.state import RoomState


def rummikub_final() -> rx.Component:
    """The finished game's results table (rank, name, score, tiles left)."""
    return rx.card(
        rx.vstack(
            rx.heading(tr("room.results"), size="5"),
            rx.text(server_line(RummikubTable.result_summary, RummikubTable.result_summary_en), id="result-summary", weight="bold"),
            rx.table.root(
                rx.table.header(
                    rx.table.row(
                        rx.table.column_header_cell(tr("common.rank")),
                        rx.table.column_header_cell(tr("common.name")),
                        rx.table.column_header_cell(tr("common.score")),
                        rx.table.column_header_cell(tr("room.tiles_left")),
                    )
                ),
                rx.table.body(
                    rx.foreach(
                        RummikubTable.result_rows,
                        lambda r: rx.table.row(
                            rx.table.cell(r.rank),
                            rx.table.cell(by_locale(r.name_en, r.name)),
                            rx.table.cell(r.score),
                            rx.table.cell(r.tiles),
                            class_name="result-row",
                        ),
                    )
                ),
                width="100%",
            ),
            replay_link(RoomState.record_id),
            turn_signal(turn=False, move=RummikubTable.flash, win=True),  # the game's end sounds (issue 34: 13)
            rx.cond(
                RoomState.role == "player",
                rx.hstack(
                    rx.cond(RummikubTable.match_continues, rx.button(tr("room.next_game"), id="next-game", on_click=RoomState.room_request("next_game"))),
                    rx.button(
                        tr("common.back_to_waiting"),
                        id="back-to-waiting",
                        variant=rx.cond(RummikubTable.match_continues, "soft", "solid"),
                        on_click=RoomState.room_request("back_to_waiting"),
                    ),
                    spacing="2",
                ),
            ),
            spacing="3",
        ),
        id="results",
        width="100%",
    )


def rummikub_settings() -> rx.Component:
    """The host's turn time and whole-game minutes, in the waiting room."""
    return rx.form(
        rx.hstack(
            rx.text(tr("room.turn_time")),
            choice("turn_seconds", [(v, v) for v in ("60", "90", "120", "180")], "60", aria_label=tr("room.turn_time")),
            rx.text(tr("room.game_time")),
            choice("game_minutes", [(v, v) for v in ("10", "20", "30", "45", "60")], "30", aria_label=tr("room.game_time")),
            rx.button(tr("room.change_settings"), type="submit", variant="soft"),
            align="center",
            wrap="wrap",
        ),
        on_submit=RummikubTable.change_settings,
        id="settings-form",
    )
