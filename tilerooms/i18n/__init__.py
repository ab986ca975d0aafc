"""UI strings: Korean first, English second. Display names avoid trademarks (GUIDE §1).

`MESSAGES` maps one key per message to its {"ko", "en"} texts; the tables live in one module per
page (`site`, `lobby`, `room`, `board`, `mahjong`, `mahjong_results`, `account`, `replay`).
`SERVER_MESSAGES` maps a refusal's message id (`RuleError.id`) and the room state's own error
lines to their {"ko", "en"} texts with `{name}` placeholders (`server.py`); `refusal(err)` is the
(id, parameters) a state keeps for one. Rendering is in `tilerooms.shell.text` (`tr`,
`server_message`), which needs the locale state.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from tilerooms.core.errors import RuleError
from tilerooms.i18n import account, board, lobby, mahjong, mahjong_results, quick, replay, room, site
from tilerooms.i18n.server import SERVER_MESSAGES

LOCALES = ("ko", "en")


def _merge(*tables: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    merged: dict[str, dict[str, str]] = {}
    for table in tables:
        for key, entry in table.items():
            if key in merged:
                raise ValueError(f"duplicate message key: {key}")
            merged[key] = entry
    return merged


MESSAGES: dict[str, dict[str, str]] = _merge(
    site.MESSAGES,
    lobby.MESSAGES,
    quick.MESSAGES,
    room.MESSAGES,
    board.MESSAGES,
    mahjong.MESSAGES,
    mahjong_results.MESSAGES,
    account.MESSAGES,
    replay.MESSAGES,
)

__all__ = ["LOCALES", "MESSAGES", "SERVER_MESSAGES", "placeholders", "refusal", "message_of", "server_text", "text"]


def text(key: str, locale: str = "ko") -> str:
    """The message for `key` in `locale`, falling back to Korean, then to the key itself."""
    entry = MESSAGES.get(key)
    if entry is None:
        return key
    return entry.get(locale) or entry["ko"]


PLACEHOLDER = re.compile(r"\{(\w+)\}")


def placeholders(template: str) -> set[str]:
    """The `{name}` placeholders of a catalog text."""
    return set(PLACEHOLDER.findall(template))


def server_text(message_id: str, params: Mapping[str, object] | None = None, locale: str = "ko") -> str:
    """The server message `message_id` in `locale` with its placeholders filled; an unknown id is
    returned as it is (a line that is still its own Korean text)."""
    entry = SERVER_MESSAGES.get(message_id)
    if entry is None:
        return message_id
    return (entry.get(locale) or entry["ko"]).format_map({k: params[k] for k in placeholders(entry["ko"])} if params else {})


def message_of(message_id: str, message: str, details: Mapping[str, object]) -> tuple[str, dict[str, str]]:
    """What a state keeps to show a message: its id and the parameters its text uses (as strings,
    nothing else of `details`), or its Korean `message` when the catalog lacks the id."""
    entry = SERVER_MESSAGES.get(message_id)
    if entry is None:
        return message, {}
    return message_id, {k: str(details.get(k, "")) for k in sorted(placeholders(entry["ko"]))}


def refusal(err: RuleError) -> tuple[str, dict[str, str]]:
    """`message_of` for a refusal."""
    return message_of(err.id, err.message, err.details)
