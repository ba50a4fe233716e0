"""What a seat (or a spectator) may know in the 2-player variant (``two_players.py``).

The base view over the three cities, with:

- ``players``: the two seats, then the Free City as a public city (``"free_city": true``,
  ``"seat": None``) whose face-down pile shows only as ``pile_size`` (it has no hand); every
  entry says ``free_city``;
- ``free_city``: ``{"city": 2, "controller": seat | None}``, and for the controller while it
  decides for the Free City, ``decision``: ``{"kind": "turn" | "seventh_card" |
  "build_discarded", "cards": [what the Free City may use], "playable": [those it can play],
  "pending": its chosen play | None}`` (``pending`` in a turn only); once the game is over,
  ``score``: the Free City's sheet (never ranked);
- ``to_act`` and ``prompt`` name the seat that decides: a Free City prompt is
  ``{"seat": controller, "kind", "city": "free_city"}``, and the controller's ``my_prompt`` says
  ``"city": "free_city"`` too; the controller sees the pile of discards while it resolves the
  Free City's Halicarnassus build;
- ``scores``: the two seats' sheets, ranked between them.

``hints`` adds, while the controller decides the Free City's card, ``free_city_blocked``: why the
Free City cannot build each card it may use (as ``blocked`` for the seat's own hand).
"""

from . import two_players as _two
from .rules import blocked_builds, buildable_discards
from .state import FREE_CITY
from .view import hidden_ids as _base_hidden_ids, revealed_city, view as _base_view


def _decision(state, seat):
    """The Free City's decision `seat` must take now, or None."""
    if seat is None or seat != _two.controller(state):
        return None
    if state["phase"] == "play" and state["pending"][seat] is not None:
        cards = _two.free_city_cards(state)
        return {"kind": "turn", "cards": cards, "pending": _copy(state["pending"][FREE_CITY]),
                "playable": _playable(state, cards)}
    prompt = _two.free_city_prompt(state)
    if prompt is None:
        return None
    if prompt["kind"] == "seventh_card":
        cards = list(state["players"][FREE_CITY]["hand"])
        return {"kind": "seventh_card", "cards": cards, "playable": _playable(state, cards)}
    cards = buildable_discards(state, FREE_CITY)
    return {"kind": "build_discarded", "cards": cards, "playable": cards}


def _playable(state, cards):
    return sorted({a["card"] for a in _two.free_city_plays(state, cards) if a["type"] != "discard"})


def _check_seat(seat):
    if seat is not None and (seat not in _two.SEATS or isinstance(seat, bool)):
        raise ValueError("seat out of range: the Free City is no seat")


def view(state, seat=None):
    _check_seat(seat)
    out = _base_view(state, seat)
    for city in out["players"]:
        city["free_city"] = False
    free_city = out["players"][FREE_CITY]
    free_city.update(seat=None, free_city=True, pile_size=free_city.pop("hand_size"))
    controller = _two.controller(state)
    out["to_act"] = _two.to_act(state)
    out["free_city"] = {"city": FREE_CITY, "controller": controller}
    prompt = _two.free_city_prompt(state)
    if prompt is not None:
        out["prompt"] = {"seat": controller, "kind": prompt["kind"], "city": "free_city"}
    decision = _decision(state, seat)
    if decision is not None:
        out["free_city"]["decision"] = decision
        if decision["kind"] != "turn":
            out["my_prompt"] = {"kind": decision["kind"], "city": "free_city"}
        if decision["kind"] == "build_discarded":
            out["discard"] = list(state["discard"])
    if state["phase"] == "over":
        out["scores"] = _two.scores(state)
        out["free_city"]["score"] = _two.free_city_sheet(state)
    return out


def hints(state, seat):
    """The base game's hints for the seat's hand; while it decides the Free City's card, also
    why the Free City cannot build each of the cards it may use (``free_city_blocked``)."""
    _check_seat(seat)
    out = {"blocked": blocked_builds(state, seat)}
    decision = _decision(state, seat)
    if decision is not None and decision["kind"] != "build_discarded":
        out["free_city_blocked"] = blocked_builds(state, FREE_CITY, decision["cards"])
    return out


def hidden_ids(state, seat):
    """The base game's hidden ids over the three cities (the Free City's pile and the cards
    under its wonder are another city's hand and face-down cards), minus what the controller
    sees while it decides a Free City prompt."""
    hidden = _base_hidden_ids(state, seat)
    decision = _decision(state, seat)
    if decision is not None and decision["kind"] == "seventh_card":
        hidden -= set(decision["cards"])
    if decision is not None and decision["kind"] == "build_discarded":
        hidden -= set(state["discard"])
    return hidden


def reveal(state):
    """Everything, as the base game's frame for the two seats, and the Free City apart."""
    players = state["players"]
    ready = state["phase"] != "sides"
    sheets = _two.scores(state) if ready else []
    free_city = revealed_city(None, players[FREE_CITY], 0)
    free_city["pile"] = free_city.pop("hand")
    free_city["total"] = _two.free_city_sheet(state)["total"] if ready else 0
    free_city["controller"] = _two.controller(state)
    return {
        "age": state["age"],
        "turn": state["turn"],
        "phase": state["phase"],
        "discard": list(state["discard"]),
        "players": [revealed_city(s, players[s], sheets[s]["total"] if sheets else 0)
                    for s in _two.SEATS],
        "free_city": free_city,
    }


def seat_labels(state):
    return [{"wonder": p["wonder"], "side": p["side"]} for p in state["players"][:FREE_CITY]]


def _copy(obj):
    if isinstance(obj, dict):
        return {k: _copy(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_copy(v) for v in obj]
    return obj
