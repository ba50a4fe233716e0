"""Why a move is good, as facts: ``explain(view, action) -> dict`` (the "Suggest" hint's reason).

It reads the seat's view and the public data only, and says (ids and numbers, no words):

- ``kind`` (the action's type); for a ``take``: ``deck`` and ``card`` (the face-up top, the
  central top only when the seat peeked at it; ``unseen: true`` otherwise) and what the card
  brings the seat: ``points`` (a blue card's, plus the cat's when it moves the cat here),
  ``cat``, ``resource`` with ``needed`` (an open stage of its wonder still lacks it), ``science``
  with ``token`` (it makes a pair or a set of three: a progress token), ``shields``, ``horns``,
  ``coins``; for a ``build``: ``stage``, ``points``, ``power`` (the wonder's power, when the
  stage has it); for a ``progress``: ``token``;
- ``denies``: only for a face-up card that another seat could take from the same deck (the deck
  between them), and only when it matters to that seat: ``{"seat", "next" (it plays right after
  this seat), "points", "token", "needed"}`` by the same count.
"""
from collections import Counter

from . import catalogue as _cat
from .heuristics import _lacks
from .stages import available_stages
from ..seating import left_of


def explain(view, action):
    kind = action.get("type")
    facts = {"kind": kind}
    seat = view["seat"]
    me = view["players"][seat]
    if kind == "take":
        deck = action["deck"]
        facts["deck"] = deck
        card = _visible_card(view, deck)
        if card is None:
            facts["unseen"] = True
            return facts
        facts["card"] = card
        facts.update(_card_facts(view, me, card))
        denied = _denied(view, seat, deck, card)
        if denied:
            facts["denies"] = denied
    elif kind == "keep":
        facts["card"] = action["card"]
        facts.update(_card_facts(view, me, action["card"]))
    elif kind == "build":
        wonder = _cat.get().wonders[me["wonder"]]
        stage = wonder.stage(action["stage"])
        facts.update(stage=action["stage"], points=stage.points)
        if stage.power and wonder.power:
            facts["power"] = wonder.power
    elif kind == "progress":
        facts["token"] = action["token"]
    return facts


def _visible_card(view, deck):
    if deck == _cat.CENTRAL:
        return view.get("central_top")
    return view["decks"][deck]["top"]


def _card_facts(view, player, card):
    """What `card` brings `player` now."""
    cat = _cat.get()
    kind = cat.kind(card)
    held = Counter(_cat.kind_of(c) for c in player["cards"])
    out = {}
    if kind.color == "blue":
        moves_cat = kind.cat and view["cat"] != player["seat"]
        out["points"] = kind.points + (cat.cat_points if moves_cat else 0)
        if moves_cat:
            out["cat"] = True
    else:
        out["points"] = 0
    if kind.resource:
        out["resource"] = kind.resource
        out["needed"] = any(_lacks(stage, held, kind.resource) for stage in available_stages(player))
    if kind.science:
        out["science"] = kind.science
        # A set's cards leave the player (progress.take_token): what is held is still unmatched.
        out["token"] = held[kind.science] >= 1 or all(held[s] for s in set(cat.symbols) if s != kind.science)
    if kind.shields:
        out.update(shields=kind.shields, horns=kind.horns)
    if kind.coins:
        out["coins"] = kind.coins
    return out


def _denied(view, seat, deck, card):
    """The other seat that takes from `deck`, if the card matters to it: a seat takes from its
    own deck and its right neighbour's (turns.own_sources), so its own is shared with its left
    neighbour (who plays next) and the right one's with that neighbour."""
    n = len(view["players"])
    if deck == _cat.CENTRAL:
        return None
    other = left_of(seat, n) if deck == seat else deck
    if other == seat:
        return None
    facts = _card_facts(view, view["players"][other], card)
    if not (facts["points"] or facts.get("token") or facts.get("needed")):
        return None
    return {"seat": other, "next": other == left_of(seat, n), "points": facts["points"],
            "token": bool(facts.get("token")), "needed": bool(facts.get("needed"))}
