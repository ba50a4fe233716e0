"""The base game's heuristic for the greedy bot: ``action_value(view, action)`` in points.

It reads only its seat's view (its hand, every city's public part, coins, shields, tokens) and
the public card data; never another hand. Heuristic, in points:

- a structure: its printed points, its science gain (marginal science score), military
  (beating or tying a neighbour it does not beat yet, worth the age's victory), coins /3,
  coins_per and points_per estimated on the cities as they are now, production of a resource
  the city lacks (more in Age I, nothing in Age III), trade discounts early;
- minus what it costs (coins / 3);
- a wonder stage: the stage's effects, plus a little for hiding a card;
- a discard: 3 coins, worth a bit more when the seat is short of coins.

In the 2-player variant a seat also decides for the Free City (actions with
``"city": "free_city"``): those are valued as if the Free City were its own city, plus the
coins the Free City would pay this seat's city.

Cities: paying a debt (``pay_debt``) is worth -1/3 point a coin paid and -1 point a coin left
as debt, so the greedy bot (and the timeout bot) pays all it can. Black cards' effects: a coin
loss is worth a little per opponent, a diplomacy token about a point, masks like a green symbol
later on, docks, warehouse and black market like production, the Architect Cabinet like a
cheaper wonder.

Sets of weights (the numbers above are ``MEDIUM``'s): ``MEDIUM``, the greedy bot's (the
`medium` level, and the model of every other seat in the search's rollouts), and ``SEARCHER``
(``SEARCHER_CITIES`` with Cities), which the search's rollouts play for the seat they search for
(``rollout.rollout_turn``). Both functions below take any (``weights``, ``MEDIUM`` by default).

``action_values(view, actions)`` is ``[action_value(view, a) for a in actions]``, computed once
per card and city: a hand's actions repeat the same card with several payments, and the value of
an effect does not depend on how it is paid (the bots' rollouts call it for every decision).
"""

from . import catalogue
from .scoring import science_points

VICTORY = {1: 1, 2: 3, 3: 5}
ZERO_PAY = {"left": 0, "right": 0}

# The greedy bot's weights (the `medium` level, and the model of every other seat in the search's
# rollouts). Coins are counted in coins a point (``coins_a_point``: what a coin gained is worth,
# ``cost_a_point``: what a coin paid costs); the ``_1``/``_2``/``_3`` keys are an age's.
MEDIUM = {
    "victory": 1.0, "overtake": 1.0, "tie": 0.5, "science_1": 0.6, "science_2": 0.6,
    "science_3": 1.0, "coins_a_point": 3.0, "cost_a_point": 3.0, "points_per": 1.0,
    "resource_1": 1.6, "resource_2": 1.0, "resource_3": 0.1, "resource_fixed": 0.3,
    "discount_1": 1.2, "discount_2": 0.6, "discount_3": 0.1,
    "power_1": 3.0, "power_2": 2.0, "power_3": 1.5, "copy_guild": 5.0, "stage": 0.4,
    "discard": 1.0, "discard_short": 0.8, "olympia": 1.0, "printed_points": 1.0,
    # Cities' black cards and docks (``_cities_value``): a coin lost by each opponent, a
    # diplomacy token, masks, a coin the neighbours gain, docks, a stage built for free by age;
    # a resource choice counts this many of the age's resource.
    "loss": 0.25, "diplomacy": 1.0, "masks_1": 1.5, "masks_2": 2.0, "masks_3": 2.5,
    "coins_neighbors": 0.2, "docks_1": 1.0, "docks_2": 0.5, "docks_3": 0.1, "choice_resources": 2.0,
    "stages_free_1": 2.0, "stages_free_2": 1.5, "stages_free_3": 0.5,
}
# The search bot's rollouts play the seat it searches for with these (``rollout.rollout_turn``'s
# `searcher`): tuned on greedy games alone (docs/bots.md), they value shields, coins, points per
# card, resources and Age I discounts more, Age I powers less, and discard only when nothing else
# is worth building.
SEARCHER = dict(MEDIUM, **{
    "victory": 1.4, "coins_a_point": 2.0, "points_per": 1.8, "resource_1": 3.6, "resource_2": 1.6,
    "resource_fixed": 0.6, "discount_1": 2.0, "power_1": 1.5, "discard": -1.0,
})
# With Cities (found the same way at 8 players, three rounds from SEARCHER before its Age I resource
# and points per card moved: docs/bots.md): an Age I resource worth even more (Cities' coin losses
# and debts punish a city that must buy what it lacks), a coin paid costing 2/3 of a point (1/3 in
# MEDIUM; at 4/3 the seat buys almost nothing and wins a third as often), shields a little above
# MEDIUM, overtaking a neighbour, a card that makes every opponent lose coins and a diplomacy
# token worth half MEDIUM's, points per card 1.2 and Age I discounts 1.0 (more of either won fewer
# Cities greedy games).
SEARCHER_CITIES = dict(SEARCHER, **{
    "victory": 1.05, "overtake": 0.5, "cost_a_point": 1.5, "points_per": 1.2, "resource_1": 5.4,
    "discount_1": 1.0, "loss": 0.125, "diplomacy": 0.5,
})


