"""The number-tile board: players with the turn clock, the table on its grid, the rack grid and
the turn buttons (issue 4; spec §9, service page 조작 방법).

- Tap / click / Enter toggles a tile; a 0.25 s long press chain-selects to the right; dragging
  moves the selected tiles (the gesture layer in `gestures.jsx`).
- The table takes the height the players, the rack and the fixed action bar leave; its sets flow
  in the engine's reading order into as many columns as the screen holds, and `gestures.jsx`
  fits the tile size (as big as a rack tile, smaller only when the table is full): no scrolling,
  no set across the edge, a set's reason inside its own box.
- Keyboard: every tile and drop target is a button (Tab, Enter); key bindings in `keys.js`.
"""

from __future__ import annotations

import reflex as rx

from tilerooms.games.rummikub.board import BOARD_COLS
from tilerooms.shell.keys import ACTIONS, KeyState
from tilerooms.shell.text import by_locale, server_message, tr
from tilerooms.table.alerts import turn_signal
from tilerooms.table.live import live_line
from tilerooms.table.rummikub import turn_line as turn
from tilerooms.table.rummikub.feedback import FEEDBACK_CSS, feedback_badges, watching
from tilerooms.table.rummikub.gestures import gesture_layer
from tilerooms.table.rummikub.players import PLAYERS_CSS, players_row
from tilerooms.table.rummikub.rows import SET_REASONS, SET_SLOTS
from tilerooms.table.rummikub.rules_dialog import rules_dialog
from tilerooms.table.rummikub.state import RummikubTable
from tilerooms.table.rummikub.tiles import coded_tile
from tilerooms.table.state import RoomState

