"""The 2-player variant of the base game (002 l.471-568; our rulings: shared/specs/two-players.md,
Part A). Config ``{"game": "base", "players": 2, ...}``.

The table. Three cities in a ring: seat 0, seat 1 and the Free City, the last entry of
``state["players"]`` (``FREE_CITY`` = 2), which no seat owns. Seats and neighbours follow
``seating.py`` over the three cities, so the Free City's left neighbour is seat 0 (the player
"to the left of the Free City", who holds the Free City card in Ages I and III) and its right
neighbour seat 1 (Age II); the two players are each other's other neighbour. Everything the base
game does with three cities (trading, coins, military, scoring) then holds unchanged.

The deal (``draw_chance``): the 3-player cards (``cards/data/two_players.json``: the player
count whose cards are used, the guilds in Age III), 7 cards per city; the Free City's 7 are its
face-down pile, kept as its ``hand``. Wonders and sides: the seats' as configured, the Free
City's at random among the wonders left; its side is the config's when that is ``A``, ``B`` or
``random``, and drawn at random with ``choose`` or a per-seat list (nobody owns the Free City
to choose it).

A turn. The controller (``controller``) draws the top card of the pile into their hand
(``draw_for_controller``), chooses a card for their own city, then one for the Free City; the
other player chooses one card. Every action taken for the Free City carries
``"city": "free_city"`` (in ``legal_actions``, in ``apply`` and in the log). The Free City's
card must be played (built, or a wonder stage) when any card left allows it, a chain build is
compulsory, and only when nothing can be played may it be discarded (``free_city_plays``); it
buys from whichever neighbour its controller names, whatever the price (every payment is
listed). A new choice of the controller's own card clears the Free City's. The three plays are
resolved at once like a base turn (``rules.resolve_turn``), then the players swap hands and
control passes to the other player (``next_turn``). On the sixth turn the pile's last card is
discarded with the players' last cards, unless the Free City has Babylon B's second stage: then
the controller plays it for the Free City (a ``seventh_card`` prompt of the Free City). The
controller also decides the Free City's Halicarnassus build; Olympia A's free build is one of
its listed actions.

The end: every city is scored as in the base game; only the two seats are ranked (more points,
then more coins, else a shared rank); the Free City's sheet is reported apart
(``free_city_sheet``). Events keep the base game's ``seat`` fields as city indexes: 2 is the
Free City.
"""

import json
import random
from functools import lru_cache

from . import catalogue as _cat
from . import rules
from . import scoring
from ..errors import IllegalAction
from .state import FREE_CITY, SIDES, deal_entry, draw_guilds, start_age

SEATS = (0, 1)
FOR_FREE_CITY = "free_city"


@lru_cache(maxsize=1)
def setup():
    """The variant's setup record (cards/data/two_players.json)."""
    with open(_cat.DEFAULT_DATA_DIR / "two_players.json", encoding="utf-8") as fh:
        return json.load(fh)


# ---------------------------------------------------------------------------------------------
# setup and the flow of a turn


def draw_chance(cfg, seed):
    """The chance entries of a new 2-player game: wonders and sides of the three cities, the
    guilds, and each age's deal into three hands (the Free City's is its pile)."""
    rng = random.Random(seed)
    cat = _cat.get()
    wonders = list(cfg["wonders"] or [None, None]) + [None]
    free = [w for w in cat.wonder_ids if w not in wonders]
    rng.shuffle(free)
    wonders = [w if w is not None else free.pop() for w in wonders]
    sides_cfg = cfg["sides"]
    wants = list(sides_cfg) if isinstance(sides_cfg, list) else [sides_cfg] * 2
    wants.append(sides_cfg if sides_cfg in ("A", "B", "random") else "random")
    sides = []
    for want in wants:
        if want == "random":
            sides.append(rng.choice(SIDES))
        else:
            sides.append(None if want == "choose" else want)
    entries = [{"chance": "wonders", "wonders": wonders, "sides": sides}]
    deck_players = setup()["deck_players"]
    guilds = draw_guilds(deck_players, rng, count=setup()["guilds"])
    for age in (1, 2, 3):
        entries.append(deal_entry(age, deck_players, guilds, rng))
    return entries


def controller(state):
    """The seat holding the Free City card this turn (None outside a turn): the player to the
    left of the Free City (seat 0) or to its right (seat 1) on the first turn of an age, as the
    setup record says, then the other player every other turn."""
    if state["phase"] not in ("play", "prompt"):
        return None
    first = 0 if setup()["first_controller"][str(state["age"])] == "left" else 1
    return first if state["turn"] % 2 == 1 else 1 - first


