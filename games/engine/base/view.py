"""What one seat (or a spectator) may know.

``view(state, seat)`` for a seat, ``view(state, None)`` for a spectator::

    {"seat": s | None, "phase", "age", "turn", "direction": "left"|"right"|None, "over": bool,
     "to_act": [seats], "prompt": {"seat", "kind"} | None,   # whose extra decision is open
     "discard_size": int,
     "players": [{"seat", "wonder", "side", "coins", "built": [ids], "stages_built": int,
                  "stage_count": int, "tokens": [..], "shields": int, "hand_size": int,
                  "chosen": bool, "free_build_ready": bool, "left": seat, "right": seat,
                  "economy": {"produces", "sells": {"fixed": {resource: units}, "choices":
                              [[resources]]}, "science": {"compass", "gear", "tablet", "wild"}}}],
     # only for a seat:
     "prices": {"left": {resource: coins}, "right": {...}},   # what a unit costs it from each side
     "hand": [ids], "pending": own pending action | None, "stage_cards": own face-down ids,
     "passed": [[ids]],    # the hands it passed on this age, one list per pass, oldest first
     "my_prompt": {"kind": ...} | None,
     "discard": [ids]      # only while this seat resolves Halicarnassus's prompt
     "scores": [...]       # once the game is over
    }

``passed`` is what the seat saw in its own hand and handed on: a player with a good memory knows
it at the table, so the view gives it to every seat (and the search bot's sampler uses it). It is
no leak: every card of it was in a view this seat was sent before.

Never in a view: another seat's hand or pending choice, which cards lie under another wonder,
the discard pile's contents (except to Halicarnassus's prompt), the decks of later ages, the
unused guilds, the seed or the log.

``economy`` is what a trader reads off a city at a glance, derived from its public part only:
what it produces for itself (``produces``: the starting resource, brown and grey cards, the
Forum, the Caravansery and wonder stages), what its neighbours may buy from it (``sells``: the
starting resource, brown and grey cards) and its science symbols (``wild``: Babylon's, the
Scientists Guild's).

Legal actions are not in the view: a UI (and a bot) calls ``legal_actions(state, seat)``
server-side, which lists every card with every payment option; the view gives everything else.

Also here: ``reveal`` (a frame with everything), ``hidden_ids`` (what a seat must never be
sent), the leak checks' oracle, ``hints`` and ``seat_labels``. Cities (``cities_view.py``) and
the 2-player variant (``two_players_view.py``: the Free City, its controller's decisions) add
to them through hooks.
"""

from . import catalogue, cities_view
from . import two_players_view as _two
from .actions import blocked_builds
from .catalogue import RESOURCES
from .city import profile
from .rules import to_act
from .scoring import city_sheets, scores
from ..seating import direction_of_age, left_of, right_of
from .two_players_setup import is_two_players, seat_count


def view(state, seat=None):
    two_players = is_two_players(state)
    if two_players:
        _two.check_seat(seat)
    players = state["players"]
    n = len(players)
    phase = state["phase"]
    prompt = state["prompts"][0] if phase == "prompt" and state["prompts"] else None
    public = []
    for s, p in enumerate(players):
        if p["side"] is not None:
            prof = profile(p)
            shields, stage_count = prof.shields, prof.stage_count
            ready = prof.free_build and p["free_used"] != state["age"]
            economy = _economy(prof)
        else:
            shields, stage_count, ready, economy = 0, 0, False, None
        public.append({
            "seat": s,
            "wonder": p["wonder"],
            "side": p["side"],
            "coins": p["coins"],
            "built": list(p["built"]),
            "stages_built": len(p["stages"]),
            "stage_count": stage_count,
            "tokens": list(p["tokens"]),
            "shields": shields,
            "hand_size": len(p["hand"]),
            "chosen": state["pending"][s] is not None,
            "free_build_ready": ready,
            "left": left_of(s, n),
            "right": right_of(s, n),
            "economy": economy,
        })
    out = {
        "seat": seat,
        "phase": phase,
        "age": state["age"],
        "turn": state["turn"],
        "direction": direction_of_age(state["age"]) if state["age"] else None,
        "over": phase == "over",
        "to_act": to_act(state),
        "prompt": {"seat": prompt["seat"], "kind": prompt["kind"]} if prompt else None,
        "discard_size": len(state["discard"]),
        "players": public,
    }
    if seat is not None:
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError("seat out of range")
        me = players[seat]
        if me["side"] is not None:
            prof = profile(me)
            out["prices"] = {"left": dict(zip(RESOURCES, prof.price_left)),
                             "right": dict(zip(RESOURCES, prof.price_right))}
        out["hand"] = list(me["hand"])
        pend = state["pending"][seat]
        out["pending"] = _copy(pend) if pend is not None else None
        out["stage_cards"] = list(me["stages"])
        out["passed"] = [list(hand) for hand in me.get("passed", ())]
        mine = prompt if prompt and prompt["seat"] == seat else None
        out["my_prompt"] = {"kind": mine["kind"]} if mine else None
        if mine and mine["kind"] == "build_discarded":
            out["discard"] = list(state["discard"])
    if "losses" in state:  # Cities
        cities_view.add_to_view(state, seat, out)
    if phase == "over":
        out["scores"] = scores(state)
    if two_players:
        _two.add_to_view(state, seat, out)
    return out


