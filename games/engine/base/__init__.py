"""7 Wonders, 1st edition: the base game (3-7 players).

The game's entry in the registry (``GAME``) and the one place its static facts are declared
(``INFO``). Its rules live beside this file: ``state.py`` (config, chance, setup), ``rules.py``,
``view.py``, ``scoring.py``, ``replay.py``, ``sample.py`` (``sample_state``), ``city.py`` and
``trading.py`` (what a city produces and pays), ``catalogue.py`` (the card data),
``heuristics.py`` (the greedy bot's values) and ``tabletop.py`` (scoring a physical table).
"""
from . import catalogue as _catalogue
from ..errors import ConfigError  # noqa: F401  (re-exported for the game's callers)
from .heuristics import action_value
from .replay import action_log, replay as _replay
from .rules import apply, blocked_builds, is_over, legal_actions, to_act
from .sample import sample_state
from .scoring import CATEGORIES, scores
from .state import draw_chance, initial_state, normalize_config
from .view import view as _view

SCORE_CATEGORIES = list(CATEGORIES)

PUBLIC_EVENTS = [
    "chosen", "sides_chosen", "age_start", "turn_resolved", "leftovers_discarded", "prompt",
    "seventh_card", "built_from_discard", "passed", "military", "age_end", "game_over",
]


def _info():
    return {
        "id": "base",
        "min_players": 3,
        "max_players": 7,
        "options": [
            {"name": "sides", "kind": "choice", "choices": ["A", "B", "random", "choose"], "default": "A"},
            {"name": "wonders", "kind": "per_seat", "choices": list(_catalogue.get().wonder_ids),
             "default": None},
        ],
        "score_categories": list(SCORE_CATEGORIES),
        "tiebreak": "coins",
        "public_events": list(PUBLIC_EVENTS),
        "bot_levels": ["random", "greedy"],
        "timeout_bot": "greedy",
        "seat_label_keys": ["wonder", "side"],
        "rating_modes": ["base"],
    }


def rating_mode(cfg):
    return "base"


def new_game(cfg, seed):
    return initial_state(cfg, draw_chance(cfg, seed))


def replay(cfg, log):
    return _replay(cfg, log)


def view(state, seat=None):
    out = _view(state, seat)
    out["game"] = "base"
    return out


def seat_labels(state):
    return [{"wonder": p["wonder"], "side": p["side"]} for p in state["players"]]


def hints(state, seat):
    return {"blocked": blocked_builds(state, seat)}


def reveal(state):
    """Everything at this state, every hand included: a replay frame (show it only once the game
    is over, or to nobody)."""
    sheets = scores(state) if state["phase"] != "sides" else []
    return {
        "age": state["age"],
        "turn": state["turn"],
        "phase": state["phase"],
        "discard": list(state["discard"]),
        "players": [
            {
                "seat": s,
                "wonder": p["wonder"],
                "side": p["side"],
                "coins": p["coins"],
                "hand": list(p["hand"]),
                "built": list(p["built"]),
                "stages": list(p["stages"]),
                "tokens": list(p["tokens"]),
                "total": sheets[s]["total"] if sheets else 0,
            }
            for s, p in enumerate(state["players"])
        ],
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
        else:
            hidden.update(player["hand"])
            hidden.update(player["stages"])
    prompts = state["prompts"]
    if seat is not None and state["phase"] == "prompt" and prompts and prompts[0] == {
        "seat": seat, "kind": "build_discarded"
    }:
        visible.update(state["discard"])
    return hidden - visible


class _Game:
    """The registry's handle on this game (module functions, plus INFO built on first use)."""

    normalize_config = staticmethod(normalize_config)
    rating_mode = staticmethod(rating_mode)
    new_game = staticmethod(new_game)
    to_act = staticmethod(to_act)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    view = staticmethod(view)
    is_over = staticmethod(is_over)
    scores = staticmethod(scores)
    action_log = staticmethod(action_log)
    replay = staticmethod(replay)
    seat_labels = staticmethod(seat_labels)
    hints = staticmethod(hints)
    reveal = staticmethod(reveal)
    hidden_ids = staticmethod(hidden_ids)
    sample_state = staticmethod(sample_state)
    action_value = staticmethod(action_value)

    @staticmethod
    def score_table(table):
        from .tabletop import score_table
        return score_table(table)

    @property
    def INFO(self):
        return _info()


GAME = _Game()
