"""The game review's cost and honesty (games/bots/review.py; issue 28).

    python bench/bench_review.py [--parts timing,calibration,agreement] [--games 1000]
        [--seconds 0.5] [--decisions 100] [--agreement-seconds 1.4] [--processes 1] [--noise 0.1]
        [--config '{"game": "architects", "players": 3}']
    python bench/bench_review.py --parts moments [--games 60] [--person-noise 0.5] [--seconds 0.5]

Three parts by default, each printing its numbers and its CPU time per game or decision (so a long run can be
planned: the whole default run is about 1000 x (0.5 s + a game) + 100 x 30 s + 300 s of CPU):

1. timing: one bot game each of base 4 players (4 people), Architects 3 players (3 people) and
   Cities 8 players (8 people) reviewed whole with the default budget (review.DEFAULT_TOTAL_SECONDS
   of CPU shared over the decisions); the CPU seconds of each review (target: under 120 s).
2. calibration: `--games` games of "medium-ish" bots (the greedy bot, each move replaced by a random
   legal one with probability `--noise`, so the players are not the rollouts' own policy); in each,
   ONE decision with a choice, drawn at random, is weighed by ``review.review_decision`` with
   `--seconds` of CPU, and the win chance it gives the action actually taken is set against whether
   that seat won (a shared first place counts). Prints the Brier score (and the base rate's, a
   forecast that knows nothing but the mean) and a reliability table by deciles of the prediction.
3. agreement: `--decisions` decisions drawn the same way, each reviewed with `--agreement-seconds`
   (the default budget of a 4-player review: 100 s over about 72 decisions) and with ten times as
   much, both weighing the move the player made, with other random numbers: the share where both
   prefer the same action (and the same move paid otherwise). A third review, ten times as long
   again, weighs the short one's best as its "chosen" move (so it stays in the race to the end):
   the share where it finds no move clearly better (review.preferred names it), and where the
   short one's best is within 0.03 win chance of its best by its values. `--tie-z` sets
   review.TIE_Z for the run (0: any lead counts, nearly the review before moves worth the same
   were told apart) and `--worth-the-same` review.WORTH_THE_SAME (0: a lead of any size that
   the paired test tells apart counts, the review's rule before version 4).

4. moments (not by default): what a weaker player gets from the review. `--games` games in which
   one seat (seed % players) plays the medium bot's move or, with probability `--person-noise`, a
   random legal one, against medium bots; that seat's whole game reviewed with `--seconds` of CPU a
   decision: how many games give it key moments by win chance (all a review before version 5
   gave), how many by points alone (a game it could not win), how many none.

Calibration, agreement and moments play base 4 players unless `--config` (JSON) names another game.

Seeds: calibration games use seeds 1,000,000 + k, agreement games 2,000,000 + k and moments games
4,000,000 + k, k = 0, 1, ...;
nothing of the review (its candidates, its halving, its budget) was tuned on these or any seeds.
Timing uses seeds 7, 8 and 9. Seconds are CPU time (time.process_time): a core per process,
however busy the machine. Run it under `nice -n 19` on a shared machine.
"""
import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

BASE_4 = {"game": "base", "players": 4}
TIMING_GAMES = [("base, 4 players", BASE_4, 7),
                ("Architects, 3 players", {"game": "architects", "players": 3}, 8),
                ("Cities, 8 players", {"game": "base", "players": 8, "expansions": ["cities"]}, 9)]
CALIBRATION_SEED = 1_000_000
AGREEMENT_SEED = 2_000_000
FIT_SEED = 3_000_000
MOMENTS_SEED = 4_000_000


def bot_game(config, seed, noise, noisier=None):
    """The log of a game of medium-ish bots (greedy, a random legal move with probability `noise`;
    `noisier`: (a seat, its own probability)) and its final ranks {seat: rank}."""
    from games import bots, engine

    rng = random.Random(seed)
    greedy = bots.get("medium")
    state = engine.new_game(config, seed)
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            legal = engine.legal_actions(state, seat)
            if rng.random() < (noisier[1] if noisier and seat == noisier[0] else noise):
                action = rng.choice(legal)
            else:
                action = greedy.choose(engine.view(state, seat), legal, rng)
            state, _ = engine.apply(state, seat, action)
            if engine.is_over(state):
                break
    return engine.action_log(state), {sheet["seat"]: sheet["rank"] for sheet in engine.scores(state)}


def decisions_with_a_choice(config, log):
    """(view, legal actions, chosen action) at every entry whose seat had more than one action."""
    from games.bots import review

    seats = list(range(config["players"]))
    return [(view, legal, chosen) for _index, view, legal, chosen in review.decisions_to_review(config, log, seats)]


