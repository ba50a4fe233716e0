"""A command-line match between bots.

    python -m games.engine.play --players 5 --seed 7 [--sides A|B|random] [--bots greedy,random]

With ``--players 2`` the 2-player variant is played: city 2 is the Free City.

Prints every turn (who built what, who paid whom) and the final score sheet. This is a
developer tool: it prints English card names from the catalogue.
"""

import argparse
import random
import sys

from games import engine
from games import bots as bot_policies
from games.engine.base import catalogue


def _name(cid):
    return catalogue.get().cards[cid].names.get("en", cid)


def _wonder_name(wid):
    w = catalogue.get().wonders[wid]
    return w.city.get("en") or wid


def _describe(play):
    kind = play["action"]
    if kind == "discard":
        return "discards a card (+3 coins)"
    pay = play.get("pay", {"left": 0, "right": 0})
    paid = ""
    if pay["left"] or pay["right"]:
        paid = f" paying left {pay['left']}, right {pay['right']}"
    if kind == "wonder":
        return f"builds wonder stage {play['stage']}{paid}"
    free = f" free ({play['free']})" if play.get("free") else ""
    return f"builds {_name(play['card'])}{free}{paid}"


def run(players, seed, sides="A", bots=None, out=sys.stdout):
    config = {"game": "base", "players": players, "sides": sides}
    state = engine.new_game(config, seed=seed)
    names = bots or ["greedy"]
    policies = [bot_policies.get(names[s % len(names)]) for s in range(players)]
    rngs = [random.Random(f"{seed}/{s}") for s in range(players)]
    labels = []

    def label(s):
        p = state["players"][s]
        who = "Free City" if s >= players else f"seat {s}"
        return f"{who} ({_wonder_name(p['wonder'])} {p['side'] or '?'})"

    def emit(events):
        for ev in events:
            t = ev["type"]
            if t == "age_start":
                print(f"\n=== Age {ev['age']} ===", file=out)
            elif t == "turn_resolved":
                print(f"-- Age {ev['age']}, turn {ev['turn']}", file=out)
                for play in ev["plays"]:
                    print(f"   {label(play['seat'])}: {_describe(play)}", file=out)
                print(f"   coins: {ev['coins']}", file=out)
            elif t == "seventh_card":
                print(f"   {label(ev['seat'])} plays its seventh card: {_describe(ev['play'])}",
                      file=out)
            elif t == "built_from_discard":
                print(f"   {label(ev['seat'])} builds {_name(ev['card'])} from the discard pile",
                      file=out)
            elif t == "passed":
                print(f"   {label(ev['seat'])} finds nothing to build in the discard pile",
                      file=out)
            elif t == "sides_chosen":
                print(f"sides: {ev['sides']}", file=out)
            elif t == "military":
                print(f"-- Conflicts of Age {ev['age']}", file=out)
                for r in ev["results"]:
                    print(f"   {label(r['seat'])}: {r['shields']} shields, "
                          f"left {r['left']:+d}, right {r['right']:+d}", file=out)

    print(f"7 Wonders, {players} players, seed {seed}, sides {sides}, bots "
          f"{[names[s % len(names)] for s in range(players)]}", file=out)
    for s in range(players):
        labels.append(label(s))
        print(f"   {labels[-1]}", file=out)
    if state["phase"] == "play":
        print("\n=== Age 1 ===", file=out)
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            legal = engine.legal_actions(state, seat)
            action = policies[seat].choose(engine.view(state, seat), legal, rngs[seat])
            state, events = engine.apply(state, seat, action)
            emit(events)
    print("\n=== Final scores ===", file=out)
    sheet = engine.scores(state)
    columns = engine.info(config["game"])["score_categories"] + ["total"]
    header = f"{'seat':<32}" + "".join(f"{c[:5]:>7}" for c in columns) + f"{'coins':>7}{'rank':>6}"
    print(header, file=out)
    for row in sheet:
        line = f"{label(row['seat']):<32}" + "".join(f"{row[c]:>7}" for c in columns)
        line += f"{row['coins']:>7}{row['rank']:>6}"
        print(line, file=out)
    free_city = engine.view(state, None).get("free_city", {}).get("score")
    if free_city:
        line = f"{label(players):<32}" + "".join(f"{free_city[c]:>7}" for c in columns)
        print(line + f"{free_city['coins']:>7}{'-':>6}", file=out)
    return state


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m games.engine.play",
                                     description="A 7 Wonders match between bots.")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--sides", default="A", choices=["A", "B", "random", "choose"])
    parser.add_argument("--bots", default="greedy",
                        help="comma-separated bots, cycled over the seats: levels "
                             f"({', '.join(bot_policies.LEVELS)}) or policies ({', '.join(bot_policies.POLICIES)})")
    args = parser.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    for b in bots:
        if b not in bot_policies.POLICIES and b not in bot_policies.LEVELS:
            parser.error(f"unknown bot {b!r}")
    info = engine.info("base")
    if not info["min_players"] <= args.players <= info["max_players"]:
        parser.error(f"--players must be {info['min_players']}..{info['max_players']}")
    run(args.players, args.seed, args.sides, bots)
    return 0


if __name__ == "__main__":
    sys.exit(main())
