"""Game options (spec §2) with the service page's defaults (GUIDE §1)."""

from __future__ import annotations

from typing import Any

from tilerooms.core import RuleError

# GUIDE §1: the service page sets the default; the engine doc's values stay selectable.
DEFAULTS: dict[str, Any] = {
    "initialMeldPoints": 30,
    "turnSeconds": 60,
    "timeoutValidDraft": "revert",
    "invalidTimeoutPenalty": 1,
    "invalidCommitPenalty": "reject",
    "jokerPenalty": 30,
    "initialMeldAllowExtend": False,
    "showDraftToOthers": True,
    "gamesPerMatch": 1,
    "hints": True,
    "gameSeconds": 1800,  # service page: whole-game clock, 30 min; 0 = off
    "startedAt": 0,  # epoch ms of the start; time enters the engine only as data
}

CHOICES: dict[str, tuple[Any, ...]] = {
    "initialMeldPoints": (0, 20, 30, 50),
    "turnSeconds": (60, 90, 120, 180),
    "timeoutValidDraft": ("commit", "revert"),
    "invalidTimeoutPenalty": (1, 3),
    "invalidCommitPenalty": ("reject", "penalty3"),
    "jokerPenalty": (30, 50),
    "initialMeldAllowExtend": (False, True),
    "showDraftToOthers": (False, True),
    "gamesPerMatch": (1, 2, 3, 4),
    "hints": (False, True),
}

MAX_GAME_SECONDS = 6 * 3600


def _bad(key: str, value: object) -> RuleError:
    return RuleError("bad_option", f"지원하지 않는 설정이에요: {key}={value!r}", message_id="bad_option.unsupported", option=key, value=repr(value))


def _same_type(value: object, choice: object) -> bool:
    # bool is an int in Python: True must not pass for 1, nor 1 for True
    return type(value) is type(choice)


def resolve_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """The full option dict: `options` over the defaults, every key and value checked.

    Raises `RuleError("bad_option")` for an unknown key or a value outside the spec's choices.
    """
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RuleError("bad_option", "설정 형식이 올바르지 않아요", message_id="bad_option.format")
    resolved = dict(DEFAULTS)
    for key, value in options.items():
        if key not in DEFAULTS:
            raise RuleError("bad_option", f"알 수 없는 설정이에요: {key}", message_id="bad_option.unknown", option=key)
        if key in CHOICES:
            if not any(_same_type(value, c) and value == c for c in CHOICES[key]):
                raise _bad(key, value)
        elif key == "gameSeconds":
            if type(value) is not int or not 0 <= value <= MAX_GAME_SECONDS:
                raise _bad(key, value)
        elif key == "startedAt":
            if type(value) not in (int, float) or value < 0:
                raise _bad(key, value)
        resolved[key] = value
    return resolved
