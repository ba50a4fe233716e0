"""A suggestion for a seat (the "Suggest" hint at unrated tables): the hard bot's choice from the
seat's view and legal actions only, with the game's facts on why (``engine.explain``).

Pure, like every bot: no Django, no database, so a process of its own can run it
(games/hint_runner.py); games/services/hints.py decides who may ask.
"""
import hashlib
import json
import random

from games import engine

from . import get

LEVEL = "hard"


def view_rng(view):
    """The search's random numbers, drawn from the view alone: the same position gives the same
    suggestion (asking again does not shop for another answer), and nothing hidden seeds it."""
    digest = hashlib.sha256(json.dumps(view, sort_keys=True, separators=(",", ":")).encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def suggest(view, legal, rng=None, *, seconds=1.0, iterations=None):
    """The `suggestion` message: {"type": "suggestion", "action": one of `legal`, "reason": facts}.
    Budget: `iterations` rollouts when given (tests: the same rng, the same answer), else
    `seconds` of search."""
    budget = {"iterations": iterations} if iterations is not None else {"seconds": seconds, "paced": False}
    action = get(LEVEL).choose(view, legal, rng or view_rng(view), **budget)
    return {"type": "suggestion", "action": action, "reason": engine.explain(view, action)}


def warm():
    """Nothing: a hint process's first task, so that its imports (the engine, the catalogue) are
    done before a player waits on it."""
    for game in engine.games():
        engine.info(game)
    return True
