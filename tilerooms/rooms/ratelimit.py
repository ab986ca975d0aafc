"""Action quotas (token buckets), checked before a room is even locked.

Limits: spec §8.2 `setDraft` at most 10 per second; other game actions about 100 per 20 s
(the Lichess habit, GUIDE §6); chat 5 lines per 10 s; new rooms one per 5 s after a burst.

Each request spends a token of the person, and of its `Origin` — the socket it came on and the
network address — so a client cannot escape a limit by minting a new guest key per request
(issue 17). An address may carry several people (a household, a cafe), so its buckets are larger.

Established people (issue 35: 3): a member, or a guest who has played in a game, is charged to an
address bucket of its own, so a flood of fresh identities (a fresh socket and guest key per
request) that empties the address's bucket does not lock out the neighbours who already play
there (a cafe, a campus, a carrier's NAT). Fresh identities stay bound by the address as before,
and the established ones of an address share their own bucket of the same size.
"Established" is decided on the server only: a member id ("u-") exists only for a valid signed
session, and a guest is marked by the room service (`establish`) after one of their game actions
was accepted — nothing a browser sends marks it. The record lives in this worker's memory beside
the buckets: like them it starts empty when the worker restarts (a guest is then fresh until
their next accepted move), and a flooder must create and play a room per identity to make one.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from tilerooms.core import RuleError
from tilerooms.rooms.identity import MEMBER_PREFIX

LIMITS: dict[str, tuple[float, float]] = {
    # kind: (burst capacity, tokens refilled per second)
    "setDraft": (10.0, 10.0),
    "action": (100.0, 5.0),
    "chat": (5.0, 0.5),
    "room": (20.0, 2.0),  # join / ready / seat changes
    "create": (6.0, 0.2),  # new rooms and practice games
}
ADDRESS_FACTOR = 10.0  # an address's buckets hold this many people's
ESTABLISHED_KEPT = 100_000  # guests remembered as established per worker (~100 B each); the oldest go first


@dataclass(frozen=True)
class Origin:
    """Where a request came from: the socket (Reflex's session id) and the client address."""

    socket: str = ""
    address: str = ""

    def keys(self, established: bool = False) -> list[tuple[str, float]]:
        """(bucket key, size factor) for each part that is known; an established person's
        address bucket is not the one fresh identities share (issue 35: 3)."""
        out: list[tuple[str, float]] = []
        if self.socket:
            out.append((f"socket:{self.socket}", 1.0))
        if self.address:
            out.append((f"{'established' if established else 'address'}:{self.address}", ADDRESS_FACTOR))
        return out


@dataclass(slots=True)  # one per person, socket and address, and kind: ~50 B instead of ~150
class _Bucket:
    tokens: float
    stamp: float


class RateLimiter:
    """In-process token buckets keyed by (who, kind). Each backend worker keeps its own."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, limits: dict[str, tuple[float, float]] | None = None) -> None:
        self._clock = clock
        self._limits = limits or LIMITS
        self._buckets: dict[tuple[str, str], _Bucket] = {}
        self._established: dict[str, None] = {}  # guest ids in the order they were marked (a bounded set)

    def establish(self, who: str) -> None:
        """Mark `who` as established: the room service calls it after an accepted game action."""
        self._established.pop(who, None)
        self._established[who] = None
        if len(self._established) > ESTABLISHED_KEPT:
            del self._established[next(iter(self._established))]

    def is_established(self, who: str) -> bool:
        """Whether `who` is a member or a guest marked by `establish` on this worker."""
        return who.startswith(MEMBER_PREFIX) or who in self._established

    def hit(self, who: str, kind: str, origin: Origin | None = None) -> None:
        """Spend one token of the person and of each part of `origin`, or raise
        `RuleError("rate_limited")` with a Korean message (then nothing is spent)."""
        capacity, rate = self._limits.get(kind, self._limits["action"])
        now = self._clock()
        keys = [(f"person:{who}", 1.0)] + (origin.keys(self.is_established(who)) if origin is not None else [])
        buckets = []
        for key, factor in keys:
            bucket = self._buckets.get((key, kind))
            if bucket is None:
                bucket = self._buckets[(key, kind)] = _Bucket(capacity * factor, now)
            bucket.tokens = min(capacity * factor, bucket.tokens + (now - bucket.stamp) * rate * factor)
            bucket.stamp = now
            buckets.append(bucket)
        if any(b.tokens < 1.0 for b in buckets):
            raise RuleError("rate_limited", "너무 빨라요. 잠시 후에 다시 해 주세요")
        for bucket in buckets:
            bucket.tokens -= 1.0
        if len(self._buckets) > 50_000:  # forget idle keys now and then
            self._buckets = {k: b for k, b in self._buckets.items() if now - b.stamp < 60}