def _cities(view, action):
    """(the city the action is for, its left neighbour, its right neighbour)."""
    players = view["players"]
    if action.get("city") == "free_city":
        me = players[view["free_city"]["city"]]
    else:
        me = players[view["seat"]]
    return me, players[me["left"]], players[me["right"]]


def _paid_to_seat(view, action, me):
    """Coins a Free City play pays to the deciding seat's city (0 for the seat's own plays)."""
    if action.get("city") != "free_city":
        return 0
    pay = action.get("pay") or {"left": 0, "right": 0}
    return sum(pay[side] for side in ("left", "right") if me[side] == view["seat"])


def _colour_count(city, colour):
    cards = catalogue.get().cards
    return sum(1 for c in city["built"] if cards[c].color == colour)


def _count(counts, scope, me, left, right):
    total = 0
    for where in scope:
        city = {"self": me, "left": left, "right": right}[where]
        for c in counts:
            if c == "wonder_stages":
                total += city["stages_built"]
            elif c == "defeat_tokens":
                total += sum(1 for t in city["tokens"] if t < 0)
            elif c == "victory_tokens":
                total += sum(1 for t in city["tokens"] if t > 0)
            else:
                total += _colour_count(city, c)
    return total


_PRODUCTION = {}
_MAX_PRODUCTION = 8_192  # small: see city.py, the caps


def cache_sizes():
    return {"productions": (len(_PRODUCTION), _MAX_PRODUCTION)}


def clear_caches():
    _PRODUCTION.clear()


catalogue.when_replaced(clear_caches)


def _production(city):
    """The resources a city makes (remembered by wonder and built cards: cities repeat)."""
    key = (city["wonder"], tuple(city["built"]))
    have = _PRODUCTION.get(key)
    if have is None:
        if len(_PRODUCTION) >= _MAX_PRODUCTION:
            _PRODUCTION.clear()
        have = _PRODUCTION[key] = frozenset(_compute_production(city))
    return have


def _compute_production(city):
    cat = catalogue.get()
    have = set()
    wonder = cat.wonders[city["wonder"]]
    have.add(wonder.start)
    for cid in city["built"]:
        fx = cat.cards[cid].fx
        have.update(i for i, v in enumerate(fx.fixed) if v)
        for ch in fx.choices:
            have.update(ch)
    return have


