"""Deep copies of JSON-shaped data, the engines' states and views (issue 20, profile).

`copy.deepcopy` keeps a memo and dispatches on every object: on dicts and lists of strings and
numbers it costs about three times this walk, which every view of a table paid per viewer.
"""

from __future__ import annotations

from typing import Any

_CONTAINERS = (dict, list)


def json_copy(value: Any) -> Any:
    """A deep copy of dicts and lists holding str, int, float, bool or None (anything else is
    shared, as it would be after a JSON round trip it could not survive anyway)."""
    kind = type(value)
    if kind is dict:
        return {k: json_copy(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    if kind is list:
        return [json_copy(v) if type(v) in _CONTAINERS else v for v in value]
    return value
