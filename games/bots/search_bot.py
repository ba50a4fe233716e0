"""The search bot ("hard"): determinized Monte Carlo search over the engine contract.

It is given what every bot is given (its seat's view, its legal actions, an rng) and a budget
(seconds and/or iterations; seconds are a move's mean over the game, which the game's
``search_time_share`` spreads: the base game's Age I rollouts are long and its choices need more
of them, Age III's are short). It never sees the real state. It searches in rounds; a round:

1. draws a complete state consistent with the view (``engine.sample_state``): the cards the seat
   cannot see are dealt again, at random, every round (determinization);
2. applies each candidate still in the race to that same state, and lets every seat, itself
   included, play on with the rollout policy (the ``greedy`` bot by default; a game's quick
   rollout turn may play the searching seat itself with better values of its own: the base
   game's and Architects' ``heuristics.SEARCHER``) until the game
   ends, every candidate's rollout with the same random numbers (common random numbers: the
   candidates are compared on the same deals and the same tie-breaks, so far fewer rollouts
   tell them apart);
3. scores each end for its seat (``outcome_value``: a win, its rank, its margin); where the game
   estimates the end sooner (the contract's optional ``rollout_estimate``: the base game's Cities
   rollouts from Age I stop at Age III), the rollout stops there and the estimate is scored.

Sequential halving: the budget is split into as many phases as halvings leave one candidate
(3 for 8); at the end of a phase the better half (by mean value, ties to the heuristic's
favourite) stays in the race, so the rollouts go to the moves that could be best. Every phase
plays at least one round.

Simultaneous turns: the choices other seats have already made this turn are not in the view, so
``sample_state`` draws them, as the rollout policy would choose on the sample (the bot's model of
the others: the same as for what they choose later); the seats still to choose choose in the
rollout. The decision never
depends on what another seat chose this turn.

Candidates: the game's values (``action_values``/``action_value``, its heuristic, through the
registry) rank the legal actions; actions that differ only in a nested choice (base game: how to
pay for the same card) count as one candidate, the policy's favourite of them; of the moves the
game's ``search_group`` calls one kind (base game: every discard, every wonder stage, whichever
card) at most ``MAX_PER_GROUP`` are kept, so the candidates are not eight ways to discard; the best
``MAX_CANDIDATES`` are searched.
"""
import gc
import math
import random
import time
from typing import NamedTuple

from games import engine
from games.bots import greedy_bot
from games.engine import registry

DEFAULT_SECONDS = 1.0
MAX_CANDIDATES = 8
MAX_PER_GROUP = 2
ROLLOUT_POLICY = "greedy"


def choose(view, legal_actions, rng, *, seconds=None, iterations=None, rollout_policy=ROLLOUT_POLICY,
           clock=time.perf_counter, paced=True):
    """One of `legal_actions` for the view's seat (see _search). `paced`: `seconds` is a move's mean
    budget over a game, which the game's ``search_time_share`` spreads over its decisions (more where
    the search gains most from it); without, `seconds` is this decision's budget (a hint, which is
    promised within a time). The garbage collector is paused meanwhile:
    rollouts allocate fast, so the collector ran often, and each full collection walked the
    engine's caches (hundreds of thousands of objects): a third of the budget, and single pauses
    of 0.3-0.5 s that overran it. What a rollout leaves behind holds no cycle (reference counting
    frees it at once); anything else waits for the collector's next run after the search."""
    if len(legal_actions) == 1:
        return legal_actions[0]
    if seconds is None and iterations is None:
        seconds = DEFAULT_SECONDS
    if paced and seconds is not None:
        share = getattr(registry.get(view["game"]), "search_time_share", None)
        seconds = seconds * share(view) if share is not None else seconds
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _search(view, legal_actions, rng, seconds=seconds, iterations=iterations,
                       rollout_policy=rollout_policy, clock=clock)
    finally:
        if collecting:
            gc.enable()


