"""The greedy policy's move read straight off a whole state: the search bot's rollouts.

A rollout plays on from a state the search bot dealt itself (``sample_state``), never from the
real one, so its policy may read the state. Doing so saves most of what a rollout's decision
costs through the contract: no view is built (the heuristic gets only the public facts it reads),
and only each card's cheapest payment is found, and only for the moves that could be the best
(the heuristic's value falls with every coin paid, so the greedy bot never chooses a dearer
one). The move is the greedy bot's: the same values (``heuristics``), the best one, ties broken
by ``rng``.

``rollout_turn`` plays a whole turn at once: every seat still to choose chooses on the same
state (as at the table: nobody sees this turn's other choices), then the turn is resolved, with
no check of choices that come from the legal actions' own list. Cities' debts too (every seat
that owes decides at once; a tenth of a Cities rollout's time went to them through the contract).
It answers None where it has no quick way (the 2-player variant, whose seats also play for the
Free City; the sides and prompts): the caller goes through the contract then.
"""

from . import catalogue as _cat
from . import heuristics
from .city import profile
from .actions import Offers
from .cities_setup import is_cities
from .resolution import resolve_debts, resolve_turn
from .two_players_setup import is_two_players
from ..seating import left_of, right_of

_PUBLIC = {}  # id(state["players"]) -> (that list, (the heuristic's facts of its cities, their profiles))


def rollout_turn(state, rng, searcher=None):
    """The state after every seat still to choose this turn has made the greedy bot's choice
    (`state` is one the caller dealt itself), or None where there is no quick way. The
    `searcher` plays the heuristic's ``SEARCHER`` weights (``SEARCHER_CITIES`` with Cities), every
    other seat ``MEDIUM``."""
    if is_two_players(state):
        return None
    if state["phase"] == "debt":
        return _debt_turn(state, rng, searcher)
    if state["phase"] != "play":
        return None
    players = state["players"]
    public, profiles = _public_cities(players)
    age = state["age"]
    pending = list(state["pending"])
    log = list(state["log"])
    own = heuristics.SEARCHER_CITIES if is_cities(state) else heuristics.SEARCHER
    for seat, chosen in enumerate(pending):
        if chosen is None:
            weights = own if seat == searcher else heuristics.MEDIUM
            pending[seat] = action = _greedy_choice(state, seat, age, public, rng, weights, profiles)
            log.append({"seat": seat, "action": action})
    return _resolved(state, pending, log, resolve_turn)


def _debt_turn(state, rng, searcher):
    """Cities' debt step: each seat that owes and has not chosen pays what the greedy bot would
    (``heuristics.debt_value``; a seat with no coin to pay has one choice, so draws no tie-break,
    as through the contract)."""
    owed = state["owed"]
    players = state["players"]
    pending = list(state["pending"])
    log = list(state["log"])
    for seat, chosen in enumerate(pending):
        if chosen is not None or not owed[seat]:
            continue
        weights = heuristics.SEARCHER_CITIES if seat == searcher else heuristics.MEDIUM
        best, best_value = 0, None
        most = min(owed[seat], players[seat]["coins"])
        if most:
            for coins in range(most, -1, -1):  # the order of the legal actions (cities_rules.debt_actions)
                value = heuristics.debt_value(owed[seat], coins, weights) + rng.random() * 0.01
                if best_value is None or value > best_value:
                    best, best_value = coins, value
        pending[seat] = action = {"type": "pay_debt", "coins": best}
        log.append({"seat": seat, "action": action})
    return _resolved(state, pending, log, resolve_debts)


def _resolved(state, pending, log, resolve):
    """A copy of `state` with every choice of the step made (`pending`, logged in `log`), then
    resolved by `resolve` (resolution.py), as the contract's last choice of a step resolves it."""
    new = dict(state)
    new["pending"] = pending
    new["log"] = log
    resolve(new, [])
    return new


