"""Ratings: openskill's Weng-Lin model with Plackett-Luce, one rating per user and mode.

Modes. A mode is a ladder: the engine derives it from a match's config
(``engine.rating_mode(config)``), and the modes are the union of every registered game's
``info(game)["rating_modes"]`` (``base``, later ``base-2p``, ``cities``, ``architects``...). One rating per game keeps enough matches behind each rating for it to mean something;
the player count is a filter of the statistics, not a separate ladder.

Teams (``cities-teams``). Each partner keeps a personal rating; a team match rates every player
with the rank of their team (the engine's sheet gives both partners the team's rank: team total,
then team coins), so partners win, lose and tie together. (Ruling for issue 10.)

Rated matches (docs/ratings.md has the reasons). A finished match is rated when its host left it
rated (``Match.rated``) and a person sat at it. Bots are rated players with a fixed rating per
mode, fitted from bot tournaments (``manage.py calibrate_bots`` writes ``data/bot_ratings.json``):
a game moves the people's ratings as the model says a result against those ratings is worth, and
never a bot's. A mode without a fitted bot rating rates no game with a bot in it.

A rating is (mu, sigma); the leaderboard sorts by the ordinal mu - 3 sigma, a cautious estimate
(new players start at 25, 8.33, ordinal 0), shown on a familiar scale: ``display`` is
1500 + 25 x ordinal, never below 0. A player is provisional while sigma is at least
``PROVISIONAL_SIGMA``: about five rated matches, fewer at small tables. Provisional players are
listed on the leaderboard with a mark, without a rank.

Ranks come from the engine's score sheet (1 = best; a tie on points and on the tie-break shares the rank),
and are given to openskill as they are, so a tie is a tie; except that a seat its person left
(conceded, or taken over after missed deadlines) ranks below every seat that stayed
(``rating_ranks``).
"""
import json
from pathlib import Path
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
DISPLAY_BASE = 1500     # a new player's number (ordinal 0)
DISPLAY_SCALE = 25      # rating points per unit of ordinal
BOT_SIGMA = 1.0         # a bot's stated uncertainty: its strength is measured, not guessed
BOT_LEVELS = ("easy", "medium", "hard")
BOT_RATINGS_FILE = Path(__file__).resolve().parent / "data" / "bot_ratings.json"


@lru_cache(maxsize=1)
def model():
    return PlackettLuce()


def initial():
    """(mu, sigma) of a player who has never played a rated match."""
    m = model()
    return m.mu, m.sigma


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3.0 * sigma


def display(mu: float, sigma: float) -> int:
    """The number people read: 1500 + 25 x (mu - 3 sigma), rounded, never below 0."""
    return max(0, round(DISPLAY_BASE + DISPLAY_SCALE * ordinal(mu, sigma)))


def display_of_ordinal(value: float) -> int:
    return max(0, round(DISPLAY_BASE + DISPLAY_SCALE * value))


def load_bot_ratings(path=None):
    """The fitted bot ratings file: {"modes": {mode: {level: mu}}, ...}; empty modes if missing."""
    try:
        with open(path or BOT_RATINGS_FILE, encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        return {"modes": {}}


@lru_cache(maxsize=1)
def _bot_ratings():
    return load_bot_ratings()


def bot_rating(mode, level):
    """(mu, sigma) of a bot level in a mode, or None when the calibration has not measured it."""
    mu = _bot_ratings()["modes"].get(mode, {}).get(level)
    return None if mu is None else (float(mu), BOT_SIGMA)


def bot_ratings(mode):
    """Every measured bot level of a mode: [(level, mu, sigma)], weakest first."""
    out = [(level, *bot_rating(mode, level)) for level in BOT_LEVELS if bot_rating(mode, level)]
    return sorted(out, key=lambda row: row[1])


def rating_ranks(ranks, left):
    """The ranks the rating uses: the sheet's `ranks`, with every seat whose person left (`left`
    true) after every seat that stayed; seats that left are ordered among themselves by their
    sheet rank (the rules' tie-break), and partners of a team keep sharing the rank they share."""
    stayed = sorted({rank for rank, gone in zip(ranks, left) if not gone})
    gone = sorted({rank for rank, went in zip(ranks, left) if went})
    place = {}
    for rank in stayed:
        # after the seats that stayed ahead of it, sharing a rank with a stayed tie
        place[("stay", rank)] = 1 + sum(1 for r, g in zip(ranks, left) if not g and r < rank)
    below = sum(1 for g in left if not g)
    for rank in gone:
        place[("gone", rank)] = below + 1 + sum(1 for r, g in zip(ranks, left) if g and r < rank)
    return [place[("gone" if went else "stay", rank)] for rank, went in zip(ranks, left)]


def is_provisional(sigma: float) -> bool:
    return sigma >= PROVISIONAL_SIGMA


def rate(before, ranks):
    """New (mu, sigma) for each player: `before` is a list of (mu, sigma), `ranks` the engine's
    rank of each (1 = best, equal ranks for a tie)."""
    m = model()
    teams = [[m.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    after = m.rate(teams, ranks=list(ranks))
    return [(team[0].mu, team[0].sigma) for team in after]


def rate_against_fixed(before, ranks, fixed):
    """Like ``rate``, where the players marked in `fixed` (the bots) keep their (mu, sigma): they
    take part in the model's sum as they are, their own update is dropped."""
    after = rate(before, ranks)
    return [old if keep else new for old, new, keep in zip(before, after, fixed)]
