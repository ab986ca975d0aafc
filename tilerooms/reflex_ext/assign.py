"""Reading and assigning state vars at the cost of a dict lookup (issue 20: 2 and the profile).

Reflex hands out every list, dict or dataclass var wrapped in a change-tracking proxy, and every
item read through it is wrapped again: building a table's rows from a view kept in a backend var
cost more in proxies than in the rows. And it sends every var a handler assigns, equal or not.
So the hot paths read with `raw` and assign with `put`, which assigns only what changed.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

_MISSING = object()


@functools.cache
def _field(cls: type, name: str) -> tuple[type, str] | None:
    """The state class holding var `name` and the key of its value in that instance's `__dict__`
    (None: not a declared field; read it the usual way)."""
    field = cls.get_fields().get(name) if hasattr(cls, "get_fields") else None
    owner, key = getattr(field, "_owner", None), getattr(field, "_name", None)
    return (owner, key) if isinstance(owner, type) and isinstance(key, str) else None


_SHARED: set[int] = set()  # ids of the defaults `raw` hands out (kept alive by `default`'s cache)


@functools.cache
def default(owner: type, name: str) -> Any:
    """One default value of var `name` of state class `owner`, shared by every reader (`raw`,
    `shed.shed_defaults`): read-only. ValueError for a var without a default."""
    value = owner.get_fields()[name].default_value()
    _SHARED.add(id(value))
    return value


def raw(state: Any, name: str) -> Any:
    """The value var `name` holds, without the proxy. Read-only: change a var only by assigning
    it (`put`, `setattr`), which is what marks it to be sent.

    A var that holds nothing yet (never set, or shed after hydration: `shed.py`) reads as its
    default, shared and not stored: Reflex's own read would make the default again and keep it
    in the state, for every browser (issue 20: 4)."""
    found = _field(type(state), name)
    if found is None:
        return getattr(state, name)
    owner, key = found
    holder = state
    while holder is not None and type(holder) is not owner:  # a var of a parent state (a table reading RoomState's)
        holder = holder.parent_state
    if holder is None:
        return getattr(state, name)
    value = holder.__dict__.get(key, _MISSING)
    return default(owner, name) if value is _MISSING else value


def put(state: Any, values: dict[str, Any]) -> None:
    """Assign each of `values` whose var holds something else (Reflex sends every assigned var)."""
    for name, value in values.items():
        if raw(state, name) != value:
            if id(value) in _SHARED:  # a shared default read by `raw` is never stored, to be changed in place
                value = copy.deepcopy(value)
            setattr(state, name, value)