BOARD_CSS = """
/* during a game the screen is the game: the page loses its side margins and gestures.jsx gives
   the board the viewport's height below the header; the table takes what the rest leaves */
.tr-page-body:has(#board) { max-width: none !important; padding-top: 8px !important; }
#board { display: flex; flex-direction: column; height: 100%; min-height: 0; gap: 6px; }
/* two lines on a laptop: the players, then whose turn, the last move with my first meld's progress
   and the tools at the right end (four players and a long English move line did not fit one line:
   the move was cut to "AI 4 (…", issue 34: 5) */
.tr-top { display: grid; grid-template-columns: auto minmax(0, 1fr) auto; grid-template-areas: "players players players" "status move tools";
  align-items: center; gap: 4px 12px; flex: 0 0 auto; min-width: 0; }
#players { grid-area: players; }
.tr-status { grid-area: status; display: flex; align-items: center; gap: 8px; white-space: nowrap; overflow: hidden; min-width: 0; }
.tr-moveline { grid-area: move; display: flex; align-items: center; gap: 8px; white-space: nowrap; overflow: hidden; min-width: 0; min-height: 24px; }
.tr-moveline > * { flex: 0 0 auto; }
.tr-moveline #last-move { flex: 0 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
.tr-tools { grid-area: tools; display: flex; align-items: center; gap: 10px; white-space: nowrap; }
/* an action-bar label has a short form for a narrow button */
.tr-short { display: none; }
.tr-board-table { flex: 1 1 0; min-height: 0; position: relative; overflow: hidden; border-radius: 14px; background: #e6f2ec; }
/* 크게 보기: the flow at twice the size in a twice-as-wide table, panned inside the same box */
#board[data-zoom="true"] .tr-board-table { overflow: auto; overscroll-behavior: contain; }
#board[data-zoom="true"] #table { width: 200%; }
.zoom-label-out, #board[data-zoom="true"] .zoom-label-in { display: none; }
#board[data-zoom="true"] .zoom-label-out { display: inline; }
/* sets flow in the engine's reading order (CSS order); --tw, the tile width, is fitted by gestures.jsx */
#table { --tw: 40px; position: relative; box-sizing: border-box; width: 100%; min-height: 100%; padding: 8px;
  display: flex; flex-wrap: wrap; align-content: flex-start; align-items: flex-start;
  gap: calc(var(--tw) * 0.3) calc(var(--tw) * 0.4); }
.tr-set { position: relative; display: inline-flex; flex-direction: column; max-width: 100%; box-sizing: border-box;
  padding: 3px; border-radius: 8px;
  background: rgba(255,255,255,0.55); outline: 2px solid #2da44e; }
.tr-set[data-valid="false"] { outline: 3px solid #cf222e; }
.tr-set-tiles { display: flex; flex-wrap: wrap; gap: calc(var(--tw) * 0.07); }
.tr-board-table .tr-tile { min-width: 0 !important; width: var(--tw); height: calc(var(--tw) * 1.36) !important;
  padding: 0 !important; gap: 0 !important; border-radius: calc(var(--tw) * 0.16) !important; }
.tr-board-table .tr-tile span:first-child { font-size: calc(var(--tw) * 0.5) !important; }
.tr-board-table .tr-tile span:last-child { font-size: calc(var(--tw) * 0.3) !important; }
/* a reason is part of its set's box: legible, and it can never cover a neighbour */
.set-reason { font-size: 12px; line-height: 1.25; color: #cf222e; font-weight: 600; margin-top: 2px; }
/* "+" (tap or Enter: the selected tiles join this set) floats on the set's right edge, over the gap,
   so it appears without moving anything */
.place-here { position: absolute; top: 50%; right: calc(max(24px, var(--tw) * 0.6) / -2); transform: translateY(-50%);
  width: max(24px, calc(var(--tw) * 0.6)); height: max(24px, calc(var(--tw) * 0.6)); z-index: 3;
  border: 2px solid white; border-radius: 999px; background: #2da44e; color: white; font-weight: 800;
  font-size: 16px; line-height: 1; cursor: pointer; padding: 0; box-shadow: 0 1px 3px rgba(0,0,0,0.3); }
.tr-tile:focus-visible { outline: 3px solid #0969da; outline-offset: 2px; }
.tr-rack .tr-tile, .tr-board-table .tr-tile { touch-action: none; -webkit-touch-callout: none; }
.tr-countdown[data-urgent="true"] { color: #cf222e !important; }
.tr-message { flex: 0 0 auto; min-height: 1.5em; }
.tr-rack { flex: 0 0 auto; padding: 8px; border-radius: 14px; background: #f3e9d8; }
.tr-rack-grid { display: grid; grid-template-columns: repeat(15, 2.9rem); justify-content: center; gap: 6px; }
/* the action bar: always the same buttons at the bottom (disabled out of turn), so nothing moves */
#action-bar { flex: 0 0 auto; display: flex; gap: 8px; align-items: stretch; }
#action-bar > * { min-height: 44px; }
#action-bar #sort-runs { margin-left: auto; }
@media (prefers-reduced-motion: reduce) {
  .tr-set, .tr-tile { transition: none !important; animation: none !important; }
}
@media (max-width: 900px) {
  .tr-rack-grid { grid-template-columns: repeat(10, 2.9rem); }
}
@media (max-width: 600px) {
  #board { gap: 4px; }
  /* one height whatever the count (issue 34: 3): two rows of tall tiles up to 14, three rows of
     44 px ones up to 21 (a finger's size), then it scrolls; a growing rack shrank the table by a
     row at every 15th tile. Tiles keep their cells: only their height changes */
  .tr-rack { padding: 4px; height: 148px; box-sizing: border-box; overflow-y: auto; overscroll-behavior: contain; }
  .tr-rack-grid { grid-template-columns: repeat(7, minmax(44px, 1fr)) !important; grid-auto-rows: minmax(44px, 1fr); gap: 4px; height: 100%; }
  .tr-rack .rack-cell { min-height: 0 !important; }
  .tr-rack .tr-tile { width: 100%; height: 100% !important; min-width: 0 !important; }
  .rack-cell[data-spare="true"] { display: none; }
  #table { padding: 6px; }
  .set-reason { font-size: 11px; }
  /* fixed lines: the players (every chip inside the row: players.py), whose turn with the tools,
     then two lines for the last move and my first meld's progress, which wrap inside them (an
     English move and the meld badge do not fit one line); the table never moves */
  .tr-top { grid-template-columns: minmax(0, 1fr) auto; gap: 2px 8px;
    grid-template-areas: "players players" "status tools" "move move"; }
  .tr-tools { gap: 8px; }
  .tr-moveline { flex-wrap: wrap; align-content: center; gap: 0 8px; height: 36px; min-height: 0; white-space: normal; }
  .tr-moveline #last-move { white-space: normal; }
  /* finger-sized tools (issue 34: 6) that keep their line's height: the box reaches over the lines
     above and below, which hold no controls */
  .tr-tools .rt-Button { min-height: 44px; min-width: 44px; margin-block: -13px; position: relative; z-index: 1; }
  .tr-top .rt-Text, .tr-top .rt-Badge { font-size: 13px !important; line-height: 18px; }
  .tr-top .rt-Badge { padding-top: 0; padding-bottom: 0; }
  .tr-message { min-height: 18px; }
  .tr-message .rt-Text { font-size: 13px !important; line-height: 18px; }
  .tr-tools .rt-Button { font-size: 13px; }
}
/* touch: two rows of five finger-sized buttons */
@media (max-width: 600px), (pointer: coarse) {
  #action-bar { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 4px; }
  #action-bar #sort-runs { margin-left: 0; }
  #action-bar > * { min-height: 48px; }
  #action-bar .rt-Button { height: auto; min-height: 48px; white-space: nowrap; line-height: 1.15; padding: 2px 4px; font-size: 13px; }
  .tr-long { display: none; }
  .tr-short { display: inline; }
}
/* a keyboard's shortcuts mean nothing to a finger */
@media (pointer: coarse) { .tr-tools #keys { display: none; } }
"""


