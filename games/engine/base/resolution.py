"""The resolution of a step, once every choice it waits for is made (``rules.py`` calls it).

These functions mutate `new`, a private shallow copy of the state, and copy what they change:
``resolve_sides`` (the sides chosen, then Age I), ``resolve_turn`` (a turn's plays, in the order
of ``rules.py``'s docstring), ``resolve_seventh`` (Babylon B's seventh card),
``resolve_discard_build`` (Halicarnassus), ``resolve_debts`` (Cities), then ``continue_after``:
the next prompt, the hands passed (the 2-player variant's own passing: ``two_players_setup``),
or the end of the age with its conflicts.
"""

from . import catalogue as _cat
from . import cities_rules as _cities
from . import two_players_rules as _two_rules
from . import two_players_setup as _two
from .cities_setup import is_cities, turns_per_age
from .city import count, profile
from ..seating import direction_of_age, left_of, pass_hands, right_of
from .state import start_age
from .two_players_setup import is_two_players

VICTORY = {1: 1, 2: 3, 3: 5}
DEFEAT = -1



def _coins_gain(fx, seat, players, profiles):
    gain = fx.coins
    for counts, scope, amount in fx.coins_per:
        gain += amount * count(counts, scope, seat, players, profiles)
    return gain


def resolve_sides(new, events):
    players = []
    for p, a in zip(new["players"], new["pending"]):
        p = dict(p)
        if a is not None:  # the Free City's side was drawn at setup
            p["side"] = a["side"]
        players.append(p)
    new["players"] = players
    new["pending"] = [None] * len(players)
    events.append({"type": "sides_chosen", "sides": [p["side"] for p in players]})
    start_age(new, 1, events)


def _place_card(p, old_player, a, age, cards):
    """The card of build or wonder action `a` placed in seat `p` (a copy being changed; `old_player`
    as the turn began): built, or tucked under the wonder's next stage. Returns the coins it costs
    the bank and the effects it brings."""
    cid = a["card"]
    if a["type"] == "build":
        card = cards[cid]
        p["built"] = p["built"] + [cid]
        if a.get("free") == "olympia":
            p["free_used"] = age
        return (0 if a.get("free") else card.coins), card.fx
    stage = profile(old_player).next_stage
    p["stages"] = p["stages"] + [cid]
    return stage.coins, stage.fx


def resolve_turn(new, events):
    if is_two_players(new):
        _two_rules.hand_over_free_city_card(new)
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
        cost, fx = _place_card(p, old_players[s], a, age, cards)
        gained.append((s, fx))
        if kind == "build":
            play = {"seat": s, "action": "build", "card": cid, "pay": {"left": left, "right": right}}
            if a.get("free"):
                play["free"] = a["free"]
        else:
            if fx.build_from_discard:
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
    continue_after(new, events)


def resolve_seventh(new, seat, a, events):
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
        cost, fx = _place_card(p, old_players[seat], a, new["age"], cards)
        if kind == "build":
            play["card"] = cid
            if a.get("free"):
                play["free"] = a["free"]
        else:
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


def resolve_discard_build(new, seat, a, events):
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


def continue_after(new, events):
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
        _two.next_turn(new)
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


def resolve_debts(new, events):
    _cities.settle_debts(new, events)
    continue_after(new, events)
