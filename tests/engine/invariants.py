"""A random game played with every invariant checked after every accepted action."""

import json
import random
from collections import Counter

from games import engine
from games.engine.base import catalogue

MAX_STEPS = 2000
SEAT_COLORS = ("brown", "grey", "blue", "yellow", "red", "green", "purple")


def all_cards(state):
    """Every card the game dealt, from the chance entries of the log."""
    out = Counter()
    for e in engine.action_log(state):
        if e.get("chance") == "deal":
            for hand in e["hands"]:
                out.update(hand)
    return out


def located_cards(state):
    out = Counter(state["discard"])
    for p in state["players"]:
        out.update(p["hand"])
        out.update(p["built"])
        out.update(p["stages"])
    for hands in state["decks"].values():
        for hand in hands:
            out.update(hand)
    return out


def _strings(obj, out):
    if isinstance(obj, str):
        out[obj] += 1
    elif isinstance(obj, dict):
        for v in obj.values():
            _strings(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _strings(v, out)
    return out


def check_views(state, seats=None):
    n = len(state["players"])
    for seat in [None] + (list(range(n)) if seats is None else list(seats)):
        v = engine.view(state, seat)
        seen = _strings(v, Counter())
        allowed = Counter()
        for p in state["players"]:
            allowed.update(p["built"])
        if seat is not None:
            me = state["players"][seat]
            allowed.update(me["hand"])
            allowed.update(me["stages"])
            for hand in me.get("passed", ()):  # what it held and handed on: it saw them already
                allowed.update(hand)
            pend = state["pending"][seat]
            if pend and "card" in pend:
                allowed[pend["card"]] += 1
            if "discard" in v:
                allowed.update(state["discard"])
            assert v["hand"] == me["hand"]
        else:
            assert "hand" not in v
        for sheet in v.get("scores", ()):
            if sheet.get("copied_guild"):
                allowed[sheet["copied_guild"]] += 1
        for s, p in enumerate(state["players"]):
            if s == seat:
                continue
            for card in p["hand"] + p["stages"]:
                assert seen[card] <= allowed[card], (seat, card)


def bank_flow(before, after, action_events):
    """Coins the bank gave minus coins it took during the events of one apply."""
    cards = catalogue.get().cards
    cat = catalogue.get()
    flow = 0
    n = len(after["players"])

    def colours(p):
        return Counter(cards[c].color for c in p["built"])

    def gain(fx, seat, players):
        g = fx.coins
        for counts, scope, amount in fx.coins_per:
            for sc in scope:
                other = seat if sc == "self" else (seat + 1) % n if sc == "left" else (seat - 1) % n
                col = colours(players[other])
                for c in counts:
                    g += amount * (len(players[other]["stages"]) if c == "wonder_stages"
                                   else col[c])
        return g

    def stage_of(p, k):
        w = cat.wonders[p["wonder"]]
        return w.sides[p["side"]][k - 1]

    for ev in action_events:
        if ev["type"] == "turn_resolved":
            for play in ev["plays"]:
                s = play["seat"]
                if play["action"] == "discard":
                    flow += 3
                elif play["action"] == "build":
                    card = cards[play["card"]]
                    if not play.get("free"):
                        flow -= card.coins
                    flow += gain(card.fx, s, ev["_players"])
                else:
                    st = stage_of(ev["_players"][s], play["stage"])
                    flow += gain(st.fx, s, ev["_players"]) - st.coins
        elif ev["type"] == "seventh_card":
            play = ev["play"]
            s = play["seat"]
            if play["action"] == "discard":
                flow += 3
            elif play["action"] == "build":
                card = cards[play["card"]]
                flow += gain(card.fx, s, ev["_players"]) - (0 if play.get("free") else card.coins)
            else:
                st = stage_of(ev["_players"][s], play["stage"])
                flow += gain(st.fx, s, ev["_players"]) - st.coins
        elif ev["type"] == "built_from_discard":
            flow += gain(cards[ev["card"]].fx, ev["seat"], ev["_players"])
    return flow


def random_game(n, seed, sides="A", mutate=0.1, check_every=1, views=True):
    """Play a random game; returns (config, final state). Asserts invariants as it goes."""
    rng = random.Random(seed)
    config = {"game": "base", "players": n, "sides": sides}
    state = engine.new_game(config, seed=seed)
    dealt = all_cards(state)
    ids = sorted(catalogue.get().cards)
    steps = 0
    while not engine.is_over(state):
        seats = engine.to_act(state)
        assert seats, "nobody to act in a running game"
        for seat in seats:
            legal = engine.legal_actions(state, seat)
            assert legal, "a seat to act has no legal action"
            action = rng.choice(legal)
            if rng.random() < mutate:
                action = _mutate(action, rng, ids)
            before = state
            deep = views and steps % 5 == 0  # every seat's view and a frozen input, 1 step in 5
            frozen = json.dumps(before, sort_keys=True) if deep else None
            try:
                state, events = engine.apply(state, seat, action)
            except engine.IllegalAction as err:
                assert err.code and isinstance(err.facts, dict)
                json.dumps(err.facts)
                assert before == state
                state, events = engine.apply(state, seat, rng.choice(legal))
            if frozen is not None:  # apply never mutates its input
                assert json.dumps(before, sort_keys=True) == frozen
                assert json.loads(json.dumps(state)) == state
            accepted = state["log"][-1]
            assert accepted["seat"] == seat
            assert accepted["action"] in engine.legal_actions(before, seat)
            steps += 1
            assert steps < MAX_STEPS
            if steps % check_every == 0:
                _check(before, state, events, dealt, views and (None if deep else [seat]))
    return config, state


def _check(before, state, events, dealt, views):
    """`views`: False (no view check), None (every seat) or a list of seats to check."""
    assert all(p["coins"] >= 0 for p in state["players"])
    assert located_cards(state) == dealt
    # coins: conserved between seats, only the bank adds or takes
    for ev in events:
        if ev["type"] in ("turn_resolved", "seventh_card", "built_from_discard"):
            ev["_players"] = state["players"]  # cities after placement (what coin effects count)
    # (one apply resolves at most one of these; the cities of `state` are those after it)
    flow = bank_flow(before, state, events)
    total_before = sum(p["coins"] for p in before["players"])
    total_after = sum(p["coins"] for p in state["players"])
    assert total_after - total_before == flow
    for ev in events:
        ev.pop("_players", None)
    json.dumps(events)
    if views is not False:
        check_views(state, views)


def _mutate(action, rng, ids):
    a = json.loads(json.dumps(action))
    r = rng.random()
    if r < 0.3 and "card" in a:
        a["card"] = rng.choice(ids)
    elif r < 0.6 and "pay" in a:
        a["pay"] = {"left": rng.randint(0, 4), "right": rng.randint(0, 4)}
    elif r < 0.7:
        a["type"] = rng.choice(["build", "wonder", "discard", "build_discarded", "pass", "x"])
    elif r < 0.8:
        a["free"] = rng.choice(["chain", "olympia", "magic"])
    elif r < 0.9:
        a["stage"] = rng.randint(0, 5)
    else:
        a.pop("pay", None)
    return a