def _table_set(code, index) -> rx.Component:
    # a box in the table's flow from its code "rank row col R7a R8a R9a[|reason]" (rummikub_view.set_code):
    # its place is its rank in the engine's reading order, its engine position rides along for
    # gestures.jsx to turn a drop point into a free board spot
    parts = code.split("|")
    head = parts[0].to(str).split(" ")
    tiles = head[3:]
    valid = parts.length() == 1
    return rx.box(
        rx.box(
            rx.foreach(
                tiles,
                lambda t: coded_tile(
                    t,
                    RummikubTable.selected.contains(t),
                    arrived=RummikubTable.arrived.contains(t),
                    jokers=RummikubTable.jokers,
                    on_click=RummikubTable.toggle(t),
                    movable=RummikubTable.my_turn,
                ),
            ),
            class_name="tr-set-tiles",
        ),
        rx.cond(
            ~valid,
            rx.el.span(
                rx.match(parts[1].to(str), *((reason, tr(f"set.reason.{reason}")) for reason in SET_REASONS), parts[1].to(str)), class_name="set-reason"
            ),
        ),
        rx.cond(
            RummikubTable.my_turn & (RummikubTable.selected.length() > 0),
            rx.el.button("+", type="button", class_name="place-here", aria_label=tr("board.place_here"), on_click=RummikubTable.place_on(index)),
        ),
        class_name="tr-set table-set",
        data_drop="set",
        data_set_index=index,
        data_row=head[1],
        data_col=head[2],
        data_order=head[0],
        data_size=tiles.length(),
        data_valid=rx.cond(valid, "true", "false"),
        data_changed=rx.cond(RummikubTable.changed_sets.contains(index), "true", "false"),
        style={"order": head[0]},
    )


def _shown_sets() -> rx.Var:
    """Every set's code by index: the slot vars, then the draft's further sets."""
    slots = rx.Var.create([getattr(RummikubTable, f"set_{i}") for i in range(SET_SLOTS)])
    return (slots + RummikubTable.sets_more).to(list[str])


