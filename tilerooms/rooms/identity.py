"""Who is acting: a guest bound to a browser key, a member from the accounts layer, or an AI seat."""

from __future__ import annotations

from dataclasses import dataclass

GUEST_PREFIX = "g-"
MEMBER_PREFIX = "u-"
AI_PREFIX = "ai-"
MAX_NAME = 16


@dataclass(frozen=True)
class Identity:
    """A person as the room layer sees them. `id` is what seats and engines store."""

    id: str
    name: str
    kind: str = "guest"  # "guest" | "member"

    @property
    def is_member(self) -> bool:
        """Members may earn rewards; guests never do (service page, 서비스 규칙)."""
        return self.kind == "member"


def clean_name(name: object, fallback: str = "손님") -> str:
    """A display name: trimmed, control characters removed, at most MAX_NAME characters."""
    if not isinstance(name, str):
        return fallback
    text = "".join(ch for ch in name if ch.isprintable()).strip()
    return text[:MAX_NAME] or fallback


def guest(browser_key: str, name: object = None) -> Identity:
    """A guest identity from the random key the browser keeps in local storage."""
    key = "".join(ch for ch in str(browser_key) if ch.isalnum())[:32]
    if len(key) < 8:
        raise ValueError("browser key too short")
    return Identity(id=f"{GUEST_PREFIX}{key}", name=clean_name(name, f"손님{key[:4]}"), kind="guest")


def is_ai(player_id: str) -> bool:
    """AI occupants have ids no browser can claim."""
    return player_id.startswith(AI_PREFIX)