def draw_for_controller(state):
    """The controller draws the top card of the Free City's pile (mutates `state`, a private copy)."""
    seat = controller(state)
    players = list(state["players"])
    pile = players[FREE_CITY]["hand"]
    if not pile:
        return
    players[FREE_CITY] = {**players[FREE_CITY], "hand": pile[1:]}
    players[seat] = {**players[seat], "hand": players[seat]["hand"] + [pile[0]]}
    state["players"] = players


def next_turn(new):
    """After a turn's resolution (not the sixth): the players take each other's leftover cards,
    and the other player, now holding the Free City card, draws."""
    players = list(new["players"])
    left, right = players[0], players[1]
    players[0] = {**left, "hand": right["hand"]}
    players[1] = {**right, "hand": left["hand"]}
    new["players"] = players
    new["turn"] += 1
    draw_for_controller(new)


# ---------------------------------------------------------------------------------------------
# who acts, legal actions


def free_city_prompt(state):
    if state["phase"] == "prompt" and state["prompts"][0]["seat"] == FREE_CITY:
        return state["prompts"][0]
    return None


def to_act(state):
    phase = state["phase"]
    pending = state["pending"]
    if phase == "sides":
        return [s for s in SEATS if pending[s] is None]
    if phase == "play":
        seat = controller(state)
        return [s for s in SEATS
                if pending[s] is None or (s == seat and pending[FREE_CITY] is None)]
    if phase == "prompt":
        head = state["prompts"][0]["seat"]
        return [controller(state) if head == FREE_CITY else head]
    return []


def _may_act(state, seat):
    if seat not in SEATS or isinstance(seat, bool):
        return False
    if state["phase"] == "prompt":
        return seat in to_act(state)
    return state["phase"] in ("play", "sides")


def free_city_cards(state):
    """The cards the controller may give the Free City this turn: their hand without the card
    chosen for their own city ([] before that choice)."""
    seat = controller(state)
    own = state["pending"][seat]
    if own is None:
        return []
    cards = list(state["players"][seat]["hand"])
    cards.remove(own["card"])
    return cards


def free_city_plays(state, cards):
    """The Free City's legal actions with `cards` (without the marker): a build or a wonder stage
    when any card allows one, a chained card only by its chain, discards only when nothing can be
    played (002 l.535, 548)."""
    actions = rules.card_actions(state, FREE_CITY, cards)
    plays = [a for a in actions if a["type"] != "discard"]
    chained = {a["card"] for a in plays if a.get("free") == "chain"}
    plays = [a for a in plays if a["card"] not in chained or a.get("free") == "chain"]
    return plays or [a for a in actions if a["type"] == "discard"]


def _marked(actions):
    return [{**a, "city": FOR_FREE_CITY} for a in actions]


def legal_actions(state, seat):
    if not _may_act(state, seat):
        return []
    phase = state["phase"]
    if phase == "sides":
        return [{"type": "side", "side": s} for s in SIDES]
    if phase == "play":
        if seat == controller(state) and state["pending"][seat] is not None:
            return _marked(free_city_plays(state, free_city_cards(state)))
        return rules.card_actions(state, seat, state["players"][seat]["hand"])
    prompt = free_city_prompt(state)
    if prompt is None:
        return rules.legal_actions(state, seat)
    if prompt["kind"] == "seventh_card":
        return _marked(free_city_plays(state, state["players"][FREE_CITY]["hand"]))
    return _marked(rules.legal_actions(state, FREE_CITY))


# ---------------------------------------------------------------------------------------------
# apply


def _split_marker(action):
    """(is the action for the Free City, the action without the marker)."""
    if not isinstance(action, dict) or "city" not in action:
        return False, action
    if action["city"] != FOR_FREE_CITY:
        raise IllegalAction("bad_action", field="city")
    return True, {k: v for k, v in action.items() if k != "city"}


def apply(state, seat, action):
    phase = state["phase"]
    if phase == "over":
        raise IllegalAction("game_over")
    if not _may_act(state, seat):
        raise IllegalAction("not_your_turn", seat=seat if isinstance(seat, int) else None,
                            to_act=to_act(state))
    for_free_city, plain = _split_marker(action)
    if for_free_city and seat != controller(state):
        raise IllegalAction("not_controller", seat=seat, controller=controller(state))
    if phase == "sides":
        if for_free_city:
            raise IllegalAction("bad_action", field="city")
        return _choose_side(state, seat, action)
    if phase == "play":
        if for_free_city:
            return _choose_for_free_city(state, seat, plain)
        canon = rules.canonical_card_action(state, seat, action, state["players"][seat]["hand"])
        return _choose(state, seat, seat, canon, {"type": "chosen", "seat": seat})
    prompt = free_city_prompt(state)
    if for_free_city != (prompt is not None):
        raise IllegalAction("bad_action", field="city")
    if prompt is None:
        return rules.apply(state, seat, action)
    if prompt["kind"] == "seventh_card":
        plain = _free_city_card(state, plain, state["players"][FREE_CITY]["hand"])
    new, events = rules.apply(state, FREE_CITY, plain)
    logged = new["log"][-1]
    new["log"] = new["log"][:-1] + [{"seat": seat, "action": {**logged["action"], "city": FOR_FREE_CITY}}]
    return new, events


