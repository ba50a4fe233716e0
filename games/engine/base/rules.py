"""Turn structure: who acts, legal actions, apply and resolution.

Phases (``state["phase"]``):

- ``sides``: only with ``sides: "choose"``; every seat picks ``{"type": "side", "side": "A"|"B"}``
  at once, then Age I is dealt.
- ``play``: a turn. Every seat chooses at once; a seat may replace its pending choice until the
  last seat chooses; the last choice resolves the turn (rulebook 002 l.260-276).
- ``prompt``: extra decisions after a resolution, one seat at a time, head of
  ``state["prompts"]`` first: ``seventh_card`` (Babylon B stage 2) then ``build_discarded``
  (Halicarnassus). Others wait.
- ``debt`` (Cities): coin losses at the end of a turn; every seat that owes decides at once how
  much to pay (``cities_rules.py``).
- ``over``: after the military of Age III.
- ``deal``: an age is due but the log has not dealt it yet (only while replaying a log whose deal
  entry comes later, ``state.receive_deal``); nobody acts until the deal entry comes.

Actions (what ``legal_actions`` lists and ``apply`` accepts; the log keeps the canonical form)::

    {"type": "build", "card": id, "pay": {"left": L, "right": R}}           # L/R coins to neighbours
    {"type": "build", "card": id, "pay": {"left": 0, "right": 0}, "free": "chain" | "olympia"}
    {"type": "wonder", "card": id, "stage": k, "pay": {"left": L, "right": R}}   # k = 1-based stage
    {"type": "discard", "card": id}
    {"type": "build_discarded", "card": id}  |  {"type": "pass"}          # Halicarnassus prompt
    {"type": "side", "side": "A" | "B"}                                    # sides == "choose"

A card's own coin cost (paid to the bank) is implied by the card, never part of ``pay``.
``pay`` may be omitted for 0/0; ``stage`` may be omitted; when ``free`` is omitted on a
chain-free card with pay 0/0, the chain is used. Olympia's free build must be asked for.

Resolution of a turn, in this order (all choices were checked against the start-of-turn
state, so nothing earned this turn can pay this turn, 002 l.222):
1. each played card leaves its hand; costs (bank coins + both neighbours) are debited;
2. cards are placed: structures in the city, stage cards under the wonder, discards on the pile;
3. credits arrive: coins paid by neighbours, 3 per discard, coins of what was built this turn
   (Tavern, Vineyard, Bazar, Haven, Lighthouse, Chamber of Commerce, Arena, Ephesus, Rhodes B)
   counted on the cities *after* placement, so a Vineyard counts a neighbour's brown card built
   the same turn (002 l.936);
4. on the sixth turn: seats with Babylon B stage 2 (even built this very turn) keep their last
   card and get a ``seventh_card`` prompt; every other leftover card is discarded, no coins
   (002 l.344-348, l.686-691);
5. a ``build_discarded`` prompt for each stage with Halicarnassus's power built this turn; it
   sees the whole pile including this turn's discards and the age's leftovers (002 l.638);
6. when no prompt is left: pass hands (left in Ages I/III, right in II), or after the sixth turn:
   military, then the next age's deal or the end.

The Babylon seventh card is a separate step after the sixth turn: it is paid with the coins
held after that turn's resolution, and neighbours are paid at once. A Halicarnassus build is
free and its coin effects count at that moment; a pass is legal only if no discarded card can
be built (nothing left, or only names the city already has).
"""

from . import catalogue as _cat
from . import cities_rules as _cities
from . import trading
from .cities_setup import is_cities, turns_per_age
from .city import chain_free, count, profile, trade_context
from ..errors import IllegalAction
from ..seating import direction_of_age, left_of, pass_hands, right_of
from .state import FREE_CITY, SIDES, is_two_players, start_age

CARD_TYPES = ("build", "wonder", "discard")
ZERO_PAY = {"left": 0, "right": 0}
VICTORY = {1: 1, 2: 3, 3: 5}
DEFEAT = -1


# ---------------------------------------------------------------------------------------------
# who acts


def to_act(state):
    """Seats that must decide now (seats that already chose are not listed; they may still
    change their choice with apply until the last seat chooses)."""
    phase = state["phase"]
    if phase == "play" or phase == "sides":
        return [s for s, a in enumerate(state["pending"]) if a is None]
    if phase == "prompt":
        return [state["prompts"][0]["seat"]]
    if phase == "debt":
        return [s for s, a in enumerate(state["pending"]) if a is None and state["owed"][s]]
    return []


