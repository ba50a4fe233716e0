"""Uniformly random among the legal actions."""


def choose(view, legal_actions, rng):
    return rng.choice(legal_actions)
