"""One browser's Reflex state tree, built as Reflex builds it for a new client, and a substate of it
reached the way Reflex reaches it (its full name without the root's)."""

from __future__ import annotations

from typing import TypeVar

import reflex as rx

S = TypeVar("S", bound=rx.State)


def browser_root() -> rx.State:
    """A fresh root state: what one browser's tab holds on the server."""
    return rx.State(_reflex_internal_init=True)


def substate(root: rx.State, cls: type[S]) -> S:
    """The instance of `cls` in `root`'s tree (made on first use, as Reflex does)."""
    return root.get_substate(cls.get_full_name().split(".")[1:])  # type: ignore[return-value]


def open_path(root: rx.State, path: str, token: str) -> None:
    """The browser of tab `token` opens `path` (its page's on_load runs next)."""
    root._update_router_vars({"pathname": path, "asPath": path, "token": token, "headers": {}}, root.router_data or {})


def browser_state(cls: type[S], viewer: str | None = None, room_id: str | None = None) -> tuple[rx.State, S]:
    """A fresh browser's root and its `cls` substate, seen by `viewer` in `room_id` when given."""
    root = browser_root()
    state = substate(root, cls)
    if viewer is not None:
        state._viewer = viewer  # type: ignore[attr-defined]
    if room_id is not None:
        state._room_id = room_id  # type: ignore[attr-defined]
    return root, state
