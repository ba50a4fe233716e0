"""What a city is worth to the rules, derived from its public part and memoised.

A city is fully described by (wonder, side, number of stages built, built card ids in order);
``profile(player)`` turns that into a ``Profile`` and caches it under that key, so the many
calls of one turn (own legal actions, neighbours' trade, resolution) compute it once.

A profile holds: the production for its owner (fixed units + choice producers, tradable or
not), the production its neighbours may buy (starting resource + brown/grey cards), the price
it pays each neighbour per resource (2, or the lowest discount: trading posts, Marketplace and
Olympia B stage 1 are not cumulative), shields, names of its structures (duplicate rule), the
ids that make a card free (chains), colour counts and powers.
"""

from . import catalogue as _cat
from . import trading
from ..seating import left_of, right_of

COLOR_INDEX = {c: i for i, c in enumerate(_cat.COLORS)}

# Every cache here is emptied whole when it reaches its cap. The caps are small on purpose: what a
# cache holds lives on in the collector's oldest generation, and every full collection walks it.
# With caps of 200,000 profiles and 100,000 trade contexts a long-lived process slowed down as it
# aged (4 players: a third of its time in the collector after 2,400 games, against an eighth at
# first); at these caps it stays level (`make bench`, "engine aging"), and a turn's or a
# rollout's cities still hit (a city grows by one card a turn: its parent profile is recent).
_PROFILES = {}
_MAX_PROFILES = 8_192
_BY_ID = {}  # holds the player dicts themselves (and so their states' lists): kept the smallest
_MAX_BY_ID = 256
_CONTEXTS = {}  # ids of (buyer, left, right) profiles -> (those profiles, their trade context)


def cache_sizes():
    """This module's caches: (entries, cap) by name (every base-game cache: caches.py)."""
    return {
        "profiles": (len(_PROFILES), _MAX_PROFILES),
        "profiles by player dict": (len(_BY_ID), _MAX_BY_ID),
        "trade contexts by profiles": (len(_CONTEXTS), _MAX_BY_ID),
    }


def clear_caches():
    """Empties this module's caches and trading's (built from its profiles)."""
    _PROFILES.clear()
    _BY_ID.clear()
    _CONTEXTS.clear()
    trading.clear_caches()


_cat.when_replaced(clear_caches)


class Profile:
    __slots__ = (
        "own_fixed", "own_choices", "trade_fixed", "trade_choices", "own_sig", "trade_sig",
        "price_left", "price_right", "prices", "shields", "names", "built_ids", "colors",
        "free_build", "seventh", "copy_guild", "stages_built", "stage_count", "next_stage",
        "stage_fx", "science", "science_wild", "wonder", "side", "stages", "trade_max",
        # Cities: masks, the first-purchase discount per side (docks), warehouse / black
        # market (their choice units are in own_choices), wonder stages without resources.
        "masks", "dock_left", "dock_right", "owned_choice", "missing_choice", "stages_free",
    )


def profile(player):
    """Profile of a player dict (keys wonder, side, stages, built).

    Two caches: by the city's content (shared by every state with that city), and by the
    identity of the player dict (states share unchanged player dicts, so most calls hit it);
    the identity entry is trusted only while the dict still holds the same `built` and `stages`
    lists with the same lengths and the same side.
    """
    built = player["built"]
    stages = player["stages"]
    hit = _BY_ID.get(id(player))
    if (hit is not None and hit[0] is player and hit[1] is built and hit[2] == len(built)
            and hit[3] is stages and hit[4] == len(stages) and hit[5] == player["side"]):
        return hit[6]
    key = (player["wonder"], player["side"], len(stages), tuple(built))
    prof = _PROFILES.get(key)
    if prof is None:
        if len(_PROFILES) >= _MAX_PROFILES:
            _PROFILES.clear()
        prof = _PROFILES[key] = _build(key)
    if len(_BY_ID) >= _MAX_BY_ID:
        _BY_ID.clear()
    _BY_ID[id(player)] = (player, built, len(built), stages, len(stages), player["side"], prof)
    return prof


def _max_units(fixed, choices):
    return tuple(fixed[r] + sum(1 for ch in choices if r in ch) for r in range(7))


