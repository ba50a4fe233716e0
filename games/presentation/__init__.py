"""How the site shows each game: the words and names a page needs, per engine game id.

The engine decides what a game is (``games.engine``: rules, options, categories); this package
says it in words, in the page's language: the game's name, its options and their values, its
catalogue's names and texts for the game page. One module per game, named by the engine's game
id; a game the engine registers must have one (``tests/games/test_presentation.py``).

Every module offers::

    game_name() -> str (lazy translation)
    option_words(language) -> {option name: {"label", "choices": {value: words},
                                             "seat_label" (per_seat: "... %(seat)s"), "empty"}}
    page_catalogue(language) -> dict            # what the game page's script draws with
    board_words() -> {key: words}               # the game page's words for this game's board
    error_words() -> {code: words}              # the game's rule refusals (engine codes)
"""
from importlib import import_module

MODULE_OF_GAME = "games.presentation.{game}"
FUNCTIONS = ("game_name", "option_words", "page_catalogue", "board_words", "error_words")

_loaded = {}


class UnknownGame(LookupError):
    pass


def get(game_id):
    """The presentation module of an engine game id."""
    module = _loaded.get(game_id)
    if module is None:
        if not isinstance(game_id, str) or not game_id.isidentifier():
            raise UnknownGame(game_id)
        try:
            module = import_module(MODULE_OF_GAME.format(game=game_id))
        except ModuleNotFoundError as error:
            raise UnknownGame(game_id) from error
        _loaded[game_id] = module
    return module
