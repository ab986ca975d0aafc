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

import tilerooms.core
import tilerooms.games

# entries over all argument-taking caches of the engines together; ~1 KB each at most
ENTRY_BUDGET = 100_000


def _cached_functions() -> list[tuple[str, object]]:
    found = []
    for package in (tilerooms.games, tilerooms.core):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                if callable(value) and hasattr(value, "cache_info") and getattr(value, "__module__", None) == module.__name__:
                    found.append((f"{module.__name__}.{name}", value))
    return found


def test_every_cache_that_takes_arguments_has_a_size_limit_within_the_budget():
    cached = _cached_functions()
    assert any(name.endswith("shape._wait_kinds") for name, _ in cached)  # the walk finds them
    total = 0
    for name, function in cached:
        takes_arguments = bool(inspect.signature(inspect.unwrap(function)).parameters)
        limit = function.cache_parameters()["maxsize"]
        if takes_arguments:
            assert limit is not None, f"{name} caches without a limit"
            total += limit
    assert total <= ENTRY_BUDGET, f"engine caches may hold {total} entries"


def test_mahjong_wait_cache_keys_counts_as_bytes_so_a_list_and_a_tuple_share_one_entry():
    from tilerooms.games.mahjong import shape

    # 123m 456p 789s 11z 22z: a two-pair wait on 1z (kind 27) or 2z (kind 28)
    counts = [0] * 34
    for kind in (0, 1, 2, 12, 13, 14, 24, 25, 26):
        counts[kind] = 1
    counts[27] = counts[28] = 2
    shape._wait_kinds.cache_clear()
    assert shape.wait_kinds(tuple(counts), (0,) * 34, 0) == frozenset({27, 28})
    assert shape.wait_kinds(counts, [0] * 34, 0) == frozenset({27, 28})
    assert shape._wait_kinds.cache_info().hits == 1 and shape._wait_kinds.cache_info().currsize == 1
    held = [0] * 34
    held[27] = 2  # two 1z in a meld or kita: all four are held, so 1z is no wait (spec 5.5)
    assert shape.wait_kinds(counts, held, 0) == frozenset({28})
