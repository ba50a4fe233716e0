"""A one-ply greedy bot: plays the legal action its game values most.

The values come from the game itself: each game of the registry offers
``action_value(view, action) -> float`` (the base game's is in ``games/engine/base/heuristics.py``),
which reads only the seat's view and public data. The bot knows no game. Ties are broken at random
with `rng`.
"""

from games.engine import registry


def choose(view, legal_actions, rng):
    action_value = registry.get(view["game"]).action_value
    best = None
    best_value = None
    for action in legal_actions:
        value = action_value(view, action) + rng.random() * 0.01
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best
