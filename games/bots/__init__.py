"""Bot policies. A bot sees only a seat's view and that seat's legal actions:

    choose(view, legal_actions, rng) -> one of legal_actions

`rng` is a random.Random owned by the caller (no global random). Bots: `random`, `greedy` (one
ply, the game's heuristic) and `search` (determinized Monte Carlo search; extra keyword
arguments: its budget, `seconds` and/or `iterations`).
"""

from . import greedy_bot, random_bot, search_bot

SEARCH = "search"  # the level whose choose() takes a budget
BOTS = {"random": random_bot, "greedy": greedy_bot, SEARCH: search_bot}


def get(name):
    return BOTS[name]
