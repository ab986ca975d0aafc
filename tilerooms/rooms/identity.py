"""Who is acting: a guest bound to a browser key, a member from the accounts layer, or an AI seat.

A guest's public id is an HMAC of their secret browser key under the server's secret (issue 17):
ids go to every viewer of a room, so nothing that lets anyone act as a guest may be derivable
from one. The key itself never leaves the browser that made it and this server.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from dataclasses import dataclass

from tilerooms import settings

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


def clean_name(name: object, fallback: str = "손님", limit: int = MAX_NAME) -> str:
    """A display name: trimmed, control characters removed, at most `limit` characters."""
    if not isinstance(name, str):
        return fallback
    text = "".join(ch for ch in name if ch.isprintable()).strip()  # also drops lone surrogates (Cs)
    return text[:limit] or fallback


def _server_secret() -> str:
    """TILEROOMS_SECRET_KEY, else the embedded default's generated key (the one sessions use too)."""
    return settings.current().secret_key or settings.dev_secret()


SecretSource = Callable[[], str]
_secret_source: SecretSource = _server_secret


def use_secret(source: SecretSource) -> None:
    """Set where the guest-id secret comes from (the accounts settings by default; tests may pin one)."""
    global _secret_source
    _secret_source = source


def guest_id(browser_key: str) -> str:
    """The public id of the guest holding `browser_key`: "g-" + 80 bits of HMAC-SHA256(server secret, key).

    One-way: knowing an id (every viewer of a room does) gives no way to the key that acts as it.
    """
    digest = hmac.new(_secret_source().encode(), f"guest:{browser_key}".encode(), hashlib.sha256).hexdigest()
    return f"{GUEST_PREFIX}{digest[:20]}"


def guest(browser_key: str, name: object = None) -> Identity:
    """A guest identity from the random secret key the browser keeps in local storage."""
    key = "".join(ch for ch in str(browser_key) if ch.isalnum())[:64]
    if len(key) < 8:
        raise ValueError("browser key too short")
    public = guest_id(key)
    return Identity(id=public, name=clean_name(name, f"손님{public[2:6].upper()}"), kind="guest")


def is_ai(player_id: str) -> bool:
    """Whether a player id is an AI seat's: the one test of it (the room, the game loop and the
    rewards ask here). AI occupants have ids no browser can claim (the server mints them)."""
    return player_id.startswith(AI_PREFIX)
