"""The game review (the coach): each decision of the people of a finished match, weighed by the
search bot's rollouts from that seat's view only.

``review_match(config, log, seats, ...)`` replays the engine's action log (``engine.replay`` of
the chance entries, ``engine.apply`` of each move, as ``games/history/timeline.py`` does) and, at
every entry of a reviewed seat that had more than one legal action, asks ``review_decision`` with
``engine.view(state, seat)`` and ``engine.legal_actions(state, seat)``, nothing else of the real
state: the review knows what the player knew. On a simultaneous turn the choices other seats made
before it are in the state but not in its view (``sample_state`` draws them with the rollout
policy, as the search bot does).

One decision: the candidates are the search bot's (``search_bot.candidate_actions``) plus the
action chosen, exactly as chosen (payment included), when it is not one of them. Each round draws
one state consistent with the view (``engine.sample_state``), applies every candidate still in
the race to it and plays each on with the greedy policy (``search_bot.rollout``) with the same
random numbers (common random numbers). Per candidate: ``win`` the chance to win, from the share
of rollouts where the seat ranks first (a shared first place counts as a win, as in
``search_bot.outcome_value``; team partners share their rank) through the mode's calibration
(``games/bots/calibration.py``), ``rank`` the mean rank, ``points`` the mean total.

Sequential halving, the search bot's own (``search_bot.successive_halving``), ranks the candidates
by win chance, then mean rank (lower first), then mean points. The chosen action is never
dropped: it stays in the race to the end, so it has exactly as many rollouts as the best, on the
same deals, and its loss (best win - chosen win) compares like with like.

``best``, the move the review prefers (``preferred``): of the last phase's candidates, those the
leader does not beat by more than the rollouts' noise (a paired test of their wins on the same
deals, at TIE_Z standard errors), or beats by less than WORTH_THE_SAME of a win however sure, are
worth the same; the chosen action when it is one of them (the review does not fault a move that no
search of this length tells from the best, nor one a point or two worse), else the
heuristic's favourite of those that won at least as often as the chosen one. Without that, a search named
one of several moves worth the same by the luck of its rollouts, and a ten times longer search
named another as often as not (docs/testing.md, "Agreement with a search ten times longer").
The loss is never negative (0 when the chosen action is best).

Points, when the wins do not tell: in a game the seat can no longer win, every candidate's win
chance is 0 and no move is worse than another by it, yet a player who finishes fourth with 31
points would like to know where the points went. So when the wins name the chosen action (it
stands), ``preferred_by_points`` may name another that won at least as often and clearly scored
more (the same paired test on the rollouts' totals, with a lead of at least KEY_MOMENT_POINTS);
``points_loss`` is what the chosen action scored less than the named one. The key moments are a
seat's largest losses of win chance, then, where fewer than KEY_MOMENTS, its largest point losses.

Budget: ``iterations`` (about that many rollouts a decision: the tests), else
``seconds_per_decision``, else ``total_seconds`` (DEFAULT_TOTAL_SECONDS) shared evenly over the
decisions left, so a decision that ran over is paid for by the next ones. Seconds are CPU time
(``clock``, ``time.process_time`` by default) unless the caller gives another clock.
"""
import gc
import math
import random
import time

from games import bots, engine
from games.bots import calibration, search_bot

DEFAULT_TOTAL_SECONDS = 100.0
KEY_MOMENT_LOSS = 0.03
KEY_MOMENT_POINTS = 3.0  # a point loss this large (a card's worth) is a key moment where win chance tells nothing
KEY_MOMENTS = 3
TIE_Z = 1.96  # the usual two-sided 95%: a smaller gap between two moves is not told apart
# A lead of less than this share of wins (on the same deals) is no lead, however many rollouts show
# it: the review does not fault a move for less than a key moment's loss, nor name another for it.
WORTH_THE_SAME = KEY_MOMENT_LOSS
ROLLOUT_POLICY = search_bot.ROLLOUT_POLICY
VERSION = 5  # 2: the win chances calibrated per mode (games/bots/calibration.py); 3: moves worth the same
# (preferred); 4: a lead under WORTH_THE_SAME is none; 5: points where the wins do not tell (points_loss)
PLACE_KEYS = ("phase", "age", "turn", "step")  # the view's own coordinates of a decision, where it has them


