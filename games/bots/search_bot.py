"""The search bot ("hard"): determinized Monte Carlo search over the engine contract.

It is given what every bot is given (its seat's view, its legal actions, an rng) and a budget
(seconds and/or iterations). It never sees the real state. Each iteration:

1. draws a complete state consistent with the view (``engine.sample_state``): the cards the seat
   cannot see are dealt again, at random, every time (determinization);
2. picks one of its candidate actions by UCB1 over the results so far (a bandit at the root);
3. applies it, then lets every seat, itself included, play on with the rollout policy (the
   ``greedy`` bot by default) until the game ends;
4. scores the end for its seat (``outcome_value``: a win, its rank, its margin).

When the budget is spent the candidate with the best mean wins (ties: more visits).

Simultaneous turns: the choices other seats have already made this turn are not in the view, so
``sample_state`` draws them; the seats still to choose choose in the rollout. The decision never
depends on what another seat chose this turn.

Candidates: the game's ``action_value(view, action)`` (its heuristic, through the registry) ranks
the legal actions; actions that
differ only in a nested choice (base game: how to pay for the same card) count as one candidate,
the policy's favourite of them, and the best ``MAX_CANDIDATES`` are searched.
"""
import math
import time

from games import engine
from games.engine import registry

DEFAULT_SECONDS = 1.0
MAX_CANDIDATES = 8
EXPLORATION = 0.6
ROLLOUT_POLICY = "greedy"


def choose(view, legal_actions, rng, *, seconds=None, iterations=None, rollout_policy=ROLLOUT_POLICY):
    """One of `legal_actions` for the view's seat. Stops after `iterations` iterations, or after
    `seconds` (DEFAULT_SECONDS when neither is given), whichever comes first."""
    if len(legal_actions) == 1:
        return legal_actions[0]
    from games import bots

    policy = bots.get(rollout_policy)
    seat = view["seat"]
    candidates = candidate_actions(view, legal_actions)
    if len(candidates) == 1:
        return candidates[0]
    if seconds is None and iterations is None:
        seconds = DEFAULT_SECONDS
    deadline = time.perf_counter() + seconds if seconds is not None else None
    visits = [0] * len(candidates)
    totals = [0.0] * len(candidates)
    done = 0
    while (iterations is None or done < iterations) and (deadline is None or time.perf_counter() < deadline):
        k = _pick(visits, totals, done)
        state = engine.sample_state(view, seat, rng)
        state, _events = engine.apply(state, seat, candidates[k])
        sheets = rollout(state, rng, policy)
        visits[k] += 1
        totals[k] += outcome_value(sheets, seat)
        done += 1
    best = max(range(len(candidates)),
               key=lambda i: ((totals[i] / visits[i]) if visits[i] else -1.0, visits[i]))
    return candidates[best]


def candidate_actions(view, legal_actions):
    """The legal actions worth searching, best first by the game's heuristic."""
    value = registry.get(view["game"]).action_value
    ranked = sorted(legal_actions, key=lambda a: -value(view, a))
    seen, out = set(), []
    for action in ranked:
        family = _family(action)
        if family in seen:
            continue
        seen.add(family)
        out.append(action)
        if len(out) == MAX_CANDIDATES:
            break
    return out


def _family(action):
    """An action without its nested choices (dict values): the same move, paid another way."""
    if not isinstance(action, dict):
        return repr(action)
    return repr(sorted((k, v) for k, v in action.items() if not isinstance(v, dict)))


def _pick(visits, totals, done):
    for k, n in enumerate(visits):
        if n == 0:
            return k
    log_done = math.log(done)
    return max(range(len(visits)),
               key=lambda k: totals[k] / visits[k] + EXPLORATION * math.sqrt(log_done / visits[k]))


def rollout(state, rng, policy):
    """Play `state` to the end with `policy` for every seat; the final score sheets."""
    game = registry.of_state(state)  # the game's own functions: no dispatch per call
    is_over, to_act, legal_actions, view, apply = (
        game.is_over, game.to_act, game.legal_actions, game.view, game.apply)
    choose = policy.choose
    while not is_over(state):
        for seat in to_act(state):
            legal = legal_actions(state, seat)
            action = legal[0] if len(legal) == 1 else choose(view(state, seat), legal, rng)
            state, _events = apply(state, seat, action)
            if is_over(state):
                break
    return game.scores(state)


def outcome_value(sheets, seat):
    """How good the end is for `seat`, in [0, 1]: mostly whether it won (a shared win counts),
    then its rank, then its margin over the best other seat."""
    mine = next(sheet for sheet in sheets if sheet["seat"] == seat)
    others = [sheet["total"] for sheet in sheets if sheet["seat"] != seat]
    n = len(sheets)
    won = 1.0 if mine["rank"] == 1 else 0.0
    rank = (n - mine["rank"]) / (n - 1) if n > 1 else 1.0
    margin = mine["total"] - max(others) if others else 0
    return 0.6 * won + 0.25 * rank + 0.15 / (1.0 + math.exp(-margin / 4.0))
