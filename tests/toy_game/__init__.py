"""High card: a toy game kept in the test suite to prove that a game is a folder and a registry
line on the engine side and on the site side (``tests/games/test_toy_game.py``).

``engine.py`` is the game's rules folder (what ``games/engine/<id>/`` would be) and ``site/`` its
site folder (what ``games/presentation/<id>/`` would be). Nothing outside these two names it:
``register()`` adds it to both registries at run time, ``unregister()`` takes it out.
"""
from games import presentation
from games.engine import registry

GAME_ID = "highcard"
ENGINE_MODULE = "tests.toy_game.engine"
SITE_MODULE = "tests.toy_game.site"
# Every file the toy game needed: the proof that adding a game touches only its own folders.
FILES = ("tests/toy_game/__init__.py", "tests/toy_game/engine.py", "tests/toy_game/site/__init__.py",
         "tests/toy_game/site/templates/board.html", "tests/toy_game/site/static/board.js")


def register():
    registry.register(GAME_ID, ENGINE_MODULE)
    presentation.register(GAME_ID, SITE_MODULE)


def unregister():
    presentation.unregister(GAME_ID)
    registry.unregister(GAME_ID)