def is_over(state):
    return state["phase"] == "over"


def _may_act(state, seat):
    phase = state["phase"]
    n = len(state["players"])
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
        return False
    if phase == "play" or phase == "sides":
        return True
    if phase == "prompt":
        return state["prompts"][0]["seat"] == seat
    if phase == "debt":
        return state["owed"][seat] > 0
    return False


# ---------------------------------------------------------------------------------------------
# legal actions


def legal_actions(state, seat):
    """Every legal action of `seat` now ([] when it has nothing to decide)."""
    if not _may_act(state, seat):
        return []
    phase = state["phase"]
    if phase == "play":
        return card_actions(state, seat, state["players"][seat]["hand"])
    if phase == "sides":
        return [{"type": "side", "side": s} for s in SIDES]
    if phase == "debt":
        return _cities.debt_actions(state, seat)
    prompt = state["prompts"][0]
    if prompt["kind"] == "seventh_card":
        return card_actions(state, seat, state["players"][seat]["hand"])
    cards = buildable_discards(state, seat)
    if not cards:
        return [{"type": "pass"}]
    return [{"type": "build_discarded", "card": c} for c in cards]


def _trade_context(state, seat):
    players = state["players"]
    n = len(players)
    prof = profile(players[seat])
    lprof = profile(players[left_of(seat, n)])
    rprof = profile(players[right_of(seat, n)])
    return prof, trade_context(prof, lprof, rprof)


def _payment_options(state, seat):
    """The non-dominated payments; every payment for the Free City, whose controller names the
    seller whatever the price (2-player variant, 002 l.547)."""
    if seat == FREE_CITY and is_two_players(state):
        return trading.every_option_in
    return trading.options_in


def _olympia_ready(state, seat, prof):
    return prof.free_build and state["players"][seat]["free_used"] != state["age"]


def card_actions(state, seat, hand, cheapest=False):
    """The build, wonder and discard actions of `seat` with the cards of `hand`; with `cheapest`,
    a build or wonder stage only with its cheapest payment (the first of the cheapest, in
    the options' order): the search bot's rollouts, whose policy never pays more than it must."""
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
        if cheapest and wonder_pays:
            wonder_pays = [min(wonder_pays, key=sum)]
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
                    if cheapest and pays:
                        pays = [min(pays, key=sum)]
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


# ---------------------------------------------------------------------------------------------
# apply


def apply(state, seat, action):
    """Return (new state, events). Never mutates `state`."""
    phase = state["phase"]
    if phase == "over":
        raise IllegalAction("game_over")
    if not _may_act(state, seat):
        raise IllegalAction("not_your_turn", seat=seat if isinstance(seat, int) else None,
                            to_act=to_act(state))
    if phase == "play":
        canon = canonical_card_action(state, seat, action, state["players"][seat]["hand"])
        return _choose(state, seat, canon, resolve_turn)
    if phase == "sides":
        if not isinstance(action, dict) or action.get("type") != "side":
            raise IllegalAction("unknown_action",
                                type=action.get("type") if isinstance(action, dict) else None,
                                expected=["side"])
        side = action.get("side")
        if side not in SIDES:
            raise IllegalAction("bad_side", side=side if isinstance(side, str) else None)
        return _choose(state, seat, {"type": "side", "side": side}, _resolve_sides)
    if phase == "debt":
        return _choose(state, seat, _cities.canonical_debt(state, seat, action), _resolve_debts)
    prompt = state["prompts"][0]
    if prompt["kind"] == "seventh_card":
        canon = canonical_card_action(state, seat, action, state["players"][seat]["hand"])
    else:
        canon = _canonical_discard_build(state, seat, action)
    new = dict(state)
    new["log"] = state["log"] + [{"seat": seat, "action": canon}]
    new["prompts"] = state["prompts"][1:]
    events = []
    if prompt["kind"] == "seventh_card":
        _resolve_seventh(new, seat, canon, events)
    else:
        _resolve_discard_build(new, seat, canon, events)
    _continue(new, events)
    return new, events


def _choose(state, seat, canon, resolve):
    new = dict(state)
    pending = list(state["pending"])
    changed = pending[seat] is not None
    pending[seat] = canon
    new["pending"] = pending
    new["log"] = state["log"] + [{"seat": seat, "action": canon}]
    ev = {"type": "chosen", "seat": seat}
    if changed:
        ev["changed"] = True
    events = [ev]
    if state["phase"] == "debt":
        done = all(a is not None or not owed for a, owed in zip(pending, state["owed"]))
    else:
        done = None not in pending
    if done:
        resolve(new, events)
    return new, events


