"""A brute-force judge of the payments a city is offered (tests only; independent of
``trading.py``'s enumeration).

What a city may buy (002, «Commercio», l.200-202): «risorse che lui non produce» — a city trades
for the resources it does not make. For one build, a *purchase* is a pair of unit vectors
``(dl, dr)`` bought from the left and the right neighbour such that each neighbour can sell its
part (its tradable fixed units and one unit per tradable choice producer; a sale never uses the
seller's unit up, 002 l.216) and the city's own production (fixed units, one unit per choice
producer, its own choice cards included) covers the rest of the cost.

**Wasteful.** A purchase is wasteful when some unit it buys from a neighbour could instead have
been supplied by the city's own production that the purchase leaves unused: dropping that one
unit, the city's own production (assigned afresh, e.g. a Caravansery moved from ore to stone so
that the Clay Pit can give the ore) still covers the cost with the units still bought. So a
purchase is *minimal* when no unit can be dropped: the set of bought units is minimal given the
city's own production. (Own production assignments form a transversal matroid, so every minimal
purchase buys the same number of units: the units the best use of own production leaves short.)

A payment ``(left coins, right coins)`` is *legitimate* when some minimal purchase costs exactly
that (prices per resource and side, less a Cities dock's coins off the first unit of a side,
cities.md B.10 #11). Then:

- the Free City of the 2-player variant is offered every legitimate payment it can afford
  (its controller names the seller whatever the price, two-players.md A.8 #5, 002 l.547) and
  no other one;
- every other city is offered the non-dominated legitimate payments it can afford (002 l.221: the
  buyer picks the seller; the base game lists no payment beaten on both sides by another).
"""

from itertools import product


def _covers(fixed, choices, demand):
    """Can `fixed` units plus one unit per choice producer (tuples of resources) give `demand`?"""
    rest = [d - f if d > f else 0 for d, f in zip(demand, fixed)]
    units = [r for r in range(7) for _ in range(rest[r])]
    if len(units) > len(choices):
        return False

    def place(i, used):
        if i == len(units):
            return True
        return any(not used >> j & 1 and units[i] in ch and place(i + 1, used | 1 << j)
                   for j, ch in enumerate(choices))

    return place(0, 0)


def _capacity(sig):
    fixed, choices = sig
    return [fixed[r] + sum(1 for ch in choices if r in ch) for r in range(7)]


def _price(bought, prices, dock):
    paid = sum(k * p for k, p in zip(bought, prices))
    if dock and paid:
        paid -= min(dock, min(p for k, p in zip(bought, prices) if k))
    return paid


def purchases(cost, own_sig, left_sig, right_sig, prices):
    """Every purchase ``(dl, dr, minimal)`` of `cost` (see the module docstring)."""
    lcap, rcap = _capacity(left_sig), _capacity(right_sig)
    out = []
    need = [range(0, min(cost[r], lcap[r]) + 1) for r in range(7)]
    for dl in product(*need):
        if not _covers(*left_sig, dl):
            continue
        ranges = [range(0, min(cost[r] - dl[r], rcap[r]) + 1) for r in range(7)]
        for dr in product(*ranges):
            if not _covers(*right_sig, dr):
                continue
            rest = [c - a - b for c, a, b in zip(cost, dl, dr)]
            if not _covers(*own_sig, rest):
                continue
            minimal = True
            for r in range(7):
                if dl[r] or dr[r]:
                    rest[r] += 1
                    if _covers(*own_sig, rest):
                        minimal = False
                    rest[r] -= 1
                    if not minimal:
                        break
            out.append((dl, dr, minimal))
    return out


_MEMO = {}


def judge(cost, key):
    """(legitimate payments, wasteful-only payments) of `cost` in a trade context's key
    ``(own_sig, left_sig, right_sig, prices)``: the first set holds the prices of minimal
    purchases, the second those reached only by wasteful ones."""
    memo_key = (tuple(cost), key)
    hit = _MEMO.get(memo_key)
    if hit is None:
        own_sig, left_sig, right_sig, prices = key
        pl, pr = prices[0], prices[1]
        docks = (prices[2], prices[3]) if len(prices) > 2 else (0, 0)
        good, bad = set(), set()
        for dl, dr, minimal in purchases(cost, own_sig, left_sig, right_sig, prices):
            pay = (_price(dl, pl, docks[0]), _price(dr, pr, docks[1]))
            (good if minimal else bad).add(pay)
        hit = _MEMO[memo_key] = (frozenset(good), frozenset(bad - good))
        if len(_MEMO) > 200_000:
            _MEMO.clear()
    return hit


def non_dominated(pays):
    return {p for p in pays if not any(q != p and q[0] <= p[0] and q[1] <= p[1] for q in pays)}
