"""The mahjong table (issue 7; spec §7.1 beginner mode, §9 UI/UX) for phone and PC.

- During a game the screen is the game (issue 19): one thin bar (ui/room.py), then the table,
  which never scrolls. One square table: four ponds (6 per row) around the centre panel (round,
  honba, riichi sticks, tiles left, dora indicators, the clock, every player's wind and score on
  their side); each player's name plate with riichi stick and open melds in a corner. Its size
  comes from the window (`assets/mahjong/table.css`): a phone in portrait gives it the full width
  and puts the status line, the band and the hand under it; a wider screen gives it the full
  height left by the hand, with the status and settings at its left and the band at its right.
- The band: a fixed place for my claim window (big 론/퐁/깡/치/패스, a ring for the seconds left,
  chi/pon choices as tile pictures) and my turn buttons (쯔모/리치/깡/북/구종구패 when legal,
  버리기). It grows upward over the table when it needs more room, so the hand under it never
  moves: my hand is one row at the same place on every turn, with the drawn tile set apart.
  Tap selects and enlarges, a second tap or a swipe up discards; 버리기 discards the selected tile.
- A hand's result lies over the table until everyone has seen it.
- Result screens (`mahjong_results.py`): a hand's result over the table; the game's end (in
  `room.py`) shows the ranking and a line chart of everyone's points across hands.
- Everything is drawn from `RoomState`'s mahjong rows, which come from this viewer's view only.
"""

from __future__ import annotations

import reflex as rx

from tilerooms.i18n import MESSAGES
from tilerooms.shell.scripts import page_script
from tilerooms.shell.text import by_locale, server_message, tr, tr_of
from tilerooms.table.alerts import turn_signal
from tilerooms.table.live import live_line
from tilerooms.table.mahjong.results import result_overlay
from tilerooms.table.mahjong.rows import HAND_SIZE, NO_YAKU, NO_YAKU_TSUMO_ONLY, PLACES, POND_ROWS
from tilerooms.table.mahjong.rules_dialog import rules_dialog
from tilerooms.table.mahjong.said import said_text
from tilerooms.table.mahjong.state import MahjongTable
from tilerooms.table.mahjong.tiles import mj_token_tile, tile_face, token_code
from tilerooms.table.rank_chip import rank_chip
from tilerooms.table.state import RoomState

_CALL_COLOURS = {"ron": "red", "pon": "blue", "kan": "violet", "chi": "green"}


# --- the square --------------------------------------------------------------------------------


def _plate_var(place: str):
    return getattr(MahjongTable, f"mj_plate_{place}")


def _pond(place: str) -> rx.Component:
    """A place's pond: its four row vars in one grid of six a row; the last discard is marked."""
    last = MahjongTable.mj_turn.last

    def tile(t) -> rx.Component:
        return mj_token_tile(t, size="pond", data_last=rx.cond((last != "") & (t.split("/")[0] == last), "true", "false"))

    rows = [getattr(MahjongTable, f"mj_pond_{place}_{row}") for row in range(POND_ROWS)]
    pond = rows[0] + rows[1] + rows[2] + rows[3]  # joined in the browser: one list of children
    return rx.cond(
        _plate_var(place).seated,
        rx.box(rx.foreach(pond, tile), class_name="mj-pond mj-pond-" + place, data_pond=place, id="pond-" + place),
    )


def _meld(m) -> rx.Component:
    return rx.box(rx.foreach(m.tiles, lambda t: mj_token_tile(t, size="meld")), class_name="mj-meld", title=m.name, data_meld=m.kind)


def _playing() -> rx.Var:
    return MahjongTable.mj_info.phase == "playing"


def _current(place: str) -> rx.Var:
    """Lit while this place must discard (it drew or called)."""
    return rx.cond(_playing() & (MahjongTable.mj_turn.holder == place), "true", "false")


