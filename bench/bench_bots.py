"""Bot tournaments: the public benchmark (--suite), or one bot against others in one game.

    python bench/bench_bots.py --suite [--rows base-4,architects-3] [--deals 400] [--processes 2]
        [--agent examples.my_bot:choose [--fields medium,random]] [--json results.jsonl]
    python bench/bench_bots.py --table results.jsonl
    python bench/bench_bots.py --bot search --against greedy --game base --players 4 --games 200
        [--seconds 1.0 | --iterations 200] [--processes 2] [--option sides=A] [--seed 0]

The benchmark (docs/bots.md) plays the fixed deals of bench/bot_deals.py: every row (a game and a
player count), every matchup (the baselines `random`, `points` and `medium` against a field of
another; or `--agent` against each field), seats rotated, times in CPU time (a core a game), and
prints a table per row; `--json` appends each matchup's numbers to a file, `--table` prints a
file's as one Markdown table. Each line names the code that played it (``code_tag``: a digest of
the committed rules, bots, catalogue and deals of its game), so a row can be played a chunk of
deals at a time (`--first-deal`, `--deals`), on any machines: `--table` adds up a row and
matchup's chunks played by the same code (``merged``). bench/results/hard.jsonl keeps the `hard`
rows so (docs/bots.md).

A bot is a policy (random, points, greedy, search), a level the site offers (easy, medium, hard:
the policy games.bots.LEVELS gives it) or a function of your own, ``package.module:function``
with the bots' signature ``choose(view, legal_actions, rng)`` (imported from the repository's
root). In the one-game tournament, game k seats the bot under test at seat k mod players and
the others (the `--against` bots, repeated) around it; every game has its own seed. Games run in `--processes` worker processes.
Prints, per bot: its seats, win rate (a shared first place counts as a win) with a 95% Wilson
interval, mean score and rank, and mean / p99 / max milliseconds per decision, plus the parity
win rate (1 / players). Wall-clock figures depend on the load of the machine: run it alone, or
with `--cpu-clock` (the search's seconds and the times per decision are the process's CPU time:
each game has a core of its own, as the targets assume, however busy the machine is).
"""
import argparse
import importlib
import json
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(BENCH_DIR))
sys.path.insert(0, BENCH_DIR)  # bot_deals


def agent_function(name):
    """The function a ``package.module:function`` name stands for."""
    module, _, function = name.partition(":")
    return getattr(importlib.import_module(module), function)


def _policy(name, seconds, iterations, clock):
    from games import bots

    if ":" in name:
        return agent_function(name)
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


def check_bot(parser, name):
    from games import bots

    if ":" in name:
        try:
            agent_function(name)
        except (ImportError, AttributeError, ValueError) as error:
            parser.error(f"cannot load the agent {name!r}: {error}")
    elif name not in bots.POLICIES and name not in bots.LEVELS:
        parser.error(f"unknown bot {name!r}: a policy ({', '.join(bots.POLICIES)}), a level "
                     f"({', '.join(bots.LEVELS)}) or package.module:function")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", action="store_true", help="the public benchmark (bench/bot_deals.py)")
    parser.add_argument("--rows", default="", help="the benchmark's rows, comma-separated (default: all)")
    parser.add_argument("--deals", type=int, default=None, help="deals a matchup (default: bot_deals.DEALS)")
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--agent", default=None, help="the benchmark's bot under test instead of the baselines")
    parser.add_argument("--fields", default=None, help="the fields an --agent meets (default: medium,random)")
    parser.add_argument("--matchups", default=None, help="the benchmark's matchups instead: bot/field,bot/field")
    parser.add_argument("--json", default=None, help="append each matchup's numbers to this file")
    parser.add_argument("--table", default=None, help="print a --json file's numbers as one Markdown table")
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
    if args.table:
        print(markdown_table(args.table))
        return
    if args.suite:
        return run_suite(parser, args)
    config = {"game": args.game, "players": args.players}
    for option in args.option:
        name, _, value = option.partition("=")
        try:  # JSON where it parses: expansions='["cities"]', teams=true; else the plain string
            config[name] = json.loads(value)
        except ValueError:
            config[name] = value
    others = args.against.split(",")
    for name in [args.bot, *others]:
        check_bot(parser, name)
    jobs = []
    for k in range(args.games):
        names = [others[(i) % len(others)] for i in range(args.players - 1)]
        names.insert(k % args.players, args.bot)
        jobs.append((config, names, random.Random(f"{args.seed}:{k}").randrange(2**62), args.seconds,
                     args.iterations, args.cpu_clock))
    started = time.monotonic()
    results = play_all(jobs, args.processes)
    budget = f"{args.seconds} s" if args.seconds else f"{args.iterations} iterations" if args.iterations else "default"
    budget += " of CPU time" if args.cpu_clock and args.seconds else ""
    print(f"{args.games} games of {config}, {args.bot} against {args.against}, search budget {budget}, "
          f"{args.processes} processes, {time.monotonic() - started:.0f} s")
    report(results, args.players, args.bot)


