"""Bot tournament: one bot against others, in any game and player count, seats rotated.

    python bench/bench_bots.py --bot search --against greedy --game base --players 4 --games 200
        [--seconds 1.0 | --iterations 200] [--processes 2] [--option sides=A] [--seed 0]

A bot is a policy (random, greedy, search) or a level the site offers (easy, medium, hard: the
policy games.bots.LEVELS gives it). Game k seats the bot under test at seat k mod players and
the others (the `--against` bots, repeated) around it; every game has its own seed. Games run in `--processes` worker processes.
Prints, per bot: its seats, win rate (a shared first place counts as a win) with a 95% Wilson
interval, mean score and rank, and mean / p99 / max milliseconds per decision, plus the parity
win rate (1 / players). Wall-clock figures depend on the load of the machine: run it alone, or
with `--cpu-clock` (the search's seconds and the times per decision are the process's CPU time:
each game has a core of its own, as the targets assume, however busy the machine is).
"""
import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _policy(name, seconds, iterations, clock):
    from games import bots

    bot = bots.get(name)
    if bots.searches(name):
        return lambda view, legal, rng: bot.choose(view, legal, rng, seconds=seconds, iterations=iterations,
                                                   clock=clock)
    return bot.choose


def play_one(job):
    """One game: (per seat: bot name, total, rank, decision times in seconds)."""
    from games import engine

    config, names, seed, seconds, iterations, cpu_clock = job
    clock = time.process_time if cpu_clock else time.perf_counter
    policies = {name: _policy(name, seconds, iterations, clock) for name in set(names)}
    rng = random.Random(seed)
    state = engine.new_game(config, seed)
    times = [[] for _ in names]
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            legal = engine.legal_actions(state, seat)
            started = clock()
            action = legal[0] if len(legal) == 1 else policies[names[seat]](engine.view(state, seat), legal, rng)
            times[seat].append(clock() - started)
            state, _events = engine.apply(state, seat, action)
            if engine.is_over(state):
                break
    sheets = sorted(engine.scores(state), key=lambda sheet: sheet["seat"])
    return [(names[s], sheet["total"], sheet["rank"], times[s]) for s, sheet in enumerate(sheets)]


def wilson(wins, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def report(results, players, bot):
    per_bot = {}
    for game in results:
        for name, total, rank, times in game:
            entry = per_bot.setdefault(name, {"seats": 0, "wins": 0, "totals": [], "ranks": [], "times": []})
            entry["seats"] += 1
            entry["wins"] += rank == 1
            entry["totals"].append(total)
            entry["ranks"].append(rank)
            entry["times"].extend(times)
    print(f"{'bot':<10}{'seats':>7}{'win rate':>10}{'95% interval':>17}{'mean score':>12}{'mean rank':>11}"
          f"{'ms/move':>9}{'p99 ms':>9}{'max ms':>9}")
    for name in [bot] + sorted(n for n in per_bot if n != bot):
        e = per_bot[name]
        low, high = wilson(e["wins"], e["seats"])
        ms = [t * 1000 for t in e["times"]]
        print(f"{name:<10}{e['seats']:>7}{e['wins'] / e['seats']:>10.1%}{f'{low:.1%} - {high:.1%}':>17}"
              f"{statistics.mean(e['totals']):>12.1f}{statistics.mean(e['ranks']):>11.2f}"
              f"{statistics.mean(ms) if ms else 0:>9.2f}{percentile(ms, 0.99):>9.2f}{max(ms) if ms else 0:>9.2f}")
    print(f"parity (one seat in {players}): {1 / players:.1%}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="search")
    parser.add_argument("--against", default="greedy", help="comma-separated bots for the other seats, repeated")
    parser.add_argument("--game", default="base")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=None, help="search budget per decision")
    parser.add_argument("--iterations", type=int, default=None, help="search budget per decision")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--option", action="append", default=[], help="a config option, name=value (value as JSON where it parses)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cpu-clock", action="store_true",
                        help="count the search budget and the times per decision in the process's CPU time: "
                             "a core of its own per game, whatever else the machine runs")
    args = parser.parse_args(argv)
    config = {"game": args.game, "players": args.players}
    for option in args.option:
        name, _, value = option.partition("=")
        try:  # JSON where it parses: expansions='["cities"]', teams=true; else the plain string
            config[name] = json.loads(value)
        except ValueError:
            config[name] = value
    others = args.against.split(",")
    from games import bots

    for name in [args.bot, *others]:
        if name not in bots.POLICIES and name not in bots.LEVELS:
            parser.error(f"unknown bot {name!r}: a policy ({', '.join(bots.POLICIES)}) or a level "
                         f"({', '.join(bots.LEVELS)})")
    jobs = []
    for k in range(args.games):
        names = [others[(i) % len(others)] for i in range(args.players - 1)]
        names.insert(k % args.players, args.bot)
        jobs.append((config, names, random.Random(f"{args.seed}:{k}").randrange(2**62), args.seconds,
                     args.iterations, args.cpu_clock))
    started = time.monotonic()
    if args.processes == 1:  # in this process (a profiler sees the games)
        results = [play_one(job) for job in jobs]
    else:
        with ProcessPoolExecutor(max_workers=args.processes) as pool:
            results = list(pool.map(play_one, jobs))
    budget = f"{args.seconds} s" if args.seconds else f"{args.iterations} iterations" if args.iterations else "default"
    budget += " of CPU time" if args.cpu_clock and args.seconds else ""
    print(f"{args.games} games of {config}, {args.bot} against {args.against}, search budget {budget}, "
          f"{args.processes} processes, {time.monotonic() - started:.0f} s")
    report(results, args.players, args.bot)


if __name__ == "__main__":
    main()
