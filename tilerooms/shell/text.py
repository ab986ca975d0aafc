"""Rendering translated text: reactive on `LocaleState.locale`, Korean unless the viewer chose English.

The catalogs (`tilerooms.i18n`) are plain data any layer may read; this is their Reflex side, in
the shell with the locale state it reacts to.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import reflex as rx

from tilerooms.i18n import MESSAGES, SERVER_MESSAGES, placeholders
from tilerooms.rooms.catalog import GAMES
from tilerooms.shell.locale import LocaleState

# visually hidden, still read by a screen reader: the usual "sr-only" box (display:none is never spoken)
SR_ONLY = {
    "position": "absolute",
    "width": "1px",
    "height": "1px",
    "margin": "-1px",
    "overflow": "hidden",
    "clip": "rect(0 0 0 0)",
    "clipPath": "inset(50%)",
    "whiteSpace": "nowrap",
}


def is_en() -> rx.Var:
    """True when the viewer chose English."""
    return LocaleState.locale == "en"


def tr(key: str) -> rx.Var:
    """A reactive translated string: Korean unless the viewer chose English."""
    entry = MESSAGES[key]
    return rx.cond(is_en(), entry["en"], entry["ko"])


def tr_of(key: rx.Var, keys: Iterable[str]) -> rx.Var:
    """A reactive translated string for a state var holding one of `keys` (message ids)."""
    return rx.match(key, *((k, tr(k)) for k in keys), key)


def by_locale(en: Any, ko: Any) -> rx.Var:
    """`en` in English, `ko` otherwise: for text built from a state var and translated pieces."""
    return rx.cond(is_en(), en, ko)


# every placeholder any server message has: filled in one pass, whichever message it is
_PARAMS = sorted({name for entry in SERVER_MESSAGES.values() for name in placeholders(entry["ko"])})


def server_message(message_id: rx.Var, params: rx.Var) -> rx.Var:
    """A server message kept as its id (`SERVER_MESSAGES`) and parameters, in the viewer's
    language with `{name}` filled from `params`; a value that is no id shows as it is. The catalog
    is in the page, so the wire carries only the id."""

    def pick(locale: str) -> rx.Var:
        return rx.match(message_id, *((key, entry[locale]) for key, entry in SERVER_MESSAGES.items()), message_id).to(str)

    filled = rx.cond(is_en(), pick("en"), pick("ko")).to(str)
    for name in _PARAMS:
        filled = filled.replace("{" + name + "}", params[name].to(str))
    return filled


def server_line(message: rx.Var, message_en: rx.Var) -> rx.Var:
    """A line the server built in both languages from the catalogs (a result summary): `message_en`
    in English when there is one, else `message`."""
    return rx.cond(is_en() & (message_en != ""), message_en, message)


def game_name(game: rx.Var, korean_name: rx.Var, english_name: rx.Var | None = None) -> rx.Var:
    """A game's display name: the server's Korean name (`GameDefinition.display_names`, sent with
    the room), in English the server's English one, or else the definition's `name_en` found by the
    game's id."""
    english = english_name if english_name is not None else rx.match(game, *((info.id, info.name_en) for info in GAMES.values()), korean_name)
    return rx.cond(is_en(), english, korean_name)