def _canonical_discard_build(state, seat, action):
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


# ---------------------------------------------------------------------------------------------
# resolution (these helpers mutate `new`, a private shallow copy; they copy what they change)


def _coins_gain(fx, seat, players, profiles):
    gain = fx.coins
    for counts, scope, amount in fx.coins_per:
        gain += amount * count(counts, scope, seat, players, profiles)
    return gain


def _resolve_sides(new, events):
    players = []
    for p, a in zip(new["players"], new["pending"]):
        p = dict(p)
        p["side"] = a["side"]
        players.append(p)
    new["players"] = players
    new["pending"] = [None] * len(players)
    events.append({"type": "sides_chosen", "sides": [p["side"] for p in players]})
    start_age(new, 1, events)


def resolve_turn(new, events):
    cards = _cat.get().cards
    old_players = new["players"]
    n = len(old_players)
    age = new["age"]
    turn = new["turn"]
    pending = new["pending"]
    players = [dict(p) for p in old_players]
    discard = list(new["discard"])
    credits = [0] * n
    plays = []
    gained = []
    halicarnassus = []
    for s in range(n):
        a = pending[s]
        p = players[s]
        cid = a["card"]
        hand = list(p["hand"])
        hand.remove(cid)
        p["hand"] = hand
        kind = a["type"]
        if kind == "discard":
            discard.append(cid)
            credits[s] += 3
            plays.append({"seat": s, "action": "discard"})
            continue
        left = a["pay"]["left"]
        right = a["pay"]["right"]
        if kind == "build":
            card = cards[cid]
            free = a.get("free")
            cost = 0 if free else card.coins
            p["built"] = p["built"] + [cid]
            if free == "olympia":
                p["free_used"] = age
            gained.append((s, card.fx))
            play = {"seat": s, "action": "build", "card": cid, "pay": {"left": left, "right": right}}
            if free:
                play["free"] = free
        else:
            stage = profile(old_players[s]).next_stage
            cost = stage.coins
            p["stages"] = p["stages"] + [cid]
            gained.append((s, stage.fx))
            if stage.fx.build_from_discard:
                halicarnassus.append(s)
            play = {"seat": s, "action": "wonder", "stage": len(p["stages"]),
                    "pay": {"left": left, "right": right}}
        plays.append(play)
        p["coins"] -= cost + left + right
        credits[left_of(s, n)] += left
        credits[right_of(s, n)] += right
    profiles = [profile(p) for p in players]
    for s, fx in gained:
        if fx.coins or fx.coins_per:
            credits[s] += _coins_gain(fx, s, players, profiles)
        if fx.cities:
            _cities.gain(new, players, s, fx, credits)
    for s in range(n):
        if credits[s]:
            players[s]["coins"] += credits[s]
    new["players"] = players
    new["pending"] = [None] * n
    events.append({"type": "turn_resolved", "age": age, "turn": turn, "plays": plays,
                   "coins": [p["coins"] for p in players]})
    prompts = []
    if turn == turns_per_age(new["config"]):
        left_over = 0
        for s in range(n):
            p = players[s]
            if not p["hand"]:
                continue
            if profiles[s].seventh and len(p["hand"]) == 1:
                prompts.append({"seat": s, "kind": "seventh_card"})
            else:
                left_over += len(p["hand"])
                discard.extend(p["hand"])
                p["hand"] = []
        events.append({"type": "leftovers_discarded", "count": left_over})
    for s in halicarnassus:
        prompts.append({"seat": s, "kind": "build_discarded"})
    new["discard"] = discard
    new["prompts"] = prompts
    _continue(new, events)


