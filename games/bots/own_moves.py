"""The search bot's own next move after each candidate, chosen by a bandit instead of greedily.

A flat rollout plays the searching seat's later moves with the greedy policy: a candidate is
worth what it is worth if the seat then plays like ``medium``. Under each candidate of
``search_bot.successive_halving`` this keeps the tally of the seat's *next* decision (the next
one with a choice): a rollout plays on by the rollout policy (every other seat, always) until
that decision, picks it by UCB1 among the search bot's candidates there (each tried once, best
first by the heuristic; then the mean outcome plus EXPLORATION * sqrt(ln N / n)), and plays the
rest greedily. A candidate's value is then closer to what it is worth when the seat also plays its
next move well.

Open loop: the tally is kept by the next move's family (``search_bot._family``), not by state:
every round deals the unseen cards again (``sample_state``), and the same move is pooled whatever
was dealt; a move not offered on a round's deal is not chosen on it.

Only one decision deep: a whole tree of the seat's later decisions (UCB1 at each, one decision
added a rollout) won fewer of the fixed Architects deals than flat rollouts (docs/bots.md): with
about a hundred rollouts a candidate, the deeper levels are mostly exploration, which both
dilutes a candidate's mean and makes the candidates' rollouts on the same deal less alike.
"""
import math

from games.engine import registry

EXPLORATION = 0.25  # outcomes are in [0, 1] (search_bot.outcome_value)


def new_tally():
    """The tally of the seat's next decision under one candidate."""
    return {"visits": 0, "moves": {}}


def play_on(state, rng, policy, seat, tally, *, outcome, candidates_of, family_of, rollout):
    """Play `state` (just after one of the seat's candidates) to the end: the seat's next decision
    with a choice by UCB1 on `tally`, everything else by `policy` (``rollout`` once that decision
    is made); the outcome for `seat` is added to the move chosen. Returns the final score sheets."""
    game = registry.of_state(state)
    quick = getattr(game, "rollout_turn", None)
    chosen = None
    while chosen is None and not game.is_over(state):
        actors = game.to_act(state)
        if seat not in actors:
            after = quick(state, rng) if quick is not None else None
            if after is not None:
                state = after
                continue
        for actor in actors:
            legal = game.legal_actions(state, actor)
            if len(legal) == 1:
                action = legal[0]
            elif actor != seat:
                action = policy.choose(game.view(state, actor), legal, rng)
            else:
                action, chosen = select(tally, candidates_of(game.view(state, actor), legal), family_of)
            state, _events = game.apply(state, actor, action)
            if game.is_over(state):
                break
    sheets = rollout(state, rng, policy)
    if chosen is not None:
        chosen["n"] += 1
        chosen["total"] += outcome(sheets, seat)
    return sheets


def select(tally, options, family_of):
    """The option to play and its entry in `tally`: the first option never tried (the options
    come best first by the heuristic), else the best by UCB1."""
    tally["visits"] += 1
    moves = tally["moves"]
    log_visits = math.log(tally["visits"])
    best, best_score = None, None
    for action in options:
        entry = moves.setdefault(family_of(action), {"n": 0, "total": 0.0})
        if entry["n"] == 0:
            return action, entry
        score = entry["total"] / entry["n"] + EXPLORATION * math.sqrt(log_visits / entry["n"])
        if best_score is None or score > best_score:
            best, best_score = (action, entry), score
    return best
