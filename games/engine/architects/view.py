"""What a seat (or a spectator) may know; the ids it must not see; the full frame; seat labels.

``view(state, seat)``::

    {"game": "architects", "seat", "phase", "over", "end", "turn", "active", "to_act", "step", "peeked",
     "decks": [{"owner": seat, "wonder", "size", "top": id | None}],   # face up: the top shows
     "central_size", "discard": [ids], "progress_row": [ids], "progress_pile_size",
     "conflict": {"tokens", "battle"}, "battle_due", "cat": seat | None, "used": [token ids],
     "prompts": [{"kind", ...}], "looking_size": int,
     "players": [{"seat", "wonder", "cards", "built", "tokens", "military", "shields",
                  "complete", "left", "right"}],
     "central_top": id       # only the cat holder's own view, after its peek, before its card
     "looking": [ids]        # only Halicarnassus' own view while it chooses
     "scores": [...]}        # once the game is over

Hidden from everybody: the central deck, the progress pile, every deck below its top; from all
but the looker: Halicarnassus' cards in hand. Card and token ids are per copy (``catalogue.py``),
so ``hidden_ids`` lists exactly the copies in those places and none of them can show elsewhere.
"""
from . import battles
from .scoring import scores
from .stages import is_complete
from .turns import to_act
from ..seating import left_of, right_of


def view(state, seat=None):
    n = len(state["players"])
    if seat is not None and (not isinstance(seat, int) or not 0 <= seat < n):
        raise ValueError("seat out of range")
    looking = state["looking"]
    out = {
        "game": "architects",
        "seat": seat,
        "phase": state["phase"],
        "over": state["phase"] == "over",
        "end": state["end"],
        "turn": state["turn"],
        "active": state["active"],
        "to_act": to_act(state),
        "step": state["step"],
        "peeked": state["peeked"],
        "decks": [{"owner": s, "wonder": state["players"][s]["wonder"], "size": len(deck),
                   "top": deck[0] if deck else None} for s, deck in enumerate(state["decks"])],
        "central_size": len(state["central"]),
        "discard": list(state["discard"]),
        "progress_row": list(state["progress_row"]),
        "progress_pile_size": len(state["progress_pile"]),
        "conflict": dict(state["conflict"]),
        "battle_due": state["battle_due"],
        "cat": state["cat"],
        "used": list(state["used"]),
        "prompts": [dict(p) for p in state["prompts"]],
        "looking_size": len(looking["cards"]) if looking else 0,
        "players": [{
            "seat": s,
            "wonder": p["wonder"],
            "cards": list(p["cards"]),
            "built": list(p["built"]),
            "tokens": list(p["tokens"]),
            "military": p["military"],
            "shields": battles.shields(p),
            "complete": is_complete(p),
            "left": left_of(s, n),
            "right": right_of(s, n),
        } for s, p in enumerate(state["players"])],
    }
    if seat is not None and sees_central_top(state, seat):
        out["central_top"] = state["central"][0]
    if seat is not None and looking and seat == state["active"]:
        out["looking"] = list(looking["cards"])
    if state["phase"] == "over":
        out["scores"] = scores(state)
    return out


def sees_central_top(state, seat):
    return (seat == state["active"] and state["cat"] == seat and state["peeked"]
            and state["step"] == "take" and bool(state["central"]))


def hidden_ids(state, seat):
    hidden = set(state["central"]) | set(state["progress_pile"])
    for deck in state["decks"]:
        hidden.update(deck[1:])
    looking = state["looking"]
    if looking and seat != state["active"]:
        hidden.update(looking["cards"])
    if seat is not None and sees_central_top(state, seat):
        hidden.discard(state["central"][0])
    return hidden


def reveal(state):
    """Everything at this state (replays of finished games): decks in order, pile, cards in hand."""
    sheets = scores(state)
    looking = state["looking"]
    return {
        "turn": state["turn"],
        "active": state["active"],
        "phase": state["phase"],
        "decks": [list(deck) for deck in state["decks"]],
        "central": list(state["central"]),
        "discard": list(state["discard"]),
        "progress_row": list(state["progress_row"]),
        "progress_pile": list(state["progress_pile"]),
        "conflict": dict(state["conflict"]),
        "cat": state["cat"],
        "looking": list(looking["cards"]) if looking else [],
        "players": [{"seat": s, "wonder": p["wonder"], "cards": list(p["cards"]), "built": list(p["built"]),
                     "tokens": list(p["tokens"]), "military": p["military"], "total": sheets[s]["total"]}
                    for s, p in enumerate(state["players"])],
    }


def seat_labels(state):
    return [{"wonder": p["wonder"]} for p in state["players"]]
