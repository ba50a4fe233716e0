"""Bot tournaments for the bots' ratings: what ``manage.py calibrate_bots`` plays.

A tournament is "one X against Y": at n seats, one seat (in a team game, one team) is the level
X and the others are Y, and game k gives X the seat (the team) k mod n, so every seat and every
wonder deal is X's as often. Each rating mode plays its mixes at one player count (4 where the
mode allows it, else its smallest), with the mode's options: the pairs medium/easy both ways,
then hard against medium and hard against easy (hard is the expensive one: its games are
counted apart, ``hard_games``). Every game has its own seed, so a game can be played again.

The searching bot (hard) thinks as at the table (``search_bot.DEFAULT_SECONDS`` of wall clock)
unless ``hard_iterations`` fixes its budget in rollouts: results then depend on the seeds only,
not on the machine's load; the report says which budget was used.

Nothing here touches the database: games are dicts {mode, players, x, y, levels, ranks, totals,
seed}, kept in a JSON file that ``calibration_fit`` fits.
"""
import random
import time
from concurrent.futures import ProcessPoolExecutor

from games import engine
from games.engine import options as engine_options

PAIRS_CHEAP = (("medium", "easy"), ("easy", "medium"))
PAIRS_HARD = (("hard", "medium"), ("hard", "easy"))


def mode_setup(mode):
    """(game, options, players, team size) of the games a mode's tournaments play."""
    from games.history.ratings import game_of_mode
    from games.history.simulate import weighted_player_counts

    game = game_of_mode(mode)
    options = engine_options.mode_options(game, mode)
    counts = sorted(set(weighted_player_counts(game, mode)))
    players = 4 if 4 in counts else counts[0]
    config = {"game": game, "players": players, **options}
    team_size = 2 if engine.game_type(config).get("teams") else 1
    return game, options, players, team_size


def seat_levels(x, y, players, team_size, k):
    """Levels per seat of game k of "one X against Y": X's seat (team) turns with k.
    Teams are consecutive seats (seat // team size)."""
    groups = players // team_size
    mine = k % groups
    return [x if seat // team_size == mine else y for seat in range(players)]


def plan(modes, games, hard_games, seed=0):
    """Every game to play: (mode, x, y, levels, config, seed) jobs."""
    jobs = []
    for mode in modes:
        game, options, players, team_size = mode_setup(mode)
        groups = players // team_size
        for pairs, count in ((PAIRS_CHEAP, games), (PAIRS_HARD, hard_games)):
            for x, y in pairs:
                if groups == 2 and (y, x) in [p for p in pairs[:pairs.index((x, y))]]:
                    continue  # two sides: "easy against medium" is "medium against easy" again
                for k in range(count):
                    levels = seat_levels(x, y, players, team_size, k)
                    job_seed = random.Random(f"{seed}:{mode}:{x}:{y}:{k}").randrange(2**62)
                    config = {"game": game, "players": players, **options}
                    jobs.append((mode, x, y, levels, config, job_seed))
    return jobs


def _choose(level, view, legal, rng, hard_iterations):
    from games import bots

    policy = bots.get(level)
    if bots.searches(level) and hard_iterations:
        return policy.choose(view, legal, rng, iterations=hard_iterations)
    return policy.choose(view, legal, rng)


def play_one(job, hard_iterations=None):
    """One game of a job: the game dict kept in the results file."""
    mode, x, y, levels, config, seed = job
    rng = random.Random(seed)
    state = engine.new_game(config, seed)
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            legal = engine.legal_actions(state, seat)
            action = legal[0] if len(legal) == 1 else _choose(
                levels[seat], engine.view(state, seat), legal, rng, hard_iterations)
            state, _events = engine.apply(state, seat, action)
            if engine.is_over(state):
                break
    sheets = sorted(engine.scores(state), key=lambda sheet: sheet["seat"])
    return {"mode": mode, "players": len(levels), "x": x, "y": y, "levels": levels,
            "ranks": [sheet["rank"] for sheet in sheets], "totals": [sheet["total"] for sheet in sheets],
            "seed": seed}


def _play_star(args):
    return play_one(*args)


def run(jobs, workers=2, hard_iterations=None, progress=None):
    """Play every job in `workers` processes (1: in this one); returns the games, in job order,
    and the seconds it took."""
    started = time.monotonic()
    results = []
    if workers <= 1:
        for n, job in enumerate(jobs, start=1):
            results.append(play_one(job, hard_iterations))
            if progress:
                progress(n, len(jobs))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            # The hard games first, so the slow ones do not trail at the end.
            order = sorted(range(len(jobs)), key=lambda i: "hard" not in jobs[i][3])
            done = {}
            for n, (index, game) in enumerate(zip(order, pool.map(
                    _play_star, [(jobs[i], hard_iterations) for i in order], chunksize=4)), start=1):
                done[index] = game
                if progress:
                    progress(n, len(jobs))
            results = [done[i] for i in range(len(jobs))]
    return results, time.monotonic() - started


def search_seconds():
    """The searching bot's think time per decision at the table."""
    from games.bots import search_bot

    return search_bot.DEFAULT_SECONDS
