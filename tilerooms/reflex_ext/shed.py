"""Values a browser's state holds only because Reflex once read them (issue 20: 4, memory per room).

Reflex stores a state var's value in its state object the first time it is read, default or not.
Hydrating a browser (every page load and socket reconnect: `State.hydrate_and_load`) reads every
var of every state class to send the whole state, so each browser ends up holding a default
value — a fresh empty list or dict for each mutable one — for every var of all sixteen state
classes, ~400 of them: the replay page's, the account page's, the other game's table.

`shed_defaults` drops, from our own state classes, each stored value that equals its var's
default, and from every state the empty dirty sets the reads left (`dirty_marks.py`). Nothing
changes for anyone: Reflex makes the default again when the var is next read, and a var's value is
only ever changed by assigning it, which stores it again.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

from tilerooms.reflex_ext import dirty_marks
from tilerooms.reflex_ext.assign import default

_OURS = "tilerooms."


@functools.cache
def _sheddable(cls: type) -> tuple[tuple[str, str], ...]:
    """`cls`'s own vars (not a parent state's) as (var name, key in the instance's `__dict__`)."""
    out = []
    for name, field in cls.get_fields().items():
        key = getattr(field, "_name", None)
        if getattr(field, "_owner", None) is cls and isinstance(key, str):
            out.append((name, key))
    return tuple(out)


def _tree(state: Any) -> Iterator[Any]:
    yield state
    for substate in state.substates.values():
        yield from _tree(substate)


def shed_defaults(root: Any) -> int:
    """Drop the stored values that equal their var's default from every state of ours in
    `root`'s tree; how many were dropped. Call it between a handler's reads, never while a
    value read from the state is being changed in place."""
    dropped = 0
    for state in _tree(root):
        dirty_marks.release_empty(state)  # the empty dirty sets hydration's reads made, in every state
        cls = type(state)
        if not cls.__module__.startswith(_OURS):
            continue  # Reflex's own states (the root's router data, hydration flags) stay as they are
        stored = state.__dict__
        drop = set()
        for name, key in _sheddable(cls):
            if key not in stored:
                continue
            try:
                shared = default(cls, name)  # the one `raw` hands out: no fresh default per var and page load
            except ValueError:  # a var with no default: always stored
                continue
            value = stored[key]
            if type(value) is type(shared) and value == shared:
                drop.add(key)
        if drop:
            # a dict never shrinks by deletion: cleared and refilled, its table fits what is kept
            kept = {key: value for key, value in stored.items() if key not in drop}
            stored.clear()
            stored.update(kept)
            dropped += len(drop)
    return dropped