def hints(state, seat):
    """UI help for `seat`: why the cards of its hand cannot be built (``blocked``); the 2-player
    variant adds the Free City's while its controller decides for it."""
    if is_two_players(state):
        _two.check_seat(seat)
    out = {"blocked": blocked_builds(state, seat)}
    if is_two_players(state):
        _two.add_to_hints(state, seat, out)
    return out


def seat_labels(state):
    """Public labels per seat (the Free City is no seat)."""
    return [{"wonder": p["wonder"], "side": p["side"]} for p in state["players"][:seat_count(state)]]


def _production(fixed, choices):
    return {"fixed": {RESOURCES[r]: units for r, units in enumerate(fixed) if units},
            "choices": [[RESOURCES[r] for r in choice] for choice in choices]}


_ECONOMIES = {}  # id(profile) -> (profile, economy): profiles are shared and never change
_MAX_ECONOMIES = 4_096  # small: see city.py, the caps


def cache_sizes():
    return {"economies": (len(_ECONOMIES), _MAX_ECONOMIES)}


def clear_caches():
    _ECONOMIES.clear()


catalogue.when_replaced(clear_caches)


def _economy(prof):
    """A profile's economy, built once per profile (the bots' rollouts ask for a view at every
    decision). Shared between views: never change it."""
    hit = _ECONOMIES.get(id(prof))
    if hit is not None and hit[0] is prof:
        return hit[1]
    compass, gear, tablet = prof.science
    economy = {"produces": _production(prof.own_fixed, prof.own_choices),
               "sells": _production(prof.trade_fixed, prof.trade_choices),
               "science": {"compass": compass, "gear": gear, "tablet": tablet, "wild": prof.science_wild}}
    if len(_ECONOMIES) >= _MAX_ECONOMIES:
        _ECONOMIES.clear()
    _ECONOMIES[id(prof)] = (prof, economy)
    return economy


def _copy(obj):
    if isinstance(obj, dict):
        return {k: _copy(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_copy(v) for v in obj]
    return obj


def reveal(state):
    """Everything at this state, every hand included: a replay frame (show it only once the game
    is over, or to nobody)."""
    sheets = city_sheets(state) if state["phase"] != "sides" else []
    frame = {
        "age": state["age"],
        "turn": state["turn"],
        "phase": state["phase"],
        "discard": list(state["discard"]),
        "players": [revealed_city(s, p, sheets[s]["total"] if sheets else 0)
                    for s, p in enumerate(state["players"])],
    }
    if is_two_players(state):
        _two.add_to_reveal(state, frame)
    return frame


def revealed_city(seat, player, total):
    return {
        "seat": seat,
        "wonder": player["wonder"],
        "side": player["side"],
        "coins": player["coins"],
        "hand": list(player["hand"]),
        "built": list(player["built"]),
        "stages": list(player["stages"]),
        "tokens": list(player["tokens"]),
        "total": total,
        **({"diplomacy": player["diplomacy"], "debt": player["debt"]} if "debt" in player else {}),
    }


def hidden_ids(state, seat):
    """Card ids `seat` (None: a spectator) must not see at this state: the other hands, the cards
    under the other wonders, the discard pile (except during its own Halicarnassus prompt) and
    every card of the decks not dealt yet, minus what it sees anyway (built cards, its own hand:
    card ids repeat across copies)."""
    hidden = set(state["discard"])
    for hands in state["decks"].values():
        for hand in hands:
            hidden.update(hand)
    visible = set()
    for n, player in enumerate(state["players"]):
        visible.update(player["built"])
        if n == seat:
            visible.update(player["hand"])
            visible.update(player["stages"])
            for hand in player.get("passed", ()):
                visible.update(hand)
        else:
            hidden.update(player["hand"])
            hidden.update(player["stages"])
    visible.update(cities_view.visible_partner_hand(state, seat))  # Cities teams
    prompts = state["prompts"]
    if seat is not None and state["phase"] == "prompt" and prompts and prompts[0] == {
        "seat": seat, "kind": "build_discarded"
    }:
        visible.update(state["discard"])
    if is_two_players(state):
        visible.update(_two.seen_while_deciding(state, seat))
    return hidden - visible
