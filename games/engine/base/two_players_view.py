"""What a seat (or a spectator) may know in the 2-player variant: hooks of ``view.py``.

The base view over the three cities, to which ``add_to_view`` adds:

- ``players``: the two seats, then the Free City as a public city (``"free_city": true``,
  ``"seat": None``) whose face-down pile shows only as ``pile_size`` (it has no hand); every
  entry says ``free_city``;
- ``free_city``: ``{"city": 2, "controller": seat | None}``, and for the controller while it
  decides for the Free City, ``decision``: ``{"kind": "turn" | "seventh_card" |
  "build_discarded", "cards": [what the Free City may use], "playable": [those it can play],
  "pending": its chosen play | None}`` (``pending`` in a turn only), or with Cities, through a
  debt phase in which the Free City owes, ``{"kind": "debt", "owed", "coins", "pending": its
  chosen payment | None}``; once the game is over,
  ``score``: the Free City's sheet (never ranked);
- ``prompt`` names the seat that decides: a Free City prompt is ``{"seat": controller, "kind",
  "city": "free_city"}``, and the controller's ``my_prompt`` says ``"city": "free_city"`` too;
  the controller sees the pile of discards while it resolves the Free City's Halicarnassus build.

``to_act`` and ``scores`` (the two seats' sheets, ranked between them) are the base view's, which
the rules already give for the two seats. ``add_to_hints`` adds, while the controller decides the
Free City's card, ``free_city_blocked``: why the Free City cannot build each card it may use.
``seen_while_deciding`` is what the controller sees of the Free City's cards (``hidden_ids``
takes it off), ``add_to_reveal`` puts the Free City apart in a replay frame.
"""

import copy

from .actions import blocked_builds, buildable_discards
from .scoring import city_sheets
from .two_players_rules import free_city_cards, free_city_plays, free_city_prompt
from .two_players_setup import FREE_CITY, SEATS, controller


def _decision(state, seat):
    """The Free City's decision `seat` must take now, or None."""
    if seat is None or seat != controller(state):
        return None
    if state["phase"] == "debt":
        owed = state["owed"][FREE_CITY]
        if not owed:
            return None
        return {"kind": "debt", "owed": owed, "coins": state["players"][FREE_CITY]["coins"],
                "pending": copy.deepcopy(state["pending"][FREE_CITY])}
    if state["phase"] == "play" and state["pending"][seat] is not None:
        cards = free_city_cards(state)
        return {"kind": "turn", "cards": cards, "pending": copy.deepcopy(state["pending"][FREE_CITY]),
                "playable": _playable(state, cards)}
    prompt = free_city_prompt(state)
    if prompt is None:
        return None
    if prompt["kind"] == "seventh_card":
        cards = list(state["players"][FREE_CITY]["hand"])
        return {"kind": "seventh_card", "cards": cards, "playable": _playable(state, cards)}
    cards = buildable_discards(state, FREE_CITY)
    return {"kind": "build_discarded", "cards": cards, "playable": cards}


def _playable(state, cards):
    return sorted({a["card"] for a in free_city_plays(state, cards) if a["type"] != "discard"})


def check_seat(seat):
    if seat is not None and (seat not in SEATS or isinstance(seat, bool)):
        raise ValueError("seat out of range: the Free City is no seat")


def free_city_sheet(state):
    """The Free City's sheet: scored like any city, never ranked."""
    sheet = dict(city_sheets(state)[FREE_CITY])
    sheet["seat"] = None
    sheet["free_city"] = True
    return sheet


def add_to_view(state, seat, out):
    """The Free City and its controller's decision, on the base view `out` (mutated)."""
    for city in out["players"]:
        city["free_city"] = False
    free_city = out["players"][FREE_CITY]
    free_city.update(seat=None, free_city=True, pile_size=free_city.pop("hand_size"))
    seat_in_control = controller(state)
    out["free_city"] = {"city": FREE_CITY, "controller": seat_in_control}
    prompt = free_city_prompt(state)
    if prompt is not None:
        out["prompt"] = {"seat": seat_in_control, "kind": prompt["kind"], "city": "free_city"}
    decision = _decision(state, seat)
    if decision is not None:
        out["free_city"]["decision"] = decision
        if decision["kind"] not in ("turn", "debt"):
            out["my_prompt"] = {"kind": decision["kind"], "city": "free_city"}
        if decision["kind"] == "build_discarded":
            out["discard"] = list(state["discard"])
    if state["phase"] == "over":
        out["free_city"]["score"] = free_city_sheet(state)


def add_to_hints(state, seat, out):
    """While `seat` decides the Free City's card: why the Free City cannot build each card it
    may use (``free_city_blocked``)."""
    decision = _decision(state, seat)
    if decision is not None and decision["kind"] in ("turn", "seventh_card"):
        out["free_city_blocked"] = blocked_builds(state, FREE_CITY, decision["cards"])


def seen_while_deciding(state, seat):
    """The cards the controller sees while it decides a Free City prompt: the pile's last card
    (Babylon B), the discards (Halicarnassus)."""
    decision = _decision(state, seat)
    if decision is not None and decision["kind"] == "seventh_card":
        return set(decision["cards"])
    if decision is not None and decision["kind"] == "build_discarded":
        return set(state["discard"])
    return set()


def add_to_reveal(state, frame):
    """The two seats in ``players``, and the Free City apart, with its pile and its controller
    (mutates `frame`, the base frame over the three cities)."""
    free_city = frame["players"].pop(FREE_CITY)
    free_city["seat"] = None
    free_city["pile"] = free_city.pop("hand")
    free_city["controller"] = controller(state)
    frame["free_city"] = free_city
