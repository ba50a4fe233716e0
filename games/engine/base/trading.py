"""Payment enumeration: every distinct way to pay a resource cost.

Given a cost (7-tuple of resource units), the buyer's own production, what each neighbour may
sell and the buyer's prices, ``options`` returns the Pareto-minimal set of
``(coins to left, coins to right)`` pairs: no listed pair is beaten on both sides by another.
Whom to pay is the buyer's choice (rulebook 002 l.221), so (2, 0) and (0, 2) are both listed
when either neighbour sells the unit at 2.

Own production is always used first, and at its best: trade is for the resources a city does not
produce (002 l.200-202, «Commercio»). A purchase is wasteful when some unit it buys could instead
have been supplied by the city's own production left unused (reassigning its choice producers if
need be); no payment is enumerated from a wasteful purchase, only from the purchases whose set of
bought units is minimal given own production (``_least``). For the non-dominated options this
changes nothing (a wasteful purchase is never cheaper than the minimal one inside it); it matters
for ``every_option_in``, the Free City's every split (issue 30 item 2).

Choice producers (wood/clay, Forum, Caravansery, Alexandria) give one unit of one option a
turn to their owner; a neighbour may buy either option of a tradable choice card whatever the
owner uses (002 l.861): the seller's production is never consumed by a sale (002 l.216), and
two neighbours may buy the same unit.

The result does not depend on coins: a caller keeps the pairs with ``left + right <= coins``
(a dominated pair is never affordable when its dominator is not, so filtering after is exact).
Results are memoised per trade context (own production, both neighbours' tradable production,
prices) and cost; contexts repeat a lot across turns and games.
"""

from itertools import product

_CTX = {}
_MAX_CTX = 8_192  # small: see city.py, the caps
_FEASIBLE = {}
FREE = ((0, 0),)
NONE = ()


def cache_sizes():
    return {"trade contexts": (len(_CTX), _MAX_CTX), "feasible purchases": (len(_FEASIBLE), _MAX_CTX)}


def clear_caches():
    _CTX.clear()
    _FEASIBLE.clear()


class Context:
    """One buyer situation: own production, what each neighbour sells, prices; memo by cost."""

    __slots__ = ("key", "own_fixed", "own_choices", "left", "right", "lmax", "rmax", "pl", "pr",
                 "dl", "dr", "memo")

    def __init__(self, key, lmax=None, rmax=None):
        own_sig, left_sig, right_sig, prices = key
        self.key = key
        self.own_fixed, self.own_choices = own_sig
        self.left = left_sig
        self.right = right_sig
        self.lmax = lmax or _max_units(left_sig)
        self.rmax = rmax or _max_units(right_sig)
        self.pl, self.pr = prices[0], prices[1]
        # Cities' clandestine docks: coins off the first unit bought from that side each turn,
        # on top of any price discount (cities.md B.10 #11); prices then has four entries.
        self.dl, self.dr = (prices[2], prices[3]) if len(prices) > 2 else (0, 0)
        self.memo = {}


def _max_units(sig):
    fixed, choices = sig
    return tuple(fixed[r] + sum(1 for ch in choices if r in ch) for r in range(7))


def context(own_sig, left_sig, right_sig, prices, lmax=None, rmax=None):
    """A memo for one buyer situation; pass it to ``options_in``. `lmax`/`rmax` (units each
    neighbour can sell per resource) are derived from the signatures when not given."""
    key = (own_sig, left_sig, right_sig, prices)
    ctx = _CTX.get(key)
    if ctx is None:
        if len(_CTX) >= _MAX_CTX:
            _CTX.clear()
        ctx = _CTX[key] = Context(key, lmax, rmax)
    return ctx


def options_in(ctx, cost):
    """Pareto-minimal (left, right) payments for `cost` in a context; () if impossible."""
    r = ctx.memo.get(cost)
    if r is None:
        r = ctx.memo[cost] = _compute(ctx, cost)
    return r


def every_option_in(ctx, cost):
    """Every distinct (left, right) payment for `cost`, dominated ones included, sorted; () if
    impossible. For a buyer whose seller is named whatever the price (the 2-player variant's
    Free City, 002 l.547, two-players.md A.8 #5): every split between the neighbours of every
    purchase that buys only what own production cannot give (no wasteful purchase, ``_least``)."""
    key = ("every", cost)
    r = ctx.memo.get(key)
    if r is None:
        found = _splits(ctx, cost)
        r = ctx.memo[key] = found if found is FREE else tuple(sorted(found))
    return r


def options(cost, own_sig, left_sig, right_sig, prices):
    return options_in(context(own_sig, left_sig, right_sig, prices), cost)


def compute(cost, own_sig, left_sig, right_sig, prices):
    return _compute(Context((own_sig, left_sig, right_sig, prices)), cost)


