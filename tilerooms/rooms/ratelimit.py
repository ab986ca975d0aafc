"""Per-person action quotas (token buckets), checked before a room is even locked.

Limits: spec §8.2 `setDraft` at most 10 per second; other game actions about 100 per 20 s
(the Lichess habit, GUIDE §6); chat 5 lines per 10 s.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from tilerooms.engine import RuleError

LIMITS: dict[str, tuple[float, float]] = {
    # kind: (burst capacity, tokens refilled per second)
    "setDraft": (10.0, 10.0),
    "action": (100.0, 5.0),
    "chat": (5.0, 0.5),
    "room": (20.0, 2.0),  # create / join / ready / seat changes
}


@dataclass
class _Bucket:
    tokens: float
    stamp: float


class RateLimiter:
    """In-process token buckets keyed by (who, kind). Each backend worker keeps its own."""

    def __init__(self, clock=time.monotonic, limits: dict[str, tuple[float, float]] | None = None) -> None:
        self._clock = clock
        self._limits = limits or LIMITS
        self._buckets: dict[tuple[str, str], _Bucket] = {}

    def hit(self, who: str, kind: str) -> None:
        """Spend one token or raise `RuleError("rate_limited")` with a Korean message."""
        capacity, rate = self._limits.get(kind, self._limits["action"])
        now = self._clock()
        bucket = self._buckets.get((who, kind))
        if bucket is None:
            bucket = self._buckets[(who, kind)] = _Bucket(capacity, now)
        bucket.tokens = min(capacity, bucket.tokens + (now - bucket.stamp) * rate)
        bucket.stamp = now
        if bucket.tokens < 1.0:
            raise RuleError("rate_limited", "너무 빨라요. 잠시 후에 다시 해 주세요")
        bucket.tokens -= 1.0
        if len(self._buckets) > 50_000:  # forget idle people now and then
            self._buckets = {k: b for k, b in self._buckets.items() if now - b.stamp < 60}