def play_all(jobs, processes):
    if processes == 1:  # in this process (a profiler sees the games)
        return [play_one(job) for job in jobs]
    with ProcessPoolExecutor(max_workers=processes) as pool:
        return list(pool.map(play_one, jobs, chunksize=4))


def summary(row, bot, field, results, players, first_deal, code=None):
    """A matchup's numbers: the bot under test's wins over its games, its times, the scores."""
    mine = [seat for game in results for seat in game if seat[0] == bot]
    theirs = [seat for game in results for seat in game if seat[0] != bot]
    wins = sum(1 for seat in mine if seat[2] == 1)
    low, high = wilson(wins, len(mine))
    ms = [t * 1000 for seat in mine for t in seat[3]]
    return {"row": row, "bot": bot, "field": field, "players": players, "games": len(mine), "wins": wins,
            "win_rate": wins / len(mine), "low": low, "high": high, "parity": 1 / players,
            "deals": [first_deal, first_deal + len(results) - 1],
            "score": statistics.mean(seat[1] for seat in mine),
            "field_score": statistics.mean(seat[1] for seat in theirs),
            "ms_per_move": statistics.mean(ms) if ms else 0.0, "p99_ms": percentile(ms, 0.99), "moves": len(ms),
            "code": code}


# What decides a game's moves: the rules and bots, the catalogue, the benchmark's deals (less the
# rules pages' texts, the game review's files, which no bot plays with, and the other games' engine
# and data folders: code_tag).
PLAY_PATHS = ("games/engine", "games/bots", "cards/data", "bench/bot_deals.py", ":(exclude)cards/data/rules",
              ":(exclude)games/bots/review.py", ":(exclude)games/bots/calibration.py",
              ":(exclude)games/bots/data/review_calibration.json")