def _plate(place: str) -> rx.Component:
    seat = _plate_var(place)
    # the hand's size from its melds (mahjong_view.plate_count): it need not travel with each discard
    melds = getattr(MahjongTable, f"mj_melds_{place}")
    count = HAND_SIZE - 3 * melds.length() + rx.cond(MahjongTable.mj_turn.holder == place, 1, 0)
    return rx.cond(
        seat.seated,
        rx.box(
            rx.hstack(
                rx.el.span(
                    by_locale(seat.wind_en, seat.wind), class_name="mj-wind", style={"fontWeight": "800", "color": rx.cond(seat.dealer, "#ffd33d", "#fff")}
                ),
                rx.el.span(by_locale(seat.name_en, seat.name), class_name="mj-name"),
                rank_chip(seat.player, short=True),
                rx.cond(seat.away, rx.el.span(tr("mj.auto"), style={"opacity": "0.8"})),
                spacing="1",
                align="center",
            ),
            rx.hstack(
                rx.el.span(seat.points, class_name="mj-points"),
                rx.cond(seat.riichi, rx.el.span("", class_name="mj-stick", title=tr("mj.riichi_stick"), data_riichi="true")),
                rx.el.span(count.to_string(), tr("mj.tiles_suffix"), style={"opacity": "0.75"}),
                rx.cond(seat.kita > 0, rx.el.span(tr("mj.kita"), seat.kita.to_string())),
                spacing="1",
                align="center",
            ),
            # the melds, then the Norths set aside as tiles (북 뽑기, spec 5.7; issue 34: 15)
            rx.box(
                rx.foreach(melds, _meld),
                rx.cond(
                    seat.kita > 0,
                    rx.box(
                        rx.foreach(seat.kita_tiles, lambda t: mj_token_tile(t, size="meld")),
                        class_name="mj-meld mj-kita",
                        data_meld="kita",
                        title=tr("mj.kita_button"),
                    ),
                ),
                class_name="mj-melds",
            ),
            class_name="mj-plate",
            data_seat=place,
            data_current=_current(place),
            id="plate-" + place,
        ),
    )


def _side(place: str) -> rx.Component:
    """A place's wind and points on its side of the centre panel."""
    seat = _plate_var(place)
    return rx.cond(
        seat.seated, rx.el.span(by_locale(seat.wind_en, seat.wind), " ", seat.points, class_name="mj-side", data_pos=place, data_current=_current(place))
    )


def _turn_name(en: bool) -> rx.Var:
    """The name of the seat whose turn it is (from its plate)."""
    return rx.match(MahjongTable.mj_turn.seat, *[(p, _plate_var(p).name_en if en else _plate_var(p).name) for p in PLACES], "")


def _centre() -> rx.Component:
    rnd, turn = MahjongTable.mj_round, MahjongTable.mj_turn
    return rx.box(
        rx.el.div(by_locale(rnd.label_en, rnd.label), id="mj-round"),
        # two short lines: one long line ran under the side seats' rotated scores
        rx.el.div(
            rx.el.div(tr("mj.sticks"), rnd.riichi_sticks.to_string(), id="mj-sticks"),
            rx.el.div(tr("mj.wall"), turn.live.to_string(), id="mj-wall"),
            id="mj-counts",
        ),
        rx.el.div(
            rx.el.span(tr("mj.dora"), class_name="mj-dora-word"),
            rx.box(rx.foreach(rnd.dora, lambda t: mj_token_tile(t, size="dora")), class_name="mj-dora"),
            id="mj-dora",
        ),
        # the turn's clock, big enough to read at a glance, by the server's clock (assets/countdown.js)
        rx.cond(
            turn.deadline > 0,
            rx.el.div("", class_name="tr-countdown mj-clock", id="mj-clock", data_deadline=turn.deadline.to_string()),
        ),
        *[_side(p) for p in PLACES],
        class_name="mj-centre",
        id="mj-centre",
    )


