"""Reading and assigning state vars at the cost of a dict lookup (issue 20: 2 and the profile).

Reflex hands out every list, dict or dataclass var wrapped in a change-tracking proxy, and every
item read through it is wrapped again: building a table's rows from a view kept in a backend var
cost more in proxies than in the rows. And it sends every var a handler assigns, equal or not.
So the hot paths read with `raw` and assign with `put`, which assigns only what changed.
"""

from __future__ import annotations

import functools
from typing import Any

_MISSING = object()


@functools.cache
def _owner(cls: type, name: str) -> type:
    """The state class that declares var `name` (its value lives in that instance's `__dict__`)."""
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass
    raise AttributeError(name)


def _holder(state: Any, name: str) -> Any:
    owner = _owner(type(state), name)
    holder = state
    while type(holder) is not owner:  # a var of a parent state (a table reading RoomState's vars)
        holder = holder.parent_state
    return holder


def raw(state: Any, name: str) -> Any:
    """The value var `name` holds, without the proxy. Read-only: change a var only by assigning
    it (`put`, `setattr`), which is what marks it to be sent."""
    holder = _holder(state, name)
    value = holder.__dict__.get(name, _MISSING)
    return getattr(holder, name) if value is _MISSING else value  # never set yet: Reflex's default


def put(state: Any, values: dict[str, Any]) -> None:
    """Assign each of `values` whose var holds something else (Reflex sends every assigned var)."""
    for name, value in values.items():
        if raw(state, name) != value:
            setattr(state, name, value)
