"""Progress tokens: science sets, taking a token, and the tokens' effects during a turn.

Two identical science symbols or three different ones must be turned into a token ([R]); when
several sets are possible the player chooses which green cards go ([REC] C.10.2), and the take
repeats while a set remains. A token comes from the face-up row (refilled at once from the pile)
or blind from the top of the pile. With no token left anywhere nothing is taken and the green
cards stay ([REC] C.10.3). Babylon's power takes a token the same way, without green cards.

Extra-card tokens (Urbanism, Arts and Crafts, Jewelry, Science, Propaganda, Architecture) work
once per turn each; ours: the offer is made when the card (or stage) that triggers it arrives,
the player takes a card from the three usual sources or declines, and a declined offer may come
again later in the same turn. Cards gained by wonder powers trigger them too ([REC] C.10.6).
"""
from collections import Counter

from . import catalogue as _cat

PILE = "pile"


def science_sets(player):
    """The sets the player could turn in, each a sorted list of symbols."""
    cat = _cat.get()
    symbols = Counter(cat.kind(card).science for card in player["cards"] if cat.kind(card).science)
    sets = [[symbol, symbol] for symbol in cat.symbols if symbols[symbol] >= 2]
    if all(symbols[symbol] for symbol in cat.symbols):
        sets.append(list(cat.symbols))
    return sets


def token_choices(state):
    return list(state["progress_row"]) + ([PILE] if state["progress_pile"] else [])


def progress_actions(state, seat):
    choices = token_choices(state)
    if not choices:
        return []
    return [{"type": "progress", "set": chosen, "token": token}
            for chosen in science_sets(state["players"][seat]) for token in choices]


def can_take_token(state, seat):
    """Whether ``progress_actions(state, seat)`` is not empty, without listing them."""
    return bool(state["progress_row"] or state["progress_pile"]) and bool(science_sets(state["players"][seat]))


def babylon_actions(state):
    return [{"type": "progress", "token": token} for token in token_choices(state)]


def take_token(state, seat, choice, events, symbols=None):
    """Give `seat` the token `choice` (a face-up id or the pile's top), spending the green cards of
    `symbols` first (mutates `state`, a private copy)."""
    player = state["players"][seat]
    spent = []
    if symbols:
        cat = _cat.get()
        left = list(player["cards"])
        for symbol in symbols:
            card = min(c for c in left if cat.kind(c).science == symbol)
            left.remove(card)
            spent.append(card)
        player["cards"] = left
        state["discard"].extend(spent)
    if choice == PILE:
        token = state["progress_pile"].pop(0)
    else:
        token = choice
        row = state["progress_row"]
        place = row.index(token)
        row.pop(place)
        if state["progress_pile"]:
            row.insert(place, state["progress_pile"].pop(0))
    player["tokens"].append(token)
    event = {"type": "progress_taken", "seat": seat, "token": token, "from": "pile" if choice == PILE else "row"}
    if spent:
        event["spent"] = spent
    events.append(event)


def extra_card_tokens(player, used, *, kind=None, stage_built=False):
    """Ids of the player's extra-card tokens that the arrival of a card of `kind` (or a stage)
    triggers, not used this turn."""
    out = []
    for token in player["tokens"]:
        spec = _cat.get().token(token)
        if spec.effect != "extra_card" or token in used:
            continue
        if (kind is not None and kind in spec.facts.get("on_take", ())) or (stage_built and spec.facts.get("on_build")):
            out.append(token)
    return out


def shields_from_tokens(player):
    return sum(_cat.get().token(t).facts.get("shields", 0) for t in player["tokens"]
               if _cat.get().token(t).effect == "shields")
