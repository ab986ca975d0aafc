"""The room page: waiting room, the game's table, its final screen, chat. Every button goes through
`RoomState` (or the game's table substate), which asks the room service; what is shown is only this
viewer's view. What differs by game comes from the table registry (`tilerooms.table.registry`)."""

from __future__ import annotations

import reflex as rx

from tilerooms.i18n import text
from tilerooms.shell.header import page
from tilerooms.shell.locale import LocaleState
from tilerooms.shell.text import by_locale, game_name, server_message, tr
from tilerooms.table.rank_chip import rank_chip
from tilerooms.table.registry import any_game, by_game
from tilerooms.table.state import RoomState

LEVELS = [("easy", "level.easy"), ("normal", "level.normal"), ("hard", "level.hard")]
STATUS_TEXT = {
    "waiting": "status.waiting",
    "playing": "status.playing",
    "paused": "status.paused",
    "finished": "room.status.finished",
    "loading": "room.status.loading",
    "closed": "room.status.closed",
}


def _status_badge() -> rx.Component:
    return rx.badge(
        rx.match(RoomState.status, *[(k, tr(v)) for k, v in STATUS_TEXT.items()], RoomState.status),
        id="room-status",
        data_status=RoomState.status,
        size="2",
    )


def _room_buttons() -> list[rx.Component]:
    """Pause / resume / back to the waiting room for solo practice, and leave."""
    return [
        rx.cond(
            RoomState.solo & (RoomState.status == "playing"),
            rx.button(tr("room.pause"), variant="soft", id="pause", on_click=RoomState.room_request("pause")),
        ),
        rx.cond(
            RoomState.solo & (RoomState.status == "paused"),
            rx.button(tr("room.resume"), id="resume", on_click=RoomState.room_request("resume")),
        ),
        rx.cond(
            RoomState.solo & ((RoomState.status == "playing") | (RoomState.status == "paused")),
            rx.button(tr("common.back_to_waiting"), variant="soft", id="quit-practice", on_click=RoomState.room_request("quit_practice")),
        ),
        rx.button(tr("room.leave"), variant="outline", color_scheme="red", id="leave-room", on_click=RoomState.leave),
    ]


def _room_title() -> rx.Var:
    """The room's name; a solo practice room's (the server's Korean "…의 연습") in the viewer's language."""
    return rx.cond(RoomState.solo, tr("room.practice_title"), RoomState.room_name)


def _title_bar() -> rx.Component:
    return rx.hstack(
        rx.vstack(
            rx.heading(_room_title(), size="6", id="room-name"),
            rx.hstack(
                rx.text(game_name(RoomState.game, RoomState.game_name, RoomState.game_name_en), weight="bold", id="room-game"),
                rx.text(by_locale(RoomState.options_text_en, RoomState.options_text), color_scheme="gray"),
                _status_badge(),
                spacing="3",
                align="center",
                wrap="wrap",
            ),
            spacing="1",
        ),
        rx.spacer(),
        *_room_buttons(),
        width="100%",
        align="center",
        wrap="wrap",
    )


def _game_menu() -> rx.Component:
    """The common menu of a running game (service page: chat and leave live in the common menu),
    so the board has the whole screen; the button counts chat lines not yet read."""
    return rx.dialog.root(
        rx.dialog.trigger(
            rx.button(
                tr("room.menu"),
                rx.cond(
                    RoomState.chat_unread > 0,
                    rx.badge(
                        RoomState.chat_unread.to_string(),
                        color_scheme="red",
                        variant="solid",
                        radius="full",
                        id="chat-unread",
                        aria_label=tr("room.menu.unread"),
                    ),
                ),
                variant="soft",
                id="game-menu",
            )
        ),
        rx.dialog.content(
            rx.dialog.title(tr("room.menu")),
            rx.vstack(
                rx.hstack(*_room_buttons(), spacing="2", wrap="wrap"),
                rx.cond(RoomState.error != "", rx.text(server_message(RoomState.error, RoomState.error_args), color="#cf222e", size="2", id="menu-error")),
                _chat(),
                rx.dialog.close(rx.button(tr("common.close"), variant="soft", id="menu-close")),
                spacing="3",
                width="100%",
            ),
            max_width="32rem",
        ),
        open=RoomState.menu_open,
        on_open_change=RoomState.set_menu_open,
    )


