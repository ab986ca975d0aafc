"""The number-tile board: players with the turn clock, the table on its grid, the rack grid and
the turn buttons (issue 4; spec §9, service page 조작 방법).

- Tap / click / Enter toggles a tile; a 0.25 s long press chain-selects to the right; dragging
  moves the selected tiles (the gesture layer in `gestures.jsx`).
- The table keeps the engine's positions; it is sized to fit one screen and its tiles shrink
  with it (container query units), so it never scrolls.
- Keyboard: every tile and drop target is a button (Tab, Enter); key bindings in `keys.js`.
"""

from __future__ import annotations

import reflex as rx

from tilerooms.games.rummikub.board import BOARD_COLS
from tilerooms.state.keys import ACTIONS, KeyState
from tilerooms.state.room import RoomState
from tilerooms.ui.gestures import gesture_layer
from tilerooms.ui.board_feedback import FEEDBACK_CSS, feedback_badges, watching
from tilerooms.ui.i18n.render import by_locale, server_line, server_text, tr
from tilerooms.ui.rummikub_rules import rules_dialog
from tilerooms.ui.tiles import number_tile

BOARD_CSS = """
.tr-board-table { container-type: inline-size; }
/* cqw inside the table follow the table itself, so a zoomed table has bigger tiles */
.tr-board-table #table { container-type: inline-size; }
/* 크게 보기: the table at twice the size, panned inside the same box (the page does not move) */
#board[data-zoom="true"] .tr-board-table { overflow: auto; overscroll-behavior: contain; border-radius: 14px; }
#board[data-zoom="true"] .tr-board-table #table { width: 200% !important; }
.zoom-label-out, #board[data-zoom="true"] .zoom-label-in { display: none; }
#board[data-zoom="true"] .zoom-label-out { display: inline; }
.tr-board-table .tr-tile { min-width: 0 !important; width: 100%; height: 100% !important; padding: 0 !important;
  border-radius: 0.6cqw !important; }
.tr-board-table .tr-tile span:first-child { font-size: 2.1cqw !important; }
.tr-board-table .tr-tile span:last-child { font-size: 1.3cqw !important; }
.tr-set { transition: left 200ms, top 200ms; }
.tr-set[data-changed="true"] { animation: tr-flash 1s ease-out; }
@keyframes tr-flash { 0% { box-shadow: 0 0 0 4px #f6c343; } 100% { box-shadow: 0 0 0 0 transparent; } }
.tr-tile:focus-visible { outline: 3px solid #0969da; outline-offset: 2px; }
.tr-rack .tr-tile, .tr-board-table .tr-tile { touch-action: none; -webkit-touch-callout: none; }
.tr-countdown[data-urgent="true"] { color: #cf222e !important; }
@media (prefers-reduced-motion: reduce) {
  .tr-set, .tr-tile { transition: none !important; animation: none !important; }
}
@media (max-width: 600px) {
  .tr-rack-grid { grid-template-columns: repeat(7, minmax(44px, 1fr)) !important; }
  /* a phone fits two player chips a row, so the whole game stays on one screen */
  .player-chip { padding: 0.2em 0.5em !important; gap: 0.3em !important; }
  .player-chip, .player-chip * { font-size: 13px !important; }
}
"""


def _player_chip(p) -> rx.Component:
    return rx.hstack(
        rx.text(by_locale(p.name_en, p.name), weight=rx.cond(p.current, "bold", "regular")),
        rx.badge(p.tiles.to_string(), tr("board.tiles_suffix"), variant="soft"),
        rx.cond(p.melded, rx.badge(tr("board.melded"), color_scheme="green", variant="soft")),
        rx.cond(p.left, rx.badge(tr("board.left"), color_scheme="gray")),
        rx.cond(
            p.current,
            rx.el.span(
                "",
                class_name="tr-countdown",
                data_deadline=RoomState.deadline.to_string(),
                data_now=RoomState.server_now.to_string(),
                style={
                    "fontVariantNumeric": "tabular-nums",
                    "fontWeight": "700",
                    "color": "#bf3989",
                    "padding": "0.15em 0.55em",
                    "borderRadius": "999px",
                    # the timer ring: a conic border that empties as the turn runs out
                    "background": "linear-gradient(white, white) padding-box, conic-gradient(#bf3989 calc(var(--p, 100) * 1%), #e5e7eb 0) border-box",
                    "border": "3px solid transparent",
                },
            ),
        ),
        padding="0.35em 0.7em",
        border_radius="999px",
        border=rx.cond(p.current, "2px solid var(--accent-9)", "1px solid var(--gray-a6)"),
        background=rx.cond(p.me, "var(--accent-a3)", "transparent"),
        align="center",
        spacing="2",
        class_name="player-chip",
        data_current=rx.cond(p.current, "true", "false"),
    )


