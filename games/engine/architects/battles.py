"""Horns, Conflict tokens and battles ([R] seed 003, spec C.7).

A red card with horns turns that many Conflict tokens to their battle side; horns beyond the
last peaceful token are ignored. Turning the last one makes a battle due at the end of the turn
of the player who did it; red cards with horns taken later in that turn still fight.

In a battle each player compares shields (red cards, Rhodes' stages with the power, Tactics) with
each neighbour and takes one Military Victory token per neighbour it beats. With two players the
one with more shields takes 1 token, 2 with at least double the other's shields when the other
has some, and 2 with 2 or more against none (so 1 against 0 gives 1). Then every player discards
the red cards with horns and the Conflict tokens turn back to peace. The token supply is
unlimited ([REC] C.10.9).
"""
from . import catalogue as _cat
from .progress import shields_from_tokens
from .state import copy_player
from ..seating import left_of, right_of


def flip(state, horns, events, seat):
    """Turn up to `horns` Conflict tokens to battle (mutates `state`, a private copy)."""
    conflict = state["conflict"]
    turned = min(horns, conflict["tokens"] - conflict["battle"])
    if not turned:
        return
    state["conflict"] = {"tokens": conflict["tokens"], "battle": conflict["battle"] + turned}
    last = state["conflict"]["battle"] == conflict["tokens"]
    if last:
        state["battle_due"] = True
    events.append({"type": "conflict_flipped", "seat": seat, "count": turned, "battle_due": last})


def shields(player):
    cat = _cat.get()
    wonder = cat.wonders[player["wonder"]]
    total = sum(cat.kind(card).shields for card in player["cards"])
    if wonder.power == "shield":
        total += sum(1 for number in player["built"] if wonder.stage(number).power)
    return total + shields_from_tokens(player)


def tokens_won(mine, theirs, players):
    """Military Victory tokens won against one neighbour (one opponent with two players)."""
    if mine <= theirs:
        return 0
    if players == 2 and ((theirs > 0 and mine >= 2 * theirs) or (theirs == 0 and mine >= 2)):
        return 2
    return 1


def resolve(state, events):
    """The battle: tokens, then horn cards discarded and peace again (mutates `state`). A move's
    state copy shares every player's dict but the active one's with the state before the move
    (``state.copy_state``), so each player is copied before it changes."""
    players = state["players"]
    players[:] = [copy_player(player) for player in players]
    n = len(players)
    strength = [shields(p) for p in players]
    results = []
    for seat, player in enumerate(players):
        rivals = {left_of(seat, n), right_of(seat, n)}
        won = sum(tokens_won(strength[seat], strength[rival], n) for rival in sorted(rivals))
        player["military"] += won
        results.append({"seat": seat, "shields": strength[seat], "tokens": won})
    cat = _cat.get()
    for player in players:
        horned = [card for card in player["cards"] if cat.kind(card).horns]
        player["cards"] = [card for card in player["cards"] if not cat.kind(card).horns]
        state["discard"].extend(horned)
    state["conflict"] = {"tokens": state["conflict"]["tokens"], "battle": 0}
    state["battle_due"] = False
    events.append({"type": "battle", "results": results})
