"""The number-tile board's players row: one chip per player with the name, the tile count, 등록 and
the turn clock (issue 34: 2, 4).

Nothing in the row moves when the turn passes: every chip keeps the clock's place (empty in the
others' chips, so a new turn's clock is as big before its first tick as after), the current name
is emboldened with a stroke that does not change its width, and 등록 keeps its place, hidden, until
the player has melded. On a phone the chips share the row's width in equal columns, two lines each
(the name, cut with "…"; the tile count and the clock), so four players fit 390 px.
"""

from __future__ import annotations

import reflex as rx

from tilerooms.shell.text import by_locale, tr
from tilerooms.table.rank_chip import rank_chip
from tilerooms.table.rummikub import turn_line as turn
from tilerooms.table.rummikub.state import RummikubTable
from tilerooms.table.state import RoomState

# the turn clock's ring: a conic border that empties as the turn runs out (assets/countdown.js sets --p)
_RING = "linear-gradient(white, white) padding-box, conic-gradient(#bf3989 calc(var(--p, 100) * 1%), #e5e7eb 0) border-box"

PLAYERS_CSS = """
#players { display: flex; flex-wrap: nowrap; gap: 6px; overflow-x: auto; scrollbar-width: none; min-width: 0; }
.player-chip { flex: 0 0 auto; display: inline-flex; align-items: center; gap: 6px; white-space: nowrap; box-sizing: border-box;
  padding: 2px 6px 2px 12px; border-radius: 999px; border: 2px solid var(--gray-a5); }
.player-chip[data-current="true"] { border-color: var(--accent-9); }
.player-chip[data-me="true"] { background: var(--accent-a3); }
.tr-chip-name { overflow: hidden; text-overflow: ellipsis; max-width: 11em; }
/* bold without growing: a bolder face is wider and would push the other chips */
.player-chip[data-current="true"] .tr-chip-name { -webkit-text-stroke: 0.04em currentColor; }
.tr-count { font-variant-numeric: tabular-nums; }
.tr-count-n { display: inline-block; min-width: 2ch; text-align: right; }
.tr-chip-marks { display: inline-flex; gap: 4px; }
.tr-melded[data-on="false"] { visibility: hidden; }
/* the clock's place, the same size empty or full, in every chip */
.tr-clock { flex: 0 0 auto; box-sizing: border-box; width: 3.8em; height: 1.9em; font-size: 14px; display: inline-flex; align-items: center;
  justify-content: center; border: 3px solid transparent; border-radius: 999px; font-variant-numeric: tabular-nums;
  font-weight: 700; color: #bf3989; line-height: 1; overflow: hidden; }
@media (max-width: 600px) {
  /* equal columns, all inside the row; a chip is two lines: the name (cut with …), then the tile
     count and the clock; 등록 is a ✓ in the top corner */
  #players { display: grid; grid-auto-flow: column; grid-auto-columns: minmax(0, 1fr); gap: 4px; overflow: hidden; }
  .player-chip { position: relative; display: grid; grid-template-columns: minmax(0, 1fr) auto; grid-template-areas: "name name" "count clock";
    align-items: center; gap: 1px 2px; min-width: 0; padding: 2px 3px 2px 5px; border-radius: 10px; }
  #players .player-chip, #players .player-chip * { font-size: 12px !important; line-height: 16px !important; }
  .tr-chip-name { grid-area: name; max-width: none; min-width: 0; padding-right: 11px; }
  .tr-chip-marks { position: absolute; top: 2px; right: 3px; }
  .tr-count { grid-area: count; justify-self: start; padding: 0 3px !important; }
  .tr-clock { grid-area: clock; width: 3.5em; height: 1.6em; border-width: 2px; }
  /* short forms that fit a quarter of the row: a tile sign for "장", ✓ for 등록 (the words stay for
     screen readers) */
  .tr-count::before { content: ""; display: inline-block; width: 7px; height: 10px; margin-right: 3px; border: 1.5px solid currentColor;
    border-radius: 2px; vertical-align: -1px; }
  .tr-melded { padding: 0 !important; background: none !important; }
  .tr-melded::before { content: "✓"; font-weight: 700; }
  .tr-count-unit, .tr-mark-word { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
}
"""


def _player_chip(p, seat) -> rx.Component:
    current = seat == turn.current_seat()
    return rx.box(
        rx.text(rank_chip(p.id, short=True), rx.cond(RoomState.ranks.contains(p.id), " ", ""), by_locale(p.name_en, p.name), class_name="tr-chip-name"),
        rx.badge(
            # one inline run ("15장", "15 tiles"): the badge's flex gap would split "15 장"
            rx.el.span(rx.el.span(turn.seat_tiles(seat), class_name="tr-count-n"), rx.el.span(tr("board.tiles_suffix"), class_name="tr-count-unit")),
            variant="soft",
            class_name="tr-count",
        ),
        rx.el.span(
            rx.badge(
                rx.el.span(tr("board.melded"), class_name="tr-mark-word"),
                color_scheme="green",
                variant="soft",
                class_name="tr-melded",
                data_on=rx.cond(p.melded, "true", "false"),
            ),
            rx.cond(p.left, rx.badge(tr("board.left"), color_scheme="gray")),
            class_name="tr-chip-marks",
        ),
        rx.cond(
            current,
            rx.el.span("", class_name="tr-clock tr-countdown", data_deadline=turn.deadline(), data_start=turn.turn_start(), style={"background": _RING}),
            rx.el.span(class_name="tr-clock", aria_hidden="true"),
        ),
        class_name="player-chip",
        data_current=rx.cond(current, "true", "false"),
        data_me=rx.cond(p.me, "true", "false"),
    )


def players_row() -> rx.Component:
    """One chip per player, in seat order."""
    return rx.box(rx.foreach(RummikubTable.players, _player_chip), id="players")