def _free_city_card(state, action, cards):
    """The canonical Free City play of `action` with `cards`, or why it is refused."""
    canon = rules.canonical_card_action(state, FREE_CITY, action, cards)
    plays = free_city_plays(state, cards)
    if canon in plays:
        return canon
    if canon["type"] == "discard":
        raise IllegalAction("free_city_must_play", card=canon["card"],
                            playable=sorted({a["card"] for a in plays}))
    raise IllegalAction("chain_compulsory", card=canon["card"])


def _choose_for_free_city(state, seat, action):
    if state["pending"][seat] is None:
        raise IllegalAction("own_card_first", seat=seat)
    canon = _free_city_card(state, action, free_city_cards(state))
    event = {"type": "chosen", "seat": seat, "city": FOR_FREE_CITY}
    return _choose(state, FREE_CITY, seat, canon, event, logged={**canon, "city": FOR_FREE_CITY})


def _choose(state, city, seat, canon, event, logged=None):
    """Record `canon` as the pending play of `city` (chosen by `seat`); the last of the three
    resolves the turn. A controller's new own card clears the Free City's choice."""
    new = dict(state)
    pending = list(state["pending"])
    if pending[city] is not None:
        event["changed"] = True
    pending[city] = canon
    if city == seat == controller(state):
        pending[FREE_CITY] = None
    new["pending"] = pending
    new["log"] = state["log"] + [{"seat": seat, "action": logged or canon}]
    events = [event]
    if None not in pending:
        _hand_over_free_city_card(new)
        rules.resolve_turn(new, events)
    return new, events


def _hand_over_free_city_card(new):
    """The Free City's card leaves the controller's hand for the Free City's, where the base
    resolution takes it from (at the front, so the pile's order is kept)."""
    seat = controller(new)
    card = new["pending"][FREE_CITY]["card"]
    players = list(new["players"])
    hand = list(players[seat]["hand"])
    hand.remove(card)
    players[seat] = {**players[seat], "hand": hand}
    players[FREE_CITY] = {**players[FREE_CITY], "hand": [card] + players[FREE_CITY]["hand"]}
    new["players"] = players


def _choose_side(state, seat, action):
    if not isinstance(action, dict) or action.get("type") != "side":
        raise IllegalAction("unknown_action",
                            type=action.get("type") if isinstance(action, dict) else None,
                            expected=["side"])
    side = action.get("side")
    if side not in SIDES:
        raise IllegalAction("bad_side", side=side if isinstance(side, str) else None)
    canon = {"type": "side", "side": side}
    new = dict(state)
    pending = list(state["pending"])
    event = {"type": "chosen", "seat": seat}
    if pending[seat] is not None:
        event["changed"] = True
    pending[seat] = canon
    new["pending"] = pending
    new["log"] = state["log"] + [{"seat": seat, "action": canon}]
    events = [event]
    if all(pending[s] is not None for s in SEATS):
        players = list(new["players"])
        for s in SEATS:
            players[s] = {**players[s], "side": pending[s]["side"]}
        new["players"] = players
        new["pending"] = [None] * len(players)
        events.append({"type": "sides_chosen", "sides": [p["side"] for p in players]})
        start_age(new, 1, events)
    return new, events


# ---------------------------------------------------------------------------------------------
# scores


def scores(state):
    """The two seats' sheets, ranked between them: more points, then more coins, else shared."""
    sheets = [dict(sheet) for sheet in scoring.scores(state)[:FREE_CITY]]
    for sheet in sheets:
        sheet["rank"] = 1 + sum(1 for other in sheets
                                if (other["total"], other["coins"]) > (sheet["total"], sheet["coins"]))
    return sheets


def free_city_sheet(state):
    """The Free City's sheet: scored like any city, never ranked."""
    sheet = dict(scoring.scores(state)[FREE_CITY])
    del sheet["rank"]
    sheet["seat"] = None
    sheet["free_city"] = True
    return sheet
