"""Reflex's per-state dirty sets, held only while a state has something in them (issue 20: 4).

Every state object of a browser's tree (sixteen per browser: ours and Reflex's own) keeps two
sets in its bookkeeping slots, `dirty_vars` and `dirty_substates`, and Reflex gives each state
two new ones every time its changes are sent (`istate/delta.py clean_state`). Between events they
are empty, and an empty set is 216 bytes: ~6.9 KB per browser, ~14 KB of a room's two browsers,
7 % of what a room costs in Python's heap (`python -m tilerooms.bench.memory`).

`install()` puts a `LazySet` descriptor in front of the two slots of every state class that a
push does not write to (the lobby's, the account pages', the replay's, Reflex's internal ones):
an empty set assigned is stored as None, and None reads as a new empty set, stored for the writes
that follow. The root state and `RoomState` with its two tables, which every push marks, keep the
plain slots: a descriptor written in Python costs ~0.25 µs a read where Python 3.11 reads a slot
in a few ns, and Reflex reads them ~40 times a push. Reflex's code sees sets, as before.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from reflex.state import BaseState, State

_NAMES = ("dirty_vars", "dirty_substates")
_SLOTS = {name: BaseState.__dict__[name] for name in _NAMES}  # the slots' own member descriptors


class LazySet:
    """A data descriptor over one `__slots__` slot: an empty set is kept as None."""

    __slots__ = ("slot",)

    def __init__(self, slot: Any) -> None:
        self.slot = slot

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:  # read on the class
            return self
        value = self.slot.__get__(obj, owner)
        if value is None:
            value = set()
            self.slot.__set__(obj, value)
        return value

    def __set__(self, obj: Any, value: Any) -> None:
        self.slot.__set__(obj, value or None)


def _classes(cls: type) -> Iterator[type]:
    for sub in cls.get_substates():
        yield sub
        yield from _classes(sub)


def install(hot: tuple[type, ...]) -> list[type]:
    """Give every state class below the root but those in `hot` (and their subclasses) lazy dirty
    sets; the classes changed. Call it once every state class exists, before a state object does."""
    lazy = [cls for cls in _classes(State) if not issubclass(cls, hot)]
    for cls in lazy:
        for name in _NAMES:
            setattr(cls, name, LazySet(_SLOTS[name]))
    return lazy


def release_empty(state: Any) -> None:
    """Let go of the empty dirty sets that reads left in a lazy state (hydration reads every
    state's: `shed.shed_defaults`)."""
    if isinstance(getattr(type(state), _NAMES[0]), LazySet):
        for slot in _SLOTS.values():
            if slot.__get__(state) == set():
                slot.__set__(state, None)


def held_sets(state: Any) -> int:
    """How many dirty sets `state` holds in its slots (tests, benches)."""
    return sum(slot.__get__(state) is not None for slot in _SLOTS.values())