def _table_set(s) -> rx.Component:
    return rx.box(
        rx.box(
            rx.foreach(s.tiles, lambda t: rx.box(number_tile(t, RoomState.toggle(t.id), movable=RoomState.my_turn), flex="1", min_width="0")),
            display="flex",
            gap="0.25cqw",
            height="100%",
        ),
        rx.cond(~s.valid, rx.el.span(server_text(s.reason), class_name="set-reason", style={"position": "absolute", "top": "100%", "left": rx.cond(s.reason_right, "auto", "0"), "right": rx.cond(s.reason_right, "0", "auto"), "fontSize": "1.4cqw", "color": "#cf222e", "whiteSpace": "nowrap", "background": "#fff", "padding": "0 0.3cqw", "zIndex": "2"})),
        rx.cond(
            RoomState.my_turn & (RoomState.selected.length() > 0),
            rx.el.button("+", type="button", class_name="place-here", aria_label=tr("board.place_here"), on_click=RoomState.place_on(s.index),
                         style={"position": "absolute", "right": "-1.6cqw", "top": "0", "width": "1.5cqw", "height": "100%", "fontSize": "1.6cqw", "border": "none", "borderRadius": "0.4cqw", "background": "#2da44e", "color": "white", "cursor": "pointer", "padding": "0"}),
        ),
        class_name="tr-set table-set",
        data_drop="set",
        data_set_index=s.index,
        data_valid=rx.cond(s.valid, "true", "false"),
        data_changed=rx.cond(s.changed, "true", "false"),
        position="absolute",
        left=s.left,
        top=s.top,
        width=s.width,
        height=f"calc(100% / {RoomState.board_rows.to_string()} - 0.6cqw)",
        padding="0.15cqw",
        border_radius="0.8cqw",
        outline=rx.cond(s.valid, "0.25cqw solid #2da44e", "0.35cqw solid #cf222e"),
        background="rgba(255,255,255,0.55)",
    )


def _table() -> rx.Component:
    return rx.box(
        rx.box(
            rx.foreach(RoomState.sets, _table_set),
            rx.cond(RoomState.sets.length() == 0, rx.text(tr("board.table_empty"), color_scheme="gray", size="2", padding="1em")),
            id="table",
            data_board="true",
            data_flash=(RoomState.flash % 2).to_string(),  # restarts the changed sets' 1 s flash (board_feedback.py)
            data_drop="board",
            data_cols=str(BOARD_COLS),
            data_rows=RoomState.board_rows.to_string(),
            position="relative",
            width="100%",
            aspect_ratio=f"{BOARD_COLS * 3} / calc({RoomState.board_rows.to_string()} * 4.3)",
            border_radius="14px",
            background="#e6f2ec",
        ),
        class_name="tr-board-table",
        # the whole table fits one screen: at most 45 % of its height, and on a laptop no more than
        # leaves room for the players, the buttons and a two-row rack (about 470 px)
        width=f"min(100%, calc(clamp(28vh, 100vh - 470px, 45vh) * {BOARD_COLS * 3} / (12 * 4.3)))",
        # the box keeps the unzoomed table's shape, so 크게 보기 pans inside it
        aspect_ratio=f"{BOARD_COLS * 3} / calc({RoomState.board_rows.to_string()} * 4.3)",
        margin_x="auto",
    )


