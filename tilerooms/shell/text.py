"""Rendering translated text: reactive on `LocaleState.locale`, Korean unless the viewer chose English.

The catalogs (`tilerooms.i18n`) are plain data any layer may read; this is their Reflex side, in
the shell with the locale state it reacts to.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from tilerooms.i18n import MESSAGES, SERVER_MESSAGES
from tilerooms.rooms.catalog import GAMES
from tilerooms.shell.locale import LocaleState


def is_en() -> rx.Var:
    """True when the viewer chose English."""
    return LocaleState.locale == "en"


def tr(key: str) -> rx.Var:
    """A reactive translated string: Korean unless the viewer chose English."""
    entry = MESSAGES[key]
    return rx.cond(is_en(), entry["en"], entry["ko"])


def by_locale(en: Any, ko: Any) -> rx.Var:
    """`en` in English, `ko` otherwise: for text built from a state var and translated pieces."""
    return rx.cond(is_en(), en, ko)


def server_text(message: rx.Var) -> rx.Var:
    """A Korean message from the server, in English when the viewer chose English and the
    message is a known one (`SERVER_MESSAGES`); unknown messages stay as they are."""
    return rx.cond(is_en(), rx.match(message, *SERVER_MESSAGES.items(), message), message)


def server_line(message: rx.Var, message_en: rx.Var) -> rx.Var:
    """A Korean line from the server with numbers in it: `message_en` (the state's English of it)
    in English when there is one, else `server_text` (the fixed messages)."""
    return rx.cond(is_en() & (message_en != ""), message_en, server_text(message))


def game_name(game: rx.Var, korean_name: rx.Var) -> rx.Var:
    """A game's display name: in English its `GameDefinition.name_en` (found by the game's id),
    else the server's Korean name (the definition's `name_ko`, sent with the room)."""
    return rx.cond(is_en(), rx.match(game, *((info.id, info.name_en) for info in GAMES.values()), korean_name), korean_name)
