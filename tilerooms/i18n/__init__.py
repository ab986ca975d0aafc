"""UI strings: Korean first, English second. Display names avoid trademarks (GUIDE §1).

`MESSAGES` maps one key per message to its {"ko", "en"} texts; the tables live in one module per
page (`site`, `lobby`, `room`, `board`, `mahjong`, `mahjong_results`, `account`, `replay`). `SERVER_MESSAGES` gives the English
of the Korean messages the server sends (RuleError messages and the room state's own lines).
Rendering is in `tilerooms.shell.text` (`tr`), which needs the locale state.
"""

from __future__ import annotations

from tilerooms.i18n import account, board, lobby, mahjong, mahjong_results, replay, room, site
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
    room.MESSAGES,
    board.MESSAGES,
    mahjong.MESSAGES,
    mahjong_results.MESSAGES,
    account.MESSAGES,
    replay.MESSAGES,
)

__all__ = ["LOCALES", "MESSAGES", "SERVER_MESSAGES", "text"]


def text(key: str, locale: str = "ko") -> str:
    """The message for `key` in `locale`, falling back to Korean, then to the key itself."""
    entry = MESSAGES.get(key)
    if entry is None:
        return key
    return entry.get(locale) or entry["ko"]
