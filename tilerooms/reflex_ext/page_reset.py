"""Page state ends with its page (issue 33: 9): entering a page puts what it shows back to its defaults.

A browser's state lives on the server for as long as its tab: a reload, or a page left for another,
keeps every var. So whatever a page showed last — an open dialog, an error line, a room's name —
would show again the next time that page opens, over something else. `entered(state)` wraps a
page's on_load: every var of `state` (and of its loaded substates) goes back to its default, then the
body loads the page.

Two things stay: what the browser stores itself (`rx.LocalStorage`, `rx.Cookie`: the browser's own
copy wins anyway) and what a state class names in `KEPT_ON_ENTRY`, the viewer's own settings (the
tables' reduced motion, large print, a rack's order). Backend vars go back too: they are the
caches of what was shown (a table skips a view it already showed).

What goes to the browser is what changed, and nothing more (`assign.py`: Reflex sends every var a
handler assigns, equal or not): a var that held its default is not assigned, and a var put back to
its default and loaded again with the value it had is taken off the state's dirty set.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator
from typing import Any

from reflex.istate.storage import ClientStorageBase

from tilerooms.reflex_ext.assign import default, put, raw

KEPT = "KEPT_ON_ENTRY"  # a state class's tuple of var names its page keeps when entered


@functools.cache
def _resettable(cls: type) -> tuple[str, ...]:
    """`cls`'s own vars (not a parent state's) that entering its page resets."""
    kept: set[str] = set()
    for klass in cls.__mro__:
        kept.update(vars(klass).get(KEPT, ()))
    names = []
    for name, field in cls.get_fields().items():
        if getattr(field, "_owner", None) is not cls or name in kept:
            continue
        try:
            value = default(cls, name)
        except ValueError:  # no default to go back to
            continue
        if not isinstance(value, ClientStorageBase):
            names.append(name)
    return tuple(names)


def _tree(state: Any, substates: bool) -> Iterator[Any]:
    yield state
    if substates:
        for sub in state.substates.values():
            yield from _tree(sub, substates)


@contextlib.contextmanager
def entered(state: Any, *, substates: bool = True) -> Iterator[None]:
    """Entering `state`'s page: its vars (and, with `substates`, those of every substate loaded)
    back to their defaults, but those kept (module doc); the body loads the page. Vars the body
    leaves as they were before are not sent again."""
    state = getattr(state, "__wrapped__", state)  # a background task's proxy: its state (held: `async with`)
    before: list[tuple[Any, str, Any]] = []
    for each in _tree(state, substates):
        cls = type(each)
        for name in _resettable(cls):
            value = raw(each, name)
            if value != default(cls, name):
                before.append((each, name, value))
                put(each, {name: default(cls, name)})
    yield
    for each, name, value in before:
        if name in each.dirty_vars and raw(each, name) == value:
            each.dirty_vars.discard(name)  # loaded again as it was: the browser has it


def reset(state: Any, *, substates: bool = True) -> None:
    """Leaving `state`'s page: what it showed back to its defaults at once (`entered` with nothing loaded)."""
    with entered(state, substates=substates):
        pass
