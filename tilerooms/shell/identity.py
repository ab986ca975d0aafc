"""Who this browser is. The `_current_user` seam: a member when the browser holds a valid signed
session cookie (OAuth sign-in, `tilerooms.accounts`), else a guest. `_current_user` and
`_forget_member` are for the server only: an `_`-prefixed method is never an event a browser can send.

A guest is bound to a random key in the browser's local storage (it survives reloads and is
shared by the browser's tabs), never to Reflex's client token alone (GUIDE §5 pitfalls).
A member is read from the HttpOnly session cookie that came with this tab's websocket handshake
(`router.headers.cookie`, which Reflex never sends back to the browser).
"""

from __future__ import annotations

import secrets
import time

import reflex as rx

from tilerooms.reflex_ext.payloads import browser_event
from tilerooms.reflex_ext.shed import shed_defaults
from tilerooms.rooms.identity import Identity, clean_name, guest

MEMBER_RECHECK_S = 30.0  # a deleted account or renamed member is noticed within this
GUEST_KEY_PREFIX = "k2"  # keys of the HMAC era; older keys were public ids and are replaced
GUEST_KEY_LENGTH = len(GUEST_KEY_PREFIX) + 40


def new_guest_key() -> str:
    """A fresh secret guest key: 160 random bits, letters and digits only."""
    return GUEST_KEY_PREFIX + secrets.token_hex(20)


def is_current_guest_key(key: object) -> bool:
    """True for a key this server made since guest ids became one-way (issue 17)."""
    return isinstance(key, str) and len(key) == GUEST_KEY_LENGTH and key.startswith(GUEST_KEY_PREFIX) and key.isalnum()


class IdentityState(rx.State):
    """The browser's guest key and nickname, and whether a member is signed in (all the browser's own)."""

    guest_key: str = rx.LocalStorage("", name="tilerooms_guest", sync=True)
    nickname: str = rx.LocalStorage("", name="tilerooms_nick", sync=True)
    is_member: bool = False
    avatar_color: str = "teal"
    # (cookie value, checked at, member id, name, colour): the signature and DB look-up run once per interval
    _member_cache: tuple = ()
    _records_moved: str = ""  # the member whose guest games this browser's key has handed over (issue 34: 12)

    def _member(self) -> Identity | None:
        """The signed-in member of this tab's connection, or None."""
        from tilerooms.accounts import sessions  # late: keeps the DB layer out of states that never ask

        header = self.router.headers.cookie
        value = sessions.cookie_from_header(header) if header else None
        if not value:
            self._member_cache = ()
            return None
        cache = self._member_cache
        if cache and cache[0] == value and time.monotonic() - cache[1] < MEMBER_RECHECK_S:
            return Identity(id=cache[2], name=cache[3], kind="member") if cache[2] else None
        try:
            member = sessions.member_from_cookie(header)
            colour = _avatar_color(member)
        except Exception:  # noqa: BLE001 - a database outage: play on as a guest rather than fail
            member, colour = None, "teal"
        self._member_cache = (value, time.monotonic(), member.id if member else "", member.name if member else "", colour)
        return member

    def _move_guest_games(self, member: Identity) -> None:
        """The games this browser played as a guest become the member's records (once per tab and member)."""
        from tilerooms.accounts.game_records import move_guest_games

        try:
            move_guest_games(self.guest_key, int(member.id[2:]))
            self._records_moved = member.id
        except Exception:  # noqa: BLE001 - a database outage: they move on a later page
            pass

    def _forget_member(self) -> None:
        """Drop the cached member check (after a rename, a colour change or the account's deletion)."""
        self._member_cache = ()

    def _current_user(self) -> Identity:
        """The identity acting in this browser: the signed-in member, else the guest (created on first use)."""
        member = self._member()
        if member is not None:
            self.is_member = True
            self.avatar_color = self._member_cache[4] if self._member_cache else "teal"
            if self.nickname != member.name:
                self.nickname = member.name  # signing out later keeps this name for the guest
            if self._records_moved != member.id and is_current_guest_key(self.guest_key):
                self._move_guest_games(member)
            return member
        self.is_member = False
        if not is_current_guest_key(self.guest_key):
            # also replaces keys made before issue 17, when the key was the public id and may have leaked
            self.guest_key = new_guest_key()
        who = guest(self.guest_key, self.nickname)
        if not self.nickname:
            self.nickname = who.name  # "손님" + part of the public id, never of the key
        return who

    @browser_event
    def set_nickname(self, name: str) -> None:
        """Change the display name (used for rooms joined from now on; a member's is saved to the account)."""
        self.nickname = clean_name(name, self.nickname or "손님")
        member = self._member()
        if member is not None:
            from tilerooms.accounts.users import rename

            self.nickname = rename(int(member.id[2:]), self.nickname) or self.nickname
            self._forget_member()

    @browser_event
    def ensure(self) -> None:
        """On page load: make sure an identity exists (a guest, or the signed-in member). Every
        page's first on_load, right after the hydration that read every var of every state: the
        defaults it stored are dropped again (`shed.py`, issue 20: 4)."""
        self._current_user()
        shed_defaults(self._get_root_state())


def _avatar_color(member: Identity | None) -> str:
    if member is None:
        return "teal"
    from tilerooms.accounts.users import get_user

    user = get_user(int(member.id[2:]))
    return user.avatar_color if user is not None else "teal"