def _square() -> rx.Component:
    cells = [
        rx.box(_plate("top"), class_name="mj-cell"),
        rx.box(_pond("top"), class_name="mj-cell"),
        rx.box(_plate("right"), class_name="mj-cell"),
        rx.box(_pond("left"), class_name="mj-cell"),
        rx.box(_centre(), class_name="mj-cell"),
        rx.box(_pond("right"), class_name="mj-cell"),
        rx.box(_plate("left"), class_name="mj-cell"),
        rx.box(_pond("bottom"), class_name="mj-cell"),
        rx.box(_plate("bottom"), class_name="mj-cell"),
    ]
    # the square is the size container its tiles scale with; the grid inside it sizes its rows by its width
    return rx.box(rx.box(*cells, class_name="mj-grid"), class_name="mj-square", id="mj-square")


# --- my hand and buttons -----------------------------------------------------------------------


def _flag(on) -> rx.Var:
    return rx.cond(on, "true", "false")


def _hand_tile(t, drawn: bool = False) -> rx.Component:
    own = MahjongTable.mj_own
    return rx.box(
        mj_token_tile(
            t.id,
            size="hand",
            on_click=MahjongTable.mj_tap(t.id),
            id="hand-" + token_code(t.id) + "-" + t.id.split(":")[0],
            data_tile=t.id,
            data_selected=_flag(own.selected == t.id),
            data_legal=_flag(t.legal),
            data_lit=_flag(own.lit.contains(t.id)),
            data_locked=_flag(own.locked.contains(t.id)),
            data_keeps=_flag(own.hints.contains(t.id)),
            data_hint=by_locale(own.hints_en.get(t.id, ""), own.hints.get(t.id, "")),
        ),
        rx.el.button(
            "", type="button", data_mj_swipe="true", tab_index=-1, aria_hidden="true", on_click=MahjongTable.mj_swipe(t.id), style={"display": "none"}
        ),
        class_name="mj-hand-slot" + (" mj-drawn" if drawn else ""),
        display="flex",
    )


def _hand() -> rx.Component:
    own = MahjongTable.mj_own
    return rx.box(
        rx.foreach(own.hand, lambda t: _hand_tile(t)),
        rx.foreach(own.drawn, lambda t: rx.box(_hand_tile(t, drawn=True), class_name="mj-drawn", display="flex")),
        class_name="mj-hand",
        id="mj-hand",
        data_riichi_mode=rx.cond(own.riichi_mode, "true", "false"),
    )


def _selected_hint() -> rx.Component:
    """The selected tile's beginner hint: "9만 버리면 대기 6통·9통 · 남은 5장"."""
    own = MahjongTable.mj_own
    code = token_code(own.selected)
    label = by_locale(tile_face(code, "label_en"), tile_face(code, "label"))
    return rx.cond(
        own.hints.contains(own.selected),
        rx.badge(
            label,
            tr("mj.discard_then"),
            by_locale(own.hints_en.get(own.selected, ""), own.hints.get(own.selected, "")),
            color_scheme="green",
            size="2",
            id="mj-selected-hint",
        ),
    )


