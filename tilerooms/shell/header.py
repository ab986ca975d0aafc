"""The site shell: header with brand, navigation and language switch, then the page body."""

from __future__ import annotations

import reflex as rx

from tilerooms.shell.identity import IdentityState
from tilerooms.shell.locale import LocaleState
from tilerooms.shell.server_clock import clock_url
from tilerooms.shell.text import SR_ONLY, by_locale, tr

__all__ = ["header", "nav_link", "page", "tr"]


def nav_link(key: str, href: str, **props) -> rx.Component:
    """A header link; one size smaller on a phone, so a 390 px screen holds the header in English too."""
    return rx.link(tr(key), href=href, size=rx.breakpoints(initial="2", sm="3"), weight="medium", underline="none", **props)


def quick_match_link() -> rx.Component:
    """빠른 대전 (issue 37): to the lobby's queue panel. On a phone only its icon (the header holds
    no more words at 390 px); its name stays its accessible label."""
    return rx.link(
        rx.icon("zap", size=18),
        rx.text(tr("quick.title"), display=rx.breakpoints(initial="none", md="inline")),
        href="/lobby#quick-match",
        size=rx.breakpoints(initial="2", sm="3"),
        weight="medium",
        underline="none",
        aria_label=tr("quick.title"),
        display="inline-flex",
        align_items="center",
        gap="4px",
        id="nav-quick",
        class_name="tr-quick",
    )


def header_account_link() -> rx.Component:
    """The header's account entry: the member's name (to /me) or "로그인"."""
    return rx.cond(
        IdentityState.is_member,
        rx.link(
            rx.hstack(
                rx.avatar(fallback=IdentityState.nickname[:1], color_scheme=IdentityState.avatar_color, variant="solid", size="1"),
                rx.text(IdentityState.nickname, id="header-member-name", max_width="7em", overflow="hidden", text_overflow="ellipsis"),
                align="center",
                spacing="2",
            ),
            href="/me",
            underline="none",
            id="header-profile",
        ),
        nav_link("nav.signin", "/signin", id="header-signin"),
    )


def sound_toggle() -> rx.Component:
    """소리 on/off for the game alerts (issue 34: 13), kept in this browser by assets/alerts.js: both
    faces are here, each with its own label, and the script's one style rule shows the right one."""
    return rx.el.button(
        rx.el.span(rx.icon("volume-2", size=18), rx.el.span(tr("sound.mute"), style=SR_ONLY), class_name="sound-on", display="inline-flex"),
        rx.el.span(rx.icon("volume-x", size=18), rx.el.span(tr("sound.unmute"), style=SR_ONLY), class_name="sound-off", display="none"),
        on_click=rx.call_script("window.tileroomsAlerts && window.tileroomsAlerts.toggleMute()"),
        class_name="sound-toggle",
        id="sound-toggle",
        type="button",
        # a finger-sized target (44 px) that does not make the header taller
        style={
            "width": "44px",
            "height": "44px",
            "margin": "-6px 0",
            "display": "inline-flex",
            "alignItems": "center",
            "justifyContent": "center",
            "background": "none",
            "border": "none",
            "color": "var(--gray-11)",
            "cursor": "pointer",
            "position": "relative",
            "flexShrink": "0",
        },
    )


def header() -> rx.Component:
    """Top bar of every page."""
    return rx.hstack(
        rx.link(
            rx.hstack(
                rx.icon("grid-3x3", size=22),
                rx.heading("tilerooms", size=rx.breakpoints(initial="4", sm="5"), class_name="tr-brand-word"),
                align="center",
                spacing="2",
            ),
            href="/",
            underline="none",
            aria_label="tilerooms",
            class_name="tr-brand",
        ),
        # a 390 px phone in English: the longer links and the sound toggle leave no room for the word
        rx.el.style("@media (max-width: 519px) { .tr-shell[lang='en'] .tr-brand-word { display: none; } }"),
        # the quick-match link's icon alone on a phone: still a 44 px target, as the brand's
        rx.el.style("@media (max-width: 767px) { .tr-header a.tr-quick { box-sizing: border-box; min-width: 44px; min-height: 44px; } }"),
        rx.spacer(),
        # the site's navigation landmark (issue 34: 14); a flex row spaced as the header's own
        rx.el.nav(
            quick_match_link(),
            nav_link("nav.lobby", "/lobby", id="nav-lobby"),
            nav_link("nav.rankings", "/rankings", id="nav-rankings"),
            header_account_link(),
            aria_label=tr("nav.label"),
            display="flex",
            align_items="center",
            gap=rx.breakpoints(initial="var(--space-2)", xs="var(--space-3)", sm="var(--space-4)"),
        ),
        rx.button(
            tr("lang.switch"),
            variant="ghost",
            size="2",
            id="lang-switch",
            on_click=LocaleState.set_locale(rx.cond(LocaleState.locale == "en", "ko", "en")),
        ),
        sound_toggle(),
        width="100%",
        padding_x=rx.breakpoints(initial="0.75em", sm="1.25em"),
        padding_y="0.75em",
        align="center",
        spacing=rx.breakpoints(initial="2", xs="3", sm="4"),
        white_space="nowrap",  # a 390 px phone must not break "로비" into two lines
        border_bottom="1px solid var(--gray-a5)",
        class_name="tr-header",  # its targets on a phone: assets/site.css
    )


def page(*children: rx.Component, touch: bool = True) -> rx.Component:
    """Wrap a page body in the site shell; `touch`: its targets are 44 px on a phone
    (assets/site.css; the room page marks its own parts, a game's table sizes its controls)."""
    return rx.box(
        rx.el.header(header()),  # the banner landmark, the nav inside (issue 34: 14)
        # narrower margins on a phone: the game screen needs the room (issue 4)
        # tr-page-body: a running number-tile game takes the whole width (ui/board.py BOARD_CSS)
        # <main>: the page's main landmark, every page's content inside one (issue 34: 14)
        rx.el.main(
            *children,
            max_width="72em",
            margin_x="auto",
            padding=rx.breakpoints(initial="0.75em", sm="1.25em"),
            class_name="tr-page-body tr-touch" if touch else "tr-page-body",
        ),
        min_height="100vh",
        lang=by_locale("en", "ko"),
        data_clock=clock_url(),  # where assets/countdown.js asks the server's time (issue 34: 1)
        class_name="tr-shell",
        # Korean wraps between words, not inside one ("가져올/까요"); a word too long still breaks
        word_break="keep-all",
        overflow_wrap="break-word",
    )
