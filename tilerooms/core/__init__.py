"""Game-agnostic engine protocol: the `Engine` contract, `RuleError`, and the seeded RNG."""

from tilerooms.core.errors import RuleError
from tilerooms.core.rng import SeededRng

__all__ = ["RuleError", "SeededRng"]
