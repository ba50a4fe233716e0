"""Payment enumeration: every distinct way to pay a resource cost.

Given a cost (7-tuple of resource units), the buyer's own production, what each neighbour may
sell and the buyer's prices, ``options`` returns the Pareto-minimal set of
``(coins to left, coins to right)`` pairs: no listed pair is beaten on both sides by another.
Whom to pay is the buyer's choice (rulebook 002 l.218), so (2, 0) and (0, 2) are both listed
when either neighbour sells the unit at 2. Own production is always used first: buying a unit
the city could make itself is never cheaper, so such splits are dominated.

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
_MAX_CTX = 100_000
_FEASIBLE = {}
FREE = ((0, 0),)
NONE = ()


def clear_caches():
    _CTX.clear()
    _FEASIBLE.clear()


def context(own_sig, left_sig, right_sig, prices):
    """A memo dict for one buyer situation; pass it to ``options_in``."""
    key = (own_sig, left_sig, right_sig, prices)
    ctx = _CTX.get(key)
    if ctx is None:
        if len(_CTX) >= _MAX_CTX:
            _CTX.clear()
        ctx = _CTX[key] = {"_key": key}
    return ctx


def options_in(ctx, cost):
    """Pareto-minimal (left, right) payments for `cost` in a context; () if impossible."""
    r = ctx.get(cost)
    if r is None:
        own_sig, left_sig, right_sig, prices = ctx["_key"]
        r = ctx[cost] = compute(cost, own_sig, left_sig, right_sig, prices)
    return r


def options(cost, own_sig, left_sig, right_sig, prices):
    return options_in(context(own_sig, left_sig, right_sig, prices), cost)


def compute(cost, own_sig, left_sig, right_sig, prices):
    own_fixed, own_choices = own_sig
    need = [c - f if c > f else 0 for c, f in zip(cost, own_fixed)]
    if not any(need):
        return FREE
    relevant = [ch for ch in own_choices if any(need[r] for r in ch)]
    residuals = set()
    _assign(relevant, 0, need, residuals)
    if (0, 0, 0, 0, 0, 0, 0) in residuals:
        return FREE
    lf, lc = left_sig
    rf, rc = right_sig
    pl, pr = prices
    lmax = [lf[r] + sum(1 for ch in lc if r in ch) for r in range(7)]
    rmax = [rf[r] + sum(1 for ch in rc if r in ch) for r in range(7)]
    found = set()
    for res in residuals:
        idx = [r for r in range(7) if res[r]]
        ranges = []
        ok = True
        for r in idx:
            lo = res[r] - rmax[r]
            lo = lo if lo > 0 else 0
            hi = res[r] if res[r] < lmax[r] else lmax[r]
            if lo > hi:
                ok = False
                break
            ranges.append(range(lo, hi + 1))
        if not ok:
            continue
        for ks in product(*ranges):
            dl = [0] * 7
            dr = [0] * 7
            cl = cr = 0
            for r, k in zip(idx, ks):
                dl[r] = k
                dr[r] = res[r] - k
                cl += k * pl[r]
                cr += (res[r] - k) * pr[r]
            if _feasible(tuple(dl), lf, lc) and _feasible(tuple(dr), rf, rc):
                found.add((cl, cr))
    if not found:
        return NONE
    out = []
    best_r = None
    for cl, cr in sorted(found):
        if best_r is None or cr < best_r:
            out.append((cl, cr))
            best_r = cr
    return tuple(out)


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
    rest = tuple(d - f if d > f else 0 for d, f in zip(demand, fixed))
    total = sum(rest)
    if total == 0:
        return True
    if total > len(choices):
        return False
    key = (rest, choices)
    r = _FEASIBLE.get(key)
    if r is None:
        units = [res for res in range(7) for _ in range(rest[res])]
        r = _FEASIBLE[key] = _match(units, 0, choices, 0)
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
