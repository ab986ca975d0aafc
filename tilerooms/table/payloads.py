"""What a table handler reads inside a browser's payload, parsed into typed values (issue 35: 1).

The socket checks each argument's kind against the handler's signature (`reflex_ext.payloads`):
a `dict` is a dict and a `str` is a str. What the dict holds and what the text means is read here,
before anything acts on it: a number typed as text must be ASCII decimal digits (`"²".isdigit()`
is true but `int("²")` raises, and `int("١٢")` is 12), a field of a nested object must be of its
kind and in its range, and an id must name something that exists (a tile id that is no tile).
Anything else raises `BadPayload`; the handler then shows `REFUSED_MESSAGE` (the Korean line of
every refused request) and changes nothing. These functions name no game: the games' tables pass
what their ids may be.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from tilerooms.reflex_ext.payloads import REFUSED_MESSAGE

__all__ = ["REFUSED_MESSAGE", "BadPayload", "ascii_int", "whole_number", "one_of", "ids_in", "only_keys"]


class BadPayload(ValueError):
    """A value inside a payload that no browser of ours sends; the handler refuses the request."""


def ascii_int(text: object, low: int, high: int) -> int:
    """A number typed as text: ASCII decimal digits only (no sign, no spaces), within [low, high]."""
    if not isinstance(text, str) or not (text.isascii() and text.isdecimal()) or len(text) > len(str(high)):
        raise BadPayload(f"not a number: {text!r:.40}")
    return whole_number(int(text), low, high)


def whole_number(value: object, low: int, high: int) -> int:
    """A JSON integer (not a bool, not a float) within [low, high]."""
    if type(value) is not int or not low <= value <= high:
        raise BadPayload(f"not a whole number in [{low}, {high}]: {value!r:.40}")
    return value


def one_of(value: object, choices: Collection[str]) -> str:
    """Text that is one of `choices`."""
    if not isinstance(value, str) or value not in choices:
        raise BadPayload(f"not one of the choices: {value!r:.40}")
    return value


def ids_in(values: object, known: Collection[str], most: int) -> tuple[str, ...]:
    """A list of at most `most` ids, each one of `known` (a tile id that is no tile is refused here,
    before any code looks it up)."""
    if not isinstance(values, list) or len(values) > most:
        raise BadPayload("not a list of ids")
    return tuple(one_of(value, known) for value in values)


def only_keys(data: object, allowed: Collection[str]) -> Mapping[str, Any]:
    """An object whose keys are all among `allowed` (a key no browser sends is refused)."""
    if not isinstance(data, dict) or not set(data) <= set(allowed):
        raise BadPayload("not an object of the expected fields")
    return data
