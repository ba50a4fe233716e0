"""The search bot sees only its seat's view, and its search finds a move that clearly wins."""
import gc
import itertools
import random

import pytest

from games import bots, engine
from games.bots import search_bot


def a_state_after(config, seed, decisions):
    """A state after `decisions` random legal moves of a seeded game."""
    rng = random.Random(seed)
    state = engine.new_game(config, seed)
    done = 0
    while done < decisions and not engine.is_over(state):
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        done += 1
    return state


def test_its_choice_does_not_depend_on_the_cards_its_seat_cannot_see():
    real = a_state_after({"game": "base", "players": 4, "sides": "A"}, seed=8, decisions=30)
    seat = engine.to_act(real)[0]
    view = engine.view(real, seat)
    other = engine.sample_state(view, seat, random.Random(99))  # same view, other hidden cards
    assert engine.view(other, seat) == view and other != real
    legal = engine.legal_actions(real, seat)
    assert engine.legal_actions(other, seat) == legal
    first = search_bot.choose(view, legal, random.Random(5), iterations=24)
    second = search_bot.choose(engine.view(other, seat), engine.legal_actions(other, seat), random.Random(5),
                               iterations=24)
    assert first == second


def test_its_code_is_given_no_state():
    import inspect

    assert list(inspect.signature(search_bot.choose).parameters)[:3] == ["view", "legal_actions", "rng"]


def final_ranks(state, seat, mine, others_pick):
    return {s: sheet["rank"] for s, sheet in final_sheets(state, seat, mine, others_pick).items()}


def final_sheets(state, seat, mine, others_pick):
    """{seat: its score sheet} at the end, after `mine` and the others' picks (greedy after them)."""
    state, _ = engine.apply(state, seat, mine)
    for other, action in others_pick:
        state, _ = engine.apply(state, other, action)
    while not engine.is_over(state):  # a prompt after the last turn (Babylon, Halicarnassus): greedy
        for s in engine.to_act(state):
            legal = engine.legal_actions(state, s)
            state, _ = engine.apply(state, s, bots.get("greedy").choose(engine.view(state, s), legal, random.Random(0)))
    return {sheet["seat"]: sheet for sheet in engine.scores(state)}


def a_last_turn_with_one_winning_card():
    """The last turn of Age III, 3 players, seat 0 to choose: some moves win the game whatever the
    others do, the others lose whatever they do, and the greedy bot picks a losing one (searched
    over seeded games)."""
    greedy = bots.get("greedy")
    for seed in range(400):
        rng = random.Random(seed)
        state = engine.new_game({"game": "base", "players": 3, "sides": "A"}, seed)
        while not engine.is_over(state):
            view = engine.view(state, None)
            if view["phase"] == "play" and view["age"] == 3 and view["turn"] == 6:
                break
            for s in engine.to_act(state):
                legal = engine.legal_actions(state, s)
                state, _ = engine.apply(state, s, greedy.choose(engine.view(state, s), legal, rng))
        if engine.is_over(state) or 0 not in engine.to_act(state):
            continue
        others = [s for s in engine.to_act(state) if s != 0]
        other_options = [engine.legal_actions(state, s) for s in others]
        verdicts = {}
        for mine in engine.legal_actions(state, 0):
            outcomes = {final_ranks(state, 0, mine, list(zip(others, pick)))[0] == 1
                        for pick in itertools.product(*other_options)}
            if len(outcomes) == 1:
                verdicts[search_bot._family(mine)] = (mine, outcomes.pop())
        winning = [a for a, wins in verdicts.values() if wins]
        losing = [a for a, wins in verdicts.values() if not wins]
        families = {search_bot._family(a) for a in engine.legal_actions(state, 0)}
        greedy_pick = greedy.choose(engine.view(state, 0), engine.legal_actions(state, 0), random.Random(1))
        if winning and losing and len(verdicts) == len(families) and \
                search_bot._family(greedy_pick) in {search_bot._family(a) for a in losing}:
            return state, winning
    pytest.fail("no seeded game gives such a last turn")


def test_it_finds_the_card_that_wins_on_the_last_turn():
    state, winning = a_last_turn_with_one_winning_card()
    choice = search_bot.choose(engine.view(state, 0), engine.legal_actions(state, 0), random.Random(3),
                               iterations=60)
    assert search_bot._family(choice) in {search_bot._family(a) for a in winning}


