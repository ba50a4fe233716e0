"""The 2-player variant's hooks in the turn (``rules.py`` and ``resolution.py`` ask them for a
2-player state; the table is ``two_players_setup.py``).

The controller chooses a card for their own city, then one for the Free City; the other player
chooses one card. Every action taken for the Free City carries ``"city": "free_city"`` (in
``legal_actions``, in ``apply`` and in the log). The Free City's card must be played (built, or a
wonder stage) when any card left allows it, a chain build is compulsory, and only when nothing
can be played may it be discarded (``free_city_plays``, 002 l.535, 548); it buys from whichever
neighbour its controller names, whatever the price (``actions._payment_options`` lists every
split; as in any city's trade, only of the units its own production cannot give, 002 l.200-202). A new choice of the controller's own card clears the Free City's. When the three
cities have chosen, the Free City's card leaves the controller's hand for the Free City's
(``hand_over_free_city_card``) and the turn resolves as a base turn. On the sixth turn the
pile's last card is discarded with the players' last cards, unless the Free City has Babylon B's
second stage: then the controller plays it for the Free City (a ``seventh_card`` prompt of the
Free City). The controller also decides the Free City's Halicarnassus build; Olympia A's free
build is one of its listed actions.

With Cities (seed 001, «Regole per 2 Giocatori»; two-players.md A.6) the controller of the turn
also decides, in the debt phase that ends it, how much of what the Free City owes it pays and
how much it takes as debt (``{"type": "pay_debt", "coins": k, "city": "free_city"}``), after its
own debt when it owes too (``paying_for_free_city``). A loss the Free City's card imposes hits
both players, its controller included, and a Free City holding diplomacy stays out of the
conflicts, the two players fighting once: both are the base Cities rules over the three cities.
"""

from .actions import canonical_card_action, card_actions
from .cities_rules import debt_actions
from ..errors import IllegalAction
from .two_players_setup import FOR_FREE_CITY, FREE_CITY, SEATS, controller


def free_city_prompt(state):
    """The head prompt when it is the Free City's, else None."""
    if state["phase"] == "prompt" and state["prompts"][0]["seat"] == FREE_CITY:
        return state["prompts"][0]
    return None


def still_to_choose(state):
    """The seats to act in a turn: those without a card, and the controller until the Free City
    has one too."""
    seat = controller(state)
    pending = state["pending"]
    return [s for s in SEATS if pending[s] is None or (s == seat and pending[FREE_CITY] is None)]


def deciding_for_free_city(state, seat):
    """Whether `seat`'s choice in this turn is the Free City's (its own card is chosen)."""
    return seat == controller(state) and state["pending"][seat] is not None


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
    played."""
    actions = card_actions(state, FREE_CITY, cards)
    plays = [a for a in actions if a["type"] != "discard"]
    chained = {a["card"] for a in plays if a.get("free") == "chain"}
    plays = [a for a in plays if a["card"] not in chained or a.get("free") == "chain"]
    return plays or [a for a in actions if a["type"] == "discard"]


def free_city_turn_actions(state):
    return marked(free_city_plays(state, free_city_cards(state)))


def marked_action(action):
    return {**action, "city": FOR_FREE_CITY}


def marked(actions):
    return [marked_action(a) for a in actions]


def city_of(state, seat, action):
    """(the city `action` is for, the action without the marker): the Free City for a marked
    action of its controller; IllegalAction for another marker or another seat's."""
    if not isinstance(action, dict) or "city" not in action:
        return seat, action
    if action["city"] != FOR_FREE_CITY:
        raise IllegalAction("bad_action", field="city")
    if seat != controller(state):
        raise IllegalAction("not_controller", seat=seat, controller=controller(state))
    return FREE_CITY, {k: v for k, v in action.items() if k != "city"}


def free_city_card(state, action, cards):
    """The canonical Free City play of `action` with `cards`, or why it is refused."""
    canon = canonical_card_action(state, FREE_CITY, action, cards)
    plays = free_city_plays(state, cards)
    if canon in plays:
        return canon
    if canon["type"] == "discard":
        raise IllegalAction("free_city_must_play", card=canon["card"],
                            playable=sorted({a["card"] for a in plays}))
    raise IllegalAction("chain_compulsory", card=canon["card"])


def free_city_choice(state, seat, action):
    """The Free City's card of this turn, chosen by the controller after its own."""
    if state["pending"][seat] is None:
        raise IllegalAction("own_card_first", seat=seat)
    return free_city_card(state, action, free_city_cards(state))


def clear_free_city_choice(state, seat, pending):
    """A new own card of the controller clears the Free City's (mutates `pending`, a copy); a new
    own debt payment leaves the Free City's as it is."""
    if seat == controller(state) and state["phase"] == "play":
        pending[FREE_CITY] = None


# ---------------------------------------------------------------------------------------------
# Cities: the debt phase


def debt_to_act(state):
    """The seats to act in a debt phase: each that owes and has not chosen, and the controller
    until the Free City's payment is chosen too."""
    seat = controller(state)
    owed, pending = state["owed"], state["pending"]
    return [s for s in SEATS if (owed[s] and pending[s] is None)
            or (s == seat and owed[FREE_CITY] and pending[FREE_CITY] is None)]


def may_pay_debt(state, seat):
    """Whether `seat` has a debt to decide: its own, or the Free City's as the controller."""
    return bool(state["owed"][seat]) or (seat == controller(state) and bool(state["owed"][FREE_CITY]))


def paying_for_free_city(state, seat):
    """Whether `seat`'s debt choice now is the Free City's: it is the controller, the Free City
    owes, and its own debt is chosen (or it owes nothing)."""
    return (seat == controller(state) and bool(state["owed"][FREE_CITY])
            and (not state["owed"][seat] or state["pending"][seat] is not None))


def free_city_debt_actions(state):
    return marked(debt_actions(state, FREE_CITY))


def hand_over_free_city_card(new):
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