def _compute(ctx, cost):
    found = _splits(ctx, cost)
    if found is FREE:
        return FREE
    if not found:
        return NONE
    out = []
    best_r = None
    for cl, cr in sorted(found):
        if best_r is None or cr < best_r:
            out.append((cl, cr))
            best_r = cr
    return tuple(out)


def _splits(ctx, cost):
    """FREE when own production covers `cost`, else the set of every (left, right) payment."""
    need = [c - f if c > f else 0 for c, f in zip(cost, ctx.own_fixed)]
    if not any(need):
        return FREE
    relevant = [ch for ch in ctx.own_choices if any(need[r] for r in ch)]
    if relevant:
        residuals = set()
        _assign(relevant, 0, need, residuals)
        if (0, 0, 0, 0, 0, 0, 0) in residuals:
            return FREE
        residuals = _least(residuals)
    else:
        residuals = (tuple(need),)
    lf, lc = ctx.left
    rf, rc = ctx.right
    pl = ctx.pl
    pr = ctx.pr
    lmax = ctx.lmax
    rmax = ctx.rmax
    found = set()
    for res in residuals:
        idx = []
        ranges = []
        for r in range(7):
            k = res[r]
            if not k:
                continue
            lo = k - rmax[r]
            if lo < 0:
                lo = 0
            hi = k if k < lmax[r] else lmax[r]
            if lo > hi:
                break
            idx.append(r)
            ranges.append(range(lo, hi + 1))
        else:
            for ks in product(*ranges):
                dl = [0] * 7
                dr = [0] * 7
                cl = cr = 0
                for r, k in zip(idx, ks):
                    dl[r] = k
                    dr[r] = res[r] - k
                    cl += k * pl[r]
                    cr += (res[r] - k) * pr[r]
                if (not lc or _feasible(dl, lf, lc)) and (not rc or _feasible(dr, rf, rc)):
                    if ctx.dl or ctx.dr:
                        cl, cr = _docked(ctx, dl, cl, pl, ctx.dl), _docked(ctx, dr, cr, pr, ctx.dr)
                    found.add((cl, cr))
    return found


def _docked(ctx, bought, paid, prices, dock):
    """The price of the units `bought` from one side, less the dock's coins off the first unit
    (never below 0 for that unit)."""
    if not dock or not paid:
        return paid
    first = min(prices[r] for r in range(7) if bought[r])
    return paid - min(dock, first)


def _least(residuals):
    """The residual needs that buy the fewest units: those of a best use of own production.

    ``_assign`` also yields residuals where a choice producer took a unit another producer could
    have given, leaving a unit to buy that the city makes (Caravansery on ore, Clay Pit idle, then
    stone and wood bought, when Caravansery on stone and Clay Pit on ore buy wood alone). Such a
    purchase is wasteful: trade is for the resources a city does not produce (002 l.200-202).
    A residual is free of waste exactly when no unit can be dropped and own production still
    covers the cost; own production is a transversal matroid, so those are the residuals with the
    fewest units, and every one of them is reached by ``_assign`` (an idle producer that could
    take a needed unit can always take it in place of a later producer of the same best use)."""
    fewest = min(sum(res) for res in residuals)
    return [res for res in residuals if sum(res) == fewest]


def _assign(choices, i, need, out):
    """All residual needs after giving each own choice producer to one needed unit."""
    if i == len(choices):
        out.add(tuple(need))
        return
    used = False
    for r in choices[i]:
        if need[r]:
            used = True
            need[r] -= 1
            _assign(choices, i + 1, need, out)
            need[r] += 1
    if not used:
        _assign(choices, i + 1, need, out)


def _feasible(demand, fixed, choices):
    """Can (fixed units + one unit per choice producer) cover `demand`?"""
    rest = tuple([d - f if d > f else 0 for d, f in zip(demand, fixed)])
    if not any(rest):
        return True
    key = (rest, choices)
    r = _FEASIBLE.get(key)
    if r is None:
        if sum(rest) > len(choices):
            r = False
        else:
            units = [res for res in range(7) for _ in range(rest[res])]
            r = _match(units, 0, choices, 0)
        if len(_FEASIBLE) >= _MAX_CTX:
            _FEASIBLE.clear()
        _FEASIBLE[key] = r
    return r


def _match(units, i, choices, used):
    if i == len(units):
        return True
    u = units[i]
    for j, ch in enumerate(choices):
        if not used & (1 << j) and u in ch:
            if _match(units, i + 1, choices, used | (1 << j)):
                return True
    return False


def missing(cost, own_sig, left_sig, right_sig):
    """Resources the buyer cannot get even buying everything it may (for error facts)."""
    own_fixed, own_choices = own_sig
    out = {}
    for r in range(7):
        have = own_fixed[r] + sum(1 for ch in own_choices if r in ch)
        for fixed, choices in (left_sig, right_sig):
            have += fixed[r] + sum(1 for ch in choices if r in ch)
        if cost[r] > have:
            out[r] = cost[r] - have
    return out
