"""Random walks that judge every payment offered at every decision (tests only): see
``payment_oracle.py`` for what a wasteful payment is and what each city must be offered."""

import random

from games import engine
from games.engine.base import catalogue
from games.engine.base import cities_rules
from games.engine.base.actions import _trade_context
from games.engine.base.city import profile
from games.engine.base.two_players_setup import FOR_FREE_CITY, FREE_CITY, is_two_players

from . import payment_oracle


class Tally:
    def __init__(self):
        self.games = 0
        self.decisions = 0
        self.free_city_decisions = 0
        self.payments = 0
        self.free_city_payments = 0
        self.problems = []


def _offers(state, seat, legal):
    """{(city, card, stage or None): (cost, coin cost, [pays])} of the paid builds and stages."""
    cards = catalogue.get().cards
    out = {}
    for action in legal:
        if action["type"] not in ("build", "wonder") or action.get("free"):
            continue
        city = FREE_CITY if action.get("city") == FOR_FREE_CITY else seat
        stage = action.get("stage") if action["type"] == "wonder" else None
        key = (city, action["card"], stage)
        if key not in out:
            if stage is None:
                card = cards[action["card"]]
                cost, coins = card.cost, card.coins
            else:
                prof = profile(state["players"][city])
                cost = cities_rules.stage_cost(prof, prof.next_stage)
                coins = prof.next_stage.coins
            out[key] = (cost, coins, [])
        out[key][2].append((action["pay"]["left"], action["pay"]["right"]))
    return out


def judge_decision(state, seat, legal, tally, where=""):
    """Judge the payments of one decision's legal actions; problems go to `tally.problems`."""
    offers = _offers(state, seat, legal)
    free_city = any(a.get("city") == FOR_FREE_CITY for a in legal)
    tally.decisions += 1
    tally.free_city_decisions += free_city
    for (city, card, stage), (cost, coin_cost, pays) in offers.items():
        _prof, ctx = _trade_context(state, city)
        good, wasteful = payment_oracle.judge(cost, ctx.key)
        budget = state["players"][city]["coins"] - coin_cost
        everything = city == FREE_CITY and is_two_players(state)
        offered = good if everything else payment_oracle.non_dominated(good)
        expected = {p for p in offered if sum(p) <= budget}
        got = set(pays)
        tally.payments += len(pays)
        if everything:
            tally.free_city_payments += len(pays)
        if got != expected or len(pays) != len(got):
            tally.problems.append({
                "where": where, "city": city, "card": card, "stage": stage,
                "wasteful": sorted(got & wasteful), "extra": sorted(got - expected),
                "missing": sorted(expected - got), "coins": state["players"][city]["coins"],
            })


def walk(config, seed, tally, choose=None):
    """Play one random game of `config` (every seat picks uniformly among its legal actions, or
    with `choose(rng, legal)`), judging every decision."""
    rng = random.Random(seed)
    state = engine.new_game(config, seed=seed)
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            legal = engine.legal_actions(state, seat)
            where = f"{config} seed {seed} age {state['age']} turn {state['turn']} seat {seat}"
            judge_decision(state, seat, legal, tally, where)
            action = choose(rng, legal) if choose else rng.choice(legal)
            state, _ = engine.apply(state, seat, action)
            if engine.is_over(state):
                break
    tally.games += 1
    return state