def _fx_value(view, fx, me, left, right, weights=MEDIUM):
    age = max(view["age"], 1)
    value = fx.points * weights["printed_points"]
    if fx.shields:
        mine = me["shields"] + fx.shields
        for nb in (left, right):
            if me["shields"] <= nb["shields"] < mine:
                overtakes = me["shields"] < nb["shields"]
                value += VICTORY[age] * weights["victory"] + (weights["overtake"] if overtakes else 0)
            elif me["shields"] == nb["shields"] and mine > nb["shields"]:
                value += VICTORY[age] * weights["tie"]
    if fx.science >= 0 or fx.science_choice:
        cards = catalogue.get().cards
        symbols = [0, 0, 0]
        for cid in me["built"]:
            s = cards[cid].fx.science
            if s >= 0:
                symbols[s] += 1
        before = science_points(tuple(symbols), 0)
        if fx.science >= 0:
            symbols[fx.science] += 1
        after = science_points(tuple(symbols), fx.science_choice)
        value += (after - before) * weights[_SCIENCE[age]]
    coins_a_point = weights["coins_a_point"]
    value += fx.coins / coins_a_point
    for counts, scope, amount in fx.coins_per:
        value += amount * _count(counts, scope, me, left, right) / coins_a_point
    for counts, scope, amount in fx.points_per:
        value += amount * _count(counts, scope, me, left, right) * weights["points_per"]
    if any(fx.fixed) or fx.choices:
        have = _production(me)
        new = {i for i, v in enumerate(fx.fixed) if v}
        for ch in fx.choices:
            new.update(ch)
        fresh = len(new - have)
        value += weights[_RESOURCE[age]] * (fresh + weights["resource_fixed"] * sum(fx.fixed))
    if fx.discounts:
        value += weights[_DISCOUNT[age]]
    if fx.free_build_per_age or fx.play_seventh_card or fx.build_from_discard:
        value += weights[_POWER[age]]
    if fx.copy_guild:
        value += weights["copy_guild"]
    return value + _cities_value(view, fx, age, weights)


# Each age's key of a weight that changes with the age ("resource" -> {1: "resource_1", ...}).
_SCIENCE, _RESOURCE, _DISCOUNT, _POWER, _MASKS, _DOCKS, _STAGES_FREE = (
    {age: f"{name}_{age}" for age in (1, 2, 3)}
    for name in ("science", "resource", "discount", "power", "masks", "docks", "stages_free"))


def _cities_value(view, fx, age, weights):
    """Cities' black cards and docks."""
    value = 0.0
    if fx.loss:
        value += weights["loss"] * fx.loss[0] * (len(view["players"]) - 1)
    value += weights["diplomacy"] * fx.diplomacy + weights[_MASKS[age]] * fx.masks
    value -= weights["coins_neighbors"] * fx.coins_neighbors
    if fx.docks:
        value += weights[_DOCKS[age]]
    if fx.owned_choice or fx.missing_choice:
        value += weights["choice_resources"] * weights[_RESOURCE[age]]
    if fx.stages_free:
        value += weights[_STAGES_FREE[age]]
    return value


def action_value(view, action, weights=MEDIUM):
    return _action_value(view, action, None, weights)


def action_values(view, actions, weights=MEDIUM):
    """The value of each of `actions`, equal to ``action_value``'s, sharing the effects' values:
    a seat's own build or wonder stage is worth (what it brings) - (coins it costs) / (the
    weights' ``cost_a_point``), and what
    it brings is computed once per card."""
    memo = {}
    out = []
    cost_a_point = weights["cost_a_point"]
    for action in actions:
        kind = action["type"]
        if (kind == "build" or kind == "wonder") and "city" not in action:
            key = (action["card"], action.get("free")) if kind == "build" else action["stage"]
            unpaid = memo.get(key)
            if unpaid is None:
                unpaid = memo[key] = unpaid_value(view, action, memo, weights)
            pay = action.get("pay") or ZERO_PAY
            out.append(unpaid[0] - (pay["left"] + pay["right"] + unpaid[1]) / cost_a_point)
        else:
            out.append(_action_value(view, action, memo, weights))
    return out


def unpaid_value(view, action, memo, weights):
    """(value before paying, coins paid to the bank) of a seat's own build or wonder stage (its
    ``pay`` not read); `memo` a dict shared by the values of one view."""
    players = view["players"]
    me = players[view["seat"]]
    left, right = players[me["left"]], players[me["right"]]
    cat = catalogue.get()
    if action["type"] == "build":
        card = cat.cards[action["card"]]
        value = _memo_fx_value(view, card.fx, me, left, right, memo, weights)
        if action.get("free") == "olympia":
            value -= weights["olympia"]
        return value, 0 if action.get("free") else card.coins
    stage = cat.wonders[me["wonder"]].sides[me["side"]][action["stage"] - 1]
    return _memo_fx_value(view, stage.fx, me, left, right, memo, weights) + weights["stage"], stage.coins


