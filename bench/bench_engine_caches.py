"""What the base game's per-process caches cost at their caps, in a process that serves games.

    python bench/bench_engine_caches.py --games 60

Plays random 4-player games in this process as daphne serves them: before each move the state is
read back from JSON (as from the database), then the seat's legal actions, the move, and a view for
every seat and the spectator. Then, under tracemalloc, empties the caches one by one (after a full
collection each time) and prints how many entries each held, the bytes they held on their own,
bytes an entry, and that times the cap: where each cache levels off. The caches are emptied whole
when full, so they hold anything between none and their cap.
"""
import argparse
import gc
import importlib
import json
import os
import random
import sys
import tracemalloc

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from games import engine  # noqa: E402
from games.engine.base import city, trading  # noqa: E402

view_module = importlib.import_module("games.engine.base.view")  # the package exports view() by that name


def play(seed, players):
    rng = random.Random(seed)
    state = engine.new_game(engine.normalize_config({"game": "base", "players": players}), seed)
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            state = json.loads(json.dumps(state))
            state, _events = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
            for viewer in [*range(players), None]:
                engine.view(state, viewer)
            if engine.is_over(state):
                break


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    caches = [  # emptied in this order: the later ones hold what the earlier ones share with them
        ("by player dict", city._BY_ID, city._MAX_BY_ID),
        ("trade contexts by profiles", city._CONTEXTS, city._MAX_BY_ID),
        ("economies", view_module._ECONOMIES, view_module._MAX_ECONOMIES),
        ("trade contexts", trading._CTX, trading._MAX_CTX),
        ("feasible purchases", trading._FEASIBLE, trading._MAX_CTX),
        ("profiles", city._PROFILES, city._MAX_PROFILES),
    ]
    play(0, args.players)
    tracemalloc.start()
    for seed in range(1, args.games + 1):
        play(seed, args.players)
    print(f"{args.games} games of {args.players} players; each cache's own bytes, and at its cap:")
    total = 0
    for name, cache, cap in caches:
        entries = len(cache)
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        cache.clear()
        gc.collect()
        held = before - tracemalloc.get_traced_memory()[0]
        each = held / max(entries, 1)
        total += each * cap
        print(f"  {name:28} {entries:7d} entries {held / 2 ** 20:7.2f} MB {each:7.0f} B each; "
              f"cap {cap:7d}: {each * cap / 2 ** 20:5.0f} MB")
    print(f"  all at their caps: about {total / 2 ** 20:.0f} MB")


if __name__ == "__main__":
    main()
