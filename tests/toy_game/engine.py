"""High card, the rules: 2-4 seats, perfect information, simultaneous choices.

Each seat is dealt one face-up card (1-9, chance, logged). For ``rounds`` rounds every seat
chooses at the same time to keep its card or to flip it (a flipped card shows 10 minus its
value). At the end a seat scores its card's value, plus 3 if no other seat shows the same value.
More points win; equal points, the higher card; then the rank is shared.

The choices of a round are secret until the last seat has chosen (a seat may change its mind
until then), so a view shows who has chosen, never what. Nothing else is hidden.
"""
import random

from games.engine.contract import game_from_module
from games.engine.errors import ConfigError, IllegalAction

CATEGORIES = ("card", "unique")
TIEBREAK = "value"
ACTIONS = ({"type": "keep"}, {"type": "flip"})
INFO = {
    "id": "highcard",
    "min_players": 2,
    "max_players": 4,
    "options": [{"name": "rounds", "kind": "choice", "choices": [1, 2, 3], "default": 2}],
    "score_categories": list(CATEGORIES),
    "tiebreak": TIEBREAK,
    "public_events": ["chosen", "round_resolved", "game_over"],
    "bot_levels": ["easy", "medium", "hard"],
    "timeout_bot": "medium",
    "seat_label_keys": ["first_card"],
    "rating_modes": ["highcard"],
    "type": {"hidden_information": False, "simultaneous": True, "teams": False, "chance": True},
}


def normalize_config(config):
    if not isinstance(config, dict):
        raise ConfigError("bad_config", field="config")
    players = config.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise ConfigError("bad_player_count", players=players, allowed=[2, 4])
    rounds = config.get("rounds", 2)
    if rounds not in (1, 2, 3) or isinstance(rounds, bool):
        raise ConfigError("bad_option", option="rounds", value=rounds, allowed=[1, 2, 3])
    unknown = sorted(set(config) - {"game", "players", "rounds"})
    if unknown:
        raise ConfigError("unknown_option", option=unknown[0], allowed=["players", "rounds"])
    return {"game": "highcard", "players": players, "rounds": rounds}


def rating_mode(cfg):
    return "highcard"


def _initial(cfg):
    return {"config": cfg, "round": 1, "over": False, "cards": [], "first": [], "pending": {}, "log": []}


def _take_chance(state, entry):
    cards = entry.get("chance", {}).get("cards") if isinstance(entry, dict) else None
    n = state["config"]["players"]
    if not isinstance(cards, list) or len(cards) != n or not all(isinstance(c, int) and 1 <= c <= 9 for c in cards):
        raise ConfigError("bad_log")
    return {**state, "cards": list(cards), "first": list(cards), "log": [*state["log"], entry]}


def new_game(cfg, seed):
    rng = random.Random(seed)
    return _take_chance(_initial(cfg), {"chance": {"cards": [rng.randint(1, 9) for _ in range(cfg["players"])]}})


def to_act(state):
    if state["over"] or not state["cards"]:
        return []
    return [seat for seat in range(state["config"]["players"]) if seat not in _pending(state)]


def _pending(state):
    return {int(seat): action for seat, action in state["pending"].items()}


def legal_actions(state, seat):
    if state["over"] or not state["cards"] or not 0 <= seat < state["config"]["players"]:
        return []
    return [dict(action) for action in ACTIONS]


