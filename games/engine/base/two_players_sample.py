"""``sample_state`` for the 2-player variant: the base game's sampling (``sample.py``) over the
three cities of the table.

Unseen by a seat: the other player's hand, the Free City's pile (``pile_size`` cards of the
current age; the controller sees its last card while it plays it for Babylon B), the cards under
the other two wonders, the discard pile, the later ages' decks (the 3-player cards, Age III with
its guilds) and the choices not shown: the other player's own card, and the Free City's card
unless the seat is the controller that chose it. A pending own card of the controller is drawn
first, then the Free City's card among the plays that choice leaves.
"""

from collections import Counter

from . import two_players as _two
from .city import profile
from .sample import _copy, _deal_unseen, _guilds_in_play, _unseen, drawn_choice
from .state import FREE_CITY, SIDES, STATE_VERSION, deal_entry, normalize_config


def sample_state(view, seat, rng, choose_for=None):
    if view["phase"] == "deal":
        raise ValueError("the game waits for a deal entry of its log: there is no turn to sample")
    public = view["players"]
    age = view["age"]
    deck_players = _two.setup()["deck_players"]
    decision = view["free_city"].get("decision")
    shown_pile = decision["cards"] if decision and decision["kind"] == "seventh_card" else None
    own_hand = list(view["hand"]) if seat is not None else []
    own_stages = list(view["stage_cards"]) if seat is not None else []

    seen = Counter(own_hand) + Counter(own_stages) + Counter(view.get("discard", ()))
    seen.update(shown_pile or ())
    for city in public:
        seen.update(city["built"])
    guilds = _guilds_in_play(age, deck_players, seen, rng, count=_two.setup()["guilds"])
    table = {
        "age": age,
        "discard_size": view["discard_size"],
        "players": [dict(city, hand_size=_hidden_hand_size(city, shown_pile)) for city in public],
    }
    if "discard" in view:
        table["discard"] = view["discard"]
    others = [city for city in range(len(public)) if city != seat]
    hands, stages, pile = _deal_unseen(_unseen(seen, age, deck_players, guilds), table, others, rng)
    if shown_pile is not None:
        hands[FREE_CITY] = list(shown_pile)

    players = []
    for city, shown in enumerate(public):
        player = {
            "wonder": shown["wonder"],
            "side": shown["side"],
            "coins": shown["coins"],
            "hand": own_hand if city == seat else hands[city],
            "built": list(shown["built"]),
            "stages": own_stages if city == seat else stages[city],
            "tokens": list(shown["tokens"]),
            "free_used": 0,
            "passed": [],
        }
        if shown["side"] is not None and profile(player).free_build and not shown["free_build_ready"]:
            player["free_used"] = age
        players.append(player)

    chance = [{"chance": "wonders", "wonders": [p["wonder"] for p in players],
               "sides": [p["side"] for p in players]}]
    decks = {}
    for later in range(age + 1, 4):
        entry = deal_entry(later, deck_players, guilds, rng)
        chance.append(entry)
        decks[str(later)] = [list(hand) for hand in entry["hands"]]

    state = {
        "version": STATE_VERSION,
        "config": _config_of_table(view),
        "phase": view["phase"],
        "age": age,
        "turn": view["turn"],
        "players": players,
        "pending": [None] * len(players),
        "prompts": _prompts(view),
        "discard": pile,
        "decks": decks,
        "log": chance,
    }
    _sample_pending(state, view, seat, rng, choose_for)
    return state


def _hidden_hand_size(city, shown_pile):
    if not city["free_city"]:
        return city["hand_size"]
    return 0 if shown_pile is not None else city["pile_size"]


def _prompts(view):
    prompt = view["prompt"]
    if not prompt:
        return []
    return [{"seat": FREE_CITY if prompt.get("city") else prompt["seat"], "kind": prompt["kind"]}]


def _sample_pending(state, view, seat, rng, choose_for=None):
    """The choices of this step: the seat's own and, for the controller, the Free City's, as the
    view shows them; the others' drawn among their legal actions (the controller's own card
    before the Free City's)."""
    pending = state["pending"]
    public = view["players"]
    if seat is not None and view["pending"] is not None:
        pending[seat] = _copy(view["pending"])
    decision = view["free_city"].get("decision")
    if decision and decision["kind"] == "turn" and decision["pending"] is not None:
        pending[FREE_CITY] = _copy(decision["pending"])
    for other in _two.SEATS:
        if other == seat or not public[other]["chosen"]:
            continue
        if view["phase"] == "sides":
            pending[other] = {"type": "side", "side": rng.choice(SIDES)}
        else:
            own = [a for a in _two.legal_actions(state, other) if "city" not in a]
            pending[other] = drawn_choice(state, other, own, rng, choose_for)
    if view["phase"] == "play" and public[FREE_CITY]["chosen"] and pending[FREE_CITY] is None:
        plays = _two.free_city_plays(state, _two.free_city_cards(state))
        pending[FREE_CITY] = rng.choice(plays)


def _config_of_table(view):
    """A 2-player config under which the seats are the view's (see ``sample._config_of_table``)."""
    seats = view["players"][:FREE_CITY]
    sides = "choose" if view["phase"] == "sides" else [p["side"] for p in seats]
    return normalize_config({"game": "base", "players": 2, "sides": sides,
                             "wonders": [p["wonder"] for p in seats]})
