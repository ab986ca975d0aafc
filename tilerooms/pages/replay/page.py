"""The replay page /game/<record_id> (issue 21: 2): a finished game step by step, every rack or
hand revealed, with the live screens' own tile components (`table/rummikub/tiles.number_tile`,
`table/mahjong/tiles.mj_tile`).

Controls: to start / back / forward / to end, autoplay at 0.5× 1× 2× (`assets/replay.js` clicks
the hidden ticker while playing: the timer runs in the browser, the server only answers steps),
a clickable move list, keyboard ← → Home End and Space (`assets/keys.js` reads #key-bindings and
clicks the bound button, as on the live board), a copy-link button (the address is the share
link) and, for mahjong, a hand (국) selector and the tenhou.net/6 download. Laptop: the picture
beside the move list, both in the window (each scrolls in its place); phone: one column.
"""

from __future__ import annotations

import json

import reflex as rx

from tilerooms.pages.replay.games import SCREENS
from tilerooms.pages.replay.review import review_panel
from tilerooms.pages.replay.state import MAX_SEATS, SPEEDS, ReplayState
from tilerooms.shell.header import page
from tilerooms.shell.scripts import page_script
from tilerooms.shell.text import by_locale, tr
from tilerooms.table.mahjong.tiles import mj_tile
from tilerooms.table.rummikub.tiles import number_tile

KEYS = {"ArrowLeft": "replay-prev", "ArrowRight": "replay-next", "Home": "replay-start", "End": "replay-end", " ": "replay-play"}


# --- controls ----------------------------------------------------------------------------------


def _button(key: str, icon: str, button_id: str, on_click, **props) -> rx.Component:
    return rx.button(
        rx.icon(icon, size=16),
        rx.el.span(tr(key), class_name="rp-btn-text"),
        id=button_id,
        on_click=on_click,
        variant="soft",
        size="2",
        aria_label=tr(key),
        **props,
    )


def _hand_selector() -> rx.Component:
    s = ReplayState
    return rx.el.select(
        rx.foreach(s.hands, lambda h: rx.el.option(by_locale(h.label_en, h.label), value=h.hand.to_string())),
        value=s.hand.to_string(),
        on_change=s.choose_hand,
        id="replay-hand",
        aria_label=tr("rp.hand"),
        class_name="rp-select",
    )


def _controls() -> rx.Component:
    s = ReplayState
    return rx.box(
        _button("rp.start", "skip-back", "replay-start", s.to_start, disabled=s.at <= 0),
        _button("rp.prev", "chevron-left", "replay-prev", s.step(-1), disabled=s.at <= 0),
        rx.button(
            rx.cond(s.playing, rx.icon("pause", size=16), rx.icon("play", size=16)),
            rx.el.span(rx.cond(s.playing, tr("rp.pause"), tr("rp.play")), class_name="rp-btn-text"),
            id="replay-play",
            aria_label=rx.cond(s.playing, tr("rp.pause"), tr("rp.play")),  # its text is hidden on a phone (issue 34: 14)
            on_click=s.toggle_play,
            size="2",
            data_playing=rx.cond(s.playing, "true", "false"),
        ),
        _button("rp.next", "chevron-right", "replay-next", s.step(1), disabled=s.at >= s.last),
        _button("rp.end", "skip-forward", "replay-end", s.to_end, disabled=s.at >= s.last),
        rx.el.span((s.at + 1).to_string(), " / ", (s.last + 1).to_string(), id="replay-position", class_name="rp-position"),
        rx.segmented_control.root(
            *[rx.segmented_control.item(f"{speed}×", value=speed, id=f"replay-speed-{speed.replace('.', '')}") for speed in SPEEDS],
            value=s.speed,
            on_change=lambda value: s.set_speed(value.to(str)),
            size="1",
            id="replay-speed",
            aria_label=tr("rp.speed"),
        ),
        # mahjong: the hand (국) selector beside the speed (one row of controls on a phone, issue 34: 7)
        rx.cond(s.hands.length() > 0, _hand_selector()),
        # a phone's mahjong replay is one screen: the move list, the share buttons and the review
        # open over it from here (assets/mahjong/replay.css)
        rx.button(
            rx.icon("list", size=18),
            id="replay-side-toggle",
            on_click=s.toggle_side,
            variant=rx.cond(s.side_open, "solid", "soft"),
            size="2",
            aria_label=tr("rp.moves"),
            aria_expanded=rx.cond(s.side_open, "true", "false"),
            aria_controls="replay-side",
            class_name="rp-side-toggle",
        ),
        # the autoplay timer lives in the browser (assets/replay.js): it clicks this while playing
        rx.el.button(
            id="replay-ticker",
            type="button",
            on_click=s.tick,
            tab_index=-1,
            aria_hidden="true",
            data_playing=rx.cond(s.playing, "true", "false"),
            data_ms=s.interval_ms.to_string(),
            class_name="rp-ticker",
        ),
        rx.el.div(id="key-bindings", data_keys=json.dumps(KEYS), hidden=True),
        class_name="rp-controls",
    )


