"""Every per-process cache of the base game, in one place for the tests and benches: their sizes
and caps, and emptying them all. A module of its own, above the ones that hold the caches, so
that none of them imports another only to reach its cache (tests/engine/test_import_graph.py)."""
from . import city, heuristics, trading
from .view import cache_sizes as _view_sizes, clear_caches as _clear_view

_SIZES = (city.cache_sizes, trading.cache_sizes, _view_sizes, heuristics.cache_sizes)
_CLEARS = (city.clear_caches, trading.clear_caches, _clear_view, heuristics.clear_caches)


def cache_sizes():
    """(entries, cap) of each cache, by name."""
    sizes = {}
    for sizes_of in _SIZES:
        sizes.update(sizes_of())
    return sizes


def clear_caches():
    """Empties every cache of cache_sizes()."""
    for clear in _CLEARS:
        clear()

