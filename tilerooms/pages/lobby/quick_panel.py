"""The lobby's 빠른 대전 panel (issue 37): one button per (game, mode) with how many people wait,
the AI-fill choice, and while this browser queues, the live wait (time, people) and 취소."""

from __future__ import annotations

import reflex as rx

from tilerooms.pages.lobby.quick_state import FILL_LEVELS, FILLS, QuickMatchState
from tilerooms.pages.lobby.segments import segments
from tilerooms.rooms.quick_modes import MODES
from tilerooms.shell.text import server_message, tr, tr_of

MODE_KEYS = [f"quick.mode.{mode.id}" for mode in MODES]


def _mode_button(mode_id: str) -> rx.Component:
    """A mode's button: its name and the people waiting for it; off while this browser queues."""
    return rx.button(
        rx.vstack(
            rx.text(tr(f"quick.mode.{mode_id}"), weight="bold", size="2"),
            rx.text(QuickMatchState.counts.get(mode_id, 0).to_string() + tr("quick.waiting_people"), size="1", class_name="quick-count"),
            spacing="0",
            align="center",
        ),
        on_click=QuickMatchState.join(mode_id),
        disabled=QuickMatchState.mode != "",
        variant="surface",
        size="3",
        height="auto",
        min_height="48px",
        padding_y="6px",
        width="100%",
        id=f"quick-{mode_id}",
        class_name="quick-mode",
    )


def _fill_choice() -> rx.Component:
    """AI fill (off / after 10, 30, 60 s) and, when on, its AIs' level."""
    return rx.hstack(
        segments("quick.fill", [(v, tr(f"quick.fill.{v}")) for v in FILLS], QuickMatchState.fill, QuickMatchState.choose_fill, "quick-fill"),
        rx.cond(
            QuickMatchState.fill != "off",
            segments("lobby.practice.level", [(v, tr(f"level.{v}")) for v in FILL_LEVELS], QuickMatchState.level, QuickMatchState.choose_level, "quick-level"),
        ),
        spacing="4",
        align="center",
        wrap="wrap",
    )


def _queue_status() -> rx.Component:
    """While this browser waits: the mode, the time waited, the people in that queue, the AI-fill
    countdown and the cancel button."""
    return rx.callout.root(
        rx.hstack(
            rx.spinner(size="2"),
            rx.vstack(
                rx.text(tr("quick.searching"), " · ", tr_of("quick.mode." + QuickMatchState.mode, MODE_KEYS), weight="bold", id="quick-status-mode"),
                rx.hstack(
                    rx.text(tr("quick.waited"), " ", rx.el.span(QuickMatchState.waited, id="quick-waited"), size="2"),
                    rx.text(tr("quick.in_queue"), " ", rx.el.span(QuickMatchState.waiting, id="quick-waiting"), tr("quick.people"), size="2"),
                    rx.cond(
                        QuickMatchState.fill_in >= 0,
                        rx.text(tr("quick.fill_in"), " ", rx.el.span(QuickMatchState.fill_in, id="quick-fill-in"), tr("quick.seconds"), size="2"),
                    ),
                    spacing="3",
                    wrap="wrap",
                ),
                spacing="1",
                flex="1",
            ),
            rx.button(tr("quick.cancel"), on_click=QuickMatchState.cancel, color_scheme="gray", variant="solid", size="3", id="quick-cancel"),
            align="center",
            spacing="3",
            width="100%",
        ),
        display="block",  # Radix's callout is a grid that shrinks its one child to its content
        color_scheme="blue",
        id="quick-status",
        width="100%",
    )


def quick_panel() -> rx.Component:
    """The panel: title, the mode buttons, the AI fill, the queue's state or an error."""
    return rx.card(
        rx.vstack(
            rx.hstack(rx.icon("zap", size=20), rx.heading(tr("quick.title"), size="5"), align="center", spacing="2"),
            rx.text(tr("quick.note"), size="2", color_scheme="gray"),
            rx.grid(
                *[_mode_button(mode.id) for mode in MODES],
                columns=rx.breakpoints(initial="2", sm="3"),
                spacing="2",
                width="100%",
            ),
            _fill_choice(),
            rx.text(tr("quick.fill.note"), size="1", color_scheme="gray"),
            rx.cond(QuickMatchState.mode != "", _queue_status()),
            rx.cond(
                QuickMatchState.error != "",
                rx.callout(server_message(QuickMatchState.error, QuickMatchState.error_args), icon="triangle_alert", color_scheme="red", id="quick-error"),
            ),
            spacing="3",
            width="100%",
        ),
        id="quick-match",
        width="100%",
    )
