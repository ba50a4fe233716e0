"""Fitting the bots' ratings from their tournaments (``calibration.py``), and checking the fit.

The model is the site's own (openskill's Plackett-Luce, ``ratings.model()``): in a game of n
seats each seat i has a strength exp(mu_i / c), c = sqrt(sum over seats of (sigma_i^2 +
beta^2)), every bot's sigma being ``ratings.BOT_SIGMA``; the probability of a finishing order is
the product, best first, of each seat's strength over the strengths of the seats not ahead of it
(seats that share a rank share that sum: the tie of a team game's partners). The fit is the
maximum, over every game of a mode, of the likelihood of the first factor alone: which seats
won (P = the winners' strengths over every seat's), with ``medium`` pinned at the newcomer's
mu (25: the site places a new player where the greedy bot plays) and a weak Gaussian prior
(mean 25, sd ``PRIOR_SD``) on the others, which keeps a level that never lost finite (hard
against easy at two seats). Newton's method, from finite differences: two unknowns per mode.

Why the winners only: the check below, and what a player reads in a bot's rating, is who wins.
With the whole finishing order, the places behind the winner outweigh it (three of four factors
of a 4-seat game), and where one strength per level cannot fit every place at once, the first
place is the one fitted worst: in Architects, whose places behind the first are mostly luck,
easy against three medium won 3.3% (1.4-7.6%) and medium against three easy 60.0% (52.0-67.5%);
the full-order fit predicted 9.3% and 52.1%, the winners' fit 6.2% and 62.8%.

Check: for each tournament "one X against Y" the measured share of games in which an X seat
ranked first (shared first places count), with its 95% Wilson interval, beside the model's
prediction: an X seat first = k eX / (k eX + m eY), k and m the seats of each level.
"""
import math
from collections import defaultdict

ANCHOR_LEVEL = "medium"
ANCHOR_MU = 25.0
PRIOR_SD = 25.0


def _constants():
    from games.history.ratings import BOT_SIGMA, model

    m = model()
    return m.beta, BOT_SIGMA


def log_likelihood(games, mus):
    """Sum of log P(these seats won) of `games` (dicts with levels and ranks) for level strengths
    `mus`: the winners' strengths over every seat's (a shared first place: its seats' sum)."""
    beta, sigma = _constants()
    total = 0.0
    for game in games:
        levels, ranks = game["levels"], game["ranks"]
        c = math.sqrt(len(levels) * (sigma * sigma + beta * beta))
        strengths = [mus[level] / c for level in levels]
        top = max(strengths)
        first = min(ranks)
        won = sum(math.exp(s - top) for s, r in zip(strengths, ranks) if r == first)
        total += math.log(won) - math.log(sum(math.exp(s - top) for s in strengths))
    return total


def _objective(games, free, values):
    mus = {ANCHOR_LEVEL: ANCHOR_MU, **dict(zip(free, values))}
    prior = sum(-((v - ANCHOR_MU) ** 2) / (2 * PRIOR_SD ** 2) for v in values)
    return log_likelihood(games, mus) + prior


def fit_mode(games):
    """{level: mu} of the levels in `games`, and {level: standard error} (from the curvature)."""
    levels = sorted({level for game in games for level in game["levels"]})
    free = [level for level in levels if level != ANCHOR_LEVEL]
    x = [ANCHOR_MU] * len(free)
    h = 1e-3
    for _step in range(60):
        f0 = _objective(games, free, x)
        grad, hess = _derivatives(games, free, x, f0, h)
        delta = _solve(hess, [-g for g in grad])
        if delta is None:
            break
        # Damped: halve the step until the objective does not fall.
        scale = 1.0
        while scale > 1e-4:
            trial = [xi + scale * di for xi, di in zip(x, delta)]
            if _objective(games, free, trial) >= f0 - 1e-9:
                break
            scale /= 2
        x = trial
        if max(abs(scale * d) for d in delta) < 1e-6:
            break
    _grad, hess = _derivatives(games, free, x, _objective(games, free, x), h)
    errors = _standard_errors(hess)
    mus = {ANCHOR_LEVEL: ANCHOR_MU, **dict(zip(free, x))}
    return mus, {ANCHOR_LEVEL: 0.0, **dict(zip(free, errors))}


def _derivatives(games, free, x, f0, h):
    n = len(x)

    def f(*shifts):
        y = list(x)
        for i, d in shifts:
            y[i] += d
        return _objective(games, free, y)

    grad = [(f((i, h)) - f((i, -h))) / (2 * h) for i in range(n)]
    hess = [[0.0] * n for _ in range(n)]
    for i in range(n):
        hess[i][i] = (f((i, h)) - 2 * f0 + f((i, -h))) / (h * h)
        for j in range(i + 1, n):
            value = (f((i, h), (j, h)) - f((i, h), (j, -h)) - f((i, -h), (j, h)) + f((i, -h), (j, -h))) / (4 * h * h)
            hess[i][j] = hess[j][i] = value
    return grad, hess


def _solve(a, b):
    """Gaussian elimination for a small system; None if singular."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col:
                factor = m[r][col] / m[col][col]
                m[r] = [vr - factor * vc for vr, vc in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


def _standard_errors(hess):
    n = len(hess)
    errors = []
    for i in range(n):
        unit = [1.0 if j == i else 0.0 for j in range(n)]
        column = _solve([[-v for v in row] for row in hess], unit)
        errors.append(math.sqrt(column[i]) if column and column[i] > 0 else float("nan"))
    return errors


def wilson(wins, n, z=1.96):
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def predicted_first(mus, levels, x):
    """The model's chance that a seat of level x ranks first among `levels` (one per seat)."""
    beta, sigma = _constants()
    c = math.sqrt(len(levels) * (sigma * sigma + beta * beta))
    strengths = [math.exp(mus[level] / c) for level in levels]
    return sum(s for s, level in zip(strengths, levels) if level == x) / sum(strengths)


def head_to_head(games, mus):
    """Rows per (mode, players, x, y): games, X wins (an X seat ranked first), the 95% interval,
    the fit's prediction and whether the interval holds it."""
    groups = defaultdict(list)
    for game in games:
        groups[(game["mode"], game["players"], game["x"], game["y"])].append(game)
    rows = []
    for (mode, players, x, y), played in groups.items():
        wins = sum(1 for g in played if any(level == x and rank == 1 for level, rank in zip(g["levels"], g["ranks"])))
        low, high = wilson(wins, len(played))
        predicted = predicted_first(mus[mode], played[0]["levels"], x)
        rows.append({"mode": mode, "players": players, "x": x, "y": y, "games": len(played), "wins": wins,
                     "rate": wins / len(played), "low": low, "high": high, "predicted": predicted,
                     "within": low <= predicted <= high})
    return rows


def fit_all(games):
    """{mode: {level: mu}}, {mode: {level: standard error}} of every mode in `games`."""
    by_mode = defaultdict(list)
    for game in games:
        by_mode[game["mode"]].append(game)
    fitted, errors = {}, {}
    for mode, played in by_mode.items():
        fitted[mode], errors[mode] = fit_mode(played)
    return fitted, errors


def ordered(mus):
    """Whether easy < medium < hard in these fitted ratings."""
    return mus.get("easy", -math.inf) < mus.get("medium", 0) < mus.get("hard", math.inf)
