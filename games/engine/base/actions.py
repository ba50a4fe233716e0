"""What a city may do with a card: the legal card actions and the check of one.

``card_actions`` lists a city's build, wonder and discard actions with every payment option;
``canonical_card_action`` checks an action against the same rules and returns its canonical
form (equal to an element of the list) or raises IllegalAction; ``canonical_discard_build``
does so for Halicarnassus's build from the pile. ``blocked_builds`` says why the cards of a hand
cannot be built (the hints). The action forms are in ``rules.py``'s docstring.

A city here is an index of ``state["players"]``: a seat, or the Free City of the 2-player
variant, whose purchases list every split between its neighbours of what it does not produce
(``_payment_options``).
"""

from . import catalogue as _cat
from . import cities_rules as _cities
from . import trading
from .city import chain_free, profile, trade_context
from ..errors import IllegalAction
from ..seating import left_of, right_of
from .two_players_setup import FREE_CITY, is_two_players

CARD_TYPES = ("build", "wonder", "discard")
ZERO_PAY = {"left": 0, "right": 0}


def _trade_context(state, seat):
    players = state["players"]
    n = len(players)
    prof = profile(players[seat])
    lprof = profile(players[left_of(seat, n)])
    rprof = profile(players[right_of(seat, n)])
    return prof, trade_context(prof, lprof, rprof)


def _payment_options(state, seat):
    """The non-dominated payments; for the Free City, whose controller names the seller whatever
    the price (2-player variant, 002 l.547, two-players.md A.8 #5), every split between its
    neighbours; both only of purchases that buy no unit its own production could give (002
    l.200-202, ``trading._least``)."""
    if seat == FREE_CITY and is_two_players(state):
        return trading.every_option_in
    return trading.options_in


def _olympia_ready(state, seat, prof):
    return prof.free_build and state["players"][seat]["free_used"] != state["age"]


class Offers:
    """What `seat` may do with the cards of a hand, as ``card_actions`` lists it, its purchases
    not yet priced: the rollouts' greedy choice prices only those that could be its best move
    (``rollout._greedy_choice``). ``card_actions`` keeps its own loop: it is on every legal move's
    path, and building this object first made it a fifth slower.

    ``cards``: the hand's distinct card ids, in hand order. ``builds``: per card, "chain" or
    "free" (a build that needs no purchase: a chain, a card without cost), or the coins its
    purchase may cost (the coins left once the card's own are paid: an int, negative when they
    are not at hand), or None (a structure already built). ``olympia``: whether a card that must
    be bought may be built free instead. ``stage``: the next wonder stage (its number, resource
    cost, coins left for its purchase) or None. ``options_in(ctx, cost)``: the non-dominated
    (left, right) payments of a cost (``trading``). `profiles`: every city's profile
    (``city.profile``), when the caller has them."""

    __slots__ = ("cards", "builds", "olympia", "stage", "ctx", "options_in")

    def __init__(self, state, seat, hand, profiles=None):
        cards = _cat.get().cards
        players = state["players"]
        p = players[seat]
        if profiles is None:
            prof, self.ctx = _trade_context(state, seat)
        else:
            n = len(players)
            prof = profiles[seat]
            self.ctx = trade_context(prof, profiles[left_of(seat, n)], profiles[right_of(seat, n)])
        self.options_in = _payment_options(state, seat)
        coins = p["coins"]
        self.olympia = _olympia_ready(state, seat, prof)
        next_stage = prof.next_stage
        self.stage = None if next_stage is None else (
            prof.stages_built + 1, _cities.stage_cost(prof, next_stage), coins - next_stage.coins)
        self.cards = list(dict.fromkeys(hand))
        names = prof.names
        built_ids = prof.built_ids
        self.builds = builds = {}
        for cid in self.cards:
            card = cards[cid]
            if card.key in names:
                builds[cid] = None
            elif not card.chain_from.isdisjoint(built_ids):
                builds[cid] = "chain"
            elif card.free_cost:
                builds[cid] = "free"
            else:
                builds[cid] = coins - card.coins

    def cheapest(self, cost, budget):
        """The first of the cheapest payments of `cost` within `budget` coins, or None."""
        best = None
        if budget >= 0:
            for o in self.options_in(self.ctx, cost):
                if o[0] + o[1] <= budget and (best is None or o[0] + o[1] < best[0] + best[1]):
                    best = o
        return best