def review_match(config, log, seats, *, seconds_per_decision=None, iterations=None, total_seconds=None,
                 rng, clock=time.process_time):
    """The review of the decisions of `seats` in the match of `config` whose action log is `log`
    (JSON-able; see the module's doc and docs/architecture.md). `rng` is a random.Random: each
    decision gets a generator of its own drawn from it, in order, so a decision's review does not
    depend on how many rollouts the ones before it played."""
    seats = sorted(set(seats))
    mode = calibration.mode_of(config)
    started = clock()
    collecting = gc.isenabled()
    gc.disable()  # as search_bot.choose: rollouts allocate fast and the engine's caches are large
    try:
        decisions = list(decisions_to_review(config, log, seats))
        if iterations is None and seconds_per_decision is None:
            total = DEFAULT_TOTAL_SECONDS if total_seconds is None else total_seconds
        else:
            total = None
        reviewed = []
        for done, (index, view, legal, chosen) in enumerate(decisions):
            seconds = seconds_per_decision
            if total is not None:
                seconds = max(0.0, total - (clock() - started)) / (len(decisions) - done)
            decision_rng = random.Random(rng.getrandbits(64))
            review = review_decision(view, legal, chosen, decision_rng, seconds=seconds, iterations=iterations,
                                     clock=clock, mode=mode)
            place = {key: view[key] for key in PLACE_KEYS if key in view}
            reviewed.append({"index": index, "seat": view["seat"], "turn": place, **review})
    finally:
        if collecting:
            gc.enable()
    return {
        "decisions": reviewed,
        "key_moments": key_moments(reviewed, seats),
        "method": {
            "seconds_per_decision": seconds_per_decision if total is None else (
                round(total / len(decisions), 3) if decisions else None),
            "iterations": iterations,
            "total_seconds": total,
            "rollout_policy": ROLLOUT_POLICY,
            "win": "rank_1_shared_included",  # a code: a shared first place counts as a win
            "calibration": _calibration_of(mode),
            "version": VERSION,
        },
        "cpu_seconds": round(clock() - started, 3),
    }


def _calibration_of(mode):
    """The fit the review's win chances went through (None: the raw shares), for the record."""
    fit = calibration.fit_of(mode)
    return None if fit is None else {"mode": mode, "a": fit["a"], "b": fit["b"]}


def decisions_to_review(config, log, seats):
    """(log index, view, legal actions, chosen action) of every entry of `seats` with a choice.
    The real state stays here: only the seat's view and legal actions leave."""
    k = 0
    while k < len(log) and "chance" in log[k]:
        k += 1
    state = engine.replay(config, log[:k])
    for index in range(k, len(log)):
        entry = log[index]
        if "chance" in entry:  # chance after the first move: the engine replays up to it
            state = engine.replay(config, log[: index + 1])
            continue
        seat = entry["seat"]
        if seat in seats:
            legal = engine.legal_actions(state, seat)
            if len(legal) > 1:
                yield index, engine.view(state, seat), legal, entry["action"]
        state, _events = engine.apply(state, seat, entry["action"])


def review_decision(view, legal_actions, chosen, rng, *, seconds=None, iterations=None, clock=time.process_time,
                    mode=None):
    """The chosen action against the best the search finds, from `view` (one seat's) and its
    `legal_actions` only: {"chosen", "best", "chosen_value", "best_value", "loss", "points_loss",
    "candidates", "rollouts"}; each value {"win", "rank", "points"}; "rollouts" is how many the
    chosen action (and the best) had. "win" is the calibrated chance of `mode` (``calibration.mode_of(config)``;
    games/bots/calibration.py), or without a mode, or one without a fit, the share of rollouts
    won (what the calibration is fitted on). Stops after about `iterations` rollouts or `seconds`
    on `clock`. The garbage collector is paused meanwhile, as in search_bot.choose."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _weigh(view, legal_actions, chosen, rng, seconds=seconds, iterations=iterations, clock=clock,
                      mode=mode)
    finally:
        if collecting:
            gc.enable()


def _weigh(view, legal_actions, chosen, rng, *, seconds, iterations, clock, mode):
    if chosen not in legal_actions:
        raise ValueError("the chosen action is not one of the legal actions")
    policy = bots.get(ROLLOUT_POLICY)
    seat = view["seat"]
    candidates = search_bot.candidate_actions(view, legal_actions)
    if chosen not in candidates:
        candidates.append(chosen)
    mine = candidates.index(chosen)
    if seconds is None and iterations is None:
        seconds = search_bot.DEFAULT_SECONDS
    wins = [0] * len(candidates)
    ranks = [0] * len(candidates)
    points = [0] * len(candidates)
    rounds = [0] * len(candidates)
    won = [[] for _ in candidates]  # round by round (the candidates still in the race share its deal)
    scored = [[] for _ in candidates]

    def tally(k, sheets):
        sheet = _sheet_of(sheets, seat)
        wins[k] += sheet["rank"] == 1
        ranks[k] += sheet["rank"]
        points[k] += sheet["total"]
        rounds[k] += 1
        won[k].append(1 if sheet["rank"] == 1 else 0)
        scored[k].append(sheet["total"])

    def order(k):
        return (-wins[k] / rounds[k], ranks[k] / rounds[k], -points[k] / rounds[k], k)

    # The player's later moves are modelled as the greedy bot's, not as the search's own seat's
    # (own_weights): those made the base game's win chances too sure (docs/testing.md).
    ranked = search_bot.successive_halving(view, candidates, rng, policy, tally=tally, order=order, keep=mine,
                                           seconds=seconds, iterations=iterations, clock=clock,
                                           own_weights=False)
    best = preferred(ranked, mine, won)
    if best == mine:
        best = preferred_by_points(ranked, mine, won, scored)

    def win(k):
        return calibration.win_chance(mode, wins[k], rounds[k])

    def value(k):
        return {"win": round(win(k), 3), "rank": round(ranks[k] / rounds[k], 3),
                "points": round(points[k] / rounds[k], 2)}

    return {
        "chosen": chosen,
        "best": candidates[best],
        "chosen_value": value(mine),
        "best_value": value(best),
        "loss": round(max(0.0, win(best) - win(mine)), 3),
        "points_loss": round(max(0.0, points[best] / rounds[best] - points[mine] / rounds[mine]), 1),
        "candidates": len(candidates),
        "rollouts": rounds[mine],
    }


def preferred(ranked, mine, won):
    """The candidate the review names as best, of the last phase's `ranked` (best first, each with
    the same rounds): `mine` (the chosen one) when the leader is not clearly better than it, else
    the first by the heuristic (the lowest index: ``candidate_actions`` ranks them) of those the
    leader is not clearly better than and that won at least as often as `mine` (the leader does).
    `won[k]`: candidate k's rollouts, round by round, 1 for a win."""
    leader = ranked[0]
    tied = [k for k in ranked if not clearly_better(won[leader], won[k])]
    if mine in tied:
        return mine
    return min(k for k in tied if sum(won[k]) >= sum(won[mine]))