def _move_list() -> rx.Component:
    s = ReplayState
    return rx.box(
        rx.heading(tr("rp.moves"), size="3"),
        rx.el.ol(
            rx.foreach(
                s.moves,
                lambda m: rx.el.li(
                    rx.el.button(by_locale(m.text_en, m.text), type="button", on_click=s.go(m.index), class_name="rp-move-btn"),
                    class_name="rp-move",
                    data_index=m.index.to_string(),
                    data_current=rx.cond(m.index == s.at, "true", "false"),
                ),
            ),
            id="replay-moves",
            class_name="rp-moves",
        ),
        rx.text(tr("rp.keys"), size="1", color_scheme="gray", class_name="rp-keys"),
        class_name="rp-movebox",
    )


def _share() -> rx.Component:
    s = ReplayState
    return rx.box(
        rx.button(rx.icon("link", size=16), tr("rp.copy"), id="replay-copy", on_click=s.copy_link, variant="soft", size="2"),
        rx.cond(s.copied, rx.text(tr("rp.copied"), size="1", color_scheme="green", id="replay-copied")),
        rx.cond(
            s.can_download,
            rx.button(rx.icon("download", size=16), tr("rp.download"), id="replay-download", on_click=s.download_tenhou, size="2"),
        ),
        class_name="rp-share",
    )


def _review_slot() -> rx.Component:
    # the AI review (복기, issue 21: 3), computed in the background when the game ended
    return review_panel()


def _seats(game: str, draw) -> list[rx.Component]:
    """The seats of the picture, each from its own state var (ReplayState.<game>_seat_<i>)."""
    return [rx.cond(ReplayState.seat_count > i, draw(getattr(ReplayState, f"{game}_seat_{i}"))) for i in range(MAX_SEATS)]


# --- number tiles ------------------------------------------------------------------------------


def _rk_seat(seat) -> rx.Component:
    return rx.box(
        rx.box(
            rx.el.strong(by_locale(seat.name_en, seat.name), class_name="rp-name"),
            rx.el.span(seat.count.to_string(), tr("rp.tiles"), class_name="rp-count"),
            rx.cond(seat.melded, rx.badge(tr("rp.melded"), color_scheme="green", size="1")),
            rx.cond(seat.current, rx.badge(tr("rp.turn"), color_scheme="amber", size="1")),
            rx.cond(seat.left, rx.badge(tr("rp.left"), color_scheme="gray", size="1")),
            rx.cond(seat.score != "", rx.el.span(seat.score, class_name="rp-score")),
            class_name="rp-seat-head",
        ),
        rx.box(rx.foreach(seat.rack, lambda t: number_tile(t, small=True)), class_name="rp-rack"),
        class_name="rp-rk-seat",
        data_player=seat.id,
        data_current=rx.cond(seat.current, "true", "false"),
    )