def _search(view, legal_actions, rng, *, seconds, iterations, rollout_policy, clock):
    """One of `legal_actions` (two or more) for the view's seat. Stops after about `iterations`
    rollouts, or after `seconds`, whichever comes first (a round that the last one's length says
    would end past the budget is not started; `choose` gives DEFAULT_SECONDS when neither is
    given). `seconds` are read on `clock` (wall-clock; the tournament tool may count CPU time, a
    core of its own per game)."""
    from games import bots

    policy = bots.get(rollout_policy)
    seat = view["seat"]
    candidates = candidate_actions(view, legal_actions)
    if len(candidates) == 1:
        return candidates[0]
    totals = [0.0] * len(candidates)
    rounds = [0] * len(candidates)

    def tally(k, sheets):
        totals[k] += outcome_value(sheets, seat)
        rounds[k] += 1

    ranked = successive_halving(view, candidates, rng, policy, tally=tally,
                                order=lambda k: (-totals[k] / rounds[k], k),
                                seconds=seconds, iterations=iterations, clock=clock, early=True)
    return candidates[ranked[0]]


def successive_halving(view, candidates, rng, policy, *, tally, order, seconds, iterations, clock, keep=None,
                        own_weights=True, early=False):
    """The rounds of the search (the module's doc) over `candidates` from the view's seat; every
    rollout's final score sheets go to ``tally(k, sheets)`` for candidate k, and ``order(k)`` ranks
    them (best first) at each phase's end. `keep`, a candidate's index, is never dropped (the
    review's chosen action). Stops after about `iterations` rollouts, or `seconds` on `clock`
    (a round that the last one's length says would end past its phase's end is not started).
    `own_weights`: the rollouts play the view's seat with the game's values for a searching seat
    (``rollout``'s `searcher`); without, every seat plays the greedy bot (the review's model of a
    player). `early`: rollouts may stop where the game estimates the end (``rollout``); `tally`
    then gets an ``Estimate`` for those. Returns the last phase's candidates, best first."""
    seat = view["seat"]
    searcher = seat if own_weights else None
    deadline = clock() + seconds if seconds is not None else None
    alive = list(range(len(candidates)))
    phases = max(1, math.ceil(math.log2(len(candidates))))
    done = 0
    for phase in range(phases):
        left = phases - phase
        phase_end = None if deadline is None else clock() + max(0.0, deadline - clock()) / left
        phase_rollouts = None if iterations is None else max(len(alive), (iterations - done) // left)
        played = 0
        while True:
            started = clock()
            play_round(view, candidates, alive, rng, policy, tally=tally, searcher=searcher, early=early)
            played += len(alive)
            if phase_rollouts is not None and played + len(alive) > phase_rollouts:
                break
            # Stop before a round that would end past the phase's end (a round is not cut short:
            # every candidate of a round sees the same deal), so the budget is kept on average.
            now = clock()
            if phase_end is not None and now + (now - started) >= phase_end:
                break
        done += played
        ranked = sorted(alive, key=order)
        if phase < phases - 1:
            alive = ranked[:max(1, (len(alive) + 1) // 2)]
            if keep is not None and keep not in alive:
                alive.append(keep)
    return ranked


def play_round(view, candidates, alive, rng, policy, *, tally, searcher, early=False):
    """One round of the search (the module's doc): a state drawn from the view, each candidate
    whose index is in `alive` applied to it and rolled out with the same random numbers, every
    end's score sheets to ``tally(k, sheets)``. bench/bench_regret.py plays the same rounds."""
    seat = view["seat"]
    state = engine.sample_state(view, seat, rng, chooser=policy.choose)
    seed = rng.getrandbits(64)
    for k in alive:
        after, _events = engine.apply(state, seat, candidates[k])
        tally(k, rollout(after, random.Random(seed), policy, searcher=searcher, early=early))


def candidate_actions(view, legal_actions):
    """The legal actions worth searching, best first by the game's heuristic: one per family (the
    same move paid another way), at most MAX_PER_GROUP of one kind of move (the game's
    ``search_group``: the base game's discards, whichever card), MAX_CANDIDATES in all."""
    from games.bots.greedy_bot import values_of

    values = values_of(view, legal_actions)
    order = sorted(range(len(legal_actions)), key=lambda i: -values[i])
    ranked = [legal_actions[i] for i in order]
    group_of = getattr(registry.get(view["game"]), "search_group", None)
    seen, out, per_group = set(), [], {}
    for action in ranked:
        family = _family(action)
        if family in seen:
            continue
        group = group_of(action) if group_of is not None else None
        if group is not None and per_group.get(group, 0) >= MAX_PER_GROUP:
            continue
        per_group[group] = per_group.get(group, 0) + 1
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


class Estimate(NamedTuple):
    """A rollout stopped early: each seat's estimated final total and their spread (the game's
    ``rollout_estimate``)."""
    totals: list
    temperature: float


def rollout(state, rng, policy, searcher=None, early=False):
    """Play `state` to the end with `policy` for every seat (``play_on``); the final score sheets.
    `early` (with a `searcher`): where the game's ``rollout_estimate`` estimates the end, the
    rollout stops there and gives an ``Estimate`` instead (the base game's Cities rollouts from
    Age I stop at Age III)."""
    game = registry.of_state(state)
    estimate = getattr(game, "rollout_estimate", None) if early and searcher is not None else None
    if estimate is None:
        return game.scores(play_on(state, rng, policy, searcher))
    start, found = state, [None]

    def estimated(at):
        found[0] = estimate(start, at, searcher)
        return found[0] is not None

    end = play_on(state, rng, policy, searcher, until=estimated)
    return Estimate(*found[0]) if found[0] is not None else game.scores(end)


def play_on(state, rng, policy, searcher=None, until=None):
    """`state` played on with `policy` for every seat, a turn at a time, to the end or to the first
    state after a turn for which ``until(state)`` is true. With the greedy policy the game's quick
    turn may play `searcher`, the seat the search is for, better than the greedy bot (the
    contract's ``rollout_turn``)."""
    game = registry.of_state(state)  # the game's own functions: no dispatch per call
    is_over, to_act, legal_actions, view, apply = (
        game.is_over, game.to_act, game.legal_actions, game.view, game.apply)
    choose = policy.choose
    # The game's quick greedy turn, when the policy is the greedy bot: the rollout's state is one
    # this bot dealt (sample_state), so reading it is no peeking.
    quick = getattr(game, "rollout_turn", None) if policy is greedy_bot else None
    while not is_over(state):
        after = quick(state, rng, searcher) if quick is not None else None
        if after is not None:
            state = after
        else:
            for seat in to_act(state):
                legal = legal_actions(state, seat)
                action = legal[0] if len(legal) == 1 else choose(view(state, seat), legal, rng)
                state, _events = apply(state, seat, action)
                if is_over(state):
                    break
        if until is not None and not is_over(state) and until(state):
            return state
    return state


def outcome_value(sheets, seat):
    """How good the end is for `seat`, in [0, 1]: mostly whether it won (a shared win counts),
    then its rank, then its margin over the best other seat. An ``Estimate``'s is the same mix
    of the win chance, expected rank and margin the estimates give (``estimated_outcome_value``)."""
    if isinstance(sheets, Estimate):
        return estimated_outcome_value(sheets.totals, sheets.temperature, seat)
    mine = next(sheet for sheet in sheets if sheet["seat"] == seat)
    others = [sheet["total"] for sheet in sheets if sheet["seat"] != seat]
    n = len(sheets)
    won = 1.0 if mine["rank"] == 1 else 0.0
    rank = (n - mine["rank"]) / (n - 1) if n > 1 else 1.0
    margin = mine["total"] - max(others) if others else 0
    return 0.6 * won + 0.25 * rank + 0.15 / (1.0 + math.exp(-margin / 4.0))


def estimated_outcome_value(totals, temperature, seat):
    """``outcome_value``'s mix for estimated final `totals`: the win chance is the softmax of the
    totals at `temperature` (the spread the game fitted), the chance another seat ends above is
    the logistic of their difference at the same spread, the margin the estimates'."""
    top = max(totals)
    weights = [math.exp((t - top) / temperature) for t in totals]
    won = weights[seat] / sum(weights)
    mine = totals[seat]
    n = len(totals)
    above = sum(1.0 / (1.0 + math.exp((mine - t) / temperature)) for s, t in enumerate(totals) if s != seat)
    rank = (n - 1 - above) / (n - 1) if n > 1 else 1.0
    margin = mine - max(t for s, t in enumerate(totals) if s != seat) if n > 1 else 0
    return 0.6 * won + 0.25 * rank + 0.15 / (1.0 + math.exp(-margin / 4.0))
