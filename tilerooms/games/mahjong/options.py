"""Room options of spec §2: defaults per mode (4-player / sanma) and validation.

`resolve_options(raw, players)` is the one entry point: it fills defaults, rejects unknown keys and
values outside the §2 choices with a `RuleError`, and — spec §2 last line — when three play,
replaces values that only exist in 4-player mahjong with the sanma defaults.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tilerooms.core.errors import RuleError

_CHOICES: dict[str, tuple[Any, ...]] = {
    "length": ("tonpuu", "hanchan"),
    "uma": ("none", "5-10", "10-20", "10-30", "0", "15"),
    "akaDora": (0, 2, 3),
    "kuitan": (True, False),
    "doubleRon": ("allow", "headBump"),
    "tripleRon": ("abort", "allow"),
    "tobi": (True, False),
    "agariYame": (True, False),
    "westEntry": (True, False),
    "renchanOn": ("tenpai", "agari"),
    "kiriageMangan": (True, False),
    "kazoeYakuman": (True, False),
    "doubleYakuman": (True, False),
    "abortiveDraws": (True, False),
    "nagashiMangan": (True, False),
    "pao": (True, False),
    "ankanChankanKokushi": (True, False),
    "renpuuPairFu": (2, 4),
    "sanmaTsumo": ("tsumoLoss", "northBisection"),
    "sanmaHonba": (200, 300, 1000),
    "sanmaNotenPool": (2000, 3000),
    "beginnerMode": (True, False),
    "claimMinDelayMs": (400, 700, 1000),  # spec 5.3 step 2: the floor of every claim window
}
_RANGES: dict[str, tuple[int, int]] = {
    "turnSeconds": (5, 60),
    "claimSeconds": (3, 20),
    "timeBankSeconds": (0, 300),
}
_POINT_KEYS = ("startPoints", "returnPoints")
# a game set up before the claimMinDelayMs option existed ran every claim window for 1 s
LEGACY_CLAIM_MIN_DELAY_MS = 1000

_COMMON_DEFAULTS: dict[str, Any] = {
    "length": "hanchan",
    "kuitan": True,
    "doubleRon": "allow",
    "tripleRon": "abort",
    "tobi": True,
    "agariYame": True,
    "westEntry": True,
    "renchanOn": "tenpai",
    "kiriageMangan": False,
    "kazoeYakuman": True,
    "doubleYakuman": True,
    "abortiveDraws": True,
    "nagashiMangan": True,
    "pao": True,
    "ankanChankanKokushi": True,
    "renpuuPairFu": 4,
    "sanmaTsumo": "tsumoLoss",
    "sanmaHonba": 200,
    "sanmaNotenPool": 2000,
    "turnSeconds": 15,
    "claimSeconds": 8,
    "claimMinDelayMs": 400,  # spec 5.3 step 2: "기본 400ms"
    "timeBankSeconds": 60,
    "beginnerMode": True,
}
_MODE_DEFAULTS: dict[int, dict[str, Any]] = {
    4: {"startPoints": 25000, "returnPoints": 30000, "uma": "10-20", "akaDora": 3},
    3: {"startPoints": 35000, "returnPoints": 40000, "uma": "15", "akaDora": 2},
}
# values that exist only in one mode (spec §2: uma "0"/"15" and akaDora 2 are sanma values)
_MODE_ONLY: dict[int, dict[str, tuple[Any, ...]]] = {
    4: {"uma": ("none", "5-10", "10-20", "10-30"), "akaDora": (0, 3)},
    3: {"uma": ("0", "15"), "akaDora": (0, 2)},
}

OPTION_KEYS: frozenset[str] = frozenset(_COMMON_DEFAULTS) | frozenset(_MODE_DEFAULTS[4])


def default_options(players: int = 4) -> dict[str, Any]:
    """The §2 defaults for a 4-player (``players=4``) or sanma (``players=3``) room."""
    if players not in _MODE_DEFAULTS:
        raise RuleError("bad_player_count", "마작은 3명 또는 4명이 필요합니다", players=players)
    return {**_COMMON_DEFAULTS, **_MODE_DEFAULTS[players]}


def resolve_options(raw: Mapping[str, Any] | None = None, players: int = 4) -> dict[str, Any]:
    """Defaults + validation of §2 option keys; returns a new complete dict.

    Unknown keys and out-of-range values raise `RuleError("bad_option")`. A value valid only in the
    other mode (e.g. ``uma="10-20"`` or ``akaDora=3`` in sanma) is replaced by this mode's default
    (spec §2: "3인일 때 4인 전용 옵션 값은 무시하고 3인 기본값을 쓴다").
    """
    opts = default_options(players)
    for key, value in (raw or {}).items():
        if key not in OPTION_KEYS:
            raise RuleError("bad_option", f"알 수 없는 옵션입니다: {key}", message_id="mj.bad_option.unknown", key=key)
        if key in _CHOICES:
            # bool is an int in Python: compare type too so 1 != True for boolean options
            if not any(value == c and type(value) is type(c) for c in _CHOICES[key]):
                raise RuleError("bad_option", f"옵션 값이 올바르지 않습니다: {key}={value!r}", message_id="mj.bad_option.value", key=key, value=repr(value))
            allowed_here = _MODE_ONLY.get(players, {}).get(key)
            if allowed_here is not None and value not in allowed_here:
                continue  # other mode's value: keep this mode's default
        elif key in _RANGES:
            lo, hi = _RANGES[key]
            if type(value) is not int or not lo <= value <= hi:
                raise RuleError("bad_option", f"옵션 값이 올바르지 않습니다: {key}={value!r}", message_id="mj.bad_option.value", key=key, value=repr(value))
        elif key in _POINT_KEYS:
            if type(value) is not int or value <= 0 or value % 100:
                raise RuleError("bad_option", f"점수는 100점 단위 양의 정수여야 합니다: {key}", message_id="mj.bad_option.points", key=key)
        opts[key] = value
    return opts


def recorded_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options a recorded game ran with, for its replay. A room's game is recorded with every
    option its engine resolved (`rooms.play.begin_game`) and its ``startedAt``; a record with a
    start but no ``claimMinDelayMs`` predates that option and ran every claim window for 1 s
    (`LEGACY_CLAIM_MIN_DELAY_MS`): replayed with today's 400 ms it would not be the same game."""
    out = dict(options)
    if "startedAt" in out and "claimMinDelayMs" not in out:
        out["claimMinDelayMs"] = LEGACY_CLAIM_MIN_DELAY_MS
    return out


def uma_values(uma: str, players: int) -> list[int]:
    """Uma per rank in thousands (spec §2), e.g. ``"10-20"`` -> ``[20, 10, -10, -20]``."""
    if players == 3:
        spread = {"0": 0, "15": 15}.get(uma, 15)
        return [spread, 0, -spread]
    if uma == "none":
        return [0, 0, 0, 0]
    small, big = (int(x) for x in uma.split("-"))
    return [big, small, -small, -big]
