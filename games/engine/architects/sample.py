"""``sample_state(view, seat, rng)``: a whole state with the same view for that seat.

What a seat cannot see is redealt at random with ``rng``: each deck below its top card (from the
copies of that deck seen nowhere; a card only ever goes back to its own deck), Halicarnassus'
cards in hand when another seat holds them (from the deck they were taken from), the central deck
(its top kept when the view shows it), the progress pile (the tokens seen nowhere) and the chance
orders of Halicarnassus' reshuffles. Everything else is copied from the view. The config is one
under which the table is the view's (the wonders as seated); the rules never read it past setup.

The sample's log is its own chance (a ``setup`` entry of the sample's decks and tokens as they
stand, and its reshuffle orders): it does not replay to the sample, which starts mid-game.
"""
from . import catalogue as _cat
from .state import STATE_VERSION, draw_orders, normalize_config


def sample_state(view, seat, rng, chooser=None):
    # `chooser` is the contract's model of choices made unseen: Architects' turns are one seat
    # at a time and every choice is public, so it has none to make.
    cat = _cat.get()
    public = view["players"]
    seen = set(view["discard"]) | set(view.get("looking", ()))
    if "central_top" in view:
        seen.add(view["central_top"])
    for player in public:
        seen.update(player["cards"])
    seen.update(deck["top"] for deck in view["decks"] if deck["top"])

    looking_deck = next((p["deck"] for p in view["prompts"] if p["kind"] == "keep"), None)
    looking = None
    decks = []
    for deck in view["decks"]:
        unseen = _shuffled([c for c in cat.decks[deck["wonder"]] if c not in seen], rng)
        if deck["owner"] == looking_deck:
            if "looking" in view:
                cards = list(view["looking"])
            else:
                cards, unseen = unseen[:view["looking_size"]], unseen[view["looking_size"]:]
            looking = {"deck": looking_deck, "cards": cards}
        below = deck["size"] - 1 if deck["top"] else 0
        if len(unseen) != below:
            raise ValueError(f"the view's deck {deck['owner']} does not add up to its cards")
        decks.append(([deck["top"]] if deck["top"] else []) + unseen)

    central = _shuffled([c for c in cat.decks[_cat.CENTRAL] if c not in seen], rng)
    if "central_top" in view:
        central = [view["central_top"]] + central
    owned = set(view["progress_row"]).union(*(p["tokens"] for p in public))
    pile = _shuffled([t for t in cat.token_ids if t not in owned], rng)
    if len(central) != view["central_size"] or len(pile) != view["progress_pile_size"]:
        raise ValueError("the view's central deck or progress pile does not add up")

    wonders = [p["wonder"] for p in public]
    orders = draw_orders(rng)
    return {
        "version": STATE_VERSION,
        "config": normalize_config({"game": "architects", "players": len(public), "wonders": wonders}),
        "phase": view["phase"],
        "turn": view["turn"],
        "active": view["active"],
        "step": view["step"],
        "peeked": view["peeked"],
        "players": [{"wonder": p["wonder"], "cards": list(p["cards"]), "built": list(p["built"]),
                     "tokens": list(p["tokens"]), "military": p["military"]} for p in public],
        "decks": decks,
        "central": central,
        "discard": list(view["discard"]),
        "progress_row": list(view["progress_row"]),
        "progress_pile": pile,
        "conflict": dict(view["conflict"]),
        "battle_due": view["battle_due"],
        "cat": view["cat"],
        "used": list(view["used"]),
        "prompts": [dict(p) for p in view["prompts"]],
        "looking": looking,
        "reshuffles": [list(order) for order in orders],
        "end": view["end"],
        "log": [{"chance": "setup", "wonders": wonders, "decks": [list(d) for d in decks],
                 "central": list(central), "progress": list(view["progress_row"]) + pile},
                {"chance": "reshuffles", "orders": [list(order) for order in orders]}],
    }


def _shuffled(items, rng):
    items = sorted(items)
    rng.shuffle(items)
    return items