def _game_title_bar() -> rx.Component:
    """One line over a running game: the room, its status and the menu. Over a table that takes the
    whole screen (the registry's `own_bar`: the site header hides, `assets/mahjong/table.css`) it is
    the only bar, so it carries the home link and the language switch too."""
    own_bar = any_game(RoomState.game, lambda table: table.own_bar)
    return rx.hstack(
        rx.cond(own_bar, rx.link(rx.icon("grid-3x3", size=20), href="/", aria_label="tilerooms", class_name="tr-home", display="flex")),
        rx.heading(_room_title(), size="4", id="room-name", trim="both"),
        _status_badge(),
        rx.spacer(),
        rx.cond(
            own_bar,
            rx.button(
                tr("lang.switch"),
                variant="ghost",
                size="2",
                id="game-lang-switch",
                on_click=LocaleState.set_locale(rx.cond(LocaleState.locale == "en", "ko", "en")),
            ),
        ),
        _game_menu(),
        width="100%",
        align="center",
        class_name="tr-game-bar",
    )


def _seat_card(seat) -> rx.Component:
    host_controls = rx.cond(
        RoomState.is_host & (RoomState.status == "waiting"),
        rx.cond(
            seat.empty,
            rx.hstack(
                rx.text(tr("room.add_ai"), size="2"),
                *[
                    rx.button(tr(name), size="2", variant="soft", id=f"add-ai-{key}-" + seat.index.to_string(), on_click=RoomState.add_ai(seat.index, key))
                    for key, name in LEVELS
                ],
                spacing="2",
                align="center",
            ),
            rx.cond(
                seat.ai,
                rx.hstack(
                    *[
                        rx.button(
                            tr(name),
                            size="2",
                            variant=rx.cond(seat.level == key, "solid", "outline"),
                            id=f"ai-level-{key}-" + seat.index.to_string(),
                            on_click=RoomState.set_ai_level(seat.index, key),
                        )
                        for key, name in LEVELS
                    ],
                    rx.button(
                        tr("room.remove_ai"),
                        size="2",
                        color_scheme="red",
                        variant="soft",
                        id="remove-ai-" + seat.index.to_string(),
                        on_click=RoomState.remove_ai(seat.index),
                    ),
                    spacing="2",
                ),
                rx.cond(
                    ~seat.is_me,
                    rx.hstack(
                        rx.button(tr("room.pass_host"), size="2", variant="soft", on_click=RoomState.pass_host(seat.id)),
                        rx.button(tr("room.kick"), size="2", variant="soft", color_scheme="red", on_click=RoomState.kick(seat.id)),
                        spacing="2",
                    ),
                ),
            ),
        ),
    )
    return rx.card(
        rx.vstack(
            rx.hstack(
                rx.text(by_locale(text("room.seat", "en") + (seat.index + 1).to_string(), seat.label), color_scheme="gray", size="1"),
                rx.cond(seat.is_host, rx.badge(tr("room.host"), color_scheme="amber")),
                rx.cond(~seat.empty & seat.ready & ~seat.ai, rx.badge(tr("room.ready_badge"), color_scheme="green")),
                rx.cond(~seat.empty & ~seat.connected, rx.badge(tr("room.disconnected"), color_scheme="gray")),
                rank_chip(seat.id),
                spacing="2",
            ),
            rx.text(rx.cond(seat.empty, tr("room.empty_seat"), by_locale(seat.name_en, seat.name)), weight="bold", size="4", class_name="seat-name"),
            host_controls,
            spacing="2",
        ),
        id="seat-" + seat.index.to_string(),
        width="100%",
    )


