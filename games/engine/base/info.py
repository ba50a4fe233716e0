"""The base game's static facts (``INFO``), declared once: the package's ``GAME.INFO`` and the
calculator's modes (``cities_tabletop.py``) read them here.

INFO's ``max_players`` stays 7, the range with the default options: 8 players need Cities, and
the ``expansions`` option says so (``"players": {"cities": [2, 8]}``: 2 is the 2-player variant with
Cities, rating mode ``cities-2p``), and the wonders it adds
to the ``wonders`` option's values (``"wonders": {"cities": ["petra", "byzantium"]}``); ``teams``
needs Cities (``"needs": {"expansions": "cities"}``) and 4, 6 or 8 players (``"players"``), which
``options.check_config`` enforces for ``normalize_config``.
``score_categories`` lists what every config scores; ``black`` is in ``option_score_categories``:
only a Cities game's sheets carry it (engine README, "Scores"). ``type``: hidden hands and decks,
simultaneous choices, a deal from the seed, teams with Cities' ``teams`` (``game_type``).
"""
from . import catalogue as _catalogue
from .scoring import BASE_CATEGORIES

SCORE_CATEGORIES = list(BASE_CATEGORIES)

PUBLIC_EVENTS = [
    "chosen", "sides_chosen", "age_start", "turn_resolved", "leftovers_discarded", "prompt",
    "seventh_card", "built_from_discard", "passed", "military", "age_end", "game_over",
    "debt_due", "debts_settled",
]


def info():
    return {
        "id": "base",
        "min_players": 2,
        "max_players": 7,
        "options": [
            {"name": "sides", "kind": "choice", "choices": ["A", "B", "random", "choose"], "default": "A"},
            {"name": "wonders", "kind": "per_seat", "choices": list(_catalogue.get().wonder_ids),
             "default": None},
            {"name": "expansions", "kind": "multi", "choices": ["cities"], "default": [],
             "players": {"cities": [2, 8]},
             "wonders": {"cities": list(_catalogue.get().cities_wonder_ids)}},
            {"name": "teams", "kind": "choice", "choices": [False, True], "default": False,
             "needs": {"expansions": "cities"}, "players": [4, 6, 8]},
        ],
        "score_categories": list(SCORE_CATEGORIES),
        "option_score_categories": {"black": {"option": "expansions", "value": "cities"}},
        "tiebreak": "coins",
        "public_events": list(PUBLIC_EVENTS),
        "bot_levels": ["easy", "medium", "hard"],
        "timeout_bot": "medium",
        "seat_label_keys": ["wonder", "side"],
        "rating_modes": ["base", "base-2p", "cities", "cities-2p", "cities-teams"],
        # What each mode stands for, besides its player counts (rating_mode decides; the
        # conformance suite checks that the two agree). The 2-player variant is a mode of its
        # own with Cities too (cities-2p), as without (base-2p): three cities, one never ranked.
        "mode_options": {"base": {}, "base-2p": {}, "cities": {"expansions": ["cities"]},
                         "cities-2p": {"expansions": ["cities"]},
                         "cities-teams": {"expansions": ["cities"], "teams": True}},
        "type": {"hidden_information": True, "simultaneous": True, "teams": True, "chance": True},
    }


def game_type(cfg):
    """The type of one config: only Cities' ``teams`` option makes a team game."""
    return {"hidden_information": True, "simultaneous": True, "teams": bool(cfg.get("teams")),
            "chance": True}
