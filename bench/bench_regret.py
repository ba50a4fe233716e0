"""How much win chance the search bot's choices give away, on fixed positions (issue 28, item 4).

    python bench/bench_regret.py truth --row cities-8 --positions 120 --rounds 300 --out truth.json
    python bench/bench_regret.py regret truth.json [--repeats 3] [--seconds 1] [--processes 2]

A change to the search shows in the benchmark's win rates only over hundreds of games (80 Cities
games take 15-19 min on two cores, and their interval is 20 points wide). This bench asks the
search's own question of fixed positions instead, in a few minutes, so that changes to the search
(its budget, its candidates, its halving, its outcome values) can be compared before a tournament:

- ``truth`` finds the positions and what each candidate is worth. Position k (deals 40,000 + k of
  the row: no benchmark or tuning deal) is one decision of the seat k mod players, chosen by k among
  its decisions with two candidates or more, in a game where that seat plays the search with
  --position-iterations rollouts (a short search: positions a searching seat reaches) and the
  others play `medium`. Each candidate (``search_bot.candidate_actions``) is then played in
  --rounds rounds of the search's own kind (a sample of what the seat cannot see, every candidate
  applied to it and played to the end by the rollouts, with the same random numbers): its win
  rate if the seat goes on as the rollouts play it. Saved as JSON (the views, the legal actions,
  the candidates, the win rates).
- ``regret`` lets the search as it stands choose in every position --repeats times (its budget
  --seconds, spread by the game as at the table, in CPU time, one process a search) and prints
  the mean regret, the best candidate's win rate less the chosen one's, in points of win chance,
  and how often it chose the best, over all positions and by the age of the position when the
  view has one.

The win rates are estimates: with 300 rounds a candidate's is within about 5 points, so even a
perfect chooser shows a small regret here. Compare versions on the same truth file (one version
per git worktree), never figures from different files.
"""
import argparse
import json
import os
import random
import sys
import time

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(BENCH_DIR))
sys.path.insert(0, BENCH_DIR)  # bot_deals

from bench_review import map_jobs  # noqa: E402 - bench/ is on the path just above

FIRST_DEAL = 40_000


def find_position(row, deal, position_iterations):
    """(view, legal actions) of one decision of seat deal mod players in `deal` of `row`."""
    import bot_deals
    from games import engine
    from games.bots import greedy_bot, search_bot

    config = bot_deals.config(row)
    state = engine.new_game(config, deal)
    seat = deal % config["players"]
    rng = random.Random(deal)
    decisions = []
    while not engine.is_over(state):
        for s in engine.to_act(state):
            legal = engine.legal_actions(state, s)
            view = engine.view(state, s)
            if len(legal) == 1:
                action = legal[0]
            elif s == seat:
                if len(search_bot.candidate_actions(view, legal)) > 1:
                    decisions.append((view, legal))
                action = search_bot.choose(view, legal, rng, iterations=position_iterations)
            else:
                action = greedy_bot.choose(view, legal, rng)
            state, _events = engine.apply(state, s, action)
            if engine.is_over(state):
                break
    return decisions[(deal * 7919) % len(decisions)]


def candidate_win_rates(view, candidates, rounds, seed):
    """Each candidate's share of wins (a shared first place counts) over `rounds` of the search's
    own rounds (``search_bot.play_round``), every candidate in every round."""
    from games.bots import greedy_bot, search_bot

    seat = view["seat"]
    rng = random.Random(seed)
    wins = [0] * len(candidates)

    def tally(k, sheets):
        wins[k] += next(sheet for sheet in sheets if sheet["seat"] == seat)["rank"] == 1

    everyone = range(len(candidates))
    for _ in range(rounds):
        search_bot.play_round(view, candidates, everyone, rng, greedy_bot, tally=tally, searcher=seat)
    return [w / rounds for w in wins]


def truth_job(job):
    import gc

    from games.bots import search_bot

    row, deal, rounds, position_iterations = job
    gc.disable()  # as in the search: rollouts make no cycles
    try:
        view, legal = find_position(row, deal, position_iterations)
        candidates = search_bot.candidate_actions(view, legal)
        wins = candidate_win_rates(view, candidates, rounds, seed=deal)
    finally:
        gc.enable()
    return {"deal": deal, "view": view, "legal": legal, "candidates": candidates, "wins": wins}


def regret_of(position, chosen):
    """(regret in points of win chance, chose the best) of `chosen`, one of the truth's
    candidates or the same move paid another way (the search's own families)."""
    from games.bots.search_bot import _family

    wins = position["wins"]
    family = _family(chosen)
    k = next((i for i, c in enumerate(position["candidates"]) if _family(c) == family), None)
    if k is None:
        raise ValueError(f"{chosen!r} is none of the truth's candidates in deal {position.get('deal')}: "
                         "the search's candidates changed, make the truth file again")
    return 100 * (max(wins) - wins[k]), wins[k] == max(wins)


def regret_job(job):
    from games.bots import search_bot

    position, repeat, seconds = job
    rng = random.Random(repeat * 7919 + position["deal"])
    chosen = search_bot.choose(position["view"], position["legal"], rng, seconds=seconds,
                               clock=time.process_time)
    return position["view"].get("age"), regret_of(position, chosen)


def summarize(results):
    """Lines: the mean regret and the share of best choices, over all and by age."""
    def line(name, items):
        regret = sum(r for r, _ in items) / len(items)
        best = 100 * sum(1 for _, b in items if b) / len(items)
        return f"{name:10s} {len(items):5d} searches   regret {regret:5.2f} points   best {best:4.0f}%"

    out = [line("all", [item for _, item in results])]
    ages = sorted({age for age, _ in results if age is not None})
    for age in ages:
        out.append(line(f"age {age}", [item for a, item in results if a == age]))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    truth = sub.add_parser("truth", help="find positions and each candidate's win rate")
    truth.add_argument("--row", default="cities-8")
    truth.add_argument("--positions", type=int, default=120)
    truth.add_argument("--rounds", type=int, default=300)
    truth.add_argument("--position-iterations", type=int, default=16)
    truth.add_argument("--processes", type=int, default=os.cpu_count())
    truth.add_argument("--out", required=True)
    regret = sub.add_parser("regret", help="the search's regret on a truth file")
    regret.add_argument("truth")
    regret.add_argument("--repeats", type=int, default=3)
    regret.add_argument("--seconds", type=float, default=1.0)
    regret.add_argument("--processes", type=int, default=os.cpu_count())
    args = parser.parse_args(argv)

    started = time.time()
    if args.command == "truth":
        import bot_deals

        if args.row not in bot_deals.ROWS:
            parser.error(f"unknown row {args.row!r}; rows: {', '.join(bot_deals.ROWS)}")
        jobs = [(args.row, FIRST_DEAL + k, args.rounds, args.position_iterations)
                for k in range(args.positions)]
        positions = map_jobs(truth_job, jobs, args.processes)
        with open(args.out, "w") as f:
            json.dump({"row": args.row, "rounds": args.rounds, "positions": positions}, f)
        print(f"{len(positions)} positions of {args.row}, {args.rounds} rounds each, "
              f"in {time.time() - started:.0f} s: {args.out}")
        return 0
    with open(args.truth) as f:
        truth = json.load(f)
    jobs = [(position, repeat, args.seconds)
            for repeat in range(args.repeats) for position in truth["positions"]]
    results = map_jobs(regret_job, jobs, args.processes)
    print(f"{truth['row']}: {len(truth['positions'])} positions, {args.repeats} searches each, "
          f"{args.seconds} s a move's mean (CPU), in {time.time() - started:.0f} s")
    for text in summarize(results):
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
