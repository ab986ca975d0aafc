"""What a browser may send to an event handler (issue 17: 7).

A client can send any event name with any payload (GUIDE §5), and Reflex calls the handler with
the payload's keys as keyword arguments. One rule, read from the handler's own signature and type
hints, decides what is accepted: every parameter the handler requires is there, no other is, and
each value has the annotated kind (`str`, `int`, `bool`, `dict[str, str]`, ...). On top of that,
whatever the annotation, no value carries what no browser sends: an infinite or NaN number (JSON
from JavaScript has none), an integer beyond JavaScript's 2**53, nesting deeper than any of our
payloads, or half of a surrogate pair (text UTF-8 cannot hold; where the server only keeps such
text, as in a URL, it is repaired to U+FFFD instead).

The rule is declared once, by the handler's signature beside its body (issue 33), and applied:
- at the socket, to every event before Reflex queues it (`tilerooms.reflex_ext.socket_guard`):
  the one check of what a browser sends;
- by `browser_event`, the decorator every handler of our State classes carries instead of
  `@rx.event`, to calls that never passed the socket (made inside the server and in tests); it
  refuses before the body runs and shows a Korean message where the state has an `error` line.
  (Reflex queues a frame and runs its handler in another task, so nothing tells the decorator a
  call came through the socket: it checks again, which costs microseconds.)
A handler's body therefore re-checks no argument's kind; what the values mean is the room's and
the engine's to judge (a game action's shape is its engine's `parse_action`).
"""

from __future__ import annotations

import functools
import inspect
import math
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import reflex as rx

MAX_SAFE_INTEGER = 2**53 - 1  # Number.MAX_SAFE_INTEGER: a browser cannot send a larger integer exactly
MAX_DEPTH = 16  # our deepest payload (a form inside an event) is 4 levels deep
MAX_NODES = 20_000  # values in one payload: a whole table of tiles is a few hundred
REFUSED_MESSAGE = "refused_payload"  # its message id: "요청을 이해하지 못했어요. 화면을 새로 고친 뒤 다시 해 주세요"
CHECKED_MARKER = "_tilerooms_browser_event"
SURROGATE = re.compile("[\ud800-\udfff]")

F = TypeVar("F", bound=Callable[..., Any])