def _turn_buttons() -> rx.Component:
    own = MahjongTable.mj_own
    return rx.flex(
        rx.cond(
            own.can_tsumo,
            rx.button(tr("mj.tsumo"), id="mj-tsumo", color_scheme="red", size="4", class_name="mj-big", on_click=MahjongTable.mj_turn_action("tsumo")),
        ),
        rx.cond(
            own.can_riichi,
            rx.button(
                rx.cond(own.riichi_mode, tr("mj.riichi_cancel"), tr("mj.riichi")),
                id="mj-riichi",
                color_scheme="amber",
                size="4",
                class_name="mj-big",
                variant=rx.cond(own.riichi_mode, "solid", "soft"),
                on_click=MahjongTable.mj_riichi,
            ),
        ),
        rx.foreach(
            own.kans,
            lambda k: rx.button(
                by_locale(k.label_en, k.label),
                rx.el.span(rx.foreach(k.tiles, lambda t: mj_token_tile(t, size="sm")), class_name="mj-choice"),
                id="mj-kan-" + k.key.split(":")[0],
                color_scheme="violet",
                size="4",
                class_name="mj-big",
                on_click=MahjongTable.mj_kan(k.key),
            ),
        ),
        rx.cond(
            own.can_kita,
            rx.button(tr("mj.kita_button"), id="mj-kita", size="4", class_name="mj-big", variant="soft", on_click=MahjongTable.mj_turn_action("kita")),
        ),
        rx.cond(
            own.can_kyuushu,
            rx.button(tr("mj.kyuushu"), id="mj-kyuushu", size="4", class_name="mj-big", variant="soft", on_click=MahjongTable.mj_turn_action("kyuushu")),
        ),
        rx.spacer(),
        rx.button(
            tr("mj.discard"), id="mj-discard", size="4", class_name="mj-big", on_click=MahjongTable.mj_discard, disabled=MahjongTable.mj_own.selected == ""
        ),
        gap="8px",
        wrap="wrap",
        width="100%",
        align="center",
        id="mj-turn-buttons",
    )


def _claim_window() -> rx.Component:
    claim = MahjongTable.mj_claim

    def call_button(call: str, label: str, flag) -> rx.Component:
        return rx.cond(
            flag,
            rx.button(
                tr(label), id=f"mj-call-{call}", size="4", color_scheme=_CALL_COLOURS[call], class_name="mj-big", on_click=MahjongTable.mj_call(call, [])
            ),
        )

    def choices(kind: str, rows) -> rx.Component:
        return rx.cond(
            rows.length() > 1,
            rx.el.div(
                rx.el.span(tr(f"mj.{kind}"), tr("mj.combination"), class_name="mj-choice-label"),
                rx.foreach(
                    rows,
                    lambda c: rx.button(
                        rx.el.span(rx.foreach(c.tiles, lambda t: mj_token_tile(t, size="sm")), class_name="mj-choice"),
                        variant="soft",
                        class_name="mj-big mj-choice-button",
                        id=f"mj-{kind}-choice-" + c.key,
                        on_click=MahjongTable.mj_call(kind, c.tiles),
                    ),
                ),
                class_name="mj-choices",
            ),
        )

    # the question on top, the buttons at the bottom: they are the band's lowest line, right over
    # the hand, wherever the question and the choices above them end
    return rx.box(
        # one sentence with the tile inline, so a phone wraps it like text (a div: a <p> may not hold the tile's box)
        rx.el.div(
            rx.el.b(by_locale(claim.from_name_en, claim.from_name), tr("mj.claim_from")),
            rx.el.span(mj_token_tile(claim.tile, size="sm"), class_name="mj-choice mj-claim-tile"),
            # Korean: the particle chosen by the tile's name ("백을", "서를")
            by_locale(MESSAGES["mj.claim_question"]["en"], claim.question),
            class_name="mj-claim-line",
        ),
        rx.cond(
            MahjongTable.mj_beginner & (claim.pon | claim.chi | claim.kan) & ~MahjongTable.mj_own.in_riichi,
            rx.el.div(tr("mj.call_no_riichi"), class_name="mj-claim-note"),
        ),
        choices("chi", claim.chi_choices),
        choices("pon", claim.pon_choices),
        rx.el.div(
            rx.el.span("", class_name="mj-ring tr-countdown", data_deadline=claim.deadline.to_string(), id="mj-claim-ring"),
            call_button("ron", "mj.ron", claim.ron),
            call_button("pon", "mj.pon", claim.pon),
            call_button("kan", "mj.kan", claim.kan),
            call_button("chi", "mj.chi", claim.chi),
            rx.button(tr("mj.pass"), id="mj-call-pass", size="4", variant="outline", class_name="mj-big", on_click=MahjongTable.mj_call("pass", [])),
            class_name="mj-claim-buttons",
        ),
        class_name="mj-claim",
        id="mj-claim",
    )


