"""The greedy policy's move read straight off a whole state: the search bot's rollouts.

A rollout plays on from a state the search bot dealt itself (``sample_state``), never from the
real one, so its policy may read the state. Doing so saves most of what a rollout's decision
costs through the contract: no view is built (the heuristic gets only the public facts it reads),
and only each card's cheapest payment is listed (the heuristic's value falls with every coin
paid, so the greedy bot never chooses a dearer one). The move is the greedy bot's: the same
values (``heuristics.action_values``), the best one, ties broken by ``rng``.

``rollout_turn`` plays a whole turn at once: every seat still to choose chooses on the same
state (as at the table: nobody sees this turn's other choices), then the turn is resolved, with
no check of choices that come from the legal actions' own list. It answers None where it has no
quick way (the 2-player variant, whose seats also play for the Free City; the sides, debts and
prompts): the caller goes through the contract then.
"""

from . import heuristics
from .city import profile
from .actions import card_actions
from .cities_setup import is_cities
from .resolution import resolve_turn
from .two_players_setup import is_two_players
from ..seating import left_of, right_of

_PUBLIC = {}  # id(state["players"]) -> (that list, the heuristic's facts of its cities)


def rollout_turn(state, rng, searcher=None):
    """The state after every seat still to choose this turn has made the greedy bot's choice
    (`state` is one the caller dealt itself), or None where there is no quick way. The
    `searcher` plays the heuristic's ``SEARCHER`` weights (``SEARCHER_CITIES`` with Cities), every
    other seat ``MEDIUM``."""
    if state["phase"] != "play" or is_two_players(state):
        return None
    players = state["players"]
    public = _public_cities(players)
    age = state["age"]
    pending = list(state["pending"])
    log = list(state["log"])
    own = heuristics.SEARCHER_CITIES if is_cities(state) else heuristics.SEARCHER
    for seat, chosen in enumerate(pending):
        if chosen is None:
            weights = own if seat == searcher else heuristics.MEDIUM
            pending[seat] = action = _greedy_choice(state, seat, age, public, rng, weights)
            log.append({"seat": seat, "action": action})
    new = dict(state)
    new["pending"] = pending
    new["log"] = log
    resolve_turn(new, [])
    return new


def _greedy_choice(state, seat, age, public, rng, weights=heuristics.MEDIUM):
    """The greedy bot's choice: the best of the heuristic's values, ties broken by rng (choices
    are canonical: they come from the legal actions' own list)."""
    actions = card_actions(state, seat, state["players"][seat]["hand"], cheapest=True)
    facts = {"seat": seat, "age": age, "players": public}
    best, best_value = None, None
    for action, value in zip(actions, heuristics.action_values(facts, actions, weights)):
        value += rng.random() * 0.01
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best


def _public_cities(players):
    """What the heuristic reads of each city (a view's players, without copies). Every seat of a
    turn decides on the same list of players, so it is built once per turn."""
    hit = _PUBLIC.get(id(players))
    if hit is not None and hit[0] is players:
        return hit[1]
    n = len(players)
    public = []
    for s, p in enumerate(players):
        prof = profile(p)
        public.append({"wonder": p["wonder"], "side": p["side"], "coins": p["coins"],
                       "built": p["built"], "stages_built": len(p["stages"]), "tokens": p["tokens"],
                       "shields": prof.shields, "left": left_of(s, n), "right": right_of(s, n)})
    _PUBLIC.clear()  # a rollout moves on: only the last turn's list is asked again
    _PUBLIC[id(players)] = (players, public)
    return public