class Refused(ValueError):
    """A payload no browser of ours sends; `reason` says why (for one log line, never shown)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# -- values no browser sends, whatever the parameter ---------------------------------------------
def wire_value(value: Any, *, repair: bool = False) -> Any:
    """`value` checked for what no browser sends; with `repair`, lone surrogates (in keys too) are
    replaced by U+FFFD instead of refused (for data we keep rather than act on, like a URL).

    Raises:
        Refused: for an infinite or NaN number, an integer beyond 2**53, a dict key that is not a
            string, nesting deeper than MAX_DEPTH, more than MAX_NODES values, a value that is not
            JSON, or (without `repair`) half of a surrogate pair.
    """
    return _wire(value, 0, [MAX_NODES], repair)


def _wire(value: Any, depth: int, budget: list[int], repair: bool) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise Refused("too many values")
    if isinstance(value, str):
        return _text(value, repair)
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if abs(value) > MAX_SAFE_INTEGER:
            raise Refused("an integer beyond 2**53")
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise Refused("an infinite or NaN number")
        return value
    if depth >= MAX_DEPTH:
        raise Refused("nested too deep")
    if isinstance(value, list):
        return [_wire(v, depth + 1, budget, repair) for v in value]
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise Refused("a key that is not text")
            out[_text(key, repair)] = _wire(item, depth + 1, budget, repair)
        return out
    raise Refused(f"a value of type {type(value).__name__}")


def _text(text: str, repair: bool) -> str:
    """`text` without lone surrogates (JSON's \\ud800 escapes decode to them; UTF-8 cannot hold them)."""
    if text.isascii() or not SURROGATE.search(text):
        return text
    if not repair:
        raise Refused("half of a surrogate pair")
    return SURROGATE.sub("\ufffd", text)


# -- the handler's own signature -----------------------------------------------------------------
@functools.lru_cache(maxsize=1024)
def _parameters(fn: Callable[..., Any]) -> tuple[dict[str, Any], frozenset[str], bool]:
    """({parameter: annotation}, required parameters, takes **kwargs) of a handler, `self` left out."""
    try:
        hints = typing.get_type_hints(fn)
    except Exception:  # noqa: BLE001 - an annotation that does not resolve: any value will do
        hints = {}
    params = list(inspect.signature(fn).parameters.values())[1:]
    named = {p.name: hints.get(p.name, Any) for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    required = frozenset(p.name for p in params if p.name in named and p.default is p.empty)
    return named, required, any(p.kind is p.VAR_KEYWORD for p in params)


def check_arguments(fn: Callable[..., Any], arguments: Mapping[str, Any]) -> None:
    """Check keyword `arguments` against handler `fn`'s signature and type hints.

    Raises:
        Refused: for a missing or unexpected argument, or a value of the wrong kind.
    """
    named, required, open_ended = _parameters(fn)
    for name in arguments:
        if name not in named and not open_ended:
            raise Refused(f"unexpected argument {name!r}")
    for name in required:
        if name not in arguments:
            raise Refused(f"missing argument {name!r}")
    for name, value in arguments.items():
        if name in named and not fits(value, named[name]):
            raise Refused(f"argument {name!r} is not {_describe(named[name])}")


def fits(value: Any, annotation: Any) -> bool:
    """Whether a JSON value is of the kind `annotation` names (unknown annotations: any value)."""
    if annotation is Any or annotation is inspect.Parameter.empty:
        return True
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Union or origin is types.UnionType:
        return any(fits(value, member) for member in args)
    if annotation is type(None):
        return value is None
    if origin is typing.Literal:
        return any(value == choice and type(value) is type(choice) for choice in args)
    kind = origin or annotation
    if typing.is_typeddict(kind):  # an object of named fields (a gesture's payload): those, of their kinds
        fields = typing.get_type_hints(kind)
        return (
            isinstance(value, dict) and kind.__required_keys__ <= value.keys() <= fields.keys() and all(fits(item, fields[key]) for key, item in value.items())
        )
    if kind is str:
        return isinstance(value, str)
    if kind is bool:
        return isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind in (list, set, frozenset):
        return isinstance(value, list) and all(fits(item, args[0] if args else Any) for item in value)
    if kind is tuple:  # tuple[int, ...] or tuple[str, int]: a JSON array either way
        if not isinstance(value, list):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(fits(item, args[0]) for item in value)
        return not args or (len(args) == len(value) and all(fits(item, a) for item, a in zip(value, args)))
    if kind in (dict, Mapping):
        key, item = args if len(args) == 2 else (Any, Any)
        return isinstance(value, dict) and all(fits(k, key) and fits(v, item) for k, v in value.items())
    return True  # a class we cannot check from JSON: the handler's own code decides


def _describe(annotation: Any) -> str:
    return getattr(annotation, "__name__", None) or str(annotation).replace("typing.", "")


# -- the decorator -------------------------------------------------------------------------------
def browser_event(fn: F | None = None, *, background: bool = False) -> Any:
    """`@rx.event` for a handler a browser may call: its arguments are checked first.

    Use it instead of `@rx.event` on every event handler of our State classes (as
    `@browser_event` or `@browser_event(background=True)`). A call whose arguments do not fit the
    handler's signature and type hints (see the module docstring) does not run the body: it
    returns None and, where the state has a public `error` var, shows REFUSED_MESSAGE there
    (not from a background handler, which may change its state only inside `async with self`).
    Reflex sees the handler's own signature (its name and parameters are unchanged).
    """
    if fn is None:
        return lambda inner: browser_event(inner, background=background)
    if inspect.isgeneratorfunction(fn) or inspect.isasyncgenfunction(fn):
        raise TypeError(f"{fn.__qualname__}: browser_event does not wrap generators")
    signature = inspect.signature(fn)

    def refused(args: tuple, kwargs: dict) -> bool:
        try:
            arguments = dict(list(signature.bind(*args, **kwargs).arguments.items())[1:])
            wire_value(arguments)
            check_arguments(fn, arguments)
        except (TypeError, Refused):  # TypeError: arguments the signature cannot bind
            if args and not background:  # a background task may change its state only inside `async with self`
                _show_refusal(args[0])
            return True
        return False

    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def checked_async(*args: Any, **kwargs: Any) -> Any:
            if refused(args, kwargs):
                return None
            return await fn(*args, **kwargs)

        wrapper: Callable[..., Any] = checked_async
    else:

        @functools.wraps(fn)
        def checked(*args: Any, **kwargs: Any) -> Any:
            if refused(args, kwargs):
                return None
            return fn(*args, **kwargs)

        wrapper = checked
    setattr(wrapper, CHECKED_MARKER, True)
    return rx.event(wrapper, background=background)


def _show_refusal(state: Any) -> None:
    """The line a person sees when a request of theirs was refused (if the state has one): its
    message id, rendered from the catalog in the viewer's language."""
    if "error" in getattr(type(state), "vars", {}):  # a table substate shows it on its RoomState's line
        state.error = REFUSED_MESSAGE


def is_browser_event(fn: Callable[..., Any]) -> bool:
    """Whether handler function `fn` was declared with `browser_event`."""
    return bool(getattr(fn, CHECKED_MARKER, False))
