"""The greedy bot's values for this game: ``action_value(view, action)``, roughly in points.

It reads the seat's view and the public data only. A card is worth what it brings soon: a blue
card its points (and the cat's when it moves the cat here), a grey card more when an open stage
still lacks it, a yellow card a missing resource, a green card more when it completes a set (a
token), a red card a shield and a little less for each horn it turns. An unseen central card is
worth an average card. A stage is worth its points, a power a few more; spending yellow cards
costs a little. Tokens are valued by what they would score for this seat now.

Two sets of weights: ``MEDIUM``, the greedy bot's (the `medium` level, and every seat's model of
the others in the search's rollouts), and ``SEARCHER``, which the search bot's rollouts play for
the seat it searches for (``rollout.rollout_turn``'s ``searcher``). ``SEARCHER`` was tuned by
coordinate ascent on the greedy game alone (its seat against two ``MEDIUM`` seats, 3 players,
3,000 deals, the same deals for every try) and checked on 3,000 other deals: docs/bots.md has
the figures. Its extra terms, zero in ``MEDIUM``: a resource or coin that makes an open stage
payable is worth part of that stage's points (``complete``); a red card's horns are worth
something for each neighbour whose shields the seat then beats, and cost as much for each that
beats it (``horns_when_ahead``); a card taken from a deck that a neighbour shares is worth a
part of that card's value to the neighbour (``shared_deck``: the tuned part is negative, so
the seat leaves such cards rather than takes them).
"""
from collections import Counter

from . import catalogue as _cat
from .battles import shields
from .stages import affordable, available_stages
from ..seating import left_of, right_of

MEDIUM = {
    "unseen_card": 1.4, "peek": 0.5, "look_per_card": 0.01, "stage_power": 3.0, "coin_spent": 0.3,
    "cat_moved": 1.0, "resource_wanted": 2.0, "resource_spare": 0.6, "coin": 1.5,
    "science_set": 3.0, "science_single": 1.2, "shield": 1.5, "horn": 0.3, "pile": 3.0,
    "extra_card": 2.5, "coin_worth_two": 1.5, "any_resources": 2.0, "shields": 2.0,
    "complete": 0.0, "horns_when_ahead": 0.0, "shared_deck": 0.0,
}
SEARCHER = dict(MEDIUM, **{
    "cat_moved": 0.0, "coin": 3.5, "horn": 0.0, "extra_card": 5.5,
    "complete": 0.3, "horns_when_ahead": 0.5, "shared_deck": -0.2,
})
TOKEN_EFFECTS = ("extra_card", "coin_worth_two", "any_resources", "shields")


def action_value(view, action, weights=MEDIUM):
    me = view["players"][view["seat"]]
    kind = action["type"]
    if kind == "peek":
        return weights["peek"]
    if kind == "decline":
        return 0.0
    if kind == "take":
        if action["deck"] == _cat.CENTRAL:
            top = view.get("central_top")
            return card_value(view, me, top, weights) if top else weights["unseen_card"]
        top = view["decks"][action["deck"]]["top"]
        value = card_value(view, me, top, weights)
        if weights["shared_deck"]:
            value += weights["shared_deck"] * _to_the_other_taker(view, action["deck"], top)
        return value
    if kind == "keep":
        return card_value(view, me, action["card"], weights)
    if kind == "look":
        return view["decks"][action["deck"]]["size"] * weights["look_per_card"]
    if kind == "build":
        stage = _cat.get().wonders[me["wonder"]].stage(action["stage"])
        return stage.points + (weights["stage_power"] if stage.power else 0) - weights["coin_spent"] * action["pay"].get("coin", 0)
    if kind == "progress":
        return token_value(view, me, action["token"], weights)
    return 0.0


def card_value(view, me, card, weights=MEDIUM):
    cat = _cat.get()
    kind = cat.kind(card)
    if kind.color == "blue":
        moves_cat = kind.cat and view["cat"] != view["seat"]
        return kind.points + (weights["cat_moved"] * cat.cat_points if moves_cat else 0)
    if kind.resource or kind.coins:
        held = _held(me)
        stages = available_stages(me)
        value = weights["coin"] if kind.coins else (
            weights["resource_wanted"] if any(_lacks(stage, held, kind.resource) for stage in stages)
            else weights["resource_spare"])
        if weights["complete"] and stages:
            value += weights["complete"] * _points_it_unlocks(stages, held, kind.id)
        return value
    if kind.science:
        held = _held(me)
        makes_set = held[kind.science] >= 1 or all(held[s] for s in cat.symbols if s != kind.science)
        return weights["science_set"] if makes_set else weights["science_single"]
    if kind.shields:
        value = weights["shield"] - weights["horn"] * kind.horns
        if kind.horns and weights["horns_when_ahead"]:
            value += weights["horns_when_ahead"] * kind.horns * _lead_over_neighbours(view, me, kind.shields)
        return value
    return 0.0


def _held(me):
    return Counter(_cat.kind_of(c) for c in me["cards"])


def _lacks(stage, held, resource):
    if stage.same:
        return held[resource] < stage.count
    return held[resource] == 0


def _points_it_unlocks(stages, held, kind):
    """The most points among the open stages that a card of `kind` would make payable (tokens
    left aside)."""
    after = held.copy()
    after[kind] += 1
    return max((stage.points for stage in stages if affordable(stage, after) and not affordable(stage, held)),
               default=0)


def _lead_over_neighbours(view, me, added):
    """Neighbours the seat would beat in a battle with `added` shields more, less those that
    would beat it."""
    seat, players = view["seat"], view["players"]
    n = len(players)
    mine = shields(me) + added
    theirs = [shields(players[rival]) for rival in {left_of(seat, n), right_of(seat, n)} - {seat}]
    return sum(1 for other in theirs if mine > other) - sum(1 for other in theirs if mine < other)


def _to_the_other_taker(view, deck, card):
    """What `card`, on top of `deck`, is worth (``MEDIUM``) to the neighbour who also takes from it."""
    seat = view["seat"]
    other = left_of(seat, len(view["players"])) if deck == seat else deck
    if other == seat:
        return 0.0
    return card_value(dict(view, seat=other), view["players"][other], card)


def token_value(view, me, token, weights=MEDIUM):
    if token == "pile":
        return weights["pile"]
    spec = _cat.get().token(token)
    facts = spec.facts
    if spec.effect == "culture":
        return facts["both"] - facts["one"] if any(t.startswith("culture") for t in me["tokens"]) else facts["one"]
    if spec.effect == "points_per_progress_token":
        return facts["points"] * (len(me["tokens"]) + 1)
    if spec.effect == "wonder_points":
        return facts["building"] + 0.5
    if spec.effect == "points_per_military_token":
        return facts["points"] * me["military"] + 1
    if spec.effect == "points_per_cat_icon":
        return facts["points"] * sum(1 for c in me["cards"] if _cat.get().kind(c).cat) + 1
    return weights[spec.effect] if spec.effect in TOKEN_EFFECTS else 1.0
