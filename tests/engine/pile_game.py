"""A tiny perfect-information game for the conformance suite's tests, never in the registry's
list: a test registers it for a while (``registry.registered("pile", __name__)``).

Pile: a pile of stones (option ``stones``: 7, 10 or 15); the seats take turns, seat 0 first,
each taking 1, 2 or 3 stones. Each stone taken is a point (``stones``); whoever takes the last
one scores 5 more (``last``). Everybody sees everything, one seat acts at a time, nothing is
drawn at random and nobody plays in a team: its type is all false.
"""
from games.engine.contract import game_from_module
from games.engine.errors import ConfigError, IllegalAction

GAME_ID = "pile"
CHOICES = (7, 10, 15)
MOST = 3
LAST_BONUS = 5


def info():
    return {
        "id": GAME_ID, "min_players": 2, "max_players": 3,
        "options": [{"name": "stones", "kind": "choice", "choices": list(CHOICES), "default": 10}],
        "score_categories": ["stones", "last"], "tiebreak": "turns",
        "public_events": ["took", "game_over"],
        "bot_levels": ["easy", "medium", "hard"], "timeout_bot": "medium",
        "seat_label_keys": ["position"], "rating_modes": [GAME_ID],
        "type": {"hidden_information": False, "simultaneous": False, "teams": False, "chance": False},
    }


def normalize_config(config):
    if not isinstance(config, dict) or config.get("game") != GAME_ID:
        raise ConfigError("bad_config", field="config")
    players, stones = config.get("players"), config.get("stones", 10)
    if players not in (2, 3) or isinstance(players, bool):
        raise ConfigError("bad_player_count", players=players, allowed=[2, 3])
    if stones not in CHOICES or isinstance(stones, bool):
        raise ConfigError("bad_stones", stones=stones, allowed=list(CHOICES))
    return {"game": GAME_ID, "players": players, "stones": stones}


def rating_mode(cfg):
    return GAME_ID


def new_game(cfg, seed):
    return {"config": dict(cfg), "left": cfg["stones"], "taken": [0] * cfg["players"],
            "turns": [0] * cfg["players"], "active": 0, "last": None, "log": []}


def to_act(state):
    return [] if is_over(state) else [state["active"]]


def is_over(state):
    return state["left"] == 0


def legal_actions(state, seat):
    if seat not in to_act(state):
        return []
    return [{"type": "take", "stones": k} for k in range(1, min(MOST, state["left"]) + 1)]


def apply(state, seat, action):
    if is_over(state):
        raise IllegalAction("game_over")
    if seat not in to_act(state):
        raise IllegalAction("not_your_turn", seat=seat if isinstance(seat, int) else None, to_act=to_act(state))
    if not isinstance(action, dict) or action.get("type") != "take":
        kind = action.get("type") if isinstance(action, dict) else None
        raise IllegalAction("unknown_action", type=kind if isinstance(kind, str) else None, expected=["take"])
    canon = {"type": "take", "stones": action.get("stones")}
    if canon not in legal_actions(state, seat):
        raise IllegalAction("bad_stones", left=state["left"], most=MOST)
    k = canon["stones"]
    taken, turns = list(state["taken"]), list(state["turns"])
    taken[seat] += k
    turns[seat] += 1
    new = dict(state, left=state["left"] - k, taken=taken, turns=turns,
               active=(seat + 1) % len(taken), log=state["log"] + [{"seat": seat, "action": canon}])
    events = [{"type": "took", "seat": seat, "stones": k}]
    if is_over(new):
        new["last"] = seat
        events.append({"type": "game_over"})
    return new, events


def view(state, seat=None):
    if seat is not None and seat not in range(len(state["taken"])):
        raise ValueError("seat out of range")
    return {"game": GAME_ID, "seat": seat, "start": state["config"]["stones"], "left": state["left"],
            "taken": list(state["taken"]), "turns": list(state["turns"]), "last": state["last"],
            "to_act": to_act(state), "over": is_over(state)}


def scores(state):
    sheets = []
    for seat, taken in enumerate(state["taken"]):
        last = LAST_BONUS if state["last"] == seat else 0
        sheets.append({"seat": seat, "stones": taken, "last": last, "total": taken + last,
                       "turns": state["turns"][seat]})
    for sheet in sheets:
        sheet["rank"] = 1 + sum(1 for other in sheets
                                if (other["total"], -other["turns"]) > (sheet["total"], -sheet["turns"]))
    return sheets


def action_log(state, start=0):
    return [dict(entry) for entry in state["log"][start:]]


def log_length(state):
    return len(state["log"])


def replay(cfg, log):
    state = new_game(cfg, 0)
    for entry in log:
        state, _events = apply(state, entry["seat"], entry["action"])
    return state


def seat_labels(state):
    return [{"position": seat} for seat in range(len(state["taken"]))]


def hints(state, seat):
    return {}


def reveal(state):
    return {"left": state["left"], "taken": list(state["taken"]), "turns": list(state["turns"]),
            "active": state["active"], "last": state["last"],
            "players": [{"seat": sheet["seat"], "total": sheet["total"]} for sheet in scores(state)]}


def frame_hands(frame):
    return None  # nobody holds a hand


def hidden_ids(state, seat):
    return set()


def sample_state(seat_view, seat, rng, chooser=None):
    """Nothing is hidden: the state the view shows, whoever asks."""
    players = len(seat_view["taken"])
    state = new_game({"game": GAME_ID, "players": players, "stones": seat_view["start"]}, 0)
    active = seat_view["to_act"][0] if seat_view["to_act"] else (seat_view["last"] + 1) % players
    state.update(left=seat_view["left"], taken=list(seat_view["taken"]), turns=list(seat_view["turns"]),
                 active=active, last=seat_view["last"])
    return state


def action_value(seat_view, action):
    """Leave the next seat a multiple of four stones when it can, else take few."""
    left = seat_view["left"] - action["stones"]
    return (2.0 if left % (MOST + 1) == 0 else 0.0) + (1.0 if left == 0 else 0.0) - action["stones"] * 0.1


GAME = game_from_module(globals(), info)