def apply(state, seat, action):
    n = state["config"]["players"]
    if state["over"]:
        raise IllegalAction("game_over")
    if not isinstance(seat, int) or not 0 <= seat < n:
        raise IllegalAction("not_your_turn", seat=seat, to_act=to_act(state))
    if not isinstance(action, dict) or action.get("type") not in ("keep", "flip") or len(action) != 1:
        raise IllegalAction("unknown_action")
    changed = str(seat) in state["pending"]
    pending = {**state["pending"], str(seat): action["type"]}
    log = [*state["log"], {"seat": seat, "action": {"type": action["type"]}}]
    events = [{"type": "chosen", "seat": seat, **({"changed": True} if changed else {})}]
    if len(pending) < n:
        return {**state, "pending": pending, "log": log}, events
    flips = [pending[str(s)] == "flip" for s in range(n)]
    cards = [10 - card if flip else card for card, flip in zip(state["cards"], flips)]
    over = state["round"] >= state["config"]["rounds"]
    events.append({"type": "round_resolved", "round": state["round"], "flipped": [s for s in range(n) if flips[s]],
                   "cards": cards})
    if over:
        events.append({"type": "game_over"})
    new = {**state, "cards": cards, "pending": {}, "log": log, "over": over,
           "round": state["round"] if over else state["round"] + 1}
    return new, events


def is_over(state):
    return state["over"]


def scores(state):
    cards = state["cards"]
    sheets = []
    for seat, card in enumerate(cards):
        unique = 3 if cards.count(card) == 1 else 0
        sheets.append({"seat": seat, "card": card, "unique": unique, "total": card + unique, TIEBREAK: card})
    for sheet in sheets:
        sheet["rank"] = 1 + sum((o["total"], o[TIEBREAK]) > (sheet["total"], sheet[TIEBREAK]) for o in sheets)
    return sheets


def view(state, seat=None):
    n = state["config"]["players"]
    pending = _pending(state)
    out = {
        "game": "highcard", "seat": seat, "players_count": n, "round": state["round"], "rounds": state["config"]["rounds"],
        "over": state["over"], "to_act": to_act(state),
        "players": [{"card": card, "chosen": s in pending} for s, card in enumerate(state["cards"])],
    }
    if seat is not None and seat in pending:
        out["pending"] = {"type": pending[seat]}
    if state["over"]:
        out["scores"] = scores(state)
    return out


def action_log(state, start=0):
    return [dict(entry) for entry in state["log"][start:]]


def log_length(state):
    return len(state["log"])


def replay(cfg, log):
    state = _initial(cfg)
    for entry in log:
        if "chance" in entry:
            state = _take_chance(state, entry)
        else:
            state, _events = apply(state, entry["seat"], entry["action"])
    return state


def seat_labels(state):
    return [{"first_card": str(card)} for card in state["first"]]


def hints(state, seat):
    return {}


def reveal(state):
    """A replay frame: every card and the round (the pending choices are past once a round ends)."""
    totals = [sheet["total"] for sheet in scores(state)] if state["cards"] else []
    return {"round": state["round"], "over": state["over"],
            "players": [{"seat": seat, "card": card, "total": total}
                        for seat, (card, total) in enumerate(zip(state["cards"], totals))]}


def hidden_ids(state, seat):
    return set()


def frame_hands(frame):
    return None


def sample_state(view, seat, rng, chooser=None):
    """The one state with this view: only the others' choices of this round are unknown, made by
    `chooser` (the searching bot's model of them) or at random."""
    n = view["players_count"]
    state = {"config": {"game": "highcard", "players": n, "rounds": view["rounds"]}, "round": view["round"],
             "over": view["over"], "cards": [p["card"] for p in view["players"]],
             "first": [p["card"] for p in view["players"]], "pending": {}, "log": []}
    for other, player in enumerate(view["players"]):
        if not player["chosen"]:
            continue
        if other == seat:
            choice = view["pending"]["type"]
        else:
            options = legal_actions(state, other)
            action = chooser(globals()["view"](state, other), options, rng) if chooser else rng.choice(options)
            choice = action["type"]
        state["pending"][str(other)] = choice
    return state


def action_value(view, action):
    """The greedy bot's value: the card the seat would show after this choice."""
    card = view["players"][view["seat"]]["card"]
    return float(card if action["type"] == "keep" else 10 - card)


GAME = game_from_module(globals(), INFO)
