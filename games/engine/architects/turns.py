"""Turns: who acts, the legal actions, apply.

One player acts at a time: ``state["active"]``, seat 0 first, then clockwise (``left_of``). A turn:

1. step ``take``: the cat holder may first ``{"type": "peek"}`` at the central top (its view shows
   it until the card is taken); then ``{"type": "take", "deck": d}`` with ``d`` the seat's own
   deck (its left), the right neighbour's deck (``right_of``) or ``"central"``; an empty deck is
   not offered. The card's effects follow at once: a blue card with a cat takes the cat, horns
   turn Conflict tokens (``battles.flip``), extra-card tokens are offered.
2. step ``act``: first the open prompts, head first (``state["prompts"]``):
   ``extra_card`` (``take`` from the three usual sources, or ``{"type": "decline"}``),
   ``alexandria`` (``take`` from any deck on the table), ``babylon``
   (``{"type": "progress", "token": id | "pile"}``), ``halicarnassus``
   (``{"type": "look", "deck": left or right}``), ``keep`` (``{"type": "keep", "card": id}``);
   a prompt with nothing left to choose is dropped. Then, while any is possible, the compulsory
   actions in the order the player likes: ``{"type": "build", "stage": k, "pay": {kind: cards}}``
   (``"engineering": true`` when it needs that token) and
   ``{"type": "progress", "set": [symbols], "token": id | "pile"}``.
3. when nothing is left: the battle if one is due, then the end if the player's wonder is complete
   ([REC] C.10.7), else the next seat's turn; a seat with no card to take ends the game
   ([REC] C.10.8).

Ephesos' and Olympia's powers take their cards at once (Olympia: left, then right; an empty deck
gives nothing, [REC] C.10.5). Halicarnassus looks at up to 5 cards ([REC] C.10.4), keeps one and the
rest are shuffled back into that whole deck with the next chance order (``state.py``).
"""
from . import battles, progress, stages
from . import catalogue as _cat
from ..errors import IllegalAction
from ..seating import left_of, right_of
from .state import copy, copy_state

CENTRAL = _cat.CENTRAL


def to_act(state):
    return [] if state["phase"] == "over" else [state["active"]]


def is_over(state):
    return state["phase"] == "over"


def own_sources(state, seat):
    """The decks `seat` takes from, left (its own), right, central."""
    return [seat, right_of(seat, len(state["players"])), CENTRAL]


def _cards_of(state, deck):
    return state["central"] if deck == CENTRAL else state["decks"][deck]


def _takes(state, decks):
    return [{"type": "take", "deck": d} for d in decks if _cards_of(state, d)]


def prompt_actions(state, prompt):
    kind = prompt["kind"]
    seat = state["active"]
    if kind == "extra_card":
        takes = _takes(state, own_sources(state, seat))
        return takes + [{"type": "decline"}] if takes else []
    if kind == "alexandria":
        return _takes(state, list(range(len(state["players"]))) + [CENTRAL])
    if kind == "babylon":
        return progress.babylon_actions(state)
    if kind == "halicarnassus":
        return [{"type": "look", "deck": d} for d in own_sources(state, seat)[:2] if state["decks"][d]]
    return [{"type": "keep", "card": card} for card in state["looking"]["cards"]]


def free_actions(state, seat):
    player = state["players"][seat]
    return stages.build_actions(player, state["used"]) + progress.progress_actions(state, seat)


def has_free_action(state, seat):
    """Whether ``free_actions(state, seat)`` is not empty, without listing them."""
    player = state["players"][seat]
    return stages.can_build(player, state["used"]) or progress.can_take_token(state, seat)


def legal_actions(state, seat):
    if state["phase"] == "over" or seat != state["active"]:
        return []
    if state["prompts"]:
        return prompt_actions(state, state["prompts"][0])
    if state["step"] == "take":
        actions = _takes(state, own_sources(state, seat))
        if state["cat"] == seat and not state["peeked"] and state["central"]:
            actions.append({"type": "peek"})
        return actions
    return free_actions(state, seat)


def apply(state, seat, action):
    if state["phase"] == "over":
        raise IllegalAction("game_over")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat != state["active"]:
        raise IllegalAction("not_your_turn", seat=seat if isinstance(seat, int) else None, to_act=to_act(state))
    legal = legal_actions(state, seat)
    if action not in legal:
        raise _refusal(action, legal)
    return apply_legal(state, seat, action)


def apply_legal(state, seat, action):
    """``apply`` of an action known to be one of the seat's legal ones (taken from their list):
    the checks left out (rollout.py)."""
    new = copy_state(state)
    new["log"] = state["log"] + [{"seat": seat, "action": copy(action)}]
    events = []
    _play(new, seat, action, events)
    _settle(new, events)
    return new, events


def _refusal(action, legal):
    expected = sorted({a["type"] for a in legal})
    if not isinstance(action, dict) or action.get("type") not in expected:
        kind = action.get("type") if isinstance(action, dict) else None
        return IllegalAction("unknown_action", type=kind if isinstance(kind, str) else None, expected=expected)
    code = {"take": "deck_unavailable", "build": "cannot_build", "progress": "token_unavailable",
            "look": "deck_unavailable", "keep": "card_not_looked_at"}.get(action["type"], "bad_action")
    return IllegalAction(code, options=[a for a in legal if a["type"] == action["type"]])