def _build(key):
    """A profile, derived from the profile with one card or one stage less when it is cached
    (the usual case: a city grows by one card a turn), else from scratch."""
    wonder_id, side, nstages, built = key
    cat = _cat.get()
    if built:
        parent = _PROFILES.get((wonder_id, side, nstages, built[:-1]))
        card = cat.cards[built[-1]]
        if parent is not None and not _rebuilds(parent, card.fx):
            return _extend(parent, card.fx, card)
    if nstages:
        parent = _PROFILES.get((wonder_id, side, nstages - 1, built))
        if parent is not None:
            return _extend(parent, parent.stages[nstages - 1].fx, None)
    return _build_full(key)


def _rebuilds(parent, fx):
    """A warehouse or black market's choice depends on every brown/grey card, and docks on the
    prices: such cities are rebuilt from scratch (Cities only, a few times a game)."""
    return (parent.owned_choice or parent.missing_choice or fx.owned_choice or fx.missing_choice
            or fx.docks)


def _extend(parent, fx, card):
    p = Profile()
    for name in Profile.__slots__:
        setattr(p, name, getattr(parent, name))
    if any(fx.fixed):
        p.own_fixed = tuple([a + b for a, b in zip(parent.own_fixed, fx.fixed)])
    if fx.choices:
        p.own_choices = tuple(sorted(parent.own_choices + fx.choices))
    if any(fx.fixed) or fx.choices:
        p.own_sig = (p.own_fixed, p.own_choices)
    if any(fx.trade_fixed) or fx.trade_choices:
        if any(fx.trade_fixed):
            p.trade_fixed = tuple([a + b for a, b in zip(parent.trade_fixed, fx.trade_fixed)])
        if fx.trade_choices:
            p.trade_choices = tuple(sorted(parent.trade_choices + fx.trade_choices))
        p.trade_sig = (p.trade_fixed, p.trade_choices)
        p.trade_max = _max_units(p.trade_fixed, p.trade_choices)
    if fx.discounts:
        price_left = list(p.price_left)
        price_right = list(p.price_right)
        for res, sides, price in fx.discounts:
            for s in sides:
                target = price_left if s == "left" else price_right
                for r in res:
                    if price < target[r]:
                        target[r] = price
        p.price_left = tuple(price_left)
        p.price_right = tuple(price_right)
        p.prices = (p.price_left, p.price_right) + parent.prices[2:]
    p.shields += fx.shields
    if fx.science >= 0:
        science = list(p.science)
        science[fx.science] += 1
        p.science = tuple(science)
    p.science_wild += fx.science_choice
    p.masks += fx.masks
    p.stages_free = p.stages_free or fx.stages_free
    p.free_build = p.free_build or fx.free_build_per_age
    p.seventh = p.seventh or fx.play_seventh_card
    p.copy_guild = p.copy_guild or fx.copy_guild
    if card is not None:
        p.names = parent.names | {card.key}
        p.built_ids = parent.built_ids | {card.id}
        colors = list(p.colors)
        colors[COLOR_INDEX[card.color]] += 1
        p.colors = tuple(colors)
    else:
        n = parent.stages_built + 1
        p.stages_built = n
        p.stage_fx = parent.stage_fx + (fx,)
        p.next_stage = p.stages[n] if n < len(p.stages) else None
    return p


