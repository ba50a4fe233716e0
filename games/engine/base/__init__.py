"""7 Wonders, 1st edition: the base game (3-7 players, and 2 with the 2-player variant; 2-8 with Cities).

The game's entry in the registry: ``GAME``, built from this module's functions
(``contract.game_from_module``), with its static facts declared once in ``info.py``. The rules
live beside this file: ``state.py`` (config, chance, setup), ``rules.py`` (who acts, legal
actions, apply), ``actions.py`` (a card action and its payments), ``resolution.py``,
``view.py`` (views, hints, hidden ids, reveal, labels), ``scoring.py``, ``replay.py``,
``sample.py`` (``sample_state``), ``city.py`` and ``trading.py`` (what a city produces and
pays), ``catalogue.py`` (the card data), ``heuristics.py`` and ``rollout.py`` (the bots'),
``frames.py`` and ``tabletop.py`` (scoring a physical table). The 2-player variant
(``players: 2``: ``two_players_*.py``) and the Cities expansion (``expansions: ["cities"]``,
``teams``: ``cities_*.py``) are hooks in those modules, which ask them; neither forks a rule.
"""
from ..contract import game_from_module
from ..errors import ConfigError  # noqa: F401  (re-exported for the game's callers)
from .actions import blocked_builds  # noqa: F401  (engine.blocked_builds' callers)
from .estimate import rollout_estimate  # noqa: F401
from .frames import frame_hands  # noqa: F401  (the contract's functions are found by name)
from .heuristics import action_value, action_values, search_group, search_time_share  # noqa: F401
from .reasons import explain  # noqa: F401
from .info import PUBLIC_EVENTS, SCORE_CATEGORIES, game_type, info as _info  # noqa: F401
from .replay import action_log, log_length, replay  # noqa: F401
from .rollout import rollout_turn  # noqa: F401
from .rules import apply, is_over, legal_actions, to_act  # noqa: F401
from .sample import sample_state as _sample_state
from .scoring import scores  # noqa: F401
from .state import draw_chance, initial_state, normalize_config  # noqa: F401
from .view import hidden_ids, hints, reveal, seat_labels, view as _view  # noqa: F401


def rating_mode(cfg):
    """The ladder a config's matches count in: the 2-player variant apart from the games of 3 or
    more players, with Cities as without (``cities-2p``, ``base-2p``); teams apart again."""
    if cfg.get("teams"):
        return "cities-teams"
    if "cities" in (cfg.get("expansions") or ()):
        return "cities-2p" if cfg["players"] == 2 else "cities"
    return "base-2p" if cfg["players"] == 2 else "base"


def new_game(cfg, seed):
    return initial_state(cfg, draw_chance(cfg, seed))


def view(state, seat=None):
    out = _view(state, seat)
    out["game"] = "base"
    return out


def sample_state(seat_view, seat, rng, chooser=None):
    """See sample.py; `chooser(view, legal_actions, rng)`, when given, makes the choices that the
    view says other seats have made this turn (a search bot's model of them)."""
    choose_for = None
    if chooser is not None:
        def choose_for(state, other, legal):
            return chooser(view(state, other), legal, rng)
    return _sample_state(seat_view, seat, rng, choose_for)


def score_table(table):
    from .tabletop import score_table as score
    return score(table)


def table_modes():
    from .tabletop import table_modes as modes
    return modes()


GAME = game_from_module(globals(), _info)