def a_random_decision(config, seed, noise):
    """One decision with a choice, drawn at random from a bot game of `seed`, and the ranks."""
    log, ranks = bot_game(config, seed, noise)
    return random.Random(seed).choice(decisions_with_a_choice(config, log)), ranks


def calibration_point(job):
    """(the decision's mode, rollouts the action taken won, rollouts it had, 1 if its seat won else
    0, CPU seconds): the review's raw share, before the calibration."""
    from games.bots import calibration, review

    config, seed, noise, seconds = job
    started = time.process_time()
    (view, legal, chosen), ranks = a_random_decision(config, seed, noise)
    result = review.review_decision(view, legal, chosen, random.Random(seed), seconds=seconds)  # no mode: raw
    won = 1 if ranks[view["seat"]] == 1 else 0
    rollouts = result["rollouts"]
    return (calibration.mode_of(config), round(result["chosen_value"]["win"] * rollouts), rollouts, won,
            time.process_time() - started)


def agreement_point(job):
    """(same best action, same best move however paid, no move clearly better than the short
    review's best, its loss by the long review, CPU seconds). The first long review (ten times the
    budget, other random numbers) weighs the player's move as the short one did; the second weighs
    the short one's best as its "chosen" move, so it keeps it in the race to the end and its loss
    is the win chance the short review's preference gives up by the long one's reckoning."""
    from games.bots import review, search_bot

    config, seed, noise, seconds, tie_z, worth_the_same = job
    review.TIE_Z, review.WORTH_THE_SAME = tie_z, worth_the_same
    started = time.process_time()
    (view, legal, chosen), _ranks = a_random_decision(config, seed, noise)
    short = review.review_decision(view, legal, chosen, random.Random(seed), seconds=seconds)
    long = review.review_decision(view, legal, chosen, random.Random(seed + 1), seconds=10 * seconds)
    held = review.review_decision(view, legal, short["best"], random.Random(seed + 2), seconds=10 * seconds)
    same_family = search_bot._family(short["best"]) == search_bot._family(long["best"])
    return (long["best"] == short["best"], same_family, held["best"] == short["best"], held["loss"],
            time.process_time() - started)


def moments_point(job):
    """(the person's rank, key moments by win chance, by points, the points lost at those, CPU s)."""
    from games.bots import review

    config, seed, person_noise, seconds = job
    started = time.process_time()
    person = seed % config["players"]
    log, ranks = bot_game(config, seed, 0.0, noisier=(person, person_noise))
    result = review.review_match(config, log, [person], seconds_per_decision=seconds, rng=random.Random(seed))
    moments = [result["decisions"][k] for k in result["key_moments"][str(person)]]
    by_win = [d for d in moments if d["loss"] >= review.KEY_MOMENT_LOSS]
    by_points = [d["points_loss"] for d in moments if d["loss"] < review.KEY_MOMENT_LOSS]
    return ranks[person], len(by_win), len(by_points), by_points, time.process_time() - started


def run_moments(games, seconds, person_noise, processes, config=BASE_4):
    jobs = [(config, MOMENTS_SEED + k, person_noise, seconds) for k in range(games)]
    started = time.perf_counter()
    results = map_jobs(moments_point, jobs, processes)
    won = sum(1 for rank, *_ in results if rank == 1)
    with_win = sum(1 for _r, wins, *_ in results if wins)
    points_only = sum(1 for _r, wins, points, *_ in results if not wins and points)
    lost = [p for *_, losses, _c in results for p in losses]
    print(f"moments: {games} {_name(config)} games (seeds {MOMENTS_SEED}..{MOMENTS_SEED + games - 1}), one seat "
          f"playing medium's move or a random one (probability {person_noise}) against medium bots, "
          f"{seconds} CPU s a decision")
    print(f"  the seat won {won} of {games}")
    print(f"  games with key moments by win chance {with_win}; by points alone {points_only}; none "
          f"{games - with_win - points_only}")
    print(f"  key moments: {sum(r[1] for r in results)} by win chance, {len(lost)} by points"
          + (f" (points lost: mean {sum(lost) / len(lost):.1f}, least {min(lost):.1f})" if lost else ""))
    cpu = sum(r[-1] for r in results)
    print(f"  {cpu / games:.1f} CPU s a game ({cpu:.0f} s in all, {time.perf_counter() - started:.0f} s wall "
          f"on {processes} process(es))")


def brier(points):
    """The mean squared gap between predicted chance and outcome (0 is perfect)."""
    return sum((p - won) ** 2 for p, won in points) / len(points)