def preferred_by_points(ranked, mine, won, scored):
    """Where the wins left `mine` standing: the candidate to name for its points, of the last
    phase's `ranked`, or `mine`. Of those that won at least as often as `mine`, the one with the
    most points leads; `mine` stands unless the leader clearly scores more (``clearly_better``
    with a lead of at least KEY_MOMENT_POINTS a round); else the heuristic's first of those the
    leader does not clearly beat that clearly beat `mine` too. `scored[k]`: candidate k's
    rollouts' totals, round by round."""
    eligible = [k for k in ranked if sum(won[k]) >= sum(won[mine])]
    leader = max(eligible, key=lambda k: (sum(scored[k]), -k))

    def beats(first, second):
        return clearly_better(scored[first], scored[second], worth=KEY_MOMENT_POINTS)

    if not beats(leader, mine):
        return mine
    return min(k for k in eligible if not beats(leader, k) and beats(k, mine))


def clearly_better(first, second, worth=WORTH_THE_SAME):
    """Whether the rollouts `first` beat `second` (the same deals, in the same order) by at least
    `worth` a round (WORTH_THE_SAME of a win by default) and by more than TIE_Z standard errors of
    their paired differences (with one round, or the same difference in every round, no spread:
    the gap alone). The first condition is what a longer search would still say: with ten times
    the rollouts the test tells apart gaps of a point or two, which no player would call a
    mistake."""
    gaps = [a - b for a, b in zip(first, second)]
    if not gaps:
        return False
    mean = sum(gaps) / len(gaps)
    if mean < worth or mean <= 0:
        return False
    if len(gaps) < 2:
        return True
    spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (len(gaps) - 1))
    return mean > TIE_Z * spread / math.sqrt(len(gaps))


def _sheet_of(sheets, seat):
    return next(sheet for sheet in sheets if sheet["seat"] == seat)


def key_moments(decisions, seats):
    """{seat as a string: indices into `decisions` of its up to KEY_MOMENTS largest losses of win
    chance of at least KEY_MOMENT_LOSS, largest first (the earlier first on a tie), then, if fewer,
    its largest point losses of at least KEY_MOMENT_POINTS among the others (a review before
    VERSION 5 has none)}."""
    moments = {}
    for seat in seats:
        mine = [i for i, d in enumerate(decisions) if d["seat"] == seat]
        by_win = sorted((i for i in mine if decisions[i]["loss"] >= KEY_MOMENT_LOSS),
                        key=lambda i: (-decisions[i]["loss"], i))
        by_points = sorted((i for i in mine if decisions[i]["loss"] < KEY_MOMENT_LOSS
                            and decisions[i].get("points_loss", 0) >= KEY_MOMENT_POINTS),
                           key=lambda i: (-decisions[i]["points_loss"], i))
        moments[str(seat)] = (by_win + by_points)[:KEY_MOMENTS]
    return moments
