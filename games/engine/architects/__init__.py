"""7 Wonders Architects (2-7 players): the game's entry in the registry (``GAME``, built from this
module's functions: ``contract.game_from_module``) and its static facts (``INFO``).

Rules source: the Italian rulebook (``shared/seeds/003_*.txt``) and our rulings in
``shared/specs/architects.md`` ([REC] rulings are implemented; [U] values live in
``cards/data/architects/architects.json`` under "unverified"). Modules: ``catalogue.py`` (data),
``state.py`` (config, chance, setup, log), ``replay.py``, ``turns.py`` (to_act, legal actions, apply),
``stages.py`` (stages and payments), ``progress.py`` (science and progress tokens),
``battles.py``, ``scoring.py``, ``view.py`` (views, hidden ids, reveal, seat labels),
``sample.py`` (sample_state), ``heuristics.py`` (the greedy bot's values), ``rollout.py`` (its
moves straight off a state: the search's rollouts) and ``tabletop.py``
(scoring a physical table: the calculator).
"""
from . import catalogue as _catalogue
from ..contract import game_from_module
# The contract's functions, found by name in this module by game_from_module (GAME, at the end).
from .frames import frame_hands
from .heuristics import action_value
from .sample import sample_state
from .scoring import CATEGORIES, TIEBREAK, scores
from .reasons import explain  # noqa: F401 - optional: the hint's reason
from .replay import replay
from .rollout import rollout_turn  # noqa: F401 - optional: the search's quick rollouts
from .state import action_log, draw_chance, log_length, initial_state, normalize_config, receive_orders
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
        # the decks' cards face down, one player's turn at a time, shuffled decks, no teams
        "type": {"hidden_information": True, "simultaneous": False, "teams": False, "chance": True},
    }


def rating_mode(cfg):
    return "architects"


def new_game(cfg, seed):
    setup, orders = draw_chance(cfg, seed)
    return receive_orders(initial_state(cfg, setup), orders)


def hints(state, seat):
    return {}


def score_table(table):
    from .tabletop import score_table as score
    return score(table)


def table_modes():
    from .tabletop import MAX_SEATS, MIN_SEATS
    return {"architects": list(range(MIN_SEATS, MAX_SEATS + 1))}


GAME = game_from_module(globals(), _info)
