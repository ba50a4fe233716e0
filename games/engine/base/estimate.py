"""What a city's game is likely to end at, read off a state at an age's start: the search bot's
early stop (the contract's ``rollout_estimate``).

A rollout from an Age I decision plays two and a half ages; its end is what the search averages.
At a Cities table of 8 the search could afford few of them in its second, and their ends are
noisy, so its Age I choices gave away the most win chance (docs/bots.md, "The search's regret on
fixed positions"). Such rollouts now stop at Age III's start, and each seat's final total is
estimated there by a linear model of the city's public facts (its points so far, coins,
production, shields against its neighbours, wonder stages, science, colours), fitted by least
squares on greedy games played as the rollouts play them (``bench/fit_estimates.py``, which
writes ``estimate_weights.py``). The search turns the estimates into a win chance with the
fitted spread (``temperature``: a seat's chance to end first is the softmax of the estimates
over it). Tables the weights do not cover (another player count, teams, the base game, the
2-player variant) are played to the end, and so are rollouts from Age II and III: stopped at
Age III's start, Age II's rollouts chose worse than played out (docs/bots.md, "Rollouts from Age I
stopped at Age III").
"""

from . import catalogue as _cat
from .city import COLOR_INDEX, profile
from .cities_setup import is_cities
from .estimate_weights import WEIGHTS
from .scoring import scores
from ..seating import left_of, right_of

FEATURES = (
    "one", "points", "coins", "raw", "manufactured", "kinds", "kinds_with_neighbours",
    "cheap_kinds", "chains", "shields", "shields_over_left", "shields_over_right", "stages_built",
    "stages_left", "science", "science_kinds", "science_wild", "masks", "blue", "yellow", "black",
    "searcher",
)
FROM_AGE = 1  # rollouts from this age's decisions stop early...
STOP_AGE = 3  # ...at this age's start
_BLUE, _YELLOW, _BLACK = COLOR_INDEX["blue"], COLOR_INDEX["yellow"], COLOR_INDEX["black"]


def table_key(state):
    """The kind of table the weights are fitted for (``WEIGHTS``' keys), or None."""
    cfg = state["config"]
    if not is_cities(state) or cfg.get("teams"):
        return None
    return f"cities-{cfg['players']}"


def rollout_estimate(start, state, searcher):
    """(each seat's estimated final total, the spread) where a rollout from `start` may stop at
    `state`, or None to play on: a rollout from an Age I decision stops at Age III's start, at a
    table the weights cover. `searcher`, the seat the search plays for, gets the "searcher"
    weight: the rollouts play it better than the others."""
    if state["age"] < STOP_AGE or start["age"] != FROM_AGE or state["phase"] == "over":
        return None
    model = WEIGHTS.get(table_key(state))
    if model is None:
        return None
    return estimated_totals(state, model["weights"], searcher), model["temperature"]


def estimated_totals(state, weights, searcher=None):
    """Each seat's estimated final total: `weights` (one per FEATURES name) over its features."""
    return [sum(w * x for w, x in zip(weights, facts)) for facts in seats_features(state, searcher)]


def seats_features(state, searcher=None):
    """Every seat's FEATURES (``features``), seat by seat; `searcher` is the seat the search
    plays for (bench/fit_estimates.py records them to fit the weights)."""
    players = state["players"]
    profiles = [profile(p) for p in players]
    points = {sheet["seat"]: sheet["total"] for sheet in scores(state)}
    return [features(players, profiles, points, seat, seat == searcher) for seat in range(len(players))]


def features(players, profiles, points, seat, searcher=False):
    """The FEATURES of one seat, in that order (`points`: each seat's total so far)."""
    n = len(players)
    prof = profiles[seat]
    left, right = profiles[left_of(seat, n)], profiles[right_of(seat, n)]
    own = [prof.own_fixed[r] + sum(1 for choice in prof.own_choices if r in choice) for r in range(7)]
    near = [left.trade_max[r] + right.trade_max[r] for r in range(7)]
    science = prof.science
    cards = _cat.get().cards
    return (
        1.0, points[seat], players[seat]["coins"],
        sum(min(own[r], 3) for r in range(4)), sum(min(own[r], 2) for r in range(4, 7)),
        sum(1 for r in range(7) if own[r]), sum(1 for r in range(7) if own[r] or near[r]),
        sum(1 for r in range(7) if min(prof.price_left[r], prof.price_right[r]) < 2),
        sum(len(cards[c].chain_to) for c in players[seat]["built"]),
        prof.shields, prof.shields - left.shields, prof.shields - right.shields,
        prof.stages_built, prof.stage_count - prof.stages_built,
        sum(science), sum(1 for s in science if s), prof.science_wild, prof.masks,
        prof.colors[_BLUE], prof.colors[_YELLOW], prof.colors[_BLACK], 1.0 if searcher else 0.0,
    )
