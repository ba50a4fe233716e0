"""The registry of games: game id -> the module that implements it.

Each game module exposes ``GAME``, an object with the functions of ``contract.py`` and an
``INFO`` dict (``contract.game_from_module`` builds it from the module). Modules are imported on
first use, so importing the engine costs nothing for a game that is not played. Adding a game =
one line here (see the "Adding a game" checklist in README.md).

Tests may register a game for a while, without a line here (a toy game the conformance suite
plays, say): ``register(game_id, module_path)`` and ``unregister(game_id)``, or ``with
registered(game_id, module_path):``. Such a game is a registered game like any other while it
is there (``games()`` lists it last).
"""
from contextlib import contextmanager
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
    """Register the game of `module_path` (a module with ``GAME``) under `game_id`, after the
    others; ValueError when the id is taken. The module is imported on first use, as the
    others are."""
    if not isinstance(game_id, str) or not game_id:
        raise ValueError(f"a game id is a non-empty string, not {game_id!r}")
    if game_id in GAMES:
        raise ValueError(f"the game id {game_id!r} is taken (by {GAMES[game_id]})")
    GAMES[game_id] = module_path
    _loaded.pop(game_id, None)


def unregister(game_id):
    """Take a game that ``register`` added off the registry (KeyError for an unknown id)."""
    del GAMES[game_id]
    _loaded.pop(game_id, None)


@contextmanager
def registered(game_id, module_path):
    """``register`` for the length of a with block (a test's game), then ``unregister``."""
    register(game_id, module_path)
    try:
        yield get(game_id)
    finally:
        unregister(game_id)
