"""7 Wonders: Cities — what the option changes during play (shared/specs/cities.md B.3, B.4, B.8).

Hooks called by ``rules.py`` when ``is_cities(state)``:

- ``gain``: the effects of a card or stage that take hold when it is built, besides coins:
  coins for each neighbour (Gambling Den / House), diplomacy tokens, and the coin loss it
  imposes on the others, noted in ``state["losses"]`` (``{"seat", "amount", "per"}``) to be
  settled at the end of the turn.
- ``open_debts``: at the end of the turn — after the turn's income and after Halicarnassus's
  build from the pile and Babylon's last card ([REC] B.3 and B.11 #4) — every loss noted is
  turned into what each player owes: everybody but the player who caused it (in a team game
  the partner too, B.8), the amount counted now (victory tokens, wonder stages built: [REC]
  B.11 #3). Each player who owes something then decides once for the total, all at once, in
  phase ``debt``: ``{"type": "pay_debt", "coins": k}`` pays k coins (0..min(owed, coins)) and
  takes one -1 debt token per coin not paid; paying less than one could is allowed ([R-ex]).
- ``military``: the end-of-age conflicts with diplomacy and teams (B.4, B.8).
- ``stage_cost``: the Architect Cabinet's wonder stages without resources (coins still paid).
"""

from ..errors import IllegalAction
from ..seating import left_of, right_of
from . import catalogue as _cat
from .cities_setup import teams_on

VICTORY = {1: 1, 2: 3, 3: 5}
DEFEAT = -1


def stage_cost(prof, stage):
    return _cat.ZERO if prof.stages_free else stage.cost


def gain(new, players, seat, fx, credits=None):
    """Apply the build-time Cities effects of `fx` built by `seat` (mutates `players`, private
    copies, and `new`). Neighbour coins go to `credits` when given (a turn's resolution), else
    straight to the players."""
    n = len(players)
    if fx.coins_neighbors:
        for nb in (left_of(seat, n), right_of(seat, n)):
            if credits is not None:
                credits[nb] += fx.coins_neighbors
            else:
                players[nb] = dict(players[nb], coins=players[nb]["coins"] + fx.coins_neighbors)
    if fx.diplomacy:
        players[seat] = dict(players[seat], diplomacy=players[seat]["diplomacy"] + fx.diplomacy)
    if fx.loss:
        amount, per = fx.loss
        new["losses"] = new["losses"] + [{"seat": seat, "amount": amount, "per": per}]


def owed_by(players, losses):
    """What each seat owes for `losses`, counted on the cities as they are now."""
    from .city import profile
    owed = [0] * len(players)
    for loss in losses:
        for s, p in enumerate(players):
            if s == loss["seat"]:
                continue
            if loss["per"] == "victory_tokens":
                units = sum(1 for t in p["tokens"] if t > 0)
            elif loss["per"] == "wonder_stages":
                units = profile(p).stages_built
            else:
                units = 1
            owed[s] += loss["amount"] * units
    return owed


def open_debts(new, events):
    """Settle the losses noted: returns True when a debt phase is open (somebody owes)."""
    if not new.get("losses"):
        return False
    owed = owed_by(new["players"], new["losses"])
    new["losses"] = []
    if not any(owed):
        return False
    new["phase"] = "debt"
    new["owed"] = owed
    new["pending"] = [None] * len(owed)
    events.append({"type": "debt_due", "owed": list(owed)})
    return True


def debt_actions(state, seat):
    owed = state["owed"][seat]
    most = min(owed, state["players"][seat]["coins"])
    return [{"type": "pay_debt", "coins": k} for k in range(most, -1, -1)]


def canonical_debt(state, seat, action):
    if not isinstance(action, dict) or action.get("type") != "pay_debt":
        kind = action.get("type") if isinstance(action, dict) else None
        raise IllegalAction("unknown_action", type=kind if isinstance(kind, str) else None,
                            expected=["pay_debt"])
    coins = action.get("coins")
    if not isinstance(coins, int) or isinstance(coins, bool):
        raise IllegalAction("bad_action", field="coins")
    owed = state["owed"][seat]
    have = state["players"][seat]["coins"]
    if not 0 <= coins <= min(owed, have):
        raise IllegalAction("bad_debt_payment", coins=coins, owed=owed, held=have)
    return {"type": "pay_debt", "coins": coins}


def settle_debts(new, events):
    """Every owing seat has chosen: pay, take debt tokens for the rest (mutates `new`)."""
    players = list(new["players"])
    results = []
    for s, owed in enumerate(new["owed"]):
        if not owed:
            continue
        paid = new["pending"][s]["coins"]
        p = dict(players[s])
        p["coins"] -= paid
        p["debt"] += owed - paid
        players[s] = p
        results.append({"seat": s, "owed": owed, "paid": paid, "debt": owed - paid})
    new["players"] = players
    new["owed"] = None
    new["pending"] = [None] * len(players)
    events.append({"type": "debts_settled", "results": results,
                   "coins": [p["coins"] for p in players]})


def military(players, shields, age, cfg):
    """The conflicts of an age (mutates `players`, private copies): returns the event results.

    Each player holding diplomacy tokens uses exactly one. Without teams it is absent: the
    others fight around the shortened ring; two left fight once; one or none, nobody fights
    ([REC] B.11 #5). With teams each player fights the adjacent opponent only, for two tokens,
    or one each when either of the two uses diplomacy."""
    n = len(players)
    using = [p["diplomacy"] > 0 for p in players]
    for s in range(n):
        if using[s]:
            players[s]["diplomacy"] -= 1
    results = [{"seat": s, "shields": shields[s], "diplomacy": using[s], "fights": []}
               for s in range(n)]
    if teams_on(cfg):
        pairs = [(s, left_of(s, n)) for s in range(1, n, 2)]
        doubled = {pair: 1 if using[pair[0]] or using[pair[1]] else 2 for pair in pairs}
    else:
        present = [s for s in range(n) if not using[s]]
        if len(present) == 2:
            pairs = [tuple(present)]
        elif len(present) > 2:
            pairs = [(s, present[(i + 1) % len(present)]) for i, s in enumerate(present)]
        else:
            pairs = []
        doubled = dict.fromkeys(pairs, 1)
    for a, b in pairs:
        times = doubled[(a, b)]
        for me, other in ((a, b), (b, a)):
            if shields[me] > shields[other]:
                got = [VICTORY[age]] * times
            elif shields[me] < shields[other]:
                got = [DEFEAT] * times
            else:
                got = []
            players[me]["tokens"] = players[me]["tokens"] + got
            results[me]["fights"].append({"against": other, "tokens": got})
    return results