def _greedy_choice(state, seat, age, public, rng, weights=heuristics.MEDIUM, profiles=None):
    """The greedy bot's choice: the best of the heuristic's values over the seat's card actions,
    a build or wonder stage with its cheapest payment, ties broken by rng (choices are canonical:
    the first of the cheapest payments in ``card_actions``' order).

    A purchase only lowers a move's value, so a move that must buy is priced only while its value
    before the purchase could still beat the best move so far: most purchases are never worked
    out (a fifth of a Cities rollout's time went to them). Every discard is worth the same, and
    so is the stage whichever card goes under it: those cards are drawn at random from the hand."""
    offers = Offers(state, seat, state["players"][seat]["hand"], profiles)
    facts = {"seat": seat, "age": age, "players": public}
    cost_a_point = weights["cost_a_point"]
    cards = offers.cards
    memo = {}
    best = "discard"
    discard = {"type": "discard", "card": cards[0]}  # every discard is worth the same
    best_value = heuristics.action_value(facts, discard, weights) + rng.random() * 0.01
    to_price = []  # (value before the purchase, what it buys, coins it may spend, the move)
    catalogue_cards = _cat.get().cards
    for cid in cards:
        build = offers.builds[cid]
        if build is None:
            continue
        if build == "chain":
            exact = [{"type": "build", "card": cid, "pay": {"left": 0, "right": 0}, "free": "chain"}]
        elif build == "free":
            exact = [{"type": "build", "card": cid, "pay": {"left": 0, "right": 0}}]
        else:
            exact = []
            if offers.olympia:
                exact.append({"type": "build", "card": cid, "pay": {"left": 0, "right": 0}, "free": "olympia"})
            if build >= 0:
                bought = {"type": "build", "card": cid}
                value, coins = heuristics.unpaid_value(facts, bought, memo, weights)
                to_price.append((value - coins / cost_a_point, catalogue_cards[cid].cost, build, bought))
        for action in exact:
            value, coins = heuristics.unpaid_value(facts, action, memo, weights)
            value += rng.random() * 0.01 - coins / cost_a_point
            if value > best_value:
                best, best_value = action, value
    if offers.stage is not None:
        stage_no, cost, budget = offers.stage
        stage = {"type": "wonder", "stage": stage_no}
        value, coins = heuristics.unpaid_value(facts, stage, memo, weights)
        to_price.append((value - coins / cost_a_point, cost, budget, stage))
    to_price.sort(key=lambda item: -item[0])
    for bound, cost, budget, move in to_price:
        if bound + 0.01 <= best_value:
            break  # nothing left to price can beat the best, noise included
        pay = offers.cheapest(cost, budget)
        if pay is None:
            continue
        value = bound - (pay[0] + pay[1]) / cost_a_point + rng.random() * 0.01
        if value > best_value:
            best, best_value = dict(move, pay={"left": pay[0], "right": pay[1]}), value
    if best == "discard":
        return {"type": "discard", "card": rng.choice(cards)}
    if best["type"] == "wonder":
        return {"type": "wonder", "card": rng.choice(cards), "stage": best["stage"], "pay": best["pay"]}
    return best


def _public_cities(players):
    """(what the heuristic reads of each city: a view's players, without copies; each city's
    profile). Every seat of a turn decides on the same list of players, so both are built once
    per turn."""
    hit = _PUBLIC.get(id(players))
    if hit is not None and hit[0] is players:
        return hit[1]
    n = len(players)
    public = []
    profiles = []
    for s, p in enumerate(players):
        prof = profile(p)
        profiles.append(prof)
        public.append({"wonder": p["wonder"], "side": p["side"], "coins": p["coins"],
                       "built": p["built"], "stages_built": len(p["stages"]), "tokens": p["tokens"],
                       "shields": prof.shields, "left": left_of(s, n), "right": right_of(s, n)})
    _PUBLIC.clear()  # a rollout moves on: only the last turn's list is asked again
    _PUBLIC[id(players)] = (players, (public, profiles))
    return public, profiles
