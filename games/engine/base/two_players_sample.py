"""The 2-player variant's hooks in ``sample_state`` (``sample.py``), whose sampling then holds
over the three cities of the table.

Unseen by a seat: the other player's hand, the Free City's pile (``pile_size`` cards of the
current age; the controller sees its last card while it plays it for Babylon B: ``shown_pile``),
the cards under the other two wonders, the discard pile, the later ages' decks (the 3-player
cards, Age III with its guilds) and the choices not shown: the other player's own card, and the
Free City's card unless the seat is the controller that chose it (``free_city_choice``: drawn
after the other player's card, among the plays the controller's own card leaves), and with
Cities the Free City's debt payment likewise. With Cities the deck is the 3-player one with 3
black cards an age (``deck_config``).
"""

import copy

from .cities_rules import debt_actions
from .state import normalize_config
from .two_players_rules import free_city_cards, free_city_plays
from .two_players_setup import FREE_CITY


def shown_pile(view):
    """The Free City's pile when the view shows it (the controller's Babylon B prompt), else None."""
    decision = view["free_city"].get("decision")
    return decision["cards"] if decision and decision["kind"] == "seventh_card" else None


def table_to_deal(view, shown):
    """The view as the dealing reads it: the Free City's pile is its hand (none left to deal when
    the view shows it)."""
    players = [dict(city, hand_size=0 if shown is not None else city["pile_size"]) if city["free_city"] else city
               for city in view["players"]]
    return dict(view, players=players)


def prompts(view):
    """The sample's prompts: the view's head prompt, the Free City's as the Free City's."""
    prompt = view["prompt"]
    if not prompt:
        return []
    return [{"seat": FREE_CITY if prompt.get("city") else prompt["seat"], "kind": prompt["kind"]}]


def shown_choice(view, pending):
    """The Free City's card (or, with Cities, its debt payment) the controller chose, as its view
    shows it (mutates `pending`)."""
    decision = view["free_city"].get("decision")
    if decision and decision["kind"] in ("turn", "debt") and decision["pending"] is not None:
        pending[FREE_CITY] = copy.deepcopy(decision["pending"])


def free_city_choice(state, view, rng):
    """The Free City's card (or debt payment) when the view says it is chosen but not which
    (mutates the sample)."""
    if not view["players"][FREE_CITY]["chosen"] or state["pending"][FREE_CITY] is not None:
        return
    if view["phase"] == "play":
        state["pending"][FREE_CITY] = rng.choice(free_city_plays(state, free_city_cards(state)))
    elif view["phase"] == "debt":
        state["pending"][FREE_CITY] = rng.choice(debt_actions(state, FREE_CITY))


def config_of_table(view):
    """A 2-player config under which the seats are the view's (see ``sample._config_of_table``)."""
    seats = view["players"][:FREE_CITY]
    sides = "choose" if view["phase"] == "sides" else [p["side"] for p in seats]
    return normalize_config({"game": "base", "players": 2, "sides": sides,
                             "wonders": [p["wonder"] for p in seats],
                             "expansions": ["cities"] if view.get("cities") else []})