def test_the_outcome_counts_a_win_first_then_rank_then_margin():
    def sheets(ranks_totals):
        return [{"seat": s, "rank": r, "total": t} for s, (r, t) in enumerate(ranks_totals)]

    won_by_one = search_bot.outcome_value(sheets([(1, 50), (2, 49), (3, 30)]), 0)
    second_close = search_bot.outcome_value(sheets([(2, 49), (1, 50), (3, 30)]), 0)
    last = search_bot.outcome_value(sheets([(3, 20), (1, 50), (2, 40)]), 0)
    won_by_ten = search_bot.outcome_value(sheets([(1, 60), (2, 50), (3, 30)]), 0)
    assert won_by_ten > won_by_one > second_close > last
    assert 0.0 <= last and won_by_ten <= 1.0


def test_with_one_candidate_it_answers_at_once():
    legal = [{"type": "pass"}]
    assert search_bot.choose({"seat": 0}, legal, random.Random(1), seconds=100) == legal[0]


def test_each_round_rolls_every_candidate_out_from_the_same_deal_with_the_same_random_numbers(monkeypatch):
    real = a_state_after({"game": "base", "players": 3, "sides": "A"}, seed=4, decisions=9)
    seat = engine.to_act(real)[0]
    rounds = []
    real_sample, real_rollout = engine.sample_state, search_bot.rollout

    def sample(view, seat, rng, chooser=None):
        rounds.append({"rollouts": []})
        rounds[-1]["deal"] = real_sample(view, seat, rng, chooser=chooser)
        return rounds[-1]["deal"]

    def rollout(state, rng, policy, searcher=None, early=False):
        rounds[-1]["rollouts"].append((state["players"][1]["hand"], rng.getstate()))
        return real_rollout(state, rng, policy, searcher=searcher, early=early)

    monkeypatch.setattr(engine, "sample_state", sample)
    monkeypatch.setattr(search_bot, "rollout", rollout)
    legal = engine.legal_actions(real, seat)
    candidates = search_bot.candidate_actions(engine.view(real, seat), legal)
    search_bot.choose(engine.view(real, seat), legal, random.Random(2), iterations=40)
    assert len(rounds) > 1
    for one in rounds:
        assert len({repr(hand) for hand, _ in one["rollouts"]}) == 1  # the other seats' hands of that deal
        assert len({repr(rng_state) for _, rng_state in one["rollouts"]}) == 1
    assert len(rounds[0]["rollouts"]) == len(candidates)


def test_the_candidates_are_halved_until_one_is_left_within_the_iteration_budget(monkeypatch):
    real = a_state_after({"game": "base", "players": 3, "sides": "A"}, seed=4, decisions=9)
    seat = engine.to_act(real)[0]
    per_round = []
    real_sample = engine.sample_state

    def sample(view, seat, rng, chooser=None):
        per_round.append(0)
        return real_sample(view, seat, rng, chooser=chooser)

    def rollout(state, rng, policy, searcher=None, early=False):
        per_round[-1] += 1
        return [{"seat": s, "rank": 1 + s, "total": 10 - s} for s in range(3)]

    monkeypatch.setattr(engine, "sample_state", sample)
    monkeypatch.setattr(search_bot, "rollout", rollout)
    legal = engine.legal_actions(real, seat)
    k = len(search_bot.candidate_actions(engine.view(real, seat), legal))
    assert k == 6  # 6 candidates: 6, then 3, then 2
    search_bot.choose(engine.view(real, seat), legal, random.Random(2), iterations=96)
    assert sorted(set(per_round), reverse=True) == [6, 3, 2]
    assert sum(per_round) <= 96


def test_the_garbage_collector_is_paused_while_it_searches_and_running_again_after(monkeypatch):
    state = a_state_after({"game": "base", "players": 4}, seed=8, decisions=8)
    seat = engine.to_act(state)[0]
    seen = []
    real_rollout = search_bot.rollout

    def watching_rollout(*args, **kwargs):
        seen.append(gc.isenabled())
        return real_rollout(*args, **kwargs)

    monkeypatch.setattr(search_bot, "rollout", watching_rollout)
    assert gc.isenabled()
    search_bot.choose(engine.view(state, seat), engine.legal_actions(state, seat), random.Random(1), iterations=16)
    assert seen and not any(seen)
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off():
    state = a_state_after({"game": "base", "players": 3}, seed=2, decisions=3)
    seat = engine.to_act(state)[0]
    gc.disable()
    try:
        search_bot.choose(engine.view(state, seat), engine.legal_actions(state, seat), random.Random(1), iterations=6)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_it_models_the_choices_others_made_unseen_this_turn_with_its_rollout_policy(monkeypatch):
    real = a_state_after({"game": "base", "players": 3, "sides": "A"}, seed=4, decisions=10)
    seat = engine.to_act(real)[0]
    choosers = []
    real_sample = engine.sample_state

    def sample(view, seat, rng, chooser=None):
        choosers.append(chooser)
        return real_sample(view, seat, rng, chooser=chooser)

    monkeypatch.setattr(engine, "sample_state", sample)
    search_bot.choose(engine.view(real, seat), engine.legal_actions(real, seat), random.Random(2), iterations=16)
    assert choosers and all(c == bots.get("greedy").choose for c in choosers)