def _resolve_seventh(new, seat, a, events):
    """Babylon B's seventh card: played alone, with the coins held now."""
    cards = _cat.get().cards
    old_players = new["players"]
    n = len(old_players)
    players = list(old_players)
    p = dict(players[seat])
    players[seat] = p
    cid = a["card"]
    hand = list(p["hand"])
    hand.remove(cid)
    p["hand"] = hand
    kind = a["type"]
    play = {"seat": seat, "action": kind}
    fx = None
    if kind == "discard":
        new["discard"] = new["discard"] + [cid]
        p["coins"] += 3
    else:
        left = a["pay"]["left"]
        right = a["pay"]["right"]
        play["pay"] = {"left": left, "right": right}
        if kind == "build":
            card = cards[cid]
            free = a.get("free")
            cost = 0 if free else card.coins
            p["built"] = p["built"] + [cid]
            if free == "olympia":
                p["free_used"] = new["age"]
            fx = card.fx
            play["card"] = cid
            if free:
                play["free"] = free
        else:
            stage = profile(old_players[seat]).next_stage
            cost = stage.coins
            p["stages"] = p["stages"] + [cid]
            fx = stage.fx
            play["stage"] = len(p["stages"])
            if fx.build_from_discard:
                new["prompts"] = new["prompts"] + [{"seat": seat, "kind": "build_discarded"}]
        p["coins"] -= cost + left + right
        for nb, amount in ((left_of(seat, n), left), (right_of(seat, n), right)):
            if amount:
                q = dict(players[nb])
                q["coins"] += amount
                players[nb] = q
    if fx is not None and (fx.coins or fx.coins_per):
        profiles = [profile(q) for q in players]
        p["coins"] += _coins_gain(fx, seat, players, profiles)
    if fx is not None and fx.cities:
        _cities.gain(new, players, seat, fx)
    new["players"] = players
    events.append({"type": "seventh_card", "seat": seat, "play": play,
                   "coins": [q["coins"] for q in players]})


def _resolve_discard_build(new, seat, a, events):
    if a["type"] == "pass":
        events.append({"type": "passed", "seat": seat})
        return
    cid = a["card"]
    discard = list(new["discard"])
    discard.remove(cid)
    new["discard"] = discard
    players = list(new["players"])
    p = dict(players[seat])
    p["built"] = p["built"] + [cid]
    players[seat] = p
    fx = _cat.get().cards[cid].fx
    if fx.coins or fx.coins_per:
        profiles = [profile(q) for q in players]
        p["coins"] += _coins_gain(fx, seat, players, profiles)
    if fx.cities:
        _cities.gain(new, players, seat, fx)
    new["players"] = players
    events.append({"type": "built_from_discard", "seat": seat, "card": cid,
                   "coins": [q["coins"] for q in players]})


def _continue(new, events):
    """After a resolution: open the next prompt, pass hands, or end the age."""
    if new["prompts"]:
        new["phase"] = "prompt"
        head = new["prompts"][0]
        events.append({"type": "prompt", "seat": head["seat"], "kind": head["kind"]})
        return
    if is_cities(new) and _cities.open_debts(new, events):
        return
    new["phase"] = "play"
    turns = turns_per_age(new["config"])
    if new["turn"] < turns and is_two_players(new):
        from . import two_players
        two_players.next_turn(new)
        return
    if new["turn"] < turns:
        hands = pass_hands([p["hand"] for p in new["players"]], direction_of_age(new["age"]))
        players = []
        for p, hand in zip(new["players"], hands):
            passed = p["hand"]
            p = dict(p)
            p["hand"] = hand
            p["passed"] = p.get("passed", []) + [passed]
            players.append(p)
        new["players"] = players
        new["turn"] += 1
        return
    _end_age(new, events)


def _end_age(new, events):
    age = new["age"]
    players = [dict(p) for p in new["players"]]
    n = len(players)
    discard = new["discard"]
    extra = [c for p in players for c in p["hand"]]
    if extra:
        new["discard"] = discard + extra
        for p in players:
            p["hand"] = []
    shields = [profile(p).shields for p in players]
    if is_cities(new):
        results = _cities.military(players, shields, age, new["config"])
    else:
        results = _base_military(players, shields, age)
    new["players"] = players
    events.append({"type": "military", "age": age, "results": results})
    events.append({"type": "age_end", "age": age})
    if age < 3:
        start_age(new, age + 1, events)
    else:
        new["phase"] = "over"
        new["pending"] = [None] * n
        new["prompts"] = []
        events.append({"type": "game_over"})


def _base_military(players, shields, age):
    n = len(players)
    results = []
    for s in range(n):
        got = {"seat": s, "shields": shields[s]}
        tokens = list(players[s]["tokens"])
        for side, nb in (("left", left_of(s, n)), ("right", right_of(s, n))):
            if shields[s] > shields[nb]:
                tokens.append(VICTORY[age])
                got[side] = VICTORY[age]
            elif shields[s] < shields[nb]:
                tokens.append(DEFEAT)
                got[side] = DEFEAT
            else:
                got[side] = 0
        players[s]["tokens"] = tokens
        results.append(got)
    return results


def _resolve_debts(new, events):
    _cities.settle_debts(new, events)
    _continue(new, events)
