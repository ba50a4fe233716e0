"""Fits the search's early stop (games/engine/base/estimate.py) and writes its weights.

    python bench/fit_estimates.py [--rows cities-8] [--games 20000] [--processes 2]

Plays greedy games as the search's rollouts play them (one seat, deal mod players, with the
searching seat's weights, the others `medium`; deals from 100,000 on: no benchmark or tuning
deal), records each seat's features (``estimate.seats_features``) at Age III's start and its final
total, and fits by least squares the total from the features, on the first three quarters of the
games; the spread (`temperature`) is the one under which the softmax of the estimates gives the
games' winners the highest likelihood. Prints the fit on the last quarter (R², the error of the
estimate, how often the highest estimate won) and writes ``estimate_weights.py``.
"""
import argparse
import math
import os
import random
import sys
import time

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH_DIR)
sys.path.insert(0, ROOT)
sys.path.insert(0, BENCH_DIR)

from bench_review import map_jobs  # noqa: E402 - bench/ is on the path just above

FIRST_DEAL = 100_000
OUT = os.path.join(ROOT, "games", "engine", "base", "estimate_weights.py")


def play(job):
    """(per seat: (features at the stop age's start, final total, won)) of one greedy game."""
    import bot_deals
    from games import engine
    from games.bots import greedy_bot, search_bot
    from games.engine.base import estimate

    row, deal = job
    config = bot_deals.config(row)
    searcher = deal % config["players"]
    rng = random.Random(deal)
    state = search_bot.play_on(engine.new_game(config, deal), rng, greedy_bot, searcher,
                               until=lambda at: at["age"] >= estimate.STOP_AGE)
    at_stop = estimate.seats_features(state, searcher)
    state = search_bot.play_on(state, rng, greedy_bot, searcher)
    final = {sheet["seat"]: sheet for sheet in engine.scores(state)}
    return [(at_stop[seat], final[seat]["total"], final[seat]["rank"] == 1) for seat in range(len(final))]


def least_squares(rows, targets):
    """The weights w minimising the squared error of rows . w against targets (normal equations,
    solved by Gaussian elimination with partial pivoting; a tiny ridge keeps a constant feature
    from making them singular)."""
    k = len(rows[0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in zip(rows, targets):
        for i in range(k):
            if x[i]:
                b[i] += x[i] * y
                row = a[i]
                for j in range(k):
                    row[j] += x[i] * x[j]
    for i in range(k):
        a[i][i] += 1e-6
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(col + 1, k):
            f = a[r][col] / a[col][col]
            if f:
                for j in range(col, k):
                    a[r][j] -= f * a[col][j]
                b[r] -= f * b[col]
    w = [0.0] * k
    for i in reversed(range(k)):
        w[i] = (b[i] - sum(a[i][j] * w[j] for j in range(i + 1, k))) / a[i][i]
    return w


def win_chances(estimates, temperature):
    """Each seat's chance to end first: the softmax of the estimates at `temperature`."""
    top = max(estimates)
    z = [math.exp((e - top) / temperature) for e in estimates]
    total = sum(z)
    return [v / total for v in z]


def winners_likelihood(games, weights, temperature):
    """The mean log chance the estimates give the games' winners (a shared first place split)."""
    total = 0.0
    for seats in games:
        chances = win_chances([sum(w * x for w, x in zip(weights, f)) for f, _, _ in seats], temperature)
        won = [c for c, (_, _, w) in zip(chances, seats) if w]
        total += math.log(max(1e-12, sum(won) / len(won)))
    return total / len(games)


def fit(games):
    """(weights, temperature, the held-out quarter's figures)."""
    cut = len(games) * 3 // 4
    train, test = games[:cut], games[cut:]
    weights = least_squares([f for seats in train for f, _, _ in seats], [t for seats in train for _, t, _ in seats])
    temperature = max((t / 4 for t in range(4, 61)), key=lambda t: winners_likelihood(train, weights, t))
    errors, totals, top_won = [], [], 0
    for seats in test:
        estimates = [sum(w * x for w, x in zip(weights, f)) for f, _, _ in seats]
        errors += [t - e for e, (_, t, _) in zip(estimates, seats)]
        totals += [t for _, t, _ in seats]
        top_won += seats[max(range(len(seats)), key=lambda s: estimates[s])][2]
    mean = sum(totals) / len(totals)
    r2 = 1 - sum(e * e for e in errors) / sum((t - mean) ** 2 for t in totals)
    rmse = math.sqrt(sum(e * e for e in errors) / len(errors))
    return weights, temperature, {"r2": r2, "rmse": rmse, "top_won": top_won / len(test),
                                  "likelihood": winners_likelihood(test, weights, temperature)}


def write(models, path=OUT):
    from games.engine.base.estimate import FEATURES

    lines = ['"""Written by bench/fit_estimates.py (its docstring says how): the weights of',
             'estimate.py\'s early stop, by table (one per estimate.FEATURES name), and each table\'s',
             'spread (temperature). Do not edit by hand: fit again."""', "", "WEIGHTS = {"]
    for key, (weights, temperature, figures, games) in models.items():
        lines.append(f"    {key!r}: {{  # {games} games: held out, R2 {figures['r2']:.3f}, error "
                     f"{figures['rmse']:.2f} points, top estimate won {100 * figures['top_won']:.1f}%")
        lines.append("        \"weights\": (")
        for name, w in zip(FEATURES, weights):
            lines.append(f"            {w:.4f},  # {name}")
        lines.append("        ),")
        lines.append(f"        \"temperature\": {temperature},")
        lines.append("    },")
    lines.append("}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", default="cities-8")
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--processes", type=int, default=os.cpu_count())
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args(argv)
    started = time.time()
    models = {}
    for row in args.rows.split(","):
        games = map_jobs(play, [(row, FIRST_DEAL + k) for k in range(args.games)], args.processes)
        weights, temperature, figures = fit(games)
        models[row] = (weights, temperature, figures, args.games)
        print(f"{row}: {args.games} games, held out: R2 {figures['r2']:.3f}, error {figures['rmse']:.2f} points, "
              f"top estimate won {100 * figures['top_won']:.1f}%, winners' log chance "
              f"{figures['likelihood']:.3f}, temperature {temperature}")
    write(models, args.out)
    print(f"in {time.time() - started:.0f} s: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
