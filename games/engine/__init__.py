"""The rules of 7 Wonders (1st edition, base game) as a pure-Python library.

No Django, no clock, no global random. See games/engine/README.md for the contract, the shapes
of states, actions, views and events, and the rulings. Public functions::

    new_game(config, seed) -> state
    to_act(state) -> [seat]
    legal_actions(state, seat) -> [action]
    blocked_builds(state, seat) -> {card id: {"code", **facts}}   # why a hand card can't be built
    apply(state, seat, action) -> (state, [event])      # raises IllegalAction(code, **facts)
    view(state, seat | None) -> dict
    is_over(state) -> bool
    scores(state) -> [sheet per seat]
    action_log(state) -> [entry]
    replay(config, log) -> state
"""

from .errors import ConfigError, IllegalAction
from .replay import action_log, replay
from .rules import apply, blocked_builds, is_over, legal_actions, to_act
from .scoring import scores
from .state import draw_chance, initial_state, normalize_config
from .view import view

__all__ = [
    "new_game", "to_act", "legal_actions", "apply", "view", "is_over", "scores",
    "action_log", "replay", "blocked_builds", "IllegalAction", "ConfigError",
]


def new_game(config, seed):
    """A new game: config is validated, chance drawn from random.Random(seed) and logged."""
    cfg = normalize_config(config)
    return initial_state(cfg, draw_chance(cfg, seed))
