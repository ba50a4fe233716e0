"""The greedy bot's values for this game: ``action_value(view, action)``, roughly in points.

It reads the seat's view and the public data only. A card is worth what it brings soon: a blue
card its points (and the cat's when it moves the cat here), a grey card more when an open stage
still lacks it, a yellow card a missing resource, a green card more when it completes a set (a
token), a red card a shield and a little less for each horn it turns. An unseen central card is
worth an average card. A stage is worth its points, a power a few more; spending yellow cards
costs a little. Tokens are valued by what they would score for this seat now.
"""
from collections import Counter

from . import catalogue as _cat
from .stages import available_stages

UNSEEN_CARD = 1.4
TOKEN_BASE = {"extra_card": 2.5, "coin_worth_two": 1.5, "any_resources": 2.0, "shields": 2.0}


def action_value(view, action):
    me = view["players"][view["seat"]]
    kind = action["type"]
    if kind == "peek":
        return 0.5
    if kind == "decline":
        return 0.0
    if kind == "take":
        if action["deck"] == _cat.CENTRAL:
            top = view.get("central_top")
            return card_value(view, me, top) if top else UNSEEN_CARD
        return card_value(view, me, view["decks"][action["deck"]]["top"])
    if kind == "keep":
        return card_value(view, me, action["card"])
    if kind == "look":
        return view["decks"][action["deck"]]["size"] / 100
    if kind == "build":
        stage = _cat.get().wonders[me["wonder"]].stage(action["stage"])
        return stage.points + (3 if stage.power else 0) - 0.3 * action["pay"].get("coin", 0)
    if kind == "progress":
        return token_value(view, me, action["token"])
    return 0.0


def card_value(view, me, card):
    cat = _cat.get()
    kind = cat.kind(card)
    if kind.color == "blue":
        moves_cat = kind.cat and view["cat"] != view["seat"]
        return kind.points + (cat.cat_points if moves_cat else 0)
    if kind.resource:
        held = _held(me)
        wanted = any(_lacks(stage, held, kind.resource) for stage in available_stages(me))
        return 2.0 if wanted else 0.6
    if kind.coins:
        return 1.5
    if kind.science:
        held = _held(me)
        makes_set = held[kind.science] >= 1 or all(held[s] for s in cat.symbols if s != kind.science)
        return 3.0 if makes_set else 1.2
    if kind.shields:
        return 1.5 - 0.3 * kind.horns
    return 0.0


def _held(me):
    return Counter(_cat.kind_of(c) for c in me["cards"])


def _lacks(stage, held, resource):
    if stage.same:
        return held[resource] < stage.count
    return held[resource] == 0


def token_value(view, me, token):
    if token == "pile":
        return 3.0
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
    return TOKEN_BASE.get(spec.effect, 1.0)