def _waiting_room() -> rx.Component:
    return rx.vstack(
        rx.grid(rx.foreach(RoomState.seats, _seat_card), columns=rx.breakpoints(initial="1", sm="2"), spacing="3", width="100%"),
        rx.hstack(
            rx.cond(
                (RoomState.role == "player") & ~RoomState.is_host,
                rx.button(tr("room.ready"), id="ready", size="3", on_click=RoomState.toggle_ready),
            ),
            rx.cond(RoomState.is_host, rx.button(tr("room.start"), id="start", size="3", on_click=RoomState.room_request("start"))),
            spacing="3",
        ),
        # the host's settings of the game, where its table has some
        rx.cond(RoomState.is_host, by_game(RoomState.game, lambda table: table.waiting_settings() if table.waiting_settings else None)),
        spacing="4",
        width="100%",
    )


def _chat() -> rx.Component:
    return rx.card(
        rx.vstack(
            rx.heading(tr("room.chat"), size="3"),
            rx.box(
                rx.foreach(
                    RoomState.chat,
                    lambda line: rx.text(rx.text.strong(line.name, ": "), line.text, size="2", class_name="chat-line"),
                ),
                id="chat-log",
                max_height="14em",
                overflow_y="auto",
                width="100%",
            ),
            rx.form(
                rx.hstack(
                    rx.input(name="text", placeholder=tr("room.chat_placeholder"), max_length=200, id="chat-input", width="100%"),
                    rx.button(tr("room.send"), type="submit", id="chat-send"),
                    width="100%",
                ),
                on_submit=RoomState.send_chat,
                reset_on_submit=True,
                width="100%",
            ),
            rx.cond(
                RoomState.spectators.length() > 0,
                rx.text(tr("room.spectators"), RoomState.spectators.join(", "), size="1", color_scheme="gray", id="spectator-list"),
            ),
            spacing="2",
            width="100%",
        ),
        width="100%",
    )


def _password_form() -> rx.Component:
    return rx.form(
        rx.hstack(
            rx.input(name="password", type="password", placeholder=tr("room.password"), id="room-password"),
            rx.button(tr("room.enter"), type="submit"),
        ),
        on_submit=RoomState.submit_password,
    )


def _game_table() -> rx.Component:
    """The running game's table (its board, from the registry)."""
    return by_game(RoomState.game, lambda table: table.board())


def room_page() -> rx.Component:
    """/room/[room_id]"""
    in_game = (RoomState.status == "playing") | (RoomState.status == "paused")
    # the waiting room's targets are 44 px on a phone (assets/site.css); a game's table and its
    # final screen size their own
    touch = rx.cond((RoomState.status == "waiting") | (RoomState.status == "closed"), "tr-room tr-touch", "tr-room")
    return page(
        rx.vstack(
            rx.cond(in_game, _game_title_bar(), _title_bar()),
            # a running game shows a refusal in a fixed place of its own (nothing moves under a
            # finger): each game's table has its own (the number-tile board's message line, the mahjong band)
            rx.cond(
                (RoomState.error != "") & ~in_game,
                rx.callout(server_message(RoomState.error, RoomState.error_args), icon="triangle_alert", color_scheme="red", id="room-error", width="100%"),
            ),
            rx.cond(RoomState.needs_password, _password_form()),
            rx.match(
                RoomState.status,
                ("waiting", _waiting_room()),
                ("playing", _game_table()),
                ("paused", rx.vstack(rx.callout(tr("room.paused_note"), icon="pause"), _game_table(), width="100%", class_name="tr-paused")),
                ("finished", by_game(RoomState.game, lambda table: table.final())),
                ("closed", rx.callout(tr("room.closed"), icon="info", id="room-closed")),
                rx.spinner(),
            ),
            rx.cond(in_game, rx.fragment(), _chat()),
            spacing=rx.cond(in_game, "2", "4"),
            width="100%",
            class_name=touch,
        ),
        touch=False,
    )