def card_actions(state, seat, hand):
    """The build, wonder and discard actions of `seat` with the cards of `hand`, every payment
    option. The rollouts' greedy choice reads the same rules through ``Offers``
    (``testing.check_rollout_turn`` holds its choices to this list)."""
    cards = _cat.get().cards
    p = state["players"][seat]
    prof, ctx = _trade_context(state, seat)
    options_in = _payment_options(state, seat)
    coins = p["coins"]
    olympia = _olympia_ready(state, seat, prof)
    stage = prof.next_stage
    wonder_pays = ()
    if stage is not None:
        budget = coins - stage.coins
        wonder_pays = [o for o in options_in(ctx, _cities.stage_cost(prof, stage))
                       if o[0] + o[1] <= budget]
        stage_no = prof.stages_built + 1
    out = []
    seen = set()
    names = prof.names
    built_ids = prof.built_ids
    for cid in hand:
        if cid in seen:
            continue
        seen.add(cid)
        card = cards[cid]
        if card.key not in names:
            if not card.chain_from.isdisjoint(built_ids):
                out.append({"type": "build", "card": cid, "pay": {"left": 0, "right": 0},
                            "free": "chain"})
            elif card.free_cost:
                out.append({"type": "build", "card": cid, "pay": {"left": 0, "right": 0}})
            else:
                budget = coins - card.coins
                if budget >= 0:
                    pays = [o for o in options_in(ctx, card.cost) if o[0] + o[1] <= budget]
                    for left, right in pays:
                        out.append({"type": "build", "card": cid,
                                    "pay": {"left": left, "right": right}})
                if olympia:
                    out.append({"type": "build", "card": cid, "pay": {"left": 0, "right": 0},
                                "free": "olympia"})
        for left, right in wonder_pays:
            out.append({"type": "wonder", "card": cid, "stage": stage_no,
                        "pay": {"left": left, "right": right}})
        out.append({"type": "discard", "card": cid})
    return out


def blocked_builds(state, seat, hand=None):
    """Why the cards of `seat`'s hand (or of `hand`) cannot be built now: {card id: {"code",
    **facts}}, the IllegalAction a build would raise (duplicate_structure; cannot_afford with the
    resources missing, or the coins needed). Cards that can be built in some way are not listed."""
    if hand is None:
        hand = state["players"][seat]["hand"]
    out = {}
    for cid in dict.fromkeys(hand):
        try:
            canonical_card_action(state, seat, {"type": "build", "card": cid, "pay": dict(ZERO_PAY)}, hand)
        except IllegalAction as error:
            if error.code != "bad_payment":  # affordable, by another split of payments
                out[cid] = {"code": error.code, **error.facts}
    return out


def buildable_discards(state, seat):
    """Distinct discarded card ids that `seat` could build (no duplicate name), pile order."""
    cards = _cat.get().cards
    names = profile(state["players"][seat]).names
    out = []
    seen = set()
    for cid in state["discard"]:
        if cid not in seen:
            seen.add(cid)
            if cards[cid].key not in names:
                out.append(cid)
    return out


# ---------------------------------------------------------------------------------------------
# validation


def _pay_of(action):
    pay = action.get("pay", ZERO_PAY)
    if pay is None:
        pay = ZERO_PAY
    if not isinstance(pay, dict):
        raise IllegalAction("bad_action", field="pay")
    left = pay.get("left", 0)
    right = pay.get("right", 0)
    for v in (left, right):
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise IllegalAction("bad_action", field="pay")
    return left, right


def _card_of(action):
    cid = action.get("card")
    if not isinstance(cid, str):
        raise IllegalAction("bad_action", field="card")
    card = _cat.get().cards.get(cid)
    if card is None:
        raise IllegalAction("unknown_card", card=cid)
    return card


def _pairs(opts):
    return [{"left": a, "right": b} for a, b in opts]


def _cannot_afford(card_id, cost, coin_cost, coins, ctx, opts):
    own_sig, left_sig, right_sig, _ = ctx.key
    if not opts:
        miss = trading.missing(cost, own_sig, left_sig, right_sig)
        facts = {"card": card_id,
                 "missing": {_cat.RESOURCES[r]: k for r, k in sorted(miss.items())}}
        if coin_cost > coins:
            facts["coins"] = coins
            facts["coins_needed"] = coin_cost
        return IllegalAction("cannot_afford", **facts)
    cheapest = min(a + b for a, b in opts) + coin_cost
    return IllegalAction("cannot_afford", card=card_id, missing={}, coins=coins,
                         coins_needed=cheapest)


