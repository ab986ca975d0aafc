"""The lobby page: the two games, the open-room list, room creation and quick solo practice."""

from __future__ import annotations

import reflex as rx

from tilerooms.pages.lobby.quick_panel import quick_panel
from tilerooms.pages.lobby.segments import segments
from tilerooms.pages.lobby.state import LobbyState
from tilerooms.shell.choice import choice
from tilerooms.shell.header import page
from tilerooms.shell.identity import IdentityState
from tilerooms.shell.practice import AI_COUNTS, LEVELS, PracticeState
from tilerooms.shell.text import game_name, server_message, tr
from tilerooms.table.state import RoomState

STATUS = {"waiting": "status.waiting", "playing": "status.playing", "paused": "status.paused", "finished": "lobby.status.finished"}


def _game_card(name_key: str, desc_key: str, icon: str, test_id: str) -> rx.Component:
    return rx.card(
        rx.vstack(
            rx.hstack(rx.icon(icon, size=28), rx.heading(tr(name_key), size="5"), align="center"),
            rx.text(tr(desc_key), color_scheme="gray", size="2"),
            spacing="2",
        ),
        id=test_id,
        width="100%",
    )


def _room_row(room) -> rx.Component:
    return rx.table.row(
        rx.table.cell(rx.hstack(rx.text(room["name"], weight="bold"), rx.cond(room["has_password"], rx.icon("lock", size=14)), align="center")),
        rx.table.cell(game_name(room["game"], room["game_name"], room["game_name_en"])),
        rx.table.cell(room["seats_taken"].to_string() + " / " + room["seats_total"].to_string()),
        rx.table.cell(rx.match(room["status"], *[(k, tr(v)) for k, v in STATUS.items()], room["status"])),
        rx.table.cell(
            rx.hstack(
                rx.cond(
                    room["status"] == "waiting", rx.link(rx.button(tr("lobby.join"), size="1", class_name="join-room"), href="/room/" + room["id"].to(str))
                ),
                rx.cond(
                    room["allow_spectators"],
                    rx.link(rx.button(tr("lobby.watch"), size="1", variant="soft", class_name="watch-room"), href="/room/" + room["id"].to(str) + "?watch=1"),
                ),
                spacing="2",
            )
        ),
        class_name="room-row",
        data_room=room["id"],
    )


def _choice(label: str, name: str, choices: list[tuple[str, str]], default: str) -> rx.Component:
    return rx.hstack(
        rx.text(tr(label), size="2"),
        choice(name, [(value, tr(key)) for value, key in choices], default, aria_label=tr(label)),
        align="center",
    )


def _create_form() -> rx.Component:
    return rx.form(
        rx.vstack(
            rx.heading(tr("create.title"), size="4"),
            rx.hstack(
                rx.input(name="nickname", placeholder=tr("create.nickname"), default_value=IdentityState.nickname, id="nickname", max_length=16),
                rx.input(name="name", placeholder=tr("create.room_name"), id="room-name-input", max_length=30),
                rx.input(name="password", type="password", placeholder=tr("create.password"), max_length=64, id="room-password-input"),
                wrap="wrap",
                width="100%",
            ),
            rx.hstack(
                rx.text(tr("common.game")),
                choice("game", [("rummikub", tr("game.rummikub"))], "rummikub", aria_label=tr("common.game")),
                rx.text(tr("create.turn")),
                choice("turn_seconds", [(v, v) for v in ("60", "90", "120", "180")], "60", aria_label=tr("create.turn")),
                rx.text(tr("create.game_minutes")),
                choice("game_minutes", [(v, v) for v in ("10", "20", "30", "45", "60")], "30", aria_label=tr("create.game_minutes")),
                rx.text(tr("create.initial_meld")),
                choice("initial_meld", [(v, v) for v in ("0", "20", "30", "50")], "30", aria_label=tr("create.initial_meld")),
                rx.checkbox(tr("create.allow_spectators"), name="allow_spectators", default_checked=True),
                align="center",
                wrap="wrap",
            ),
            rx.el.details(
                rx.el.summary(tr("create.advanced"), style={"cursor": "pointer"}),
                rx.el.input(type="hidden", name="advanced", value="1"),
                rx.vstack(
                    _choice(
                        "create.timeout_valid",
                        "timeout_valid_draft",
                        [("revert", "create.timeout_valid.revert"), ("commit", "create.timeout_valid.commit")],
                        "revert",
                    ),
                    _choice("create.timeout_invalid", "invalid_timeout_penalty", [("1", "create.draw1"), ("3", "create.draw3")], "1"),
                    _choice(
                        "create.invalid_commit",
                        "invalid_commit_penalty",
                        [("reject", "create.invalid_commit.reject"), ("penalty3", "create.invalid_commit.penalty3")],
                        "reject",
                    ),
                    _choice("create.joker_penalty", "joker_penalty", [("30", "create.points30"), ("50", "create.points50")], "30"),
                    _choice("create.games_per_match", "games_per_match", [(n, f"create.games{n}") for n in ("1", "2", "3", "4")], "1"),
                    rx.checkbox(tr("create.allow_extend"), name="allow_extend"),
                    rx.checkbox(tr("create.show_draft"), name="show_draft", default_checked=True),
                    rx.checkbox(tr("create.hints"), name="hints", default_checked=True),
                    spacing="2",
                    padding_top="0.5em",
                ),
            ),
            rx.button(tr("create.submit"), type="submit", id="create-room", size="3"),
            spacing="3",
            width="100%",
        ),
        on_submit=LobbyState.create_room,
        width="100%",
    )