def _table() -> rx.Component:
    return rx.box(
        rx.box(
            rx.foreach(_shown_sets(), lambda code, index: rx.cond(code != "", _table_set(code, index))),
            rx.cond(RummikubTable.set_0 == "", rx.text(tr("board.table_empty"), color_scheme="gray", size="2", padding="1em")),
            id="table",
            data_board="true",
            data_flash=(RummikubTable.flash % 2).to_string(),  # restarts the changed sets' 1 s flash (board_feedback.py)
            data_drop="board",
            data_cols=str(BOARD_COLS),
        ),
        # all the height the players, the rack and the action bar leave (BOARD_CSS, gestures.jsx)
        class_name="tr-board-table",
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


def _rack_cell(code, index) -> rx.Component:
    # a cell is its tile's id, "" when empty; cells past rack_shown are a phone's spare ones
    empty = code == ""
    return rx.box(
        rx.cond(
            empty,
            rx.fragment(),
            coded_tile(
                code, RummikubTable.selected.contains(code), drawn=RummikubTable.drawn.contains(code), on_click=RummikubTable.toggle(code), movable=True
            ),
        ),
        data_rack_cell=index,
        data_spare=rx.cond(index >= RummikubTable.rack_shown, "true", "false"),
        min_height="3.75rem",
        border_radius="8px",
        background=rx.cond(empty, "rgba(0,0,0,0.05)", "transparent"),
        class_name="rack-cell",
    )


def _rack() -> rx.Component:
    return rx.box(
        rx.box(
            rx.foreach(RummikubTable.rack_cells, _rack_cell),
            # the empty cells after the last tile (not sent one by one: only their count)
            rx.foreach(rx.Var.range(RummikubTable.rack_cells.length(), RummikubTable.rack_size), lambda index: _rack_cell(rx.Var.create(""), index)),
            class_name="tr-rack-grid",
        ),
        id="rack",
        class_name="tr-rack",
        data_drop="rack",
    )


def _label(key: str) -> rx.Component:
    """A button label with a short form (`key.short`) that a phone's narrow bar button shows."""
    return rx.fragment(rx.el.span(tr(key), class_name="tr-long"), rx.el.span(tr(f"{key}.short"), class_name="tr-short"))


def _draw_button() -> rx.Component:
    label = rx.cond(turn.pool_count() > 0, _label("key.draw"), tr("board.pass"))
    kind = rx.cond(turn.pool_count() > 0, "draw", "pass")
    plain = rx.button(label, id="draw", variant="outline", on_click=RummikubTable.game_action(kind), disabled=~RummikubTable.my_turn)
    # a draft would be thrown away: ask first (issue 4)
    confirm = rx.alert_dialog.root(
        rx.alert_dialog.trigger(rx.button(label, id="draw", variant="outline")),
        rx.alert_dialog.content(
            rx.alert_dialog.title(tr("board.draw_confirm.title")),
            rx.alert_dialog.description(tr("board.draw_confirm.desc")),
            rx.hstack(
                rx.alert_dialog.cancel(rx.button(tr("board.draw_confirm.keep"), variant="soft")),
                rx.alert_dialog.action(rx.button(tr("board.draw_confirm.ok"), id="draw-confirm", on_click=RummikubTable.game_action(kind))),
                spacing="3",
                justify="end",
            ),
        ),
    )
    return rx.cond(RummikubTable.draft_changed, confirm, plain)


def _action_bar() -> rx.Component:
    """The fixed bar under the rack (spec §9 하단 고정 버튼): the same buttons in the same place on
    every turn, the turn's own disabled out of turn; two rows of five finger-sized ones on a phone."""
    no_selection = RummikubTable.selected.length() == 0
    return rx.box(
        rx.button(tr("key.new_set"), id="place-new", on_click=RummikubTable.place_new, disabled=~RummikubTable.my_turn | no_selection),
        rx.button(tr("key.to_rack"), id="to-rack", variant="soft", on_click=RummikubTable.to_rack, disabled=~RummikubTable.my_turn | no_selection),
        rx.button(
            tr("key.undo"),
            id="undo",
            variant="soft",
            on_click=RummikubTable.game_action("undoDraft"),
            disabled=~RummikubTable.my_turn | ~RummikubTable.can_undo,
        ),
        rx.button(tr("key.reset"), id="reset", variant="soft", on_click=RummikubTable.game_action("resetDraft"), disabled=~RummikubTable.my_turn),
        rx.button(_label("key.clear"), id="clear-selection", variant="ghost", on_click=RummikubTable.clear_selection),
        # the spoken name starts with the visible "789" (WCAG 2.5.3: a voice user says what they see)
        rx.button("789", id="sort-runs", variant="soft", aria_label=tr("board.sort_runs"), on_click=RummikubTable.sort_rack("789")),
        rx.button("777", id="sort-groups", variant="soft", aria_label=tr("board.sort_groups"), on_click=RummikubTable.sort_rack("777")),
        rx.button(tr("key.hint"), id="hint", variant="soft", on_click=RummikubTable.hint),
        rx.button(
            tr("key.commit"),
            id="commit",
            color_scheme=rx.cond(RummikubTable.commit_ok, "green", "gray"),
            on_click=RummikubTable.game_action("commit"),
            disabled=~RummikubTable.my_turn,
        ),
        _draw_button(),
        id="action-bar",
    )


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
        rx.el.style(PLAYERS_CSS),
        rx.box(
            # the players (players.py), the turn's status, the last move, the table tools: fixed lines
            rx.box(
                players_row(),
                # whose turn and the pool: one line that never wraps
                rx.box(
                    rx.cond(RummikubTable.my_turn, rx.badge(tr("common.my_turn"), color_scheme="green", size="2", id="my-turn")),
                    rx.cond(
                        ~RummikubTable.my_turn,
                        rx.text(
                            by_locale(turn.current_name(english=True), turn.current_name(english=False)), tr("common.whose_turn"), size="2", id="whose-turn"
                        ),
                    ),
                    rx.text(tr("board.pool_before"), turn.pool_count(), tr("board.pool_after"), size="2", color_scheme="gray", id="pool-count"),
                    class_name="tr-status",
                ),
                # what just happened and how my turn stands: a line of its own on a phone, kept even
                # when empty so the table does not move when a move is named
                rx.box(
                    feedback_badges(),
                    rx.cond(
                        RummikubTable.meld != "",
                        rx.badge(by_locale(turn.meld_progress("en"), turn.meld_progress("ko")), color_scheme="amber", size="2", id="meld-progress"),
                    ),
                    rx.cond(RummikubTable.live_draft, rx.badge(tr("board.live_draft"), variant="soft", id="live-draft")),
                    class_name="tr-moveline",
                ),
                rx.box(
                    _zoom_button(),
                    rx.cond(watching(), rx.fragment(), _keys_dialog()),  # a spectator has no buttons to bind
                    rules_dialog(),
                    rx.el.span(id="key-bindings", data_keys=KeyState.keymap_json, hidden=True),
                    # my turn, others' placements and the game's end, for the alerts (issue 34: 13)
                    turn_signal(turn=RummikubTable.my_turn, move=RummikubTable.flash),
                    class_name="tr-tools",
                ),
                class_name="tr-top",
            ),
            # the last move and my turn for a screen reader, spoken once each (issue 34: 14)
            live_line(ko=turn.last_move("ko"), en=turn.last_move("en"), turn=RummikubTable.my_turn),
            _table(),
            # a fixed line: a reason that appears must not move the rack under a finger
            rx.box(
                rx.cond(
                    RoomState.error != "",
                    rx.text(server_message(RoomState.error, RoomState.error_args), color="#cf222e", size="2", weight="bold", id="room-error"),
                    rx.cond(
                        RummikubTable.problem != "",
                        rx.text(server_message(RummikubTable.problem, RummikubTable.problem_args), color="#cf222e", size="2", id="commit-problem"),
                    ),
                ),
                class_name="tr-message",
            ),
            # a spectator has no rack and no turn buttons at all (not merely hidden: issue 17's attacker test)
            rx.cond(watching(), rx.fragment(), rx.fragment(_rack(), _action_bar())),
            width="100%",
            id="board",
            data_watching=rx.cond(watching(), "true", "false"),
            data_reduced=rx.cond(RoomState.reduced_motion, "true", "false"),  # 애니메이션 줄이기 (board_feedback.py)
        ),
        on_chain=RummikubTable.chain_select,
        on_drop=RummikubTable.drop_tiles,
        long_press_ms=250,
        width="100%",
        class_name="tr-game",  # gestures.jsx gives it the viewport's height below the header
    )
