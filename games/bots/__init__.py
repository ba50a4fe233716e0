"""Bot policies. A bot sees only a seat's view and that seat's legal actions:

    choose(view, legal_actions, rng) -> one of legal_actions

`rng` is a random.Random owned by the caller (no global random). Policies: `random`, `points`
(the most immediate points: a benchmark baseline, no level), `greedy` (one ply, the game's
heuristic) and `search` (determinized Monte Carlo search; extra keyword
arguments: its budget, `seconds` and/or `iterations`).

Players choose, and the site stores and sends, a bot's level: `easy`, `medium` or `hard`. LEVELS
is the one place a level is given its policy. The first levels were called by their policies'
names: `level_id` still takes those on input.
"""

from . import greedy_bot, points_bot, random_bot, search_bot

SEARCH = "search"  # the policy whose choose() takes a budget
POLICIES = {"random": random_bot, "points": points_bot, "greedy": greedy_bot, SEARCH: search_bot}
LEVELS = {"easy": "random", "medium": "greedy", "hard": SEARCH}
OLD_LEVEL_IDS = {policy: level for level, policy in LEVELS.items()}


def level_id(name):
    """The level `name` stands for: a level id as it is, an old id (a policy's name) as the level
    it became; anything else unchanged (the caller refuses it)."""
    return OLD_LEVEL_IDS.get(name, name)


def get(name):
    """The policy that plays a level, or a policy called by its own name (the tools, the rollouts)."""
    return POLICIES[LEVELS.get(name, name)]


def searches(name):
    """Whether the bot of a level (or a policy) is the search bot: its choose() takes a budget and
    it thinks for a while."""
    return LEVELS.get(name, name) == SEARCH