def _create_mahjong_form() -> rx.Component:
    """리치 마작 rooms: 4 seats; three seated players play sanma (spec §1: the mode follows the
    player count). The engine's defaults apply (반장전, 타패 15초, 응답 8초, 타패 뒤 최소 대기 0.4초)."""
    return rx.form(
        rx.vstack(
            rx.heading(tr("create.mj.title"), size="4"),
            rx.hstack(
                rx.input(name="nickname", placeholder=tr("create.nickname"), default_value=IdentityState.nickname, max_length=16),
                rx.input(name="name", placeholder=tr("create.room_name"), id="mj-room-name-input", max_length=30),
                rx.input(name="password", type="password", placeholder=tr("create.password"), max_length=64),
                rx.el.input(type="hidden", name="game", value="mahjong"),
                rx.checkbox(tr("create.allow_spectators"), name="allow_spectators", default_checked=True),
                wrap="wrap",
                width="100%",
                align="center",
            ),
            rx.hstack(
                _choice("create.mj.length", "mj_length", [("hanchan", "create.mj.hanchan"), ("tonpuu", "create.mj.tonpuu")], "hanchan"),
                _choice("create.mj.turn", "mj_turn", [(s, f"create.mj.s{s}") for s in ("10", "15", "30", "60")], "15"),
                _choice("create.mj.claim", "mj_claim", [(s, f"create.mj.s{s}") for s in ("5", "8", "15")], "8"),
                _choice("create.mj.claim_delay", "mj_claim_delay", [(ms, f"create.mj.ms{ms}") for ms in ("400", "700", "1000")], "400"),
                _choice("create.mj.aka", "mj_aka", [("3", "create.mj.on"), ("0", "create.mj.off")], "3"),
                rx.el.input(type="hidden", name="advanced", value="1"),
                rx.checkbox(tr("create.mj.kuitan"), name="mj_kuitan", default_checked=True),
                wrap="wrap",
                spacing="3",
                align="center",
            ),
            rx.text(tr("create.mj.note"), size="2", color_scheme="gray"),
            rx.button(tr("create.mj.title"), type="submit", id="create-mahjong-room", size="3"),
            spacing="3",
            width="100%",
        ),
        on_submit=LobbyState.create_room,
        width="100%",
    )


def _practice_choice() -> rx.Component:
    """How many AIs (number tiles) and which level, for both practice buttons; kept in this browser."""
    return rx.hstack(
        segments("lobby.practice.ais", [(n, n) for n in AI_COUNTS], PracticeState.ais, PracticeState.choose_ais, "practice-ais"),
        segments("lobby.practice.level", [(v, tr(f"level.{v}")) for v in LEVELS], PracticeState.level, PracticeState.choose_level, "practice-level"),
        spacing="4",
        align="center",
        wrap="wrap",
        id="practice-choice",
    )


def lobby() -> rx.Component:
    """The lobby: game cards, practice, the open-room list and the create form."""
    return page(
        rx.vstack(
            rx.heading(tr("lobby.title"), size="7", id="lobby-title"),
            rx.text(tr("site.tagline"), color_scheme="gray"),
            rx.grid(
                _game_card("game.rummikub", "game.rummikub.desc", "layout-grid", "game-rummikub"),
                _game_card("game.mahjong", "game.mahjong.desc", "layers", "game-mahjong"),
                columns=rx.breakpoints(initial="1", sm="2"),
                spacing="4",
                width="100%",
            ),
            quick_panel(),  # 빠른 대전 (issue 37)
            _practice_choice(),
            rx.hstack(
                rx.button(tr("lobby.practice"), id="practice", size="3", on_click=LobbyState.practice),
                rx.button(tr("lobby.practice_mahjong"), id="practice-mahjong", size="3", variant="soft", on_click=RoomState.practice("mahjong")),
                rx.button(tr("lobby.refresh"), variant="soft", on_click=LobbyState.refresh, id="refresh-rooms"),
                spacing="3",
                wrap="wrap",  # a phone puts the third button on a second line instead of off the screen
            ),
            rx.text(tr("lobby.practice.note"), size="1", color_scheme="gray"),
            # my finished games and their replays, a guest's too (issue 34: 12); a finger-sized target
            rx.link(
                rx.icon("history", size=16),
                tr("lobby.my_records"),
                href="/me/records",
                id="lobby-records",
                display="inline-flex",
                align_items="center",
                gap="6px",
                min_height="44px",
            ),
            rx.cond(
                LobbyState.error != "",
                rx.callout(server_message(LobbyState.error, LobbyState.error_args), icon="triangle_alert", color_scheme="red", id="lobby-error"),
            ),
            rx.heading(tr("lobby.rooms"), size="5", margin_top="1em"),
            rx.cond(
                LobbyState.rooms.length() == 0,
                rx.callout(tr("lobby.empty"), icon="info", id="rooms-empty", width="100%"),
                rx.table.root(
                    rx.table.header(
                        rx.table.row(
                            rx.table.column_header_cell(tr("lobby.col.room")),
                            rx.table.column_header_cell(tr("common.game")),
                            rx.table.column_header_cell(tr("lobby.players")),
                            rx.table.column_header_cell(tr("lobby.col.status")),
                            rx.table.column_header_cell(""),
                        )
                    ),
                    rx.table.body(rx.foreach(LobbyState.rooms, _room_row)),
                    width="100%",
                    id="room-list",
                ),
            ),
            rx.card(_create_form(), width="100%"),
            rx.card(_create_mahjong_form(), width="100%"),
            spacing="4",
            width="100%",
        )
    )