# client-side only: zooming is this browser's view of the table, nothing the server needs to know
_TOGGLE_ZOOM = """(() => { const b = document.getElementById('board'); if (!b) return;
  const on = b.dataset.zoom !== 'true'; b.dataset.zoom = on ? 'true' : 'false';
  const t = document.getElementById('table-zoom'); if (t) t.setAttribute('aria-pressed', on ? 'true' : 'false'); })()"""


def _zoom_button() -> rx.Component:
    """크게 보기 / 전체 보기: on a phone the whole table makes tiles small; this doubles them."""
    return rx.button(
        rx.el.span(tr("board.zoom_in"), class_name="zoom-label-in"),
        rx.el.span(tr("board.zoom_out"), class_name="zoom-label-out"),
        variant="ghost",
        id="table-zoom",
        aria_pressed="false",
        on_click=rx.call_script(_TOGGLE_ZOOM),
    )


def _rack_cell(c) -> rx.Component:
    return rx.box(
        rx.cond(c.empty, rx.fragment(), number_tile(c.tile, RoomState.toggle(c.tile.id), movable=True)),
        data_rack_cell=c.index,
        min_height="3.75rem",
        border_radius="8px",
        background=rx.cond(c.empty, "rgba(0,0,0,0.05)", "transparent"),
        class_name="rack-cell",
    )


def _rack() -> rx.Component:
    return rx.box(
        rx.box(
            rx.foreach(RoomState.rack, _rack_cell),
            class_name="tr-rack-grid",
            display="grid",
            grid_template_columns="repeat(10, 2.9rem)",
            justify_content="center",
            gap="6px",
        ),
        id="rack",
        class_name="tr-rack",
        data_drop="rack",
        width="100%",
        padding="10px",
        border_radius="14px",
        background="#f3e9d8",
    )


def _draw_button() -> rx.Component:
    label = rx.cond(RoomState.pool_count > 0, tr("key.draw"), tr("board.pass"))
    kind = rx.cond(RoomState.pool_count > 0, "draw", "pass")
    plain = rx.button(label, id="draw", variant="outline", on_click=RoomState.game_action(kind))
    # a draft would be thrown away: ask first (issue 4)
    confirm = rx.alert_dialog.root(
        rx.alert_dialog.trigger(rx.button(label, id="draw", variant="outline")),
        rx.alert_dialog.content(
            rx.alert_dialog.title(tr("board.draw_confirm.title")),
            rx.alert_dialog.description(tr("board.draw_confirm.desc")),
            rx.hstack(
                rx.alert_dialog.cancel(rx.button(tr("board.draw_confirm.keep"), variant="soft")),
                rx.alert_dialog.action(rx.button(tr("board.draw_confirm.ok"), id="draw-confirm", on_click=RoomState.game_action(kind))),
                spacing="3",
                justify="end",
            ),
        ),
    )
    return rx.cond(RoomState.draft_changed, confirm, plain)


def _keys_dialog() -> rx.Component:
    """Configurable shortcuts, saved in this browser; `assets/keys.js` presses the buttons."""
    return rx.dialog.root(
        rx.dialog.trigger(rx.button(tr("board.keys"), variant="ghost", id="keys")),
        rx.dialog.content(
            rx.dialog.title(tr("board.keys.title")),
            rx.form(
                rx.grid(
                    *[
                        rx.fragment(
                            rx.text(tr(f"key.{action}"), size="2"),
                            rx.input(name=action, default_value=KeyState.bindings[action], max_length=12, id=f"key-{action}", width="8em"),
                        )
                        for action in ACTIONS
                    ],
                    columns="2",
                    spacing="2",
                ),
                rx.hstack(
                    rx.button(tr("board.keys.defaults"), type="button", variant="soft", on_click=KeyState.restore_defaults),
                    rx.dialog.close(rx.button(tr("common.save"), type="submit", id="keys-save")),
                    justify="end",
                    margin_top="1em",
                ),
                on_submit=KeyState.save,
            ),
            rx.text(tr("board.keys.note"), size="1", color_scheme="gray", margin_top="0.5em"),
        ),
    )


