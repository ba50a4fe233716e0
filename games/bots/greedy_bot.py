"""A one-ply greedy bot: plays the legal action its game values most.

The values come from the game itself: each game of the registry offers
``action_value(view, action) -> float`` (the base game's is in ``games/engine/base/heuristics.py``),
which reads only the seat's view and public data; a game may offer ``action_values(view, actions)``
too, the same values in one call (quicker). The bot knows no game. Ties are broken at random
with `rng`.
"""

from games.engine import registry


def values_of(view, legal_actions):
    """The game's value of each legal action (its batch ``action_values`` when it has one)."""
    game = registry.get(view["game"])
    batch = getattr(game, "action_values", None)
    if batch is not None:
        return batch(view, legal_actions)
    action_value = game.action_value
    return [action_value(view, action) for action in legal_actions]


def choose(view, legal_actions, rng):
    best = None
    best_value = None
    for action, value in zip(legal_actions, values_of(view, legal_actions)):
        value += rng.random() * 0.01
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best
