"""Signed member sessions: an HttpOnly, SameSite=Lax cookie holding the user id and their session key.

The value is signed and time-stamped (itsdangerous); a member's `session_key` must still match, so
deleting the account (or rotating the key) invalidates every cookie made for it.
"""

from __future__ import annotations

import hmac
from http.cookies import CookieError, SimpleCookie

import sqlalchemy as sa
from itsdangerous import BadSignature, URLSafeTimedSerializer

from tilerooms.accounts import settings
from tilerooms.accounts.users import get_user, member_identity
from tilerooms.rooms.identity import Identity

SESSION_COOKIE = "tilerooms_session"
SESSION_MAX_AGE = 30 * 24 * 3600  # a month; signing in again renews it
_SALT = "tilerooms.session.v1"


def _serializer(secret: str | None = None) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(secret or settings.secret_key(), salt=_SALT)


def sign_session(user_id: int, session_key: str, secret: str | None = None) -> str:
    """The cookie value for a member."""
    return _serializer(secret).dumps({"u": int(user_id), "k": session_key})


def read_session(value: str, secret: str | None = None, max_age: int = SESSION_MAX_AGE) -> tuple[int, str] | None:
    """(user id, session key) from a cookie value, or None when forged, altered or expired."""
    try:
        data = _serializer(secret).loads(value, max_age=max_age)
    except BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("u"), int) or not isinstance(data.get("k"), str):
        return None
    return data["u"], data["k"]


def cookie_from_header(cookie_header: str, name: str = SESSION_COOKIE) -> str | None:
    """One cookie's value from a Cookie request header."""
    if not cookie_header:
        return None
    jar = SimpleCookie()
    try:
        jar.load(cookie_header)
    except CookieError:
        # a stranger's malformed cookie must not hide ours: fall back to a plain split
        for part in cookie_header.split(";"):
            key, _, value = part.strip().partition("=")
            if key == name:
                return value
        return None
    morsel = jar.get(name)
    return morsel.value if morsel is not None else None


def member_from_cookie(cookie_header: str, engine: sa.Engine | None = None) -> Identity | None:
    """The member a request's cookies sign in, or None (no cookie, bad signature, deleted member)."""
    value = cookie_from_header(cookie_header)
    if not value:
        return None
    parsed = read_session(value)
    if parsed is None:
        return None
    user_id, key = parsed
    user = get_user(user_id, engine)
    if user is None or not hmac.compare_digest(user.session_key, key):
        return None
    return member_identity(user)


def cookie_options() -> dict[str, object]:
    """Set-Cookie attributes of the session cookie."""
    return {
        "max_age": SESSION_MAX_AGE,
        "httponly": True,  # never readable by page scripts
        "samesite": "lax",  # sent on the top-level redirect back from the provider, not on cross-site posts
        "secure": settings.secure_cookies(),
        "path": "/",
    }