def _rummikub() -> rx.Component:
    f = ReplayState.rk
    return rx.box(
        rx.cond(f.result != "", rx.callout(by_locale(f.result_en, f.result), icon="trophy", id="replay-result", size="1")),
        rx.box(
            rx.heading(tr("rp.table"), size="3"),
            rx.el.span(tr("rp.pool"), f.pool.to_string(), tr("rp.tiles"), class_name="rp-count", id="replay-pool"),
            class_name="rp-seat-head",
        ),
        rx.cond(
            f.sets.length() > 0,
            rx.box(
                rx.foreach(f.sets, lambda s: rx.box(rx.foreach(s.tiles, lambda t: number_tile(t, small=True)), class_name="rp-set", data_set=s.key)),
                class_name="rp-sets",
                id="replay-table",
            ),
            rx.text(tr("rp.table_empty"), size="2", color_scheme="gray", id="replay-table"),
        ),
        rx.box(*_seats("rk", _rk_seat), class_name="rp-rk-seats", id="replay-racks"),
        class_name="rp-picture rp-rk",
    )


# --- mahjong -----------------------------------------------------------------------------------


def _mj_seat(seat) -> rx.Component:
    return rx.box(
        rx.box(
            rx.el.span(by_locale(seat.wind_en, seat.wind), class_name="rp-wind"),
            rx.el.strong(by_locale(seat.name_en, seat.name), class_name="rp-name"),
            rx.el.span(seat.points.to_string(), class_name="rp-points"),
            rx.cond(seat.delta != "", rx.el.span(seat.delta, class_name="rp-delta", data_sign=rx.cond(seat.delta.contains("-"), "minus", "plus"))),
            rx.cond(seat.dealer, rx.badge(tr("rp.dealer"), color_scheme="amber", size="1")),
            rx.cond(seat.riichi, rx.badge(tr("rp.riichi"), color_scheme="red", size="1")),
            rx.cond(seat.current, rx.badge(tr("rp.turn"), color_scheme="blue", size="1")),
            rx.cond(seat.kita > 0, rx.el.span(tr("rp.kita"), seat.kita.to_string(), class_name="rp-count")),
            class_name="rp-seat-head",
        ),
        rx.box(
            rx.box(rx.foreach(seat.hand, lambda t: mj_tile(t, size="rp")), class_name="rp-hand"),
            rx.cond(seat.drawn.length() > 0, rx.box(rx.foreach(seat.drawn, lambda t: mj_tile(t, size="rp")), class_name="rp-drawn")),
            rx.foreach(seat.melds, lambda m: rx.box(rx.foreach(m.tiles, lambda t: mj_tile(t, size="rp")), class_name="rp-meld", data_kind=m.kind)),
            class_name="rp-hand-row",
        ),
        rx.box(rx.foreach(seat.pond, lambda t: mj_tile(t, size="rpp")), class_name="rp-pond"),
        class_name="rp-mj-seat",
        data_player=seat.id,
        data_current=rx.cond(seat.current, "true", "false"),
    )


def _mj_result() -> rx.Component:
    f = ReplayState.mj
    return rx.box(
        rx.box(
            rx.el.strong(by_locale(f.result_title_en, f.result_title), class_name="rp-result-title"),
            rx.foreach(f.result_lines, lambda line: rx.el.span(by_locale(line.text_en, line.text))),
            class_name="rp-seat-head",
        ),
        rx.foreach(
            f.winners,
            lambda w: rx.box(
                rx.box(
                    rx.el.strong(by_locale(w.name_en, w.name)),
                    rx.el.span(by_locale(w.how_en, w.how)),
                    rx.el.span(by_locale(w.score_en, w.score), class_name="rp-win-score"),
                    class_name="rp-seat-head",
                ),
                rx.box(
                    rx.foreach(w.hand, lambda t: mj_tile(t, size="rp")),
                    rx.box(rx.foreach(w.win_tile, lambda t: mj_tile(t, size="rp")), class_name="rp-win-tile"),
                    class_name="rp-hand-row",
                ),
                rx.box(rx.foreach(w.yaku, lambda y: rx.el.span(by_locale(y.text_en, y.text), class_name="rp-yaku")), class_name="rp-yaku-list"),
                class_name="rp-win",
            ),
        ),
        rx.cond(f.ura.length() > 0, rx.box(rx.el.span(tr("rp.ura")), rx.foreach(f.ura, lambda t: mj_tile(t, size="rpp")), class_name="rp-dora")),
        class_name="rp-mj-result",
        id="replay-result",
    )