def debt_value(owed, paid, weights=MEDIUM):
    """Paying `paid` coins of an `owed` debt: each coin paid costs 1/``cost_a_point`` of a point,
    each coin left as a debt token a whole point."""
    return -paid / weights["cost_a_point"] - (owed - paid)


def _action_value(view, action, memo, weights=MEDIUM):
    if action["type"] == "side":
        return 1.0 if action["side"] == "A" else 0.9
    me, left, right = _cities(view, action)
    paid_to_seat = _paid_to_seat(view, action, me) / weights["coins_a_point"]
    return _value(view, action, me, left, right, memo, weights) + paid_to_seat


def _memo_fx_value(view, fx, me, left, right, memo, weights=MEDIUM):
    """``_fx_value``, remembered in `memo` (one view) by effect and city."""
    if memo is None:
        return _fx_value(view, fx, me, left, right, weights)
    key = (id(fx), id(me))
    value = memo.get(key)
    if value is None:
        value = memo[key] = _fx_value(view, fx, me, left, right, weights)
    return value


def _value(view, action, me, left, right, memo=None, weights=MEDIUM):
    cat = catalogue.get()
    kind = action["type"]
    if kind == "pass":
        return 0.0
    if kind == "pay_debt":  # the seat's own debt, or the Free City's (valued as its own)
        city = view["free_city"]["city"] if action.get("city") == "free_city" else view["seat"]
        return debt_value(view["cities"]["owed"][city], action["coins"], weights)
    if kind == "discard":
        return weights["discard"] + (weights["discard_short"] if me["coins"] < 3 else 0.0)
    pay = action.get("pay") or {"left": 0, "right": 0}
    spent = pay["left"] + pay["right"]
    cost_a_point = weights["cost_a_point"]
    if kind in ("build", "build_discarded"):
        card = cat.cards[action["card"]]
        if kind == "build" and not action.get("free"):
            spent += card.coins
        value = _memo_fx_value(view, card.fx, me, left, right, memo, weights)
        if action.get("free") == "olympia":
            value -= weights["olympia"]  # keep the power for a dearer card when cheap
        return value - spent / cost_a_point
    # wonder stage
    wonder = cat.wonders[me["wonder"]]
    stage = wonder.sides[me["side"]][action["stage"] - 1]
    return (_memo_fx_value(view, stage.fx, me, left, right, memo, weights) + weights["stage"]
            - (spent + stage.coins) / cost_a_point)


def search_group(action):
    """The kind of move that the search bot treats as one, whatever the card (None: a move of
    its own): every discard, and every wonder stage whichever card goes under it, a seat's and the
    Free City's apart. Such variants differ only in which card leaves the hand passed on; the
    search keeps the heuristic's favourites of each kind and spends its rollouts on the builds."""
    kind = action.get("type")
    if kind in ("discard", "wonder"):
        return kind, action.get("city")
    return None


# The search's budget by age, as a share of a move's mean budget (a seat decides as often in each
# age). How often a search agreed with one of 6 s, Cities 8 players, 3 searches each of 120
# positions of medium games (docs/bots.md, "Time by age"): Age I 42% at 0.5 s, 50% at 1 s, 58% at
# 2 s; Age II 65%, 70%, 81%; Age III 72% at 0.33 s, 82% at 0.5 s, 83% at 1 s. Age III's rollouts are
# short and its choices settled at half a second; Age I's are long and still noisy at one.
SEARCH_TIME_SHARE = {1: 1.4, 2: 1.1, 3: 0.5}


def search_time_share(view):
    """The part of a move's mean budget the search spends on this decision, by the view's age (a
    prompt or a debt too: its rollouts are as long as a turn's); the mean in the 2-player variant,
    whose seats also decide for the Free City, not as often in each age."""
    if "free_city" in view:
        return 1.0
    return SEARCH_TIME_SHARE.get(view.get("age"), 1.0)
