"""7 Wonders Architects (2-7 players): the game's entry in the registry (``GAME``) and its
static facts (``INFO``).

Rules source: the Italian rulebook (``shared/seeds/003_*.txt``) and our rulings in
``shared/specs/architects.md`` ([REC] rulings are implemented; [U] values live in
``cards/data/architects/architects.json`` under "unverified"). Modules: ``catalogue.py`` (data),
``state.py`` (config, chance, setup, log, replay), ``turns.py`` (to_act, legal actions, apply),
``stages.py`` (stages and payments), ``progress.py`` (science and progress tokens),
``battles.py``, ``scoring.py``, ``view.py`` (views, hidden ids, reveal, seat labels),
``sample.py`` (sample_state), ``heuristics.py`` (the greedy bot's values) and ``tabletop.py``
(scoring a physical table: the calculator).
"""
from . import catalogue as _catalogue
from .frames import frame_hands
from .heuristics import action_value
from .sample import sample_state
from .scoring import CATEGORIES, TIEBREAK, scores
from .state import action_log, draw_chance, initial_state, normalize_config, receive_orders, replay
from .turns import apply, is_over, legal_actions, to_act
from .view import hidden_ids, reveal, seat_labels, view

PUBLIC_EVENTS = [
    "peeked", "card_taken", "cat_moved", "conflict_flipped", "declined", "stage_built", "progress_taken",
    "looked", "deck_reshuffled", "battle", "turn_start", "game_over",
]


def _info():
    return {
        "id": "architects",
        "min_players": 2,
        "max_players": 7,
        "options": [
            {"name": "wonders", "kind": "per_seat", "choices": list(_catalogue.get().wonder_ids), "default": None},
        ],
        "score_categories": list(CATEGORIES),
        "tiebreak": TIEBREAK,
        "public_events": list(PUBLIC_EVENTS),
        "bot_levels": ["easy", "medium", "hard"],
        "timeout_bot": "medium",
        "seat_label_keys": ["wonder"],
        "rating_modes": ["architects"],
    }


def rating_mode(cfg):
    return "architects"


def new_game(cfg, seed):
    setup, orders = draw_chance(cfg, seed)
    return receive_orders(initial_state(cfg, setup), orders)


def hints(state, seat):
    return {}


class _Game:
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
    frame_hands = staticmethod(frame_hands)
    hidden_ids = staticmethod(hidden_ids)
    sample_state = staticmethod(sample_state)
    action_value = staticmethod(action_value)

    @staticmethod
    def score_table(table):
        from .tabletop import score_table
        return score_table(table)

    @staticmethod
    def table_modes():
        from .tabletop import MAX_SEATS, MIN_SEATS
        return {"architects": list(range(MIN_SEATS, MAX_SEATS + 1))}

    @property
    def INFO(self):
        return _info()


GAME = _Game()
