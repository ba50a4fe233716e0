"""The "Suggest" hint's wall time, as a player waits for it (issue 28, item 3: within 1.5 s).

    nice -n 19 .venv/bin/python bench/bench_hints.py [--hints 30] [--seconds 1.0] [--processes 1]

For each table (base 4 players, base 7 players, Architects 3 players) it plays games with medium
bots and, at spread-out decisions of seat 0, sends the seat's view and legal actions to a hint
process as games/hint_runner.py does (a "spawn" ProcessPoolExecutor, warmed first) and times the
round trip: pickling there and back, the search (`--seconds`, HINT_SECONDS) and the reason.
Prints p50, p99 and max per table, the CPU time the hint process spent on each (p50, max: a wall
time far above it is a process kept waiting for a core, on a machine busier than it has cores), and
the cold start (the first hint of a fresh process).
"""
import argparse
import multiprocessing
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from games import bots, engine  # noqa: E402
from games.bots import suggest  # noqa: E402

TABLES = (("base, 4 players", {"game": "base", "players": 4}),
          ("base, 7 players", {"game": "base", "players": 7}),
          ("Architects, 3 players", {"game": "architects", "players": 3}))


def positions(config, count, seed):
    """`count` (view, legal) pairs of seat 0, spread over games played by medium bots."""
    rng = random.Random(seed)
    cfg = engine.normalize_config(config)
    medium = bots.get("medium")
    out = []
    while len(out) < count:
        state = engine.new_game(cfg, rng.getrandbits(32))
        while not engine.is_over(state) and len(out) < count:
            for seat in engine.to_act(state):
                legal = engine.legal_actions(state, seat)
                view = engine.view(state, seat)
                if seat == 0 and len(legal) > 1 and rng.random() < 0.3:
                    out.append((view, legal))
                state, _ = engine.apply(state, seat, medium.choose(view, legal, rng))
                if engine.is_over(state):
                    break
    return out


def timed_suggest(view, legal, seconds):
    """The hint process's work, with the CPU seconds it took there."""
    began = time.process_time()
    answer = suggest.suggest(view, legal, seconds=seconds)
    return answer, time.process_time() - began


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hints", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--processes", type=int, default=1)
    args = parser.parse_args()
    context = multiprocessing.get_context("spawn")
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.processes, mp_context=context) as pool:
        pool.submit(suggest.warm).result()
        print(f"cold start (spawn + imports): {time.perf_counter() - began:.2f} s")
        for name, config in TABLES:
            times, cpu = [], []
            for view, legal in positions(config, args.hints, seed=28):
                start = time.perf_counter()
                answer, spent = pool.submit(timed_suggest, view, legal, args.seconds).result()
                times.append(time.perf_counter() - start)
                cpu.append(spent)
                assert answer["action"] in legal
            print(f"{name}: {len(times)} hints, wall p50 {statistics.median(times):.3f} s, "
                  f"p99 {percentile(times, 0.99):.3f} s, max {max(times):.3f} s; "
                  f"CPU p50 {statistics.median(cpu):.3f} s, max {max(cpu):.3f} s")


if __name__ == "__main__":
    main()
