"""Helpers of the Architects rules tests: a table with chosen wonders, cards or tokens put where
a test needs them (moved from wherever they were, so every copy stays in exactly one place), and
the states of seeded random games."""
import random

from games import engine

CENTRAL = "central"


def new_table(*wonders, seed=0):
    return engine.new_game({"game": "architects", "players": len(wonders), "wonders": list(wonders)}, seed)


def _piles(state):
    return [state["central"], *state["decks"]]


def _pull(state, card):
    for pile in _piles(state):
        if card in pile:
            pile.remove(card)
            return card
    raise AssertionError(f"{card} is not in any deck")


def _free_copy(state, prefix):
    for pile in _piles(state):
        for card in pile:
            if card.startswith(prefix):
                return card
    raise AssertionError(f"no copy of {prefix} left in the decks")


def give(state, seat, *kinds):
    """Put a copy of each kind (from the central deck first) in front of `seat`; returns the ids."""
    ids = []
    for kind in kinds:
        card = next((c for c in state["central"] if c.split("-")[1] == kind), None)
        if card is None:
            card = next(c for pile in state["decks"] for c in pile if c.split("-")[1] == kind)
        ids.append(_pull(state, card))
    state["players"][seat]["cards"].extend(ids)
    return ids


def on_top(state, deck, *kinds):
    """Put copies of `kinds` of that deck's own cards on top of deck `deck` (a seat or "central"),
    in the order given; returns the ids."""
    pile = state["central"] if deck == CENTRAL else state["decks"][deck]
    owner = CENTRAL if deck == CENTRAL else state["players"][deck]["wonder"]
    ids = []
    for kind in kinds:
        card = next((c for c in pile if c.startswith(f"{owner}-{kind}-") and c not in ids), None)
        if card is None:
            card = _free_copy(state, f"{owner}-{kind}-")
        _pull(state, card)
        ids.append(card)
    pile[:0] = ids
    return ids


def empty(state, deck):
    """Empty a deck (its cards go to the discard pile, out of play)."""
    pile = state["central"] if deck == CENTRAL else state["decks"][deck]
    state["discard"].extend(pile)
    pile.clear()


def give_token(state, seat, kind):
    """Move a progress token of `kind` from the row or the pile to `seat`; returns its id."""
    for place in (state["progress_row"], state["progress_pile"]):
        for token in place:
            if token.split("-")[0] == kind:
                place.remove(token)
                if place is state["progress_row"] and state["progress_pile"]:
                    state["progress_row"].append(state["progress_pile"].pop(0))
                state["players"][seat]["tokens"].append(token)
                return token
    raise AssertionError(f"no {kind} token left")


def set_row(state, *kinds):
    """Make the face-up row hold tokens of these kinds (the others go to the pile's bottom)."""
    everything = state["progress_row"] + state["progress_pile"]
    row = [next(t for t in everything if t.split("-")[0] == kind) for kind in kinds]
    state["progress_row"] = row
    state["progress_pile"] = [t for t in everything if t not in row]
    return row


def build_stage(state, seat, number):
    """Mark a stage as built without paying (to set up a table)."""
    state["players"][seat]["built"].append(number)


def play(state, *actions):
    """Apply each action for the seat to act; returns the last state and every event."""
    events = []
    for action in actions:
        state, more = engine.apply(state, engine.to_act(state)[0], action)
        events.extend(more)
    return state, events


def take(deck):
    return {"type": "take", "deck": deck}


def kinds(cards):
    return sorted(card.split("-")[1] for card in cards)


def states_of_random_games(players, seeds, every=3):
    """Every `every`-th state of seeded random games, the last (over) included."""
    for seed in seeds:
        rng = random.Random(seed)
        state = engine.new_game({"game": "architects", "players": players}, seed)
        step = 0
        while not engine.is_over(state):
            if step % every == 0:
                yield state
            seat = engine.to_act(state)[0]
            state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
            step += 1
        yield state