def _status_line() -> rx.Component:
    """Whose turn and what my hand needs to know, most urgent first: one line that scrolls sideways
    on a phone, a column beside the table on a wide screen; never taller than its place."""
    info, own, turn = MahjongTable.mj_info, MahjongTable.mj_own, MahjongTable.mj_turn
    return rx.box(
        # nobody's turn while a result shows
        rx.cond(
            info.my_turn,
            rx.badge(tr("common.my_turn"), color_scheme="green", size="3", id="mj-my-turn"),
            rx.cond(
                _playing() & (turn.seat != ""),
                rx.el.span(by_locale(_turn_name(en=True), _turn_name(en=False)), tr("common.whose_turn"), id="mj-whose-turn", class_name="mj-whose"),
            ),
        ),
        # a claim window (nobody holds a tile to discard) I have no part in
        rx.cond(
            _playing() & (turn.holder == "") & ~MahjongTable.mj_claim.open,
            rx.badge(tr("mjr.deciding"), color_scheme="gray", size="3", id="mj-waiting"),
        ),
        rx.cond(own.riichi_mode, rx.badge(tr("mj.riichi_mode"), color_scheme="amber", size="2", id="mj-riichi-mode")),
        rx.cond(MahjongTable.mj_beginner, _selected_hint()),
        rx.cond(own.waits_text != "", rx.badge(by_locale(own.waits_text_en, own.waits_text), color_scheme="blue", size="2", id="mj-waits")),
        rx.cond(own.furiten, rx.badge(tr("mj.furiten"), color_scheme="red", size="2", id="mj-furiten")),
        rx.cond(own.in_riichi, rx.badge(tr("mj.in_riichi"), color_scheme="amber", size="2")),
        rx.cond(
            MahjongTable.mj_beginner & (own.no_yaku != ""),
            rx.badge(tr_of(own.no_yaku, (NO_YAKU, NO_YAKU_TSUMO_ONLY)), color_scheme="orange", size="2", id="mj-no-yaku"),
        ),
        rx.cond(
            MahjongTable.mj_beginner & (own.yaku_hint != ""),
            rx.badge(by_locale(own.yaku_hint_en, own.yaku_hint), color_scheme="teal", size="2", id="mj-yaku-hint"),
        ),
        class_name="mj-status-line",
        id="mj-status-line",
        # it scrolls sideways on a phone: a keyboard must reach it too (WCAG 2.1.1), under a name
        tab_index=0,
        role="group",
        aria_label=tr("mj.status_label"),
    )


def _settings() -> rx.Component:
    """This browser's table settings behind one button (they change rarely; the table needs the room)."""
    own = MahjongTable.mj_own

    def switch(label: str, on, handler, test_id: str) -> rx.Component:
        return rx.button(tr(label), size="2", variant=rx.cond(on, "solid", "outline"), on_click=handler, id=test_id, aria_pressed=rx.cond(on, "true", "false"))

    return rx.popover.root(
        rx.popover.trigger(rx.button(rx.icon("settings", size=16), tr("mj.settings"), size="2", variant="soft", id="mj-settings")),
        rx.popover.content(
            rx.flex(
                switch("mj.set.large", MahjongTable.mj_large, MahjongTable.mj_setting("mj_large"), "mj-set-large"),
                switch("mj.set.one_tap", MahjongTable.mj_one_tap, MahjongTable.mj_setting("mj_one_tap"), "mj-set-one-tap"),
                switch("mj.set.beginner", MahjongTable.mj_beginner, MahjongTable.mj_setting("mj_beginner"), "mj-set-beginner"),
                rx.cond(MahjongTable.mj_beginner, switch("mj.set.auto_win", own.auto_win, MahjongTable.mj_pref("autoWin"), "mj-set-auto-win")),
                rx.cond(MahjongTable.mj_beginner, switch("mj.set.no_calls", own.no_calls, MahjongTable.mj_pref("noCalls"), "mj-set-no-calls")),
                switch("mj.set.reduced", RoomState.reduced_motion, RoomState.toggle_reduced_motion, "mj-set-reduced"),
                gap="8px",
                wrap="wrap",
                max_width="20rem",
            ),
            id="mj-settings-panel",
        ),
    )