def _mahjong() -> rx.Component:
    f = ReplayState.mj
    return rx.box(
        rx.box(
            rx.el.strong(by_locale(f.round_label_en, f.round_label), id="replay-round"),
            rx.el.span(tr("rp.sticks"), f.riichi_sticks.to_string(), class_name="rp-count"),
            rx.el.span(tr("rp.live"), f.live.to_string(), class_name="rp-count"),
            rx.box(rx.el.span(tr("rp.dora")), rx.foreach(f.dora, lambda t: mj_tile(t, size="rpp")), class_name="rp-dora", id="replay-dora"),
            class_name="rp-seat-head rp-mj-info",
        ),
        rx.cond(f.result_shown, _mj_result()),
        rx.box(*_seats("mj", _mj_seat), class_name="rp-mj-seats", id="replay-seats"),
        class_name="rp-picture rp-mj",
    )


# --- the page ----------------------------------------------------------------------------------

PICTURES = {"rk": _rummikub, "mj": _mahjong}  # each picture by its vars' prefix (`ReplayScreen.prefix`)


def _picture() -> rx.Component:
    """The shown game's picture (its replay screen from `pages/replay/games.py`)."""
    return rx.match(ReplayState.game, *[(game, PICTURES[screen.prefix]()) for game, screen in SCREENS.items()], rx.fragment())


def _missing() -> rx.Component:
    return rx.box(
        rx.heading(tr("rp.missing"), size="6", id="replay-missing"),
        rx.text(tr("rp.missing_hint")),
        rx.hstack(
            rx.button(tr("rp.retry"), on_click=ReplayState.load, id="replay-retry", variant="soft"),
            rx.link(tr("rp.to_lobby"), href="/lobby"),
            spacing="3",
            align="center",
        ),
        class_name="rp-message",
    )


def _ready() -> rx.Component:
    s = ReplayState
    return rx.box(
        rx.box(
            rx.box(
                rx.heading(tr("rp.title"), " · ", by_locale(s.title_en, s.title), size="5", id="replay-title"),
                rx.text(s.when, " · ", by_locale(s.players_en, s.players), size="1", color_scheme="gray"),
                class_name="rp-titles",
            ),
            _controls(),
            _picture(),
            class_name="rp-main",
        ),
        rx.box(_share(), _move_list(), _review_slot(), class_name="rp-side", id="replay-side"),
        class_name="rp-root",
        id="replay",
        data_game=s.game,
        data_side=rx.cond(s.side_open, "open", "closed"),
    )


def replay_page() -> rx.Component:
    """/game/<record_id>: the finished game's replay, or why it cannot show."""
    return page(
        rx.el.link(rel="stylesheet", href="/mahjong/table.css"),
        rx.el.link(rel="stylesheet", href="/replay.css"),
        rx.el.link(rel="stylesheet", href="/mahjong/replay.css"),
        page_script("/replay.js"),
        rx.match(
            ReplayState.status,
            ("ready", _ready()),
            ("missing", _missing()),
            ("pending", rx.callout(tr("rp.pending"), icon="loader", id="replay-pending")),
            ("limited", rx.callout(tr("rp.limited"), icon="triangle_alert", color_scheme="amber", id="replay-limited")),
            rx.callout(tr("rp.loading"), icon="loader", id="replay-loading"),
        ),
    )