def code_tag(game):
    """A digest of the committed files that decide how `game`'s games go (PLAY_PATHS, without the
    other registered games' folders), or None outside a git checkout; "+changed" when those files
    differ from the commit. A row's chunks of deals merge in --table only when their tags are the
    same and unchanged."""
    import hashlib
    import subprocess

    from games.engine import registry

    others = [f":(exclude){top}/{other}" for other in registry.GAMES if other != game
              for top in ("games/engine", "cards/data")]
    root = os.path.dirname(BENCH_DIR)
    try:
        files = subprocess.run(["git", "ls-files", "-s", "--", *PLAY_PATHS, *others], cwd=root,
                               capture_output=True, check=True).stdout
        changed = subprocess.run(["git", "status", "--porcelain", "--", *PLAY_PATHS, *others], cwd=root,
                                 capture_output=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return hashlib.sha256(files).hexdigest()[:16] + ("+changed" if changed else "")


def run_suite(parser, args):
    import bot_deals

    rows = [row for row in args.rows.split(",") if row] or list(bot_deals.ROWS)
    for row in rows:
        if row not in bot_deals.ROWS:
            parser.error(f"unknown row {row!r}: {', '.join(bot_deals.ROWS)}")
    pairs = bot_deals.matchups(args.agent)
    if args.agent and args.fields:
        pairs = [(args.agent, field) for field in args.fields.split(",")]
    if args.matchups:
        pairs = [tuple(pair.split("/", 1)) for pair in args.matchups.split(",")]
        if any(len(pair) != 2 for pair in pairs):
            parser.error("--matchups: bot/field pairs, comma-separated")
    for bot, field in pairs:
        check_bot(parser, bot)
        check_bot(parser, field)
    count = args.deals or bot_deals.DEALS
    for row in rows:
        name, config = bot_deals.ROWS[row]
        code = code_tag(config["game"])  # the code as the row starts (a later commit is not what played)
        started = time.monotonic()
        lines = []
        for bot, field in pairs:
            deals = bot_deals.deals(row, bot, field, count, args.first_deal)
            jobs = [(cfg, names, seed, args.seconds, args.iterations, True) for cfg, names, seed in deals]
            numbers = summary(row, bot, field, play_all(jobs, args.processes), deals[0][0]["players"],
                              args.first_deal, code)
            lines.append(numbers)
            if args.json:
                with open(args.json, "a", encoding="utf-8") as out:
                    out.write(json.dumps(numbers) + "\n")
        print(f"{name} ({row}): deals {args.first_deal}-{args.first_deal + count - 1}, seats rotated, "
              f"{args.processes} processes, one core a game, {time.monotonic() - started:.0f} s")
        print_rows(lines)
        sys.stdout.flush()


def _vs(numbers):
    return f"{numbers['bot']} vs {numbers['players'] - 1}x {numbers['field']}"


def print_rows(lines):
    width = max([34] + [len(_vs(n)) + 2 for n in lines])
    print(f"  {'matchup':<{width}}{'games':>6}{'win rate':>10}{'95% interval':>17}{'parity':>8}"
          f"{'score':>7}{'field':>7}{'ms/move':>9}{'p99 ms':>9}")
    for n in lines:
        interval = f"{n['low']:.1%} - {n['high']:.1%}"
        print(f"  {_vs(n):<{width}}{n['games']:>6}{n['win_rate']:>10.1%}{interval:>17}"
              f"{n['parity']:>8.1%}{n['score']:>7.1f}{n['field_score']:>7.1f}{n['ms_per_move']:>9.2f}"
              f"{n['p99_ms']:>9.2f}")


def merged(path):
    """Each row and matchup of a --json file, its chunks of deals merged: the latest line of a row
    and matchup says which code counts (its ``code`` tag); the lines of that code whose deals do
    not overlap a later one's add up (a row of 400 deals played 80 at a time, on any machines).
    A line without a tag, or with a changed one, stands alone. The merged p99 is the largest
    chunk's (an upper bound)."""
    lines = []
    with open(path, encoding="utf-8") as text:
        for line in text:
            if line.strip():
                lines.append(json.loads(line))
    out = {}
    for key in dict.fromkeys((n["row"], n["bot"], n["field"]) for n in lines):
        mine = [n for n in lines if (n["row"], n["bot"], n["field"]) == key]
        latest = mine[-1]
        code = latest.get("code")
        if code is None or code.endswith("+changed"):
            out[key] = latest
            continue
        chunks = []
        for n in reversed(mine):
            low, high = n["deals"]
            if n.get("code") == code and all(high < c["deals"][0] or low > c["deals"][1] for c in chunks):
                chunks.append(n)
        out[key] = _sum_chunks(sorted(chunks, key=lambda n: n["deals"][0]))
    return out


def _sum_chunks(chunks):
    if len(chunks) == 1:
        return chunks[0]
    games = sum(n["games"] for n in chunks)
    wins = sum(n["wins"] for n in chunks)
    moves = sum(n.get("moves", n["games"]) for n in chunks)
    low, high = wilson(wins, games)
    first = chunks[0]
    return {**first, "games": games, "wins": wins, "win_rate": wins / games, "low": low, "high": high,
            "deals": [[n["deals"][0], n["deals"][1]] for n in chunks],
            "score": sum(n["score"] * n["games"] for n in chunks) / games,
            "field_score": sum(n["field_score"] * n["games"] for n in chunks) / games,
            "ms_per_move": sum(n["ms_per_move"] * n.get("moves", n["games"]) for n in chunks) / moves,
            "p99_ms": max(n["p99_ms"] for n in chunks), "moves": moves}


def _deal_ranges(deals):
    """"0-159, 240-319" for chunks 0-79, 80-159 and 240-319."""
    spans = []
    for low, high in (deals if isinstance(deals[0], list) else [deals]):
        if spans and spans[-1][1] + 1 == low:
            spans[-1][1] = high
        else:
            spans.append([low, high])
    return ", ".join(f"{low}-{high}" for low, high in spans)


def markdown_table(path):
    """One Markdown table of a --json file (``merged``: a row and matchup's chunks of deals of the
    same code add up)."""
    import bot_deals

    latest = merged(path)
    order = {row: k for k, row in enumerate(bot_deals.ROWS)}
    pairs = {pair: k for k, pair in enumerate(bot_deals.BASELINE_MATCHUPS)}
    out = ["| game | matchup | deals | games | win rate (95% interval) | parity | mean score (field) | ms a move |",
           "| --- | --- | --- | --- | --- | --- | --- | --- |"]

    def place(item):
        (row, bot, field), _numbers = item
        return order.get(row, len(order)), pairs.get((bot, field), len(pairs))

    for (row, _bot, _field), n in sorted(latest.items(), key=place):
        out.append(f"| {bot_deals.ROWS[row][0] if row in bot_deals.ROWS else row} | {_vs(n)} | "
                   f"{_deal_ranges(n['deals'])} | {n['games']} | "
                   f"{n['win_rate']:.1%} ({n['low']:.1%}-{n['high']:.1%}) | {n['parity']:.1%} | "
                   f"{n['score']:.1f} ({n['field_score']:.1f}) | {n['ms_per_move']:.2f} |")
    return "\n".join(out)


if __name__ == "__main__":
    main()
