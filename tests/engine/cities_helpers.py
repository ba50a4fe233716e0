"""Builders for hand-made Cities states (tests only): a real new game, then the parts a test
cares about overwritten. Seats are named after the rulebook's players where a test follows one
of its examples (Mario 0, Angela 1, Christian 2, Katiuscia 3)."""

import copy

from games import engine

WONDERS = ["giza", "rhodes", "alexandria", "ephesus", "babylon", "olympia", "halicarnassus", "petra"]


def cities_state(players=4, teams=False, wonders=None, sides="A", age=1, turn=1, hands=None,
                 built=None, coins=None, tokens=None, diplomacy=None, stages=None, seed=0):
    config = {"game": "base", "players": players, "sides": sides, "expansions": ["cities"],
              "teams": teams, "wonders": wonders or WONDERS[:players]}
    state = copy.deepcopy(engine.new_game(config, seed))
    for later in range(2, age + 1):
        state["decks"].pop(str(later), None)
    state["age"], state["turn"] = age, turn
    for seat, player in enumerate(state["players"]):
        for key, given in (("hand", hands), ("built", built), ("tokens", tokens), ("stages", stages)):
            if given and seat in given:
                player[key] = list(given[seat])
        if isinstance(coins, int):
            player["coins"] = coins
        elif coins and seat in coins:
            player["coins"] = coins[seat]
        if diplomacy and seat in diplomacy:
            player["diplomacy"] = diplomacy[seat]
    return state


def play(state, actions):
    """One simultaneous turn: `actions` by seat; a seat not named discards its first card."""
    events = []
    for seat in engine.to_act(state):
        action = actions.get(seat) or {"type": "discard", "card": state["players"][seat]["hand"][0]}
        state, got = engine.apply(state, seat, action)
        events.extend(got)
    return state, events


def build(card, left=0, right=0):
    return {"type": "build", "card": card, "pay": {"left": left, "right": right}}


def pay_debt(coins):
    return {"type": "pay_debt", "coins": coins}
