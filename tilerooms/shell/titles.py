"""Page titles (the browser tab) in the viewer's language (issue 34: 10).

Reflex renders a page's title as a `<title>` element of the page, which React 19 hoists into the
document's head; a reactive title therefore follows the locale like any other text."""

from __future__ import annotations

import reflex as rx

from tilerooms.i18n import text
from tilerooms.shell.text import by_locale

BRAND = "tilerooms"


def page_title(key: str) -> rx.Var:
    """'tilerooms · <page>' for the catalog id `key`, English when the viewer chose English."""
    return by_locale(f"{BRAND} · {text(key, 'en')}", f"{BRAND} · {text(key, 'ko')}")
