"""The site shell: header with brand, navigation and language switch, then the page body."""

from __future__ import annotations

import reflex as rx

from tilerooms.state.locale import LocaleState
from tilerooms.ui.i18n.render import by_locale, tr

__all__ = ["header", "page", "tr"]


def _nav_link(key: str, href: str) -> rx.Component:
    return rx.link(tr(key), href=href, size="3", weight="medium", underline="none")


def header() -> rx.Component:
    """Top bar of every page."""
    from tilerooms.ui.account import header_account_link  # late: the account pages import this module

    return rx.hstack(
        rx.link(
            rx.hstack(
                rx.icon("grid-3x3", size=22),
                rx.heading("tilerooms", size="5"),
                align="center",
                spacing="2",
            ),
            href="/",
            underline="none",
        ),
        rx.spacer(),
        _nav_link("nav.lobby", "/lobby"),
        rx.link(tr("nav.rankings"), href="/rankings", size="3", weight="medium", underline="none", id="nav-rankings"),
        header_account_link(),
        rx.button(
            tr("lang.switch"),
            variant="ghost",
            size="2",
            id="lang-switch",
            on_click=LocaleState.set_locale(rx.cond(LocaleState.locale == "en", "ko", "en")),
        ),
        width="100%",
        padding_x="1.25em",
        padding_y="0.75em",
        align="center",
        spacing="4",
        border_bottom="1px solid var(--gray-a5)",
    )


def page(*children: rx.Component) -> rx.Component:
    """Wrap a page body in the site shell."""
    return rx.box(
        header(),
        # narrower margins on a phone: the game screen needs the room (issue 4)
        rx.box(*children, max_width="72em", margin_x="auto", padding=rx.breakpoints(initial="0.75em", sm="1.25em")),
        min_height="100vh",
        lang=by_locale("en", "ko"),
    )