def reliability(points, bins=10):
    """Per decile of the prediction [k/bins, (k+1)/bins) (1.0 in the last): (low, high, mean
    predicted, observed frequency, count); empty deciles left out."""
    rows = []
    for k in range(bins):
        inside = [(p, won) for p, won in points if min(int(p * bins), bins - 1) == k]
        if inside:
            rows.append((k / bins, (k + 1) / bins, sum(p for p, _ in inside) / len(inside),
                         sum(won for _, won in inside) / len(inside), len(inside)))
    return rows


def run_timing():
    from games.bots import review

    print("timing: a whole game reviewed for every seat, default budget "
          f"({review.DEFAULT_TOTAL_SECONDS:.0f} s of CPU shared over the decisions)")
    for name, config, seed in TIMING_GAMES:
        log, _ranks = bot_game(config, seed, 0.0)
        started = time.process_time()
        result = review.review_match(config, log, range(config["players"]), rng=random.Random(seed))
        spent = time.process_time() - started
        rollouts = [d["rollouts"] for d in result["decisions"]]
        print(f"  {name}: {spent:.1f} CPU s for {len(rollouts)} decisions "
              f"({spent / max(1, len(rollouts)):.2f} s each; rollouts of the chosen move: "
              f"median {sorted(rollouts)[len(rollouts) // 2] if rollouts else 0})")


def map_jobs(function, jobs, processes):
    """`function` over `jobs` in `processes` worker processes (in this one when 1); the other
    benches that run jobs of their own use it too."""
    if processes <= 1:
        return [function(job) for job in jobs]
    with ProcessPoolExecutor(processes) as pool:
        return list(pool.map(function, jobs))


def _name(config):
    rest = {k: v for k, v in config.items() if k not in ("game", "players")}
    return f"{config['game']} {config['players']}-player" + (f" {rest}" if rest else "")


def calibration_points(games, seconds, noise, processes, config, seed):
    jobs = [(config, seed + k, noise, seconds) for k in range(games)]
    return map_jobs(calibration_point, jobs, processes)


def print_reliability(title, points):
    base_rate = sum(won for _, won in points) / len(points)
    print(f"  {title}: Brier score {brier(points):.4f} (the base rate {base_rate:.3f} alone: "
          f"{brier([(base_rate, won) for _, won in points]):.4f})")
    print("    predicted     mean   observed  count")
    for low, high, mean, observed, count in reliability(points):
        print(f"    [{low:.1f}, {high:.1f})  {mean:6.3f}  {observed:8.3f}  {count:5d}")


def run_calibration(games, seconds, noise, processes, config=BASE_4):
    from games.bots import calibration

    started = time.perf_counter()
    results = calibration_points(games, seconds, noise, processes, config, CALIBRATION_SEED)
    mode = results[0][0]
    print(f"calibration: {games} {_name(config)} games (seeds {CALIBRATION_SEED}..{CALIBRATION_SEED + games - 1}), "
          f"one decision each, {seconds} CPU s, noise {noise}")
    print_reliability("the share of rollouts won", [(wins / rollouts, won) for _m, wins, rollouts, won, _c in results])
    fit = calibration.fit_of(mode)
    if fit is None:
        print(f"  no calibration for {mode}: the review shows the raw shares"
              + ("" if mode in calibration.fits() else " (--parts fit)"))
    else:
        print_reliability(f"calibrated ({mode}: a {fit['a']:.3f}, b {fit['b']:.3f}, fitted on seeds {fit['seeds']})",
                          [(calibration.win_chance(mode, wins, rollouts), won)
                           for _m, wins, rollouts, won, _c in results])
    cpu = sum(r[-1] for r in results)
    print(f"  {cpu / games:.2f} CPU s a game ({cpu:.0f} s in all, {time.perf_counter() - started:.0f} s wall "
          f"on {processes} process(es))")


