"""The search's early stop: Cities 8-player rollouts from Age I end at Age III's start with an
estimate of each city's final total (games/engine/base/estimate.py), and nothing else stops early."""
import random

import pytest

from games import engine
from games.bots import greedy_bot, search_bot
from games.engine import registry, testing
from games.engine.base import estimate
from tests.bench_scripts import load_bench

from .helpers import watch_rollouts
from .test_search_bot import a_state_after

CITIES_8 = {"game": "base", "players": 8, "expansions": ["cities"]}


def played_out(monkeypatch, state, searcher, seed):
    """(the age at which a greedy rollout of `state` for `searcher` stopped early, or None; what it
    gave)."""
    base = registry.get("base")
    real = base.rollout_estimate
    stopped = []

    def watching(start, at, seat):
        found = real(start, at, seat)
        if found is not None:
            stopped.append(at["age"])
        return found

    monkeypatch.setattr(base, "rollout_estimate", watching)
    outcome = search_bot.rollout(state, random.Random(seed), greedy_bot, searcher=searcher, early=True)
    return (stopped[0] if stopped else None), outcome


def test_a_cities_rollout_from_age_one_stops_at_the_start_of_age_three_with_an_estimate(monkeypatch):
    state = a_state_after(CITIES_8, seed=3, decisions=10)
    assert state["age"] == 1
    age, outcome = played_out(monkeypatch, state, searcher=2, seed=1)
    assert age == 3
    assert isinstance(outcome, search_bot.Estimate)
    assert len(outcome.totals) == 8 and outcome.temperature > 0


@pytest.mark.parametrize("config, decisions", [
    (CITIES_8, 70),                                                  # Age II: played out
    ({"game": "base", "players": 7}, 10),                            # the base game
    ({"game": "base", "players": 5, "expansions": ["cities"]}, 10),  # a table the weights do not cover
    ({"game": "base", "players": 8, "expansions": ["cities"], "teams": True}, 10),
])
def test_other_rollouts_are_played_to_the_end(monkeypatch, config, decisions):
    state = a_state_after(config, seed=4, decisions=decisions)
    assert state["age"] == (2 if decisions == 70 else 1)
    age, outcome = played_out(monkeypatch, state, searcher=1, seed=2)
    assert age is None
    assert isinstance(outcome, list) and all("total" in sheet for sheet in outcome)


def test_without_early_or_a_searcher_a_cities_rollout_is_played_out():
    state = a_state_after(CITIES_8, seed=3, decisions=10)
    assert isinstance(search_bot.rollout(state, random.Random(1), greedy_bot, searcher=2), list)
    assert isinstance(search_bot.rollout(state, random.Random(1), greedy_bot, early=True), list)


def test_only_the_search_bots_own_choices_stop_early_not_the_review(monkeypatch):
    from games.bots import review

    calls = watch_rollouts(monkeypatch)
    state = a_state_after(CITIES_8, seed=5, decisions=8)
    seat = engine.to_act(state)[0]
    view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
    search_bot.choose(view, legal, random.Random(1), iterations=16)
    assert calls and {early for _searcher, early in calls} == {True}
    calls.clear()
    review.review_decision(view, legal, legal[0], random.Random(1), iterations=16)
    assert calls and {early for _searcher, early in calls} == {False}


def test_the_estimate_reads_only_what_every_seat_can_see():
    state = a_state_after(CITIES_8, seed=6, decisions=12)
    later = state
    rng = random.Random(7)
    while later["age"] < 3:
        seat = engine.to_act(later)[0]
        later, _ = engine.apply(later, seat, rng.choice(engine.legal_actions(later, seat)))
    assert testing.check_rollout_estimate(state, later, 0, random.Random(1), 8)


def test_the_highest_estimate_at_age_three_wins_far_more_often_than_a_seat_at_random():
    fit = load_bench("fit_estimates")
    games = [fit.play(("cities-8", 200_000 + k)) for k in range(80)]
    model = estimate.WEIGHTS["cities-8"]
    top_won = 0
    for seats in games:
        totals = [sum(w * x for w, x in zip(model["weights"], features)) for features, _, _ in seats]
        top_won += seats[max(range(8), key=lambda s: totals[s])][2]
    assert top_won / len(games) > 0.3  # 1 in 8 at random; the fit's held-out games: about 0.48


def test_an_estimate_far_ahead_is_worth_nearly_a_sure_win_and_one_far_behind_nearly_nothing():
    totals = [40.0] * 8
    ahead = list(totals)
    ahead[3] = 80.0
    assert search_bot.estimated_outcome_value(ahead, 4.0, 3) > 0.99
    behind = list(totals)
    behind[3] = 0.0
    assert search_bot.estimated_outcome_value(behind, 4.0, 3) < 0.01
    level = search_bot.estimated_outcome_value(totals, 4.0, 3)
    assert level == pytest.approx(0.6 / 8 + 0.25 * 0.5 + 0.15 * 0.5)


def test_the_fit_finds_weights_that_made_the_totals():
    fit = load_bench("fit_estimates")
    rng = random.Random(0)
    rows = [[1.0, rng.random(), rng.random() * 3] for _ in range(200)]
    targets = [2.0 + 5.0 * a - 1.5 * b for _, a, b in rows]
    assert fit.least_squares(rows, targets) == pytest.approx([2.0, 5.0, -1.5], abs=1e-4)


def test_the_fit_writes_a_weights_module_of_one_weight_a_feature(tmp_path):
    fit = load_bench("fit_estimates")
    out = tmp_path / "weights.py"
    assert fit.main(["--games", "24", "--processes", "1", "--out", str(out)]) == 0
    namespace = {}
    exec(out.read_text(), namespace)
    model = namespace["WEIGHTS"]["cities-8"]
    assert len(model["weights"]) == len(estimate.FEATURES) and model["temperature"] > 0