def rummikub_board() -> rx.Component:
    """The board for one viewer."""
    return gesture_layer(
        rx.el.style(BOARD_CSS),
        rx.el.style(FEEDBACK_CSS),
        rx.vstack(
            rx.hstack(rx.foreach(RoomState.players, _player_chip), spacing="2", wrap="wrap", id="players"),
            rx.hstack(
                rx.text(tr("board.pool_before"), RoomState.pool_count, tr("board.pool_after"), size="2", color_scheme="gray", id="pool-count"),
                rx.cond(RoomState.my_turn, rx.badge(tr("common.my_turn"), color_scheme="green", size="2", id="my-turn")),
                rx.cond(~RoomState.my_turn, rx.text(by_locale(RoomState.current_name_en, RoomState.current_name), tr("common.whose_turn"), size="2", id="whose-turn")),
                feedback_badges(),
                rx.cond(RoomState.live_draft, rx.badge(tr("board.live_draft"), variant="soft", id="live-draft")),
                rx.cond(RoomState.meld_text != "", rx.badge(by_locale(RoomState.meld_text_en, RoomState.meld_text), color_scheme="amber", size="2", id="meld-progress")),
                rx.spacer(),
                _zoom_button(),
                _keys_dialog(),
                rules_dialog(),
                rx.el.span(id="key-bindings", data_keys=KeyState.keymap_json, hidden=True),
                spacing="3",
                align="center",
                wrap="wrap",
                width="100%",
            ),
            _table(),
            # a fixed line: a reason that appears must not move the rack under a finger
            rx.box(
                rx.cond(
                    RoomState.error != "",
                    rx.text(server_line(RoomState.error, RoomState.error_en), color="#cf222e", size="2", weight="bold", id="room-error"),
                    rx.cond(RoomState.problem != "", rx.text(server_line(RoomState.problem, RoomState.problem_en), color="#cf222e", size="2", id="commit-problem")),
                ),
                min_height="1.5em",
            ),
            # one row of buttons: the turn's actions, then the rack's (a laptop keeps the rack on screen)
            rx.flex(
                rx.cond(
                    RoomState.my_turn,
                    rx.fragment(
                        rx.button(tr("key.new_set"), id="place-new", on_click=RoomState.place_new, disabled=RoomState.selected.length() == 0),
                        rx.button(tr("key.to_rack"), id="to-rack", variant="soft", on_click=RoomState.to_rack, disabled=RoomState.selected.length() == 0),
                        rx.button(tr("key.undo"), id="undo", variant="soft", on_click=RoomState.game_action("undoDraft"), disabled=~RoomState.can_undo),
                        rx.button(tr("key.reset"), id="reset", variant="soft", on_click=RoomState.game_action("resetDraft")),
                        rx.button(tr("key.commit"), id="commit", color_scheme=rx.cond(RoomState.commit_ok, "green", "gray"), on_click=RoomState.game_action("commit")),
                        _draw_button(),
                    ),
                ),
                rx.spacer(),
                rx.button("789", id="sort-runs", variant="soft", aria_label=tr("board.sort_runs"), on_click=RoomState.sort_rack("789")),
                rx.button("777", id="sort-groups", variant="soft", aria_label=tr("board.sort_groups"), on_click=RoomState.sort_rack("777")),
                rx.button(tr("key.hint"), id="hint", variant="soft", on_click=RoomState.hint),
                rx.button(tr("key.clear"), id="clear-selection", variant="ghost", on_click=RoomState.clear_selection),
                gap="8px",
                wrap="wrap",
                width="100%",
                align="center",
            ),
            _rack(),
            spacing=rx.breakpoints(initial="2", sm="3"),
            width="100%",
            id="board",
            data_watching=rx.cond(watching(), "true", "false"),
            data_reduced=rx.cond(RoomState.mj_reduced, "true", "false"),  # 애니메이션 줄이기 (board_feedback.py)
        ),
        on_chain=RoomState.chain_select,
        on_drop=RoomState.drop_tiles,
        long_press_ms=250,
        width="100%",
    )
