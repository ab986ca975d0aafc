"""A small seeded RNG whose whole state is one integer, so game states round-trip through JSON.

SplitMix64 (Steele, Lea & Flood 2014): tiny, fast, well distributed, and the same on every
platform and Python version, unlike `random.Random`, whose algorithms may change between versions.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


class SeededRng:
    """Deterministic RNG: the same seed always gives the same sequence."""

    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0, *, state: int | None = None) -> None:
        if state is not None:
            self.state = state & _MASK
        elif isinstance(seed, str):
            # str seeds: a stable (non-salted) hash, unlike the built-in hash()
            acc = 1469598103934665603
            for byte in seed.encode("utf-8"):
                acc = ((acc ^ byte) * 1099511628211) & _MASK
            self.state = acc
        else:
            self.state = seed & _MASK

    def next_u64(self) -> int:
        """The next 64-bit unsigned integer."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in [0, n) without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def to_json(self) -> dict[str, Any]:
        """The JSON form of the RNG state (server-side only: never sent to a browser)."""
        return {"state": self.state}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeededRng:
        """Rebuild an RNG from `to_json()` output."""
        return cls(state=int(data["state"]))
