"""Game-agnostic engine protocol: the `Engine` contract, `RuleError`, and the seeded RNG."""

from tilerooms.engine.errors import RuleError
from tilerooms.engine.rng import SeededRng

__all__ = ["RuleError", "SeededRng"]
