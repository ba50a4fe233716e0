"""Examples of the history API's answers, for the OpenAPI schema. The score sheets are the
engine's, for the example table of the calculator (a base game table: an example value), their
points per category under `categories`; the ``_V1`` examples are version 1's (each category a
field under its API name: serializers_v1.py)."""
from games import engine
from games.history import categories
from games.history.ratings import PROVISIONAL_SIGMA

# The game of the examples (a value of the examples, not a default of anything).
EXAMPLE_GAME = "base"

SCORE_REQUEST_EXAMPLE = {"seats": [
    {"name": "Ann", "wonder": "giza", "side": "A", "stages": 3,
     "cards": ["lumber_yard", "Baths", "Tempio", "workshop", "library"], "coins": 7, "military": [1, 3, -1]},
    {"name": "Bo", "wonder": "Rhodes", "side": "B", "stages": 2, "cards": ["stockade", "barracks"], "coins": 4,
     "military": [1, 3, 5, 5]},
    {"name": "Cy", "wonder": "olympia", "side": "B", "stages": 3, "cards": ["Scientists Guild", "scriptorium"],
     "coins": 2, "military": [-1, -1, -1]},
]}

ARCHITECTS_TABLE_EXAMPLE = {"game": "architects", "seats": [
    {"name": "Ann", "wonder": "giza", "built": [1, 2, 3], "blue_cards": 2, "cat_cards": 1, "holds_cat": True,
     "military_tokens": 2, "progress_tokens": ["culture", "Educazione"]},
    {"name": "Bo", "wonder": "Efeso", "built": [1, 2, 4], "blue_cards": 1, "military_tokens": 3,
     "progress_tokens": ["decoration"]},
]}


def _example_sheets():
    tiebreak = engine.info(EXAMPLE_GAME)["tiebreak"]
    return [
        {"seat": seat["seat"], "categories": dict(seat["categories"]), "total": seat["total"],
         "tiebreak": seat[tiebreak], "coins": seat["coins"], "rank": seat["rank"], "copied_guild": seat["copied_guild"]}
        for seat in engine.score_table(EXAMPLE_GAME, SCORE_REQUEST_EXAMPLE)
    ]


def _flat(row):
    """A row of version 1: the categories as fields under their API names, after the seat."""
    fields = categories.api_fields(EXAMPLE_GAME)
    rest = {key: value for key, value in row.items() if key not in ("seat", "categories")}
    return {"seat": row["seat"], **{fields[key]: points for key, points in row["categories"].items()}, **rest}


SHEETS_EXAMPLE = _example_sheets()
SHEET_EXAMPLE = SHEETS_EXAMPLE[0]
AVERAGE_POINTS_EXAMPLE = {
    key: round(sum(sheet["categories"][key] for sheet in SHEETS_EXAMPLE) / len(SHEETS_EXAMPLE), 1)
    for key in categories.keys(EXAMPLE_GAME)
}
AVERAGE_POINTS_EXAMPLE_V1 = {categories.api_field(EXAMPLE_GAME, key): points
                             for key, points in AVERAGE_POINTS_EXAMPLE.items()}
HAND_EXAMPLE = ["lumber_yard", "baths", "altar", "loom_1", "press_1", "stockade", "apothecary"]

MATCH_LIST_EXAMPLE = {
    "next": "http://testserver/api/matches/?cursor=cD0yMDI2LTExLTIx",
    "previous": None,
    "results": [{
        "id": 42, "mode": "base", "players": 3, "rated": True, "unrated_reason": "",
        "started_at": "2026-11-21T14:02:11Z", "finished_at": "2026-11-21T14:31:40Z",
        "seats": [
            {"seat": 0, "username": "ann", "display_name": "Ann", "bot_level": "", "abandoned": False,
             "wonder": "giza", "wonder_name": "The Pyramids of Giza", "side": "A", "rank": 1, "total": 61,
             "team": None},
            {"seat": 1, "username": "bo", "display_name": "Bo", "bot_level": "", "abandoned": False,
             "wonder": "rhodes", "wonder_name": "The Colossus of Rhodes", "side": "A", "rank": 2, "total": 54,
             "team": None},
            {"seat": 2, "username": "cy", "display_name": "Cy", "bot_level": "", "abandoned": False,
             "wonder": "ephesus", "wonder_name": "The Temple of Artemis in Ephesus", "side": "A", "rank": 3,
             "total": 47, "team": None},
        ],
    }],
}

