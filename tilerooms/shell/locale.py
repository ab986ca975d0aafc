"""The viewer's UI language: Korean first, English second (kept in the browser's local storage)."""

import reflex as rx

from tilerooms.i18n import LOCALES
from tilerooms.reflex_ext.payloads import browser_event


class LocaleState(rx.State):
    """Holds the chosen locale; a public var, it carries nothing secret."""

    locale: str = rx.LocalStorage("ko", name="tilerooms_locale", sync=True)

    @browser_event
    def set_locale(self, locale: str) -> None:
        """Switch the UI language; unknown values are ignored."""
        if locale in LOCALES:
            self.locale = locale
