"""The greedy policy's move read straight off a whole state: the search bot's rollouts.

A rollout plays on from a state the search bot dealt itself (``sample_state``), never from the
real one. Through the contract each of its moves built the seat's whole view (every city's
shields, the discard, the scores at the end...) for a heuristic that reads a few of its fields,
and ``apply`` listed the legal actions again to check a move taken from that very list. Here the
heuristic gets ``heuristic_view``: the fields it reads, exactly as the view has them (the central
top only where the view shows it), and the move is applied unchecked (``turns.apply_legal``). The
move is the greedy bot's (``games/bots/greedy_bot.py``): the heuristic's values, the best one,
ties broken by ``rng`` with the same draws. The seat the search plays for (``searcher``) plays
with the heuristic's ``SEARCHER`` weights instead: a better model of its own later moves than
the greedy bot's (the other seats keep ``MEDIUM``, the model of the field).
"""
from .heuristics import MEDIUM, SEARCHER, action_value
from .turns import apply_legal, legal_actions
from .view import sees_central_top


def rollout_turn(state, rng, searcher=None):
    """The state after the active seat's greedy move (``SEARCHER``'s when it is `searcher`), or
    None once the game is over."""
    if state["phase"] == "over":
        return None
    seat = state["active"]
    legal = legal_actions(state, seat)
    weights = SEARCHER if seat == searcher else MEDIUM
    action = legal[0] if len(legal) == 1 else _greedy_choice(heuristic_view(state, seat), legal, rng, weights)
    return apply_legal(state, seat, action)[0]


def heuristic_view(state, seat):
    """What ``heuristics.action_value`` reads of ``view(state, seat)``, the same values; the
    players are the state's own (read, never changed)."""
    facts = {
        "game": "architects",
        "seat": seat,
        "cat": state["cat"],
        "players": state["players"],
        "decks": [{"size": len(deck), "top": deck[0] if deck else None} for deck in state["decks"]],
    }
    if sees_central_top(state, seat):
        facts["central_top"] = state["central"][0]
    return facts


def _greedy_choice(facts, legal, rng, weights=MEDIUM):
    best, best_value = None, None
    for action in legal:
        value = action_value(facts, action, weights) + rng.random() * 0.01
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best
