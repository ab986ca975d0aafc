"""Room chat: plain text only, bounded length, kept short. Escaping is the UI's job (text, never HTML)."""

from __future__ import annotations

import unicodedata

from tilerooms.core import RuleError
from tilerooms.rooms.models import ChatLine, Room

MAX_CHAT_CHARS = 200
KEEP_LINES = 100


def clean_chat_text(text: object) -> str:
    """Trimmed text without control / format characters; raises when empty or too long."""
    if not isinstance(text, str):
        raise RuleError("bad_chat", "메시지가 올바르지 않아요")
    kept = "".join(" " if ch in "\n\t" else ch for ch in text if unicodedata.category(ch)[0] != "C" or ch in "\n\t")
    kept = " ".join(kept.split())
    if not kept:
        raise RuleError("empty_chat", "메시지를 입력해 주세요")
    if len(kept) > MAX_CHAT_CHARS:
        raise RuleError("long_chat", f"메시지는 {MAX_CHAT_CHARS}자까지 보낼 수 있어요", limit=MAX_CHAT_CHARS)
    return kept


def post(room: Room, sender_id: str, text: object, now: int) -> ChatLine:
    """Append a chat line from a seated player or spectator."""
    if room.seat_of(sender_id) is None and sender_id not in room.spectators:
        raise RuleError("not_in_room", "방에 들어와야 채팅할 수 있어요")
    room.chat_no += 1
    line = ChatLine(no=room.chat_no, sender_id=sender_id, name=room.name_of(sender_id), text=clean_chat_text(text), at=now)
    room.chat.append(line)
    del room.chat[:-KEEP_LINES]
    return line
