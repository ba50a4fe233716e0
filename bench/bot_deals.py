"""The public bot benchmark's fixed deals: which games, which deals, which seats (docs/bots.md).

Rows: a game and a player count, its config as the lobby would write it (the options left out
take their defaults through ``engine.normalize_config``: the base game's sides A, wonders at
random; Cities without teams).

Deals: deal k of a row (k = 0 .. DEALS - 1) is ``engine.new_game(config, seed=k)``: the engine
draws every chance outcome (wonders, hands, decks) from ``random.Random(k)``, so the same k is the
same deal on every machine. The bots' own random numbers (ties, the random bot) come from
``random.Random(k)`` too, owned by the tournament loop.

Seats rotated: in deal k the bot under test sits at seat ``k mod players`` and the field's bot at
every other seat, so over the deals it sits at every seat equally often (400 deals: exactly so at
2, 4, 5 and 8 players; at 3, 6 and 7 a few seats get one deal more).

Matchups: each baseline against a field of each other one (six: `random` and `points` against
`medium`, `random` and `medium` against `points`, `points` and `medium` against `random`); an
agent of your own against `medium` and against `random`.
"""
from games import engine

DEALS = 400

ROWS = {  # row id -> (its name in the tables, the config)
    "base-3": ("base, 3 players", {"game": "base", "players": 3}),
    "base-4": ("base, 4 players", {"game": "base", "players": 4}),
    "base-5": ("base, 5 players", {"game": "base", "players": 5}),
    "base-6": ("base, 6 players", {"game": "base", "players": 6}),
    "base-7": ("base, 7 players", {"game": "base", "players": 7}),
    "base-2": ("base, 2-player variant (Free City)", {"game": "base", "players": 2}),
    "cities-8": ("Cities, 8 players", {"game": "base", "players": 8, "expansions": ["cities"]}),
    "architects-3": ("Architects, 3 players", {"game": "architects", "players": 3}),
    "architects-7": ("Architects, 7 players", {"game": "architects", "players": 7}),
}

BASELINE_MATCHUPS = [  # (bot under test, field): each baseline against a field of each other one
    ("random", "medium"), ("points", "medium"),
    ("random", "points"), ("medium", "points"),
    ("points", "random"), ("medium", "random"),
]
AGENT_FIELDS = ["medium", "random"]


def matchups(agent=None):
    """(bot under test, field bot) pairs: the baselines', or `agent`'s against each field."""
    if agent is None:
        return list(BASELINE_MATCHUPS)
    return [(agent, field) for field in AGENT_FIELDS]


def config(row):
    return engine.normalize_config(dict(ROWS[row][1]))


def seats(bot, field, players, deal):
    """Who sits where in `deal`: the bot under test at seat deal mod players."""
    names = [field] * players
    names[deal % players] = bot
    return names


def deals(row, bot, field, count=DEALS, first=0):
    """(config, seat names, seed) of the row's deals first .. first + count - 1 for a matchup."""
    cfg = config(row)
    players = cfg["players"]
    return [(cfg, seats(bot, field, players, k), k) for k in range(first, first + count)]
