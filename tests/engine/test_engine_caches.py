"""The base game's per-process caches stay bounded, so a long-lived process does not slow down as
it ages (issue 28: the collector walked every entry of caches that had grown to their caps)."""
import importlib
import random

from games import engine
from games.bots import greedy_bot
from games.engine.base import caches, city, trading

view_module = importlib.import_module("games.engine.base.view")  # the package exports view() by that name
heuristics = importlib.import_module("games.engine.base.heuristics")

# Low enough that the collector's full collections stay cheap; the caps once were 200,000 profiles
# and 100,000 trade contexts.
MOST_ENTRIES_A_CACHE_MAY_HOLD = 10_000


def _play_greedy_game(seed, players):
    rng = random.Random(seed)
    state = engine.new_game({"game": "base", "players": players}, seed)
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            legal = engine.legal_actions(state, seat)
            state, _events = engine.apply(state, seat, greedy_bot.choose(engine.view(state, seat), legal, rng))
            if engine.is_over(state):
                break


def _sizes_after_games(games):
    caches.clear_caches()
    seen = []
    for seed in range(games):
        _play_greedy_game(seed, players=4)
        seen.append(caches.cache_sizes())
    caches.clear_caches()
    return seen


def test_every_cache_of_the_base_game_stays_under_its_cap_however_many_games_are_played(monkeypatch):
    small_caps = [(city, "_MAX_PROFILES", 40), (city, "_MAX_BY_ID", 12), (trading, "_MAX_CTX", 10),
                  (view_module, "_MAX_ECONOMIES", 10), (heuristics, "_MAX_PRODUCTION", 20)]
    unbounded = _sizes_after_games(4)[-1]  # the real caps are far above what 4 games fill
    for module, name, cap in small_caps:
        monkeypatch.setattr(module, name, cap)

    for sizes in _sizes_after_games(4):
        for name, (entries, cap) in sizes.items():
            assert entries <= cap, f"{name}: {entries} entries, cap {cap}"

    for name in ("profiles", "profiles by player dict", "trade contexts", "productions"):
        assert unbounded[name][0] > 2 * dict(sizes)[name][1], name  # so the small caps did bind


def test_no_cache_of_the_base_game_may_hold_more_than_ten_thousand_entries():
    caps = {name: cap for name, (_entries, cap) in caches.cache_sizes().items()}
    assert {"profiles", "trade contexts", "economies", "productions"} <= set(caps)
    assert max(caps.values()) <= MOST_ENTRIES_A_CACHE_MAY_HOLD, caps
