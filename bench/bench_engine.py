"""Engine speed: full random-legal-move games per second, one core.

    python bench/bench_engine.py [--seconds 5] [--players 2,3,4,7] [--architects-players 2,4,7] [--cities 4,8]

Each game is the loop of the design note: for every seat to act, compute
`legal_actions(state, seat)` (every card with every payment option) and apply a random one,
until the game is over. The base game (sides at random) is measured at `--players`, then 7 Wonders
Architects (wonders at random) at `--architects-players`; an empty list skips a game. Caches start cold in this process and warm up as games are played, as
they would in a server; every game has a new seed. Rates are per second of this process's CPU
time (one core); the wall-clock rate is shown too. Targets: 250 games/s at 3 players, 80 at 7.
``--cities`` adds the same figure for games with the Cities expansion (8-card hands, black
cards, debt decisions) at those player counts (no target).
``--rollouts`` measures the search bot's rollouts (whole games played by the greedy bot from a
new deal, the unit of its search): through the contract (a view and every payment, per seat and
decision) and through the game's quick ``rollout_turn``, the path the search bot takes.
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games import engine  # noqa: E402

TARGETS = {3: 250, 7: 80}


CONFIGS = {
    "base": lambda n, expansions=(): {"game": "base", "players": n, "sides": "random",
                                      **({"expansions": list(expansions)} if expansions else {})},
    "architects": lambda n, expansions=(): {"game": "architects", "players": n},
}


def play(n, seed, game="base", expansions=()):
    rng = random.Random(seed)
    state = engine.new_game(CONFIGS[game](n, expansions), seed=seed)
    decisions = 0
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            action = rng.choice(engine.legal_actions(state, seat))
            state, _ = engine.apply(state, seat, action)
            decisions += 1
    return decisions


def bench(n, seconds, game="base", expansions=()):
    """Play games for `seconds` of this process's CPU time (one core: the engine is
    single-threaded; CPU time keeps the figure honest on a shared machine)."""
    games = decisions = 0
    start = time.process_time()
    wall = time.perf_counter()
    while True:
        decisions += play(n, games, game, expansions)
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return games, decisions, elapsed, time.perf_counter() - wall


def rollouts(n, seconds, quick):
    """Greedy rollouts per CPU second at `n` seats, from new deals (sides A)."""
    import types

    from games.bots import greedy_bot, search_bot

    policy = greedy_bot if quick else types.SimpleNamespace(choose=greedy_bot.choose)  # no quick path
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = engine.new_game({"game": "base", "players": n}, done)
        search_bot.rollout(state, random.Random(done), policy)
        done += 1
    return done / (time.process_time() - start)


def _counts(text):
    return [int(x) for x in text.split(",") if x.strip()]


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", default="2,3,4,7", help="Base-game player counts (2: the variant with the Free City).")
    parser.add_argument("--architects-players", default="2,4,7", help="7 Wonders Architects player counts.")
    parser.add_argument("--cities", default="4,8", help="player counts of Cities games ('' for none)")
    parser.add_argument("--rollouts", default="4,7", help="player counts of the search bot's rollouts ('' for none)")
    args = parser.parse_args(argv)
    print(f"python {sys.version.split()[0]}, {args.seconds:g} s of CPU time per player count, "
          "random legal moves, legal actions computed for every decision")
    ok = True
    runs = [("base", n) for n in _counts(args.players)] + [("architects", n) for n in _counts(args.architects_players)]
    for game, n in runs:
        games, decisions, elapsed, wall = bench(n, args.seconds, game)
        rate = games / elapsed
        target = TARGETS.get(n) if game == "base" else None
        verdict = ""
        if target:
            verdict = f"  target {target}: {'ok' if rate >= target else 'BELOW'}"
            ok = ok and rate >= target
        print(f"{game:>10} {n} players: {rate:8.1f} games/s  ({games} games, "
              f"{decisions / elapsed:7.0f} decisions/s; wall clock {games / wall:.1f} games/s)"
              f"{verdict}")
    for n in [int(x) for x in args.cities.split(",") if x]:
        games, decisions, elapsed, wall = bench(n, args.seconds, "base", ["cities"])
        print(f"Cities, {n} players: {games / elapsed:8.1f} games/s  ({games} games, "
              f"{decisions / elapsed:7.0f} decisions/s; wall clock {games / wall:.1f} games/s)")
    for n in _counts(args.rollouts):
        rollouts(n, args.seconds / 4, quick=False)  # warm the engine's caches for both
        contract = rollouts(n, args.seconds, quick=False)
        quick = rollouts(n, args.seconds, quick=True)
        print(f"greedy rollouts, {n} players: {contract:6.1f}/s through the contract, {quick:6.1f}/s "
              f"through rollout_turn ({quick / contract:.2f}x)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
