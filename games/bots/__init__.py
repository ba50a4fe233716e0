"""Bot policies. A bot sees only a seat's view and that seat's legal actions:

    choose(view, legal_actions, rng) -> one of legal_actions

`rng` is a random.Random owned by the caller (no global random). Bots: `random` and `greedy`.
"""

from . import greedy_bot, random_bot

BOTS = {"random": random_bot, "greedy": greedy_bot}


def get(name):
    return BOTS[name]