def run_fit(games, seconds, noise, processes, config=BASE_4):
    """Fits the mode's calibration on games of FIT_SEED + k and writes it into the data file. The
    fit is first made on the first two thirds of those games and checked on the last third: a mode
    whose check is not better calibrated than the raw shares (a lower Brier score) keeps them."""
    from games.bots import calibration

    results = calibration_points(games, seconds, noise, processes, config, FIT_SEED)
    mode = results[0][0]
    points = [(calibration.smoothed(wins, rollouts), wins / rollouts, won) for _m, wins, rollouts, won, _c in results]
    cut = 2 * len(points) // 3
    a, b = calibration.fit_platt([(share, won) for share, _raw, won in points[:cut]])
    check = points[cut:]
    raw_brier = brier([(raw, won) for _share, raw, won in check])
    fitted_brier = brier([(calibration.platt(a, b, share), won) for share, _raw, won in check])
    entry = {"games": games, "seeds": f"{FIT_SEED}..{FIT_SEED + games - 1}", "seconds": seconds, "noise": noise,
             "check": {"games": len(check), "brier_raw": round(raw_brier, 4), "brier_fitted": round(fitted_brier, 4)}}
    if fitted_brier < raw_brier:
        a, b = calibration.fit_platt([(share, won) for share, _raw, won in points])
        entry.update(a=round(a, 4), b=round(b, 4))
        said = f"a {a:.4f}, b {b:.4f}"
    else:
        said = "no better than the raw shares: kept raw"
    data = json.loads(calibration.DATA.read_text()) if calibration.DATA.exists() else {"modes": {}}
    data["about"] = "games/bots/calibration.py; written by bench/bench_review.py --parts fit"
    data["modes"][mode] = entry
    calibration.DATA.parent.mkdir(exist_ok=True)
    calibration.DATA.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    calibration.fits.cache_clear()
    print(f"fit: {games} {_name(config)} games (seeds {FIT_SEED}..{FIT_SEED + games - 1}), {mode}: checked on the last "
          f"{len(check)}, Brier {raw_brier:.4f} raw, {fitted_brier:.4f} fitted on the others; {said} -> {calibration.DATA}")


def run_agreement(decisions, seconds, noise, processes, config=BASE_4, tie_z=None, worth_the_same=None):
    from games.bots import review

    tie_z = review.TIE_Z if tie_z is None else tie_z
    worth_the_same = review.WORTH_THE_SAME if worth_the_same is None else worth_the_same
    jobs = [(config, AGREEMENT_SEED + k, noise, seconds, tie_z, worth_the_same) for k in range(decisions)]
    started = time.perf_counter()
    results = map_jobs(agreement_point, jobs, processes)
    same = sum(1 for exact, *_ in results if exact)
    same_move = sum(1 for _exact, family, *_ in results if family)
    held = sum(1 for _exact, _family, kept, *_ in results if kept)
    close = sum(1 for *_, loss, _cpu in results if loss < review.KEY_MOMENT_LOSS)
    mean_loss = sum(loss for *_, loss, _cpu in results) / decisions
    print(f"agreement: {decisions} {_name(config)} decisions (seeds {AGREEMENT_SEED}..{AGREEMENT_SEED + decisions - 1}), "
          f"{seconds} CPU s against {10 * seconds:g} CPU s, TIE_Z {tie_z}, WORTH_THE_SAME {worth_the_same}")
    print(f"  both weighing the player's move: the same best action {100 * same / decisions:.1f}% "
          f"({same}/{decisions}); the same move however paid {100 * same_move / decisions:.1f}%")
    print(f"  the long review weighing the short one's best: no move clearly better {100 * held / decisions:.1f}%; "
          f"within {review.KEY_MOMENT_LOSS} win chance of its best {100 * close / decisions:.1f}%; mean loss {mean_loss:.3f}")
    cpu = sum(c for *_, c in results)
    print(f"  {cpu / decisions:.2f} CPU s a decision ({cpu:.0f} s in all, {time.perf_counter() - started:.0f} s wall "
          f"on {processes} process(es))")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--parts", default="timing,calibration,agreement", help="and fit, moments (not by default)")
    parser.add_argument("--games", type=int, default=1000, help="calibration (and fit) games")
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds of a calibration decision")
    parser.add_argument("--decisions", type=int, default=100, help="agreement decisions")
    parser.add_argument("--agreement-seconds", type=float, default=1.4,
                        help="CPU seconds of the short review (the long one has ten times as much)")
    parser.add_argument("--worth-the-same", type=float, default=None,
                        help="review.WORTH_THE_SAME for the agreement (default: the review's own)")
    parser.add_argument("--tie-z", type=float, default=None,
                        help="review.TIE_Z for the agreement (default: the review's own)")
    parser.add_argument("--noise", type=float, default=0.1, help="chance a bot move is a random legal one")
    parser.add_argument("--person-noise", type=float, default=0.5,
                        help="moments: chance the reviewed seat's move is a random legal one")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--config", type=json.loads, default=BASE_4,
                        help="the game of the calibration and agreement, as JSON")
    args = parser.parse_args(argv)
    parts = set(args.parts.split(","))
    if "timing" in parts:
        run_timing()
    if "fit" in parts:
        run_fit(args.games, args.seconds, args.noise, args.processes, args.config)
    if "calibration" in parts:
        run_calibration(args.games, args.seconds, args.noise, args.processes, args.config)
    if "moments" in parts:
        run_moments(args.games, args.seconds, args.person_noise, args.processes, args.config)
    if "agreement" in parts:
        run_agreement(args.decisions, args.agreement_seconds, args.noise, args.processes, args.config, args.tie_z,
                      args.worth_the_same)


if __name__ == "__main__":
    main()