def _check_payment(card_id, cost, coin_cost, coins, ctx, left, right, options_in=trading.options_in):
    """The payment (left, right) of a cost is one of the affordable options, or IllegalAction:
    cannot_afford when no option is affordable, bad_payment (with the options) otherwise."""
    opts = options_in(ctx, cost)
    ok = [o for o in opts if o[0] + o[1] <= coins - coin_cost]
    if not ok:
        raise _cannot_afford(card_id, cost, coin_cost, coins, ctx, opts)
    if (left, right) not in ok:
        raise IllegalAction("bad_payment", card=card_id, pay={"left": left, "right": right},
                            options=_pairs(ok))


def canonical_card_action(state, seat, action, hand):
    """Check a build/wonder/discard action of `seat` with card from `hand`; return its
    canonical form (equal to an element of legal_actions) or raise IllegalAction."""
    if not isinstance(action, dict):
        raise IllegalAction("unknown_action", type=None, expected=list(CARD_TYPES))
    kind = action.get("type")
    if kind not in CARD_TYPES:
        raise IllegalAction("unknown_action", type=kind if isinstance(kind, str) else None,
                            expected=list(CARD_TYPES))
    card = _card_of(action)
    cid = card.id
    if cid not in hand:
        raise IllegalAction("card_not_in_hand", card=cid)
    if kind == "discard":
        return {"type": "discard", "card": cid}
    left, right = _pay_of(action)
    p = state["players"][seat]
    coins = p["coins"]
    prof, ctx = _trade_context(state, seat)
    if kind == "build":
        if card.key in prof.names:
            same = [b for b in p["built"] if _cat.get().cards[b].key == card.key]
            raise IllegalAction("duplicate_structure", card=cid, built=same)
        free = action.get("free")
        chain = chain_free(prof, card)
        if free is not None:
            if free == "chain":
                if not chain:
                    raise IllegalAction("not_free", card=cid, free=free)
            elif free == "olympia":
                if chain or card.free_cost:
                    raise IllegalAction("no_free_build", card=cid, reason="already_free")
                if not _olympia_ready(state, seat, prof):
                    raise IllegalAction("no_free_build", card=cid,
                                        reason="used" if prof.free_build else "no_power")
            else:
                raise IllegalAction("not_free", card=cid, free=free)
            if left or right:
                raise IllegalAction("bad_payment", card=cid, pay={"left": left, "right": right},
                                    options=[dict(ZERO_PAY)])
            return {"type": "build", "card": cid, "pay": {"left": 0, "right": 0}, "free": free}
        if chain or card.free_cost:
            if left or right:
                raise IllegalAction("bad_payment", card=cid, pay={"left": left, "right": right},
                                    options=[dict(ZERO_PAY)])
            out = {"type": "build", "card": cid, "pay": {"left": 0, "right": 0}}
            if chain:
                out["free"] = "chain"
            return out
        _check_payment(cid, card.cost, card.coins, coins, ctx, left, right,
                       _payment_options(state, seat))
        return {"type": "build", "card": cid, "pay": {"left": left, "right": right}}
    # wonder stage
    stage = prof.next_stage
    if stage is None:
        raise IllegalAction("no_stage_left", stages=prof.stages_built)
    nxt = prof.stages_built + 1
    want = action.get("stage")
    if want is not None:
        if not isinstance(want, int) or isinstance(want, bool):
            raise IllegalAction("bad_action", field="stage")
        if want < nxt:
            raise IllegalAction("stage_already_built", stage=want, next_stage=nxt)
        if want > nxt:
            raise IllegalAction("stage_out_of_order", stage=want, next_stage=nxt)
    if "free" in action and action["free"] is not None:
        raise IllegalAction("not_free", card=cid, free=action["free"])
    _check_payment(cid, _cities.stage_cost(prof, stage), stage.coins, coins, ctx, left, right,
                   _payment_options(state, seat))
    return {"type": "wonder", "card": cid, "stage": nxt, "pay": {"left": left, "right": right}}


def canonical_discard_build(state, seat, action):
    if not isinstance(action, dict):
        raise IllegalAction("unknown_action", type=None, expected=["build_discarded", "pass"])
    kind = action.get("type")
    buildable = buildable_discards(state, seat)
    if kind == "pass":
        if buildable:
            raise IllegalAction("must_build", buildable=buildable)
        return {"type": "pass"}
    if kind != "build_discarded":
        raise IllegalAction("unknown_action", type=kind if isinstance(kind, str) else None,
                            expected=["build_discarded", "pass"])
    card = _card_of(action)
    if card.id not in state["discard"]:
        raise IllegalAction("card_not_in_discard", card=card.id)
    if card.id not in buildable:
        p = state["players"][seat]
        same = [b for b in p["built"] if _cat.get().cards[b].key == card.key]
        raise IllegalAction("duplicate_structure", card=card.id, built=same)
    return {"type": "build_discarded", "card": card.id}
