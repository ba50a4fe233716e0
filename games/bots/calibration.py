"""The review's win chances, calibrated: the share of rollouts a move wins is mapped to the chance
that such a move's seat wins at a real table, per game mode.

Rollouts play every seat with one greedy policy (the greedy bot's: not the weights a game's
search gives its own seat, ``search_bot.successive_halving``'s `own_weights`), so their futures
vary less than real play's and
the raw shares are too sure at the ends (base game, 4 players: moves given under 10% won 7% of the
time, moves given 60-70% won 42%; docs/testing.md). The map is Platt scaling: a logistic
regression of "the seat won" on the log-odds of the smoothed share,
``chance = 1 / (1 + exp(-(a * logit(s) + b)))`` with ``s = (wins + 0.5) / (rollouts + 1)``, fitted
per mode by ``bench/bench_review.py --parts fit`` on bot games of seeds no evaluation uses, and kept
in ``data/review_calibration.json`` only when, fitted on two thirds of those games, it forecast the
last third better than the raw shares (a lower Brier score). With ``a > 0`` the map keeps the order
of the moves, so the search's preference is unchanged; only the numbers shown move. A mode without
a fit shows the raw share.
"""
import json
import math
from functools import lru_cache
from pathlib import Path

from games import engine

DATA = Path(__file__).resolve().parent / "data" / "review_calibration.json"


def mode_of(config):
    """The key of a match's calibration: its rating mode (the engine's) and its players."""
    return f"{engine.rating_mode(config)}-{engine.normalize_config(config)['players']}"


@lru_cache(maxsize=1)
def fits():
    """{mode: {"a", "b", ...how it was fitted}} from the data file (empty without it); a mode whose
    fit was no better than the raw shares on its check has no "a" and "b"."""
    if not DATA.exists():
        return {}
    return json.loads(DATA.read_text())["modes"]


def fit_of(mode):
    """The mode's map {"a", "b", ...}, or None: no mode, none fitted, or one its check dropped."""
    fit = fits().get(mode) if mode is not None else None
    return fit if fit is not None and "a" in fit else None


def smoothed(wins, rollouts):
    return (wins + 0.5) / (rollouts + 1)


def win_chance(mode, wins, rollouts):
    """The calibrated chance that a move which won `wins` of `rollouts` rollouts wins the game (the
    raw share without a mode, or for a mode without a fit)."""
    fit = fit_of(mode)
    if fit is None:
        return wins / rollouts
    return platt(fit["a"], fit["b"], smoothed(wins, rollouts))


def platt(a, b, share):
    return _sigmoid(a * _logit(share) + b)


def _sigmoid(z):
    return 1.0 / (1.0 + math.exp(-z)) if z >= 0 else math.exp(z) / (1.0 + math.exp(z))


def _logit(p):
    return math.log(p / (1.0 - p))


def fit_platt(points, iterations=50):
    """(a, b) maximising the likelihood of outcomes `points` [(smoothed share, won 0/1), ...] under
    ``platt(a, b, share)``: Newton's method on the two parameters from a = b = 0 (every chance
    even), each step halved until the likelihood grows (far from the optimum a full step can
    overshoot and diverge)."""
    xs = [(_logit(p), won) for p, won in points]
    a, b = 0.0, 0.0
    best = _log_likelihood(xs, a, b)
    for _ in range(iterations):
        ga = gb = haa = hab = hbb = 0.0
        for x, won in xs:
            q = _sigmoid(a * x + b)
            r = won - q
            w = q * (1.0 - q)
            ga += r * x
            gb += r
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        if det <= 1e-12:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        step = 1.0
        while step > 1e-6:
            tried = _log_likelihood(xs, a + step * da, b + step * db)
            if tried >= best:
                break
            step /= 2
        else:
            break
        a, b, best = a + step * da, b + step * db, tried
        if abs(step * da) < 1e-9 and abs(step * db) < 1e-9:
            break
    return a, b


def _log_likelihood(xs, a, b):
    total = 0.0
    for x, won in xs:
        q = min(max(_sigmoid(a * x + b), 1e-12), 1 - 1e-12)
        total += math.log(q if won else 1.0 - q)
    return total
