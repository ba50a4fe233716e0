"""7 Wonders, 1st edition: the base game (3-7 players, and 2 with the 2-player variant).

The game's entry in the registry (``GAME``) and the one place its static facts are declared
(``INFO``). Its rules live beside this file: ``state.py`` (config, chance, setup), ``rules.py``,
``view.py``, ``scoring.py``, ``replay.py``, ``sample.py`` (``sample_state``), ``city.py`` and
``trading.py`` (what a city produces and pays), ``catalogue.py`` (the card data),
``heuristics.py`` (the greedy bot's values) and ``tabletop.py`` (scoring a physical table). The
2-player variant (``players: 2``) is ``two_players.py`` (its turn), ``two_players_view.py`` and
``two_players_sample.py``; the functions below hand a 2-player state to them. The Cities
expansion (``expansions: ["cities"]``, ``teams``) is ``cities_setup.py``, ``cities_rules.py``,
``cities_scoring.py`` and ``cities_view.py``, hooked into the modules above.

INFO's ``max_players`` stays 7, the range with the default options: 8 players need Cities, and
the ``expansions`` option says so (``"players": {"cities": [3, 8]}``), and the wonders it adds
to the ``wonders`` option's values (``"wonders": {"cities": ["petra", "byzantium"]}``).
``score_categories`` lists what every config scores; ``black`` is in ``option_score_categories``:
only a Cities game's sheets carry it (engine README, "Scores").
"""
from . import catalogue as _catalogue
from . import rules as _rules
from . import sample as _sample
from . import scoring as _scoring
from . import two_players as _two
from . import two_players_sample as _two_sample
from . import two_players_view as _two_view
from . import view as _base_view
from ..errors import ConfigError  # noqa: F401  (re-exported for the game's callers)
from .frames import frame_hands
from .heuristics import action_value, action_values, search_group
from .rollout import rollout_turn
from .replay import action_log, replay as _replay
from .rules import blocked_builds, is_over
from .scoring import BASE_CATEGORIES
from .state import draw_chance, initial_state, is_two_players, normalize_config

SCORE_CATEGORIES = list(BASE_CATEGORIES)

PUBLIC_EVENTS = [
    "chosen", "sides_chosen", "age_start", "turn_resolved", "leftovers_discarded", "prompt",
    "seventh_card", "built_from_discard", "passed", "military", "age_end", "game_over",
    "debt_due", "debts_settled",
]


def _info():
    return {
        "id": "base",
        "min_players": 2,
        "max_players": 7,
        "options": [
            {"name": "sides", "kind": "choice", "choices": ["A", "B", "random", "choose"], "default": "A"},
            {"name": "wonders", "kind": "per_seat", "choices": list(_catalogue.get().wonder_ids),
             "default": None},
            {"name": "expansions", "kind": "multi", "choices": ["cities"], "default": [],
             "players": {"cities": [3, 8]},
             "wonders": {"cities": list(_catalogue.get().cities_wonder_ids)}},
            {"name": "teams", "kind": "choice", "choices": [False, True], "default": False,
             "needs": "cities", "players": [4, 6, 8]},
        ],
        "score_categories": list(SCORE_CATEGORIES),
        "option_score_categories": {"black": {"option": "expansions", "value": "cities"}},
        "tiebreak": "coins",
        "public_events": list(PUBLIC_EVENTS),
        "bot_levels": ["easy", "medium", "hard"],
        "timeout_bot": "medium",
        "seat_label_keys": ["wonder", "side"],
        "rating_modes": ["base", "base-2p", "cities", "cities-teams"],
        # What each mode stands for, besides its player counts (rating_mode decides; the
        # conformance suite checks that the two agree).
        "mode_options": {"base": {}, "base-2p": {}, "cities": {"expansions": ["cities"]},
                         "cities-teams": {"expansions": ["cities"], "teams": True}},
    }


def _by_table(base_game, two_players):
    """The function of the base game, or of the 2-player variant for a 2-player state."""
    def dispatch(state, *args):
        return (two_players if is_two_players(state) else base_game)(state, *args)
    dispatch.__name__ = base_game.__name__
    dispatch.__doc__ = base_game.__doc__
    return dispatch


to_act = _by_table(_rules.to_act, _two.to_act)
legal_actions = _by_table(_rules.legal_actions, _two.legal_actions)
apply = _by_table(_rules.apply, _two.apply)
scores = _by_table(_scoring.scores, _two.scores)
reveal = _by_table(_base_view.reveal, _two_view.reveal)
hidden_ids = _by_table(_base_view.hidden_ids, _two_view.hidden_ids)


def _labels_of_every_seat(state):
    return [{"wonder": p["wonder"], "side": p["side"]} for p in state["players"]]


seat_labels = _by_table(_labels_of_every_seat, _two_view.seat_labels)


def rating_mode(cfg):
    if cfg.get("teams"):
        return "cities-teams"
    if "cities" in (cfg.get("expansions") or ()):
        return "cities"
    return "base-2p" if cfg["players"] == 2 else "base"


def new_game(cfg, seed):
    draw = _two.draw_chance if cfg["players"] == 2 else draw_chance
    return initial_state(cfg, draw(cfg, seed))


def replay(cfg, log):
    return _replay(cfg, log)


def view(state, seat=None):
    out = (_two_view.view if is_two_players(state) else _base_view.view)(state, seat)
    out["game"] = "base"
    return out


def sample_state(seat_view, seat, rng, chooser=None):
    """See sample.py; `chooser(view, legal_actions, rng)`, when given, makes the choices that the
    view says other seats have made this turn (a search bot's model of them)."""
    sample = _two_sample.sample_state if "free_city" in seat_view else _sample.sample_state
    choose_for = None
    if chooser is not None:
        def choose_for(state, other, legal):
            return chooser(view(state, other), legal, rng)
    return sample(seat_view, seat, rng, choose_for)


def _hints_of_the_hand(state, seat):
    return {"blocked": blocked_builds(state, seat)}


hints = _by_table(_hints_of_the_hand, _two_view.hints)


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
    frame_hands = staticmethod(frame_hands)
    hidden_ids = staticmethod(hidden_ids)
    sample_state = staticmethod(sample_state)
    action_value = staticmethod(action_value)
    action_values = staticmethod(action_values)
    rollout_turn = staticmethod(rollout_turn)
    search_group = staticmethod(search_group)

    @staticmethod
    def score_table(table):
        from .tabletop import score_table
        return score_table(table)

    @staticmethod
    def table_modes():
        from .tabletop import table_modes
        return table_modes()

    @property
    def INFO(self):
        return _info()


GAME = _Game()