def _status() -> rx.Component:
    """The status line with the settings and the rules ([?], spec §9) at its end."""
    return rx.box(
        _status_line(),
        rx.box(_settings(), rules_dialog(), class_name="mj-tools"),
        class_name="mj-status",
        id="mj-status",
    )


def _band() -> rx.Component:
    """The fixed band over the hand (issue 19: 2): a refusal, my claim window or my turn's buttons.
    Its content sits on the band's bottom edge and grows upward (over the table when it must),
    so nothing under it moves when it appears or goes."""
    info = MahjongTable.mj_info
    return rx.box(
        rx.callout(tr("mj.landscape"), icon="smartphone", size="1", class_name="mj-landscape-tip"),
        rx.box(
            rx.cond(
                RoomState.error != "", rx.el.div(server_message(RoomState.error, RoomState.error_args), id="room-error", class_name="mj-error", role="alert")
            ),
            rx.cond(MahjongTable.mj_claim.open, _claim_window()),
            rx.cond(info.my_turn & ~MahjongTable.mj_claim.open, _turn_buttons()),
            class_name="mj-band-content",
        ),
        class_name="mj-band",
        id="mj-band",
    )


def _announce() -> rx.Component:
    """A call in large text over the table ("퐁!" … "쯔모!", spec §9) for about a second (table.js);
    it lies over the table's place and never moves anything; a new `announce_key` remounts it."""
    announce = MahjongTable.mj_announce
    return rx.cond(
        announce.text != "",
        rx.el.div(
            rx.el.span(by_locale(announce.text_en, announce.text), class_name="mj-announce-word"),
            key=announce.key,
            id="mj-announce",
            class_name="mj-announce",
            role="status",
            data_key=announce.key,
        ),
    )


# --- the whole table ---------------------------------------------------------------------------


def mahjong_table() -> rx.Component:
    """The table for one viewer (players and spectators alike; spectators have no hand)."""
    info = MahjongTable.mj_info
    return rx.box(
        rx.el.link(rel="stylesheet", href="/mahjong/table.css"),
        page_script("/mahjong/table.js"),  # not rx.script: react-helmet warns in strict mode (issue 34: 11)
        # one grid (table.css): the table, the status line, the band and the hand each in a
        # place of their own size, whatever shows in them
        rx.box(
            rx.box(_square(), class_name="mj-table-area"),
            _announce(),
            _status(),
            _band(),
            rx.cond(~info.spectator, _hand()),
            class_name="mj-layout",
        ),
        # a hand's result lies over the whole table until confirmed (mahjong_results.py)
        result_overlay(),
        # the latest move, my turn and a claim offered to me, for a screen reader (issue 34: 14)
        live_line(
            ko=said_text("ko"),
            en=said_text("en"),
            turn=info.my_turn,
            extra=rx.cond(MahjongTable.mj_claim.open & (MahjongTable.mj_claim.answered == ""), tr("mj.live.claim"), ""),
        ),
        # my turn, a claim offered to me, discards, calls and wins, for the alerts (issue 34: 13)
        turn_signal(
            turn=MahjongTable.mj_own.can_discard,
            claim=MahjongTable.mj_claim.open & (MahjongTable.mj_claim.answered == ""),
            move=MahjongTable.mj_turn.last,
            call=MahjongTable.mj_announce.key,
            win=MahjongTable.mj_result.shown & (MahjongTable.mj_result.kind == "agari"),
        ),
        class_name="mj-root",
        id="mj-table",
        data_large=rx.cond(MahjongTable.mj_large, "true", "false"),
        data_reduced=rx.cond(RoomState.reduced_motion, "true", "false"),
        data_spectator=rx.cond(info.spectator, "true", "false"),
    )
