"""The registry of games: game id -> the module that implements it.

Each game module exposes ``GAME``, an object with the functions of ``contract.Game`` and an
``INFO`` dict (see ``contract.py``). Modules are imported on first use, so importing the
engine costs nothing for a game that is not played. Adding a game = one line here (see the
"Adding a game" checklist in README.md).
"""
from importlib import import_module

from .errors import ConfigError

GAMES = {
    "base": "games.engine.base",
    "architects": "games.engine.architects",
}

_loaded = {}


def games():
    """The registered game ids in registry order: the first one (the base game) is what a page,
    a leaderboard or a filter shows when nobody picks a game."""
    return list(GAMES)


def get(game_id):
    """The game object of `game_id`; ConfigError("unsupported_game") for an unknown id."""
    game = _loaded.get(game_id)
    if game is None:
        path = GAMES.get(game_id) if isinstance(game_id, str) else None
        if path is None:
            raise ConfigError("unsupported_game", game=game_id, allowed=games())
        game = _loaded[game_id] = import_module(path).GAME
    return game


def of_config(config):
    if not isinstance(config, dict):
        raise ConfigError("bad_config", field="config")
    return get(config.get("game", "base"))


def of_state(state):
    return get(state["config"]["game"])


def register(game_id, module_path):
    """Register a game at run time (the tests' toy games); ``unregister`` takes it out again."""
    GAMES[game_id] = module_path
    _loaded.pop(game_id, None)


def unregister(game_id):
    GAMES.pop(game_id, None)
    _loaded.pop(game_id, None)