MATCH_DETAIL_EXAMPLE = {
    "id": 42, "status": "finished", "mode": "base", "players": 3,
    "options": {"sides": "A", "wonders": None, "turn_seconds": 0},
    "created_at": "2026-11-21T14:00:02Z", "started_at": "2026-11-21T14:02:11Z",
    "finished_at": "2026-11-21T14:31:40Z", "rated": True, "unrated_reason": "",
    "seats": [{"seat": 0, "username": "ann", "display_name": "Ann", "bot_level": "", "taken_over": False,
               "wonder": "giza", "wonder_name": "The Pyramids of Giza", "side": "A"}],
    "score_sheet": [{**SHEET_EXAMPLE, "team": None}],
    "teams": None,
    "unranked_sheets": [],
    "rating_changes": [{"username": "ann", "rank": 1, "mu_before": 25.0, "sigma_before": 8.333,
                        "ordinal_before": 0.0, "mu_after": 27.6, "sigma_after": 8.06, "ordinal_after": 3.42}],
    "live": None,
    "log": [{"index": 4, "seat": 0, "by": "player", "at": "2026-11-21T14:02:40Z",
             "entry": {"seat": 0, "action": {"type": "build", "card": "lumber_yard", "pay": {"left": 0, "right": 0}}}}],
    "hands": [{"step": {"age": 1, "turn": 1}, "hands": [HAND_EXAMPLE]}],
}
MATCH_DETAIL_EXAMPLE_V1 = {
    **MATCH_DETAIL_EXAMPLE,
    "score_sheet": [{**_flat(SHEET_EXAMPLE), "team": None}],
    "hands": [{"age": 1, "turn": 1, "hands": [HAND_EXAMPLE]}],
}


PLAYER_EXAMPLE = {
    "username": "ann", "display_name": "Ann", "joined": "2026-10-01T09:00:00Z",
    "totals": {"games": 31, "wins": 12, "podiums": 25, "abandoned": 0},
    "ratings": [{"mode": "base", "rating": 1822, "mu": 31.2, "sigma": 6.1, "ordinal": 12.9, "provisional": False,
                 "rated_games": 28, "wins": 11}],
    "recent_matches": [{"match": 42, "finished_at": "2026-11-21T14:31:40Z", "mode": "base", "players": 3,
                        "rated": True, "wonder": "giza", "wonder_name": "The Pyramids of Giza", "side": "A",
                        "rank": 1, "total": 61}],
}

STATS_EXAMPLE = {
    "username": "ann", "mode": "base", "players": None,
    "rating": {"rating": 1822, "mu": 31.2, "sigma": 6.1, "ordinal": 12.9, "provisional": False, "rated_games": 28},
    "rank": 14, "percentile": 97.4, "ranked_players": 512,
    "games": 31, "wins": 12, "podiums": 25, "abandoned": 0, "win_rate": 0.3871,
    "average_score": 52.3, "best_score": {"total": 71, "match": 17},
    "average_points": AVERAGE_POINTS_EXAMPLE,
    "wonders": [{"wonder": "giza", "wonder_name": "The Pyramids of Giza", "side": "A", "games": 5, "wins": 3,
                 "win_rate": 0.6, "average_score": 58.2}],
    "streaks": {"current_wins": 2, "best_wins": 4, "current_podiums": 6, "best_podiums": 11},
}
STATS_EXAMPLE_V1 = {**STATS_EXAMPLE, "average_points": AVERAGE_POINTS_EXAMPLE_V1}


LEADERBOARD_EXAMPLE = {
    "mode": "base", "who": "everyone", "provisional_sigma": PROVISIONAL_SIGMA,
    "results": [
        {"rank": 1, "username": None, "display_name": "hard", "is_bot": True, "bot_level": "hard", "rating": 2560,
         "mu": 45.4, "sigma": 1.0, "ordinal": 42.4, "provisional": False, "movement": None, "games": None,
         "wins": None, "win_rate": None},
        {"rank": 2, "username": "ann", "display_name": "Ann", "is_bot": False, "bot_level": "", "rating": 2062,
         "mu": 38.1, "sigma": 5.2, "ordinal": 22.5, "provisional": False, "movement": 35, "games": 140, "wins": 61,
         "win_rate": 0.4357}],
}
