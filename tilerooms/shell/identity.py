"""Who this browser is. The `_current_user` seam: a member when the browser holds a valid signed
session cookie (OAuth sign-in, `tilerooms.accounts`), else a guest. `_current_user` and
`_forget_member` are for the server only: an `_`-prefixed method is never an event a browser can send.

A guest is bound to a random key in the browser's local storage (it survives reloads and is
shared by the browser's tabs), never to Reflex's client token alone (GUIDE §5 pitfalls).
A member is read from the HttpOnly session cookie that came with this tab's websocket handshake
(`router.headers.cookie`, which Reflex never sends back to the browser).

A client token is no credential (issue 35: 2). Reflex keys a browser's whole state by the token a
socket names when it opens, and any socket may name any token (it is in every socket URL and in
the tab's session storage). So a browser state belongs to one identity, `_owner`, shown again on
every socket that uses it: a member by the session cookie of that socket's handshake, a guest by
the key that socket's hydration brings from local storage (`IdentityCheck`, before Reflex's
hydration sends the state) or that the server made for that socket. A socket that shows another
identity, or none, finds the state emptied first (`_forget_owner`): it is a new visitor, with no
seat, no rack and no draft of the owner's. Every id a browser sees is public; nothing here is
derived from one.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

import reflex as rx
from reflex_base.constants.state import FIELD_MARKER

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
    _owner: str = ""  # the id of the identity this browser state belongs to (issue 35: 2)
    _proven_on: str = ""  # the socket that showed that identity (its hydration, its handshake, or a key made for it)

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

    def _socket(self) -> str:
        """The socket this event came on (Reflex's session id, set by the server, never by the browser)."""
        return self.router.session.session_id

    def _forget_owner(self) -> None:
        """Empty this browser state (every loaded state under the root; the root's own hydration
        flags and router data stay): the socket using it is not the identity it belongs to."""
        root = self._get_root_state()
        for substate in list(root.substates.values()):
            substate.reset()

    def _current_user(self) -> Identity:
        """The identity acting in this browser: the signed-in member, else the guest (created on first use).

        A guest key this state holds counts only on the socket that showed it: a socket that named
        an owned state's token without hydrating (so without a key of its own), and is not its
        member either, empties the state and is a new guest (issue 35: 2)."""
        member = self._member()
        if self._owner and self._proven_on != self._socket() and (member is None or member.id != self._owner):
            self._forget_owner()
        who = self._acting(member)
        self._owner, self._proven_on = who.id, self._socket()
        return who

    def _acting(self, member: Identity | None) -> Identity:
        """The member, else the guest of this state's key (a fresh key when it holds none)."""
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


def presented(identity: IdentityState, storage: object) -> str:
    """The id of the identity a socket shows as it hydrates: the member of its handshake's cookie,
    else the guest of the key its local storage sends (`storage`: the hydration's `vars`), else ""."""
    member = identity._member()
    if member is not None:
        return member.id
    prefix = IdentityState.get_full_name() + "."
    for name, value in (storage if isinstance(storage, dict) else {}).items():
        if name.startswith(prefix) and name[len(prefix) :].removesuffix(FIELD_MARKER) == "guest_key" and is_current_guest_key(value):
            return guest(value).id
    return ""


class IdentityCheck(rx.Middleware):
    """Every socket shows the identity of the state it names before Reflex runs its events
    (issue 35: 2); registered once with `app.add_middleware`.

    - A hydration (the first event of every socket a browser opens: it sends the whole state)
      shows the member of the handshake's cookie or the key of the browser's local storage; the
      state is emptied first unless that is its owner (or the socket showed its owner before).
    - The first other event of a socket that did not hydrate (a client that skips it) empties an
      owned state unless the socket is its member or the one the state was last shown on.
    A socket names one token for its whole life, so once checked here its later events are not
    checked again (the checked sockets are a bounded list): they cost no extra state load.
    """

    CHECKED_KEPT = 20_000

    def __init__(self) -> None:
        self._checked: dict[str, None] = {}  # socket ids checked on this worker, oldest first

    async def preprocess(self, app: Any, state: Any, event: Any) -> None:
        """Check the identity behind `event`'s socket; the event then runs as sent."""
        root = state._get_root_state()
        socket = root.router.session.session_id
        hydrating = event.name.rpartition(".")[2] in ("hydrate_and_load", "hydrate")
        if not hydrating and (not socket or socket in self._checked):
            return None
        identity = await root.get_state(IdentityState)
        if hydrating:
            shown = presented(identity, event.payload.get("vars") if isinstance(event.payload, dict) else None)
            if identity._owner and shown != identity._owner and identity._proven_on != socket:
                await _empty(root, identity)  # (a socket that showed the owner already may hydrate again as it likes)
            # the key Reflex's hydration leaves in this state is exactly the one this socket sent
            identity._owner, identity._proven_on = shown, socket
        elif identity._owner and identity._proven_on != socket:
            member = identity._member()
            if member is None or member.id != identity._owner:
                await _empty(root, identity)
        self._checked[socket] = None
        if len(self._checked) > self.CHECKED_KEPT:
            del self._checked[next(iter(self._checked))]
        return None


async def _empty(root: Any, identity: IdentityState) -> None:
    """Empty the browser state under `root` (every state class loaded first: a Redis-backed tree
    loads lazily) and take its token out of the room it showed."""
    for cls in _state_classes(type(root)):
        await root.get_state(cls)
    identity._forget_owner()
    from tilerooms import wiring  # late: the room layer is built at start, not at import

    await wiring.rooms().live.forget(root.router.session.client_token)


def _state_classes(cls: type) -> list[type]:
    """Every state class under `cls` (not `cls` itself)."""
    out: list[type] = []
    for sub in cls.get_substates():  # type: ignore[attr-defined]
        out.append(sub)
        out.extend(_state_classes(sub))
    return out


def _avatar_color(member: Identity | None) -> str:
    if member is None:
        return "teal"
    from tilerooms.accounts.users import get_user

    user = get_user(int(member.id[2:]))
    return user.avatar_color if user is not None else "teal"
