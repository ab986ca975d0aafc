"""Every memo cache of the game engines and AIs is bounded (issue 20: 4, memory).

A worker lives for days and its AIs meet a new hand at every decision: with the old sizes (up to
200,000 entries of ~1 KB, one unbounded) the caches of one worker grew by ~70 MB in 40 AI games and
would have kept growing to hundreds of MB. The hits they give come from the same hand asked again
within a decision or a turn, so a few thousand entries keep them (docs/performance.md).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import tilerooms.engine
import tilerooms.games

# entries over all argument-taking caches of the engines together; ~1 KB each at most
ENTRY_BUDGET = 100_000


def _cached_functions() -> list[tuple[str, object]]:
    found = []
    for package in (tilerooms.games, tilerooms.engine):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                if callable(value) and hasattr(value, "cache_info") and getattr(value, "__module__", None) == module.__name__:
                    found.append((f"{module.__name__}.{name}", value))
    return found


def test_every_cache_that_takes_arguments_has_a_size_limit_within_the_budget():
    cached = _cached_functions()
    assert any(name.endswith("shape.wait_kinds") for name, _ in cached)  # the walk finds them
    total = 0
    for name, function in cached:
        takes_arguments = bool(inspect.signature(inspect.unwrap(function)).parameters)
        limit = function.cache_parameters()["maxsize"]
        if takes_arguments:
            assert limit is not None, f"{name} caches without a limit"
            total += limit
    assert total <= ENTRY_BUDGET, f"engine caches may hold {total} entries"
