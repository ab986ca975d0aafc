"""Room passwords: salted scrypt hashes, compared in constant time. The hash never leaves the server."""

from __future__ import annotations

import hashlib
import hmac
import os

MAX_PASSWORD = 64


def hash_password(password: str) -> str:
    """`salt$hash` in hex for a room password."""
    salt = os.urandom(16)
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=2**12, r=8, p=1)
    return f"{salt.hex()}${digest.hex()}"


def check_password(password: object, stored: str | None) -> bool:
    """True when the room has no password or `password` matches it."""
    if stored is None:
        return True
    if not isinstance(password, str) or len(password) > MAX_PASSWORD:
        return False
    salt_hex, _, digest_hex = stored.partition("$")
    digest = hashlib.scrypt(password.encode("utf-8"), salt=bytes.fromhex(salt_hex), n=2**12, r=8, p=1)
    return hmac.compare_digest(digest.hex(), digest_hex)