def _play(state, seat, action, events):
    kind = action["type"]
    prompt = state["prompts"].pop(0) if state["prompts"] else None
    if kind == "peek":
        state["peeked"] = True
        events.append({"type": "peeked", "seat": seat})
    elif kind == "take":
        why = prompt["kind"] if prompt else "turn"
        if prompt and prompt["kind"] == "extra_card":
            state["used"].append(prompt["token"])
            why = prompt["token"]
        state["step"] = "act"
        take_top(state, seat, action["deck"], why, events)
    elif kind == "decline":
        events.append({"type": "declined", "seat": seat, "token": prompt["token"]})
    elif kind == "build":
        _build(state, seat, action, events)
    elif kind == "progress":
        progress.take_token(state, seat, action["token"], events, action.get("set"))
    elif kind == "look":
        _look(state, seat, action["deck"], events)
    elif kind == "keep":
        _keep(state, seat, action["card"], events)


def take_top(state, seat, deck, why, events):
    cards = _cards_of(state, deck)
    if cards:
        receive(state, seat, cards.pop(0), deck, why, events)


def receive(state, seat, card, deck, why, events):
    """A card arrives in front of `seat`, with its immediate effects (mutates `state`)."""
    player = state["players"][seat]
    player["cards"].append(card)
    events.append({"type": "card_taken", "seat": seat, "deck": deck, "card": card, "by": why})
    kind = _cat.get().kind(card)
    if kind.cat and state["cat"] != seat:
        state["cat"] = seat
        events.append({"type": "cat_moved", "seat": seat})
    if kind.horns:
        battles.flip(state, kind.horns, events, seat)
    _offer(state, progress.extra_card_tokens(player, state["used"], kind=kind.id))


def _offer(state, tokens):
    offered = {p.get("token") for p in state["prompts"]}
    state["prompts"].extend({"kind": "extra_card", "token": t} for t in tokens if t not in offered)


def _build(state, seat, action, events):
    player = state["players"][seat]
    wonder = _cat.get().wonders[player["wonder"]]
    stage = wonder.stage(action["stage"])
    if stages.economy_used(player, action["pay"], stage, state["used"]):
        state["used"].append(stages.owned_effect(player, "coin_worth_two", state["used"]))
    if action.get("engineering"):
        state["used"].append(stages.owned_effect(player, "any_resources", state["used"]))
    player["cards"], spent = stages.spend(player, action["pay"])
    state["discard"].extend(spent)
    player["built"].append(stage.number)
    events.append({"type": "stage_built", "seat": seat, "stage": stage.number, "spent": spent})
    if stage.power:
        _power(state, seat, wonder.power, events)
    _offer(state, progress.extra_card_tokens(player, state["used"], stage_built=True))


def _power(state, seat, power, events):
    left, right, _central = own_sources(state, seat)
    if power == "take_central":
        take_top(state, seat, CENTRAL, "ephesus", events)
    elif power == "take_both_neighbours":
        take_top(state, seat, left, "olympia", events)
        take_top(state, seat, right, "olympia", events)
    elif power == "take_any_deck":
        state["prompts"].insert(0, {"kind": "alexandria"})
    elif power == "progress_token":
        state["prompts"].insert(0, {"kind": "babylon"})
    elif power == "look_five":
        state["prompts"].insert(0, {"kind": "halicarnassus"})


LOOK = 5


def _look(state, seat, deck, events):
    cards = state["decks"][deck]
    state["looking"] = {"deck": deck, "cards": cards[:LOOK]}
    state["decks"][deck] = cards[LOOK:]
    state["prompts"].insert(0, {"kind": "keep", "deck": deck})
    events.append({"type": "looked", "seat": seat, "deck": deck, "count": len(state["looking"]["cards"])})


def _keep(state, seat, card, events):
    deck = state["looking"]["deck"]
    rest = [c for c in state["looking"]["cards"] if c != card]
    state["looking"] = None
    if rest:
        merged = rest + state["decks"][deck]
        if state["reshuffles"]:
            order = state["reshuffles"].pop(0)
            merged = [merged[i] for i in order if i < len(merged)]
        state["decks"][deck] = merged
        events.append({"type": "deck_reshuffled", "deck": deck})
    receive(state, seat, card, deck, "halicarnassus", events)


def _settle(state, events):
    """Drop prompts with nothing to choose; end the turn when nothing is left to do."""
    while state["prompts"] and not prompt_actions(state, state["prompts"][0]):
        state["prompts"].pop(0)
    if state["prompts"] or state["step"] == "take" or has_free_action(state, state["active"]):
        return
    seat = state["active"]
    if state["battle_due"]:
        battles.resolve(state, events)
    if stages.is_complete(state["players"][seat]):
        _finish(state, "wonder_complete", events)
        return
    following = left_of(seat, len(state["players"]))
    state.update(active=following, step="take", peeked=False, used=[], turn=state["turn"] + 1)
    events.append({"type": "turn_start", "seat": following, "turn": state["turn"]})
    if not _takes(state, own_sources(state, following)):
        _finish(state, "no_card", events)


def _finish(state, why, events):
    state["phase"] = "over"
    state["end"] = why
    events.append({"type": "game_over", "why": why})
