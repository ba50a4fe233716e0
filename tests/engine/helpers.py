"""Builders for hand-made engine states (tests only).

`make_state` starts from a real new game with the given wonders and sides, then overwrites the
public and private parts the test cares about. States stay plain dicts, as the engine's.
"""

import copy

from games import engine
from games.engine.base import catalogue

FREE_CITY = 2  # the Free City's index among the cities of a 2-player game
ALL_WONDERS = ["rhodes", "alexandria", "ephesus", "babylon", "olympia", "halicarnassus", "giza"]


def make_state(players=3, wonders=None, sides="A", built=None, coins=None, hands=None,
               stages=None, tokens=None, age=1, turn=1, discard=None, seed=0):
    """A state in the play phase of `age`/`turn`.

    built/hands/stages/tokens: dict seat -> list; coins: dict seat -> int or an int for all;
    stages may be an int (that many stages, filler cards) per seat. The seats `hands` does not
    name keep the start of their dealt hand, as many cards as the longest hand given: every hand
    of a turn is the same size, as at a real table (a search's rollouts play such a state to its
    end, and a turn cannot resolve with hands of different sizes).
    """
    wonders = wonders or ALL_WONDERS[:players]
    side_list = sides if isinstance(sides, list) else [sides] * players
    state = engine.new_game({"players": players, "sides": side_list, "wonders": wonders}, seed)
    state = copy.deepcopy(state)
    for age_done in range(1, age):
        state["decks"].pop(str(age_done + 1), None)
    state["age"] = age
    state["turn"] = turn
    for s, p in enumerate(state["players"]):
        if built and s in built:
            p["built"] = list(built[s])
        if hands and s in hands:
            p["hand"] = list(hands[s])
        if stages and s in stages:
            st = stages[s]
            p["stages"] = ["altar"] * st if isinstance(st, int) else list(st)
        if tokens and s in tokens:
            p["tokens"] = list(tokens[s])
        if coins is not None:
            if isinstance(coins, int):
                p["coins"] = coins
            elif s in coins:
                p["coins"] = coins[s]
    if discard is not None:
        state["discard"] = list(discard)
    if hands:
        size = max(len(hand) for hand in hands.values())
        for s, p in enumerate(state["players"]):
            if s not in hands:
                del p["hand"][size:]
    return state


def two_player_state(wonders=("giza", "rhodes", "ephesus"), sides="A", age=1, turn=1, hands=None,
                     built=None, coins=None, stages=None, discard_pile=None, seed=0):
    """A 2-player state in the play phase of `age`/`turn`; `wonders` and the dicts name the three
    cities (2 = the Free City, whose `hands` entry is its pile)."""
    state = copy.deepcopy(engine.new_game({"players": 2, "sides": sides, "wonders": list(wonders[:2])}, seed))
    state["players"][FREE_CITY]["wonder"] = wonders[2]
    state["players"][FREE_CITY]["side"] = sides
    for later in range(2, age + 1):
        state["decks"].pop(str(later), None)
    state["age"], state["turn"] = age, turn
    for city, player in enumerate(state["players"]):
        for key, given in (("hand", hands), ("built", built), ("stages", stages)):
            if given and city in given:
                player[key] = list(given[city])
        if coins and city in coins:
            player["coins"] = coins[city]
    if discard_pile is not None:
        state["discard"] = list(discard_pile)
    return state


def play_turn(state, actions):
    """Apply one action per seat (dict seat -> action); seats not named discard their first
    card. Returns (state, all events)."""
    events = []
    for seat in engine.to_act(state):
        action = actions.get(seat) or {"type": "discard", "card": state["players"][seat]["hand"][0]}
        state, ev = engine.apply(state, seat, action)
        events.extend(ev)
    return state, events


def build(card, left=0, right=0, free=None):
    a = {"type": "build", "card": card, "pay": {"left": left, "right": right}}
    if free:
        a["free"] = free
    return a


def wonder(card, left=0, right=0):
    return {"type": "wonder", "card": card, "pay": {"left": left, "right": right}}


def discard(card):
    return {"type": "discard", "card": card}


def pays(state, seat, card, kind="build"):
    """Sorted (left, right) payment options listed for `card`."""
    return sorted((a["pay"]["left"], a["pay"]["right"])
                  for a in engine.legal_actions(state, seat)
                  if a["type"] == kind and a["card"] == card and "free" not in a)


def can(state, seat, card, kind="build"):
    return any(a["type"] == kind and a["card"] == card for a in engine.legal_actions(state, seat))


def card(cid):
    return catalogue.get().cards[cid]


def watch_rollouts(monkeypatch):
    """A list that gets the (searcher, early) of every search rollout played from now on (the
    real rollout plays them)."""
    from games.bots import search_bot

    calls = []
    real_rollout = search_bot.rollout

    def watching(state, rng, policy, searcher=None, early=False):
        calls.append((searcher, early))
        return real_rollout(state, rng, policy, searcher=searcher, early=early)

    monkeypatch.setattr(search_bot, "rollout", watching)
    return calls
