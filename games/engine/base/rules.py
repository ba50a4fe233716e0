"""Turn structure: who acts, legal actions and apply; the resolution is ``resolution.py``, the
check of a card action ``actions.py``.

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

The 2-player variant is hooks here (``two_players_rules.py``): the controller's seat also acts
for the Free City (its actions carry ``"city": "free_city"``), in a turn after its own card, in
the Free City's prompts and, with Cities, for its debt after its own, and only the two seats act.
"""

from . import cities_rules as _cities
from . import two_players_rules as _two
from .actions import buildable_discards, canonical_card_action, canonical_discard_build, card_actions
from ..errors import IllegalAction
from .resolution import continue_after, resolve_debts, resolve_discard_build, resolve_seventh, resolve_sides, resolve_turn
from .cities_setup import is_cities
from .state import SIDES
from .two_players_setup import decider, is_two_players, seat_count


# ---------------------------------------------------------------------------------------------
# who acts


def to_act(state):
    """Seats that must decide now (seats that already chose are not listed; they may still
    change their choice with apply until the last seat chooses)."""
    phase = state["phase"]
    pending = state["pending"]
    if phase == "sides":
        return [s for s in range(seat_count(state)) if pending[s] is None]
    if phase == "play":
        if is_two_players(state):
            return _two.still_to_choose(state)
        return [s for s, a in enumerate(pending) if a is None]
    if phase == "prompt":
        return [decider(state, state["prompts"][0]["seat"])]
    if phase == "debt":
        if is_two_players(state):
            return _two.debt_to_act(state)
        return [s for s, a in enumerate(pending) if a is None and state["owed"][s]]
    return []


def is_over(state):
    return state["phase"] == "over"


def _may_act(state, seat):
    phase = state["phase"]
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seat_count(state):
        return False
    if phase == "play" or phase == "sides":
        return True
    if phase == "prompt":
        return decider(state, state["prompts"][0]["seat"]) == seat
    if phase == "debt":
        if is_two_players(state):
            return _two.may_pay_debt(state, seat)
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
        if is_two_players(state) and _two.deciding_for_free_city(state, seat):
            return _two.free_city_turn_actions(state)
        return card_actions(state, seat, state["players"][seat]["hand"])
    if phase == "sides":
        return [{"type": "side", "side": s} for s in SIDES]
    if phase == "debt":
        if is_two_players(state) and _two.paying_for_free_city(state, seat):
            return _two.free_city_debt_actions(state)
        return _cities.debt_actions(state, seat)
    prompt = state["prompts"][0]
    city = prompt["seat"]  # the Free City's prompt is decided by its controller
    if prompt["kind"] == "seventh_card":
        hand = state["players"][city]["hand"]
        actions = card_actions(state, city, hand) if city == seat else _two.free_city_plays(state, hand)
    else:
        cards = buildable_discards(state, city)
        actions = [{"type": "build_discarded", "card": c} for c in cards] if cards else [{"type": "pass"}]
    return actions if city == seat else _two.marked(actions)


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
    if phase != "debt" and isinstance(action, dict) and action.get("type") == "pay_debt" and is_cities(state):
        raise IllegalAction("no_debt_due", phase=phase)  # a Cities move, but nobody owes now
    city = seat  # the city the action is for: the seat's own, or the Free City
    if is_two_players(state):
        city, action = _two.city_of(state, seat, action)
    if phase == "play":
        if city != seat:
            return _choose(state, seat, _two.free_city_choice(state, seat, action), resolve_turn, city)
        canon = canonical_card_action(state, seat, action, state["players"][seat]["hand"])
        return _choose(state, seat, canon, resolve_turn)
    if phase == "sides":
        if city != seat:
            raise IllegalAction("bad_action", field="city")
        if not isinstance(action, dict) or action.get("type") != "side":
            raise IllegalAction("unknown_action",
                                type=action.get("type") if isinstance(action, dict) else None,
                                expected=["side"])
        side = action.get("side")
        if side not in SIDES:
            raise IllegalAction("bad_side", side=side if isinstance(side, str) else None)
        return _choose(state, seat, {"type": "side", "side": side}, resolve_sides)
    if phase == "debt":
        if not state["owed"][city] and isinstance(action, dict) and action.get("type") == "pay_debt":
            raise IllegalAction("no_debt_due", phase=phase)  # 2 players: the controller's or the Free City's
        if city != seat and state["owed"][seat] and state["pending"][seat] is None:
            raise IllegalAction("own_debt_first", seat=seat)  # as its own card before the Free City's
        return _choose(state, seat, _cities.canonical_debt(state, city, action), resolve_debts, city)
    prompt = state["prompts"][0]
    if city != prompt["seat"]:  # a marker on a seat's own prompt, or none on the Free City's
        raise IllegalAction("bad_action", field="city")
    if prompt["kind"] == "seventh_card":
        hand = state["players"][city]["hand"]
        if city == seat:
            canon = canonical_card_action(state, city, action, hand)
        else:
            canon = _two.free_city_card(state, action, hand)
    else:
        canon = canonical_discard_build(state, city, action)
    new = dict(state)
    new["log"] = state["log"] + [{"seat": seat, "action": canon if city == seat else _two.marked_action(canon)}]
    new["prompts"] = state["prompts"][1:]
    events = []
    if prompt["kind"] == "seventh_card":
        resolve_seventh(new, city, canon, events)
    else:
        resolve_discard_build(new, city, canon, events)
    continue_after(new, events)
    return new, events


def _choose(state, seat, canon, resolve, city=None):
    """Record `canon` as the pending choice of `city` (the seat's own unless told), made by
    `seat`; the last choice the step waits for resolves it."""
    city = seat if city is None else city
    new = dict(state)
    pending = list(state["pending"])
    changed = pending[city] is not None
    pending[city] = canon
    if city == seat and is_two_players(state):
        _two.clear_free_city_choice(state, seat, pending)
    new["pending"] = pending
    new["log"] = state["log"] + [{"seat": seat, "action": canon if city == seat else _two.marked_action(canon)}]
    ev = {"type": "chosen", "seat": seat}
    if city != seat:
        ev["city"] = _two.FOR_FREE_CITY
    if changed:
        ev["changed"] = True
    events = [ev]
    if state["phase"] == "debt":
        done = all(a is not None or not owed for a, owed in zip(pending, state["owed"]))
    elif state["phase"] == "sides":
        done = all(pending[s] is not None for s in range(seat_count(state)))
    else:
        done = None not in pending
    if done:
        resolve(new, events)
    return new, events