def _build_full(key):
    wonder_id, side, nstages, built = key
    cat = _cat.get()
    wonder = cat.wonders[wonder_id]
    stages = wonder.sides[side] if side else ()
    own = [0] * 7
    trade = [0] * 7
    own[wonder.start] += 1
    trade[wonder.start] += 1
    own_choices = []
    trade_choices = []
    price_left = [2] * 7
    price_right = [2] * 7
    shields = 0
    colors = [0] * len(_cat.COLORS)
    science = [0, 0, 0]
    wild = 0
    p = Profile()
    p.free_build = p.seventh = p.copy_guild = False
    p.owned_choice = p.missing_choice = p.stages_free = False
    p.masks = p.dock_left = p.dock_right = 0
    made = {wonder.start}
    fxs = [cat.cards[cid].fx for cid in built]
    p.stage_fx = tuple(st.fx for st in stages[:nstages])
    cards = [cat.cards[cid] for cid in built]
    for c in cards:
        colors[COLOR_INDEX[c.color]] += 1
        if c.color in ("brown", "grey"):
            made.update(i for i, v in enumerate(c.fx.fixed) if v)
            made.update(r for ch in c.fx.choices for r in ch)
    for fx in fxs + list(p.stage_fx):
        p.masks += fx.masks
        p.stages_free = p.stages_free or fx.stages_free
        p.owned_choice = p.owned_choice or fx.owned_choice
        p.missing_choice = p.missing_choice or fx.missing_choice
        for where, amount in fx.docks:
            if where == "left":
                p.dock_left += amount
            else:
                p.dock_right += amount
        for i, v in enumerate(fx.fixed):
            if v:
                own[i] += v
        own_choices.extend(fx.choices)
        for i, v in enumerate(fx.trade_fixed):
            if v:
                trade[i] += v
        trade_choices.extend(fx.trade_choices)
        shields += fx.shields
        if fx.science >= 0:
            science[fx.science] += 1
        wild += fx.science_choice
        for res, sides, price in fx.discounts:
            for s in sides:
                target = price_left if s == "left" else price_right
                for r in res:
                    if price < target[r]:
                        target[r] = price
        if fx.free_build_per_age:
            p.free_build = True
        if fx.play_seventh_card:
            p.seventh = True
        if fx.copy_guild:
            p.copy_guild = True
    if p.owned_choice:  # Secret Warehouse: one more unit of what brown/grey cards or the board make
        own_choices.append(tuple(sorted(made)))
    if p.missing_choice:  # Black Market: one unit of what they do not make
        missing = tuple(r for r in range(7) if r not in made)
        if missing:
            own_choices.append(missing)
    p.wonder = wonder_id
    p.side = side
    p.own_fixed = tuple(own)
    p.own_choices = tuple(sorted(own_choices))
    p.trade_fixed = tuple(trade)
    p.trade_choices = tuple(sorted(trade_choices))
    p.own_sig = (p.own_fixed, p.own_choices)
    p.trade_sig = (p.trade_fixed, p.trade_choices)
    p.price_left = tuple(price_left)
    p.price_right = tuple(price_right)
    p.prices = (p.price_left, p.price_right)
    if p.dock_left or p.dock_right:
        p.prices = (p.price_left, p.price_right, p.dock_left, p.dock_right)
    p.shields = shields
    p.names = frozenset(c.key for c in cards)
    p.built_ids = frozenset(built)
    p.colors = tuple(colors)
    p.stages_built = nstages
    p.stage_count = len(stages)
    p.next_stage = stages[nstages] if nstages < len(stages) else None
    p.science = tuple(science)
    p.science_wild = wild
    p.stages = stages
    p.trade_max = _max_units(p.trade_fixed, p.trade_choices)
    return p


def trade_context(prof, left, right):
    """The trading context (``trading.context``) of a city whose neighbours have the profiles
    `left` and `right`, remembered by the identity of the three profiles."""
    key = (id(prof), id(left), id(right))
    hit = _CONTEXTS.get(key)
    if hit is not None and hit[0] is prof and hit[1] is left and hit[2] is right:
        return hit[3]
    ctx = trading.context(prof.own_sig, left.trade_sig, right.trade_sig, prof.prices,
                          left.trade_max, right.trade_max)
    if len(_CONTEXTS) >= _MAX_BY_ID:
        _CONTEXTS.clear()
    _CONTEXTS[key] = (prof, left, right, ctx)
    return ctx


def chain_free(prof, card):
    """True when a structure this city built makes `card` free."""
    return not card.chain_from.isdisjoint(prof.built_ids)


def count(things, scope, seat, players, profiles, extra_purple=0):
    """How many of `things` (colours, wonder_stages, defeat_tokens) are in the `scope` cities
    of `seat` (left/self/right), given every seat's player dict and profile. `extra_purple`
    guilds are added to the seat's own city (Olympia B's copied guild, at the end)."""
    n = len(players)
    total = 0
    for s in scope:
        other = seat if s == "self" else left_of(seat, n) if s == "left" else right_of(seat, n)
        prof = profiles[other]
        for t in things:
            if t == "wonder_stages":
                total += prof.stages_built
            elif t == "defeat_tokens":
                total += sum(1 for tok in players[other]["tokens"] if tok < 0)
            elif t == "victory_tokens":
                total += sum(1 for tok in players[other]["tokens"] if tok > 0)
            else:
                total += prof.colors[COLOR_INDEX[t]]
                if t == "purple" and other == seat:
                    total += extra_purple
    return total
