"""Why a move is good, as facts: ``explain(view, action) -> dict`` (the "Suggest" hint's reason).

It reads the seat's view and the public card data only, and says (ids and numbers, no words):

- ``kind`` (the action's type), ``card``, ``stage`` (a wonder stage), ``city`` ("free_city" when
  the seat decides for the 2-player variant's Free City, else absent);
- what it builds and scores now: ``points`` (the printed points, the science score gained with
  the city's symbols as they are, and points counted per card or token on the cities as they are,
  the card itself included: a guild's points if the game ended now), ``coins`` (coins it brings at
  once: printed, counted per card as the rules pay them, or 3 for a discard), ``paid`` (coins it
  costs: the bank's and the neighbours'), ``discounts`` (a trading post's or the marketplace's:
  ``[{"goods": "raw"|"manufactured", "sides": ["left"|"right"], "price"}]``), ``shields``, ``science`` (the symbol gained, "wild" for
  a choice), ``produces`` (resources the city did not make and now does; ``produces_one_of``
  when the card makes one of them a turn);
- what it denies: ``denies``, present only when the card leaves the hand that the next player in
  the passing direction would have received, and only when it matters to them: ``{"seat", "side"
  ("left"|"right": which of the seat's neighbours), "points" (what building it would score them
  now, by the same count), "lacks" (resources it makes that their city does not), "science"}``.
  A card the receiver has built already (no city builds one twice) denies nothing; neither does
  the last card but one of an age (the leftover is discarded, nobody receives it).
"""
from . import catalogue
from .heuristics import _cities, _count, _paid_to_seat
from .science import plain_science_points

DISCARD_COINS = 3


def explain(view, action):
    kind = action.get("type")
    facts = {"kind": kind}
    if action.get("card") is not None:
        facts["card"] = action["card"]
    if action.get("city") == "free_city":
        facts["city"] = "free_city"
    if kind == "discard":
        facts.update(points=0, coins=DISCARD_COINS, paid=0)
    elif kind in ("build", "wonder", "build_discarded"):
        facts.update(_gains(view, action))
    if kind in ("build", "wonder", "discard"):
        denied = _denied(view, action)
        if denied:
            facts["denies"] = denied
    return facts


def _gains(view, action):
    """What a build (or a wonder stage) brings the city that makes it."""
    cat = catalogue.get()
    me, left, right = _cities(view, action)
    if action["type"] == "wonder":
        stage = cat.wonders[me["wonder"]].sides[me["side"]][action["stage"] - 1]
        fx, bank = stage.fx, stage.coins
        out = {"stage": action["stage"]}
        built = me
    else:
        card = cat.cards[action["card"]]
        fx, bank = card.fx, 0 if action.get("free") or action["type"] == "build_discarded" else card.coins
        out = {}
        built = dict(me, built=list(me["built"]) + [card.id])
    pay = action.get("pay") or {"left": 0, "right": 0}
    out["points"] = _points(fx, built, left, right)
    out["coins"] = fx.coins + sum(amount * _count(counts, scope, built, left, right)
                                  for counts, scope, amount in fx.coins_per)
    coins_to_me = _paid_to_seat(view, action, view["players"][view["seat"]])
    out["paid"] = bank + pay["left"] + pay["right"] - coins_to_me
    if fx.shields:
        out["shields"] = fx.shields
    if fx.science >= 0:
        out["science"] = catalogue.SYMBOLS[fx.science]
    elif fx.science_choice:
        out["science"] = "wild"
    for resources, sides, price in fx.discounts:
        goods = "raw" if resources <= catalogue.RAW else "manufactured" if resources <= catalogue.MANUFACTURED else "any"
        out.setdefault("discounts", []).append({"goods": goods, "sides": list(sides), "price": price})
    fresh = _new_resources(fx, me)
    if fresh:
        out["produces"] = fresh
        if fx.choices:
            out["produces_one_of"] = True  # one of them a turn (a choice card), not all
    return out


def _points(fx, city, left, right):
    """Points the effect is worth to `city` now: printed, science gained, counted per thing."""
    points = fx.points + _science_gain(fx, city)
    for counts, scope, amount in fx.points_per:
        points += amount * _count(counts, scope, city, left, right)
    return points


def _science_gain(fx, city):
    if fx.science < 0 and not fx.science_choice:
        return 0
    science = (city.get("economy") or {}).get("science") or {}
    symbols = [science.get(symbol, 0) for symbol in catalogue.SYMBOLS]
    wild = science.get("wild", 0)
    before = plain_science_points(tuple(symbols), wild)
    if fx.science >= 0:
        symbols[fx.science] += 1
    return plain_science_points(tuple(symbols), wild + fx.science_choice) - before


def _makes(city):
    """The resources a city makes for itself (its view's economy)."""
    produces = (city.get("economy") or {}).get("produces") or {}
    have = set(produces.get("fixed", {}))
    for choice in produces.get("choices", []):
        have.update(choice)
    return have


def _new_resources(fx, city):
    offered = {i for i, units in enumerate(fx.fixed) if units}
    for choice in fx.choices:
        offered.update(choice)
    have = _makes(city)
    return [catalogue.RESOURCES[i] for i in sorted(offered) if catalogue.RESOURCES[i] not in have]


def _denied(view, action):
    """The card this action takes out of the hand, as the next player in the passing direction
    would have received it; None when nobody would or it would not matter to them."""
    hand = view.get("hand") or []
    direction = view.get("direction")
    if action.get("city") == "free_city" or action["card"] not in hand or len(hand) < 3 or direction not in ("left", "right"):
        return None
    players = view["players"]
    me = players[view["seat"]]
    receiver = players[me[direction]]
    cat = catalogue.get()
    card = cat.cards[action["card"]]
    if any(cat.cards[built].key == card.key for built in receiver["built"]):
        return None
    with_card = dict(receiver, built=list(receiver["built"]) + [card.id])
    points = _points(card.fx, with_card, players[receiver["left"]], players[receiver["right"]])
    lacks = _new_resources(card.fx, receiver)
    science = catalogue.SYMBOLS[card.fx.science] if card.fx.science >= 0 else None
    if points <= 0 and not lacks:
        return None
    out = {"seat": me[direction], "side": direction, "points": points, "lacks": lacks}
    if science:
        out["science"] = science
    return out
