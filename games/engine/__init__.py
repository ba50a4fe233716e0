"""The rules of the games on the site, as a pure-Python library.

No Django, no clock, no global random. See games/engine/README.md for the contract and
``contract.py`` for what each game provides. Every public function dispatches to the game named
by the config, the state or the view (``registry.py``)::

    games() -> [game id]                         info(game id) -> dict (static facts)
    game_type(config) -> dict                    # INFO["type"] as it holds for this config
    normalize_config(config) -> config           rating_mode(config) -> str
    new_game(config, seed) -> state
    to_act(state) -> [seat]
    legal_actions(state, seat) -> [action]
    apply(state, seat, action) -> (state, [event])      # raises IllegalAction(code, **facts)
    view(state, seat | None) -> dict
    is_over(state) -> bool
    scores(state) -> [sheet per seat]
    action_log(state, start=0) -> [entry]        replay(config, log) -> state
    log_length(state) -> int
    seat_labels(state) -> [dict per seat]        hints(state, seat) -> dict
    reveal(state) -> dict                        hidden_ids(state, seat | None) -> set
    frame_hands(game id, frame) -> dict | None   # the hands at a reveal frame (replays, the API)
    sample_state(view, seat, rng, chooser=None) -> state
    blocked_builds(state, seat)                  # base game: why a hand card can't be built
    table_games() -> [game id]                   score_table(game id, table) -> [sheet]  # the calculator
    table_modes(game id) -> {mode: [seats]}      # the tables it scores
    table_players(game id) -> (fewest, most)     # seats of a table it scores, any mode
    explain(view, action) -> dict                # why a move is good, as facts ({} without one)
"""

from . import registry
from .errors import ConfigError, IllegalAction, TableError
from .registry import games

__all__ = [
    "games", "info", "game_type", "normalize_config", "rating_mode", "new_game", "to_act", "legal_actions",
    "apply", "view", "is_over", "scores", "action_log", "log_length", "replay", "seat_labels", "hints", "reveal",
    "frame_hands", "hidden_ids", "sample_state", "blocked_builds", "score_table", "table_games", "table_modes", "table_players", "IllegalAction", "ConfigError",
    "TableError", "explain",
]


def info(game_id):
    return registry.get(game_id).INFO


def game_type(config):
    """What kind of game a config plays (``contract.py``, "The game type"): the game's
    ``game_type(cfg)`` where it has one, else its ``INFO["type"]``."""
    game = registry.of_config(config)
    own = getattr(game, "game_type", None)
    return dict(own(game.normalize_config(config)) if own else game.INFO["type"])


def normalize_config(config):
    return registry.of_config(config).normalize_config(config)


def rating_mode(config):
    game = registry.of_config(config)
    return game.rating_mode(game.normalize_config(config))


def new_game(config, seed):
    """A new game: config is validated, chance drawn from random.Random(seed) and logged."""
    game = registry.of_config(config)
    return game.new_game(game.normalize_config(config), seed)


def replay(config, log):
    game = registry.of_config(config)
    return game.replay(game.normalize_config(config), log)


def to_act(state):
    return registry.of_state(state).to_act(state)


def legal_actions(state, seat):
    return registry.of_state(state).legal_actions(state, seat)


def apply(state, seat, action):
    return registry.of_state(state).apply(state, seat, action)


def view(state, seat=None):
    return registry.of_state(state).view(state, seat)


def is_over(state):
    return registry.of_state(state).is_over(state)


def scores(state):
    return registry.of_state(state).scores(state)


def action_log(state, start=0):
    return registry.of_state(state).action_log(state, start)


def log_length(state):
    return registry.of_state(state).log_length(state)


def seat_labels(state):
    return registry.of_state(state).seat_labels(state)


def hints(state, seat):
    return registry.of_state(state).hints(state, seat)


def reveal(state):
    return registry.of_state(state).reveal(state)


def frame_hands(game_id, frame):
    """What the seats hold at a frame of `game_id` (a frame of ``reveal``, as a replay keeps it):
    {"step": {...}, "hands": [[card ids] per seat]}, or None where nobody chooses from a hand. A
    frame carries no game id, so the caller names the game (the match's)."""
    return registry.get(game_id).frame_hands(frame)


def hidden_ids(state, seat):
    return registry.of_state(state).hidden_ids(state, seat)


def sample_state(view, seat, rng, chooser=None):
    return registry.get(view["game"]).sample_state(view, seat, rng, chooser=chooser)


def blocked_builds(state, seat):
    """Base game: why the cards of `seat`'s hand cannot be built now (kept for existing callers;
    new code asks ``hints``)."""
    return hints(state, seat).get("blocked", {})



# Tabletop scoring: the score sheet of a game played on a real table (the calculator).
def table_games():
    """The registered games that score a physical table (their GAME has ``score_table``)."""
    return [game_id for game_id in games() if callable(getattr(registry.get(game_id), "score_table", None))]


def table_modes(game_id):
    """{rating mode: [seat counts]} of the tables `game_id` scores (the calculator's choices)."""
    return registry.get(game_id).table_modes()


def table_players(game_id):
    """(fewest, most) seats of a table that `game_id` scores, over all its modes."""
    counts = [n for seats in table_modes(game_id).values() for n in seats]
    return min(counts), max(counts)


def score_table(game_id, table):
    """The engine's score sheet for a described physical table; raises TableError."""
    return registry.get(game_id).score_table(table)


def explain(view, action):
    """The game's facts on why `action` is good for the view's seat (contract.py: optional
    ``explain``); {} for a game without it."""
    func = getattr(registry.get(view["game"]), "explain", None)
    return func(view, action) if func is not None else {}
