"""Ratings: openskill's Weng-Lin model with Plackett-Luce, one rating per user and mode.

Modes. A mode is a ladder: the engine derives it from a match's config
(``engine.rating_mode(config)``), and the modes are the union of every registered game's
``info(game)["rating_modes"]`` (``base``, later ``base-2p``, ``cities``, ``architects``...). One rating per game keeps enough matches behind each rating for it to mean something;
the player count is a filter of the statistics, not a separate ladder.

Teams (``cities-teams``). Each partner keeps a personal rating; a team match rates every player
with the rank of their team (the engine's sheet gives both partners the team's rank: team total,
then team coins), so partners win, lose and tie together. (Ruling for issue 10.)

Rated matches. A finished match is rated when every seat was a person from start to end: no bot
seat, no seat abandoned and finished by a bot. Anything else is recorded (it counts in the
statistics) but changes no rating.

A rating is (mu, sigma); the leaderboard sorts by the ordinal mu - 3 sigma, a cautious estimate
(new players start at 25, 8.33, ordinal 0). A player is provisional while sigma is at least
``PROVISIONAL_SIGMA``: about five rated matches, fewer at small tables. Provisional players are
left off the leaderboard and their rating is shown with a question mark, like lichess does.

Ranks come from the engine's score sheet (1 = best; a tie on points and on the tie-break shares the rank),
and are given to openskill as they are, so a tie is a tie.
"""
from functools import lru_cache

from openskill.models import PlackettLuce

from games import engine


def registered_modes():
    """Every rating mode of every registered game, in registry order (each game's own order)."""
    modes = []
    for game in engine.games():
        for mode in engine.info(game)["rating_modes"]:
            if mode not in modes:
                modes.append(mode)
    return tuple(modes)


def registered_player_counts():
    """Every player count some registered game is played at, in order."""
    from games.engine.options import player_range

    counts = set()
    for game in engine.games():
        low, high = player_range(game)  # with the options that widen it: 8 with Cities
        counts.update(range(low, high + 1))
    return tuple(sorted(counts))


def game_of_mode(mode):
    """The registered game whose matches a rating mode counts."""
    for game in engine.games():
        if mode in engine.info(game)["rating_modes"]:
            return game
    raise LookupError(f"no registered game rates mode {mode!r}")


# The modes when the site loaded (the API schema's enums); requests ask registered_modes().
MODES = registered_modes()
PLAYER_COUNTS = registered_player_counts()
DEFAULT_MODE = MODES[0]
PROVISIONAL_SIGMA = 7.8


@lru_cache(maxsize=1)
def model():
    return PlackettLuce()


def initial():
    """(mu, sigma) of a player who has never played a rated match."""
    m = model()
    return m.mu, m.sigma


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3.0 * sigma


def is_provisional(sigma: float) -> bool:
    return sigma >= PROVISIONAL_SIGMA


def rate(before, ranks):
    """New (mu, sigma) for each player: `before` is a list of (mu, sigma), `ranks` the engine's
    rank of each (1 = best, equal ranks for a tie)."""
    m = model()
    teams = [[m.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    after = m.rate(teams, ranks=list(ranks))
    return [(team[0].mu, team[0].sigma) for team in after]