def a_decision_with_many_discards_and_stages():
    greedy = bots.get("medium")
    for seed in range(50):
        rng = random.Random(seed)
        state = engine.new_game({"game": "base", "players": 4, "sides": "A"}, seed)
        while not engine.is_over(state):
            for seat in engine.to_act(state):
                view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
                kinds = [a["type"] for a in legal]
                if kinds.count("discard") >= 4 and len({a["card"] for a in legal if a["type"] == "wonder"}) >= 3:
                    return view, legal
                state, _ = engine.apply(state, seat, greedy.choose(view, legal, rng))
    raise AssertionError("no seeded game offered the decision this test needs")


def test_it_searches_at_most_two_discards_and_two_wonder_stages_and_fills_up_with_builds():
    view, legal = a_decision_with_many_discards_and_stages()
    candidates = search_bot.candidate_actions(view, legal)
    kinds = [a["type"] for a in candidates]
    assert kinds.count("discard") == 2 and kinds.count("wonder") == 2
    builds = {a["card"] for a in legal if a["type"] == "build"}
    assert kinds.count("build") == min(len(builds), search_bot.MAX_CANDIDATES - 4)


def test_without_the_games_groups_the_candidates_are_the_heuristics_best_of_any_kind(monkeypatch):
    from games.engine import registry

    view, legal = a_decision_with_many_discards_and_stages()
    monkeypatch.delattr(type(registry.get("base")), "search_group")
    kinds = [a["type"] for a in search_bot.candidate_actions(view, legal)]
    assert kinds.count("discard") + kinds.count("wonder") > 4


def a_view_in_age(config, age, seed=4):
    """A seat's view and legal actions at its first decision of `age` in a random game."""
    rng = random.Random(seed)
    state = engine.new_game(config, seed)
    while True:
        seat = engine.to_act(state)[0]
        view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
        if view.get("age") == age and view["phase"] == "play" and len(legal) > 1:
            return view, legal
        state, _ = engine.apply(state, seat, rng.choice(legal))


def budgets_given(monkeypatch, view, legal, **budget):
    """The seconds `choose` hands its search for this decision."""
    given = []
    monkeypatch.setattr(search_bot, "_search", lambda *args, seconds, **kwargs: given.append(seconds) or legal[0])
    search_bot.choose(view, legal, random.Random(1), **budget)
    return given[0]


@pytest.mark.parametrize("config", [{"game": "base", "players": 7},
                                    {"game": "base", "players": 8, "expansions": ["cities"]}])
def test_it_spends_more_of_a_moves_mean_budget_in_age_one_than_in_age_three(monkeypatch, config):
    seconds = [budgets_given(monkeypatch, *a_view_in_age(config, age), seconds=1.0) for age in (1, 2, 3)]
    assert seconds == [1.4, 1.1, 0.5]


def test_without_its_default_budget_it_spreads_the_default_second(monkeypatch):
    view, legal = a_view_in_age({"game": "base", "players": 4}, 3)
    assert budgets_given(monkeypatch, view, legal) == 0.5 * search_bot.DEFAULT_SECONDS


def test_unpaced_it_searches_the_seconds_it_is_given_in_any_age(monkeypatch):
    view, legal = a_view_in_age({"game": "base", "players": 4}, 1)
    assert budgets_given(monkeypatch, view, legal, seconds=1.0, paced=False) == 1.0


def test_the_two_player_variant_and_a_game_without_shares_give_every_decision_the_mean(monkeypatch):
    two = a_view_in_age({"game": "base", "players": 2}, 1)
    assert budgets_given(monkeypatch, *two, seconds=1.0) == 1.0
    state = engine.new_game(engine.normalize_config({"game": "architects", "players": 3}), 2)
    seat = engine.to_act(state)[0]
    assert not hasattr(engine.registry.get("architects"), "search_time_share")
    assert budgets_given(monkeypatch, engine.view(state, seat), engine.legal_actions(state, seat), seconds=1.0) == 1.0


def test_an_iteration_budget_is_not_spread(monkeypatch):
    given = []
    monkeypatch.setattr(search_bot, "_search", lambda *args, seconds, iterations, **kwargs:
                        given.append((seconds, iterations)) or args[1][0])
    view, legal = a_view_in_age({"game": "base", "players": 4}, 1)
    search_bot.choose(view, legal, random.Random(1), iterations=40)
    assert given == [(None, 40)]
