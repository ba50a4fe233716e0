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
decision) and through the game's quick ``rollout_turn``, the path the search bot takes;
``--cities-rollouts`` the same with Cities, ``--architects-rollouts`` in Architects.
``--aging-games`` (1,800) plays that many more 4-player games in this same process, which by then
holds every cache the games before filled, and prints the rate of each block of ``--aging-block``
(150) games, with the share of that block's CPU time the garbage collector took, and the last block
against the first: a long-lived process must not slow down as it ages (issue 28; the caps in
games/engine/base/city.py).
"""

import argparse
import gc
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


def rollouts(n, seconds, quick, game="base", expansions=()):
    """Greedy rollouts per CPU second at `n` seats of `game`, from new deals (the base game: sides A)."""
    import types

    from games.bots import greedy_bot, search_bot

    policy = greedy_bot if quick else types.SimpleNamespace(choose=greedy_bot.choose)  # no quick path
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        config = {"game": game, "players": n}
        if expansions:
            config["expansions"] = list(expansions)
        state = engine.new_game(config, done)
        search_bot.rollout(state, random.Random(done), policy)
        done += 1
    return done / (time.process_time() - start)


class CollectorClock:
    """CPU seconds the garbage collector has taken since it was installed (gc.callbacks)."""

    def __init__(self):
        self.seconds = 0.0
        self._started = None
        gc.callbacks.append(self._on_collection)

    def _on_collection(self, phase, _info):
        if phase == "start":
            self._started = time.process_time()
        elif self._started is not None:
            self.seconds += time.process_time() - self._started
            self._started = None

    def close(self):
        gc.callbacks.remove(self._on_collection)


def aging(total, block, players=4):
    """(games/s, collector share) of each block of `block` games, `total` games in all, one
    process: the caches fill as they would in a server's or a worker's long life."""
    collector = CollectorClock()
    blocks = []
    try:
        seed = 10_000  # games other than the ones above
        for _ in range(total // block):
            started, collected = time.process_time(), collector.seconds
            for _ in range(block):
                play(players, seed)
                seed += 1
            elapsed = time.process_time() - started
            blocks.append((block / elapsed, (collector.seconds - collected) / elapsed))
    finally:
        collector.close()
    return blocks


def print_aging(blocks, block, players=4):
    print(f"engine aging, {players} players, blocks of {block} games in one process (games/s, "
          "collector's share of the CPU time):")
    for k, (rate, share) in enumerate(blocks):
        print(f"  games {k * block + 1:5d}-{(k + 1) * block:5d}: {rate:7.1f} games/s  collector {share:5.1%}")
    (first, first_gc), (last, last_gc) = blocks[0], blocks[-1]
    print(f"  first block {first:.1f} games/s (collector {first_gc:.1%}), last block {last:.1f} games/s "
          f"(collector {last_gc:.1%}): last/first {last / first:.2f}")


def _counts(text):
    return [int(x) for x in text.split(",") if x.strip()]


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", default="2,3,4,7", help="Base-game player counts (2: the variant with the Free City).")
    parser.add_argument("--architects-players", default="2,4,7", help="7 Wonders Architects player counts.")
    parser.add_argument("--cities", default="4,8", help="player counts of Cities games ('' for none)")
    parser.add_argument("--rollouts", default="4,7", help="player counts of the search bot's rollouts ('' for none)")
    parser.add_argument("--cities-rollouts", default="8",
                        help="player counts of the search bot's rollouts with Cities ('' for none)")
    parser.add_argument("--architects-rollouts", default="3,7",
                        help="player counts of the search bot's rollouts in Architects ('' for none)")
    parser.add_argument("--aging-games", type=int, default=1800, help="4-player games of the aging check (0: none)")
    parser.add_argument("--aging-block", type=int, default=150, help="games a block of the aging check")
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
    for game, expansions, n in ([("base", (), n) for n in _counts(args.rollouts)]
                                + [("base", ("cities",), n) for n in _counts(args.cities_rollouts)]
                                + [("architects", (), n) for n in _counts(args.architects_rollouts)]):
        rollouts(n, args.seconds / 4, quick=False, game=game, expansions=expansions)  # warm the caches for both
        contract = rollouts(n, args.seconds, quick=False, game=game, expansions=expansions)
        quick = rollouts(n, args.seconds, quick=True, game=game, expansions=expansions)
        name = "Cities, " if expansions else "" if game == "base" else f"{game}, "
        print(f"greedy rollouts, {name}{n} players: {contract:6.1f}/s through the contract, {quick:6.1f}/s "
              f"through rollout_turn ({quick / contract:.2f}x)")
    if args.aging_games >= args.aging_block > 0:
        print_aging(aging(args.aging_games, args.aging_block), args.aging_block)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
