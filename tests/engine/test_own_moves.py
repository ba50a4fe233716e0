"""The search bot's own next move after a candidate: a bandit over the rounds, not the greedy pick."""
import random

from games import engine
from games.bots import greedy_bot, own_moves, search_bot


def _select_calls(tally, options, times, outcome=0.5):
    """The moves `select` plays in `times` rollouts in a row, each credited with `outcome`."""
    picks = []
    for _ in range(times):
        move, entry = own_moves.select(tally, options, repr)
        entry["n"] += 1
        entry["total"] += outcome
        picks.append(move)
    return picks


def test_it_tries_every_move_once_in_the_heuristics_order_before_comparing_them():
    tally = own_moves.new_tally()
    assert _select_calls(tally, ["builds", "discards", "takes"], 3) == ["builds", "discards", "takes"]
    assert tally["visits"] == 3


def test_once_every_move_is_tried_it_plays_the_one_with_the_best_outcomes_more_often():
    tally = own_moves.new_tally()
    for move, wins in (("builds", 2.0), ("discards", 9.0), ("takes", 1.0)):
        tally["moves"][repr(move)] = {"n": 10, "total": wins}
    tally["visits"] = 30
    assert _select_calls(tally, ["builds", "discards", "takes"], 1) == ["discards"]


def test_a_move_never_chosen_again_is_still_tried_once_its_bonus_outgrows_the_gap():
    tally = own_moves.new_tally()
    tally["moves"][repr("discards")] = {"n": 1, "total": 0.5}
    tally["moves"][repr("builds")] = {"n": 500, "total": 300.0}  # mean 0.6
    tally["visits"] = 501
    assert _select_calls(tally, ["builds", "discards"], 1) == ["discards"]


def _architects_state(seed=3, moves=6):
    """A state of a greedy game after at least `moves` moves where the seat to act has several
    candidates."""
    state = engine.new_game({"game": "architects", "players": 3}, seed)
    rng = random.Random(seed)
    played = 0
    while True:
        seat = engine.to_act(state)[0]
        view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
        if played >= moves and len(search_bot.candidate_actions(view, legal)) > 1:
            return state
        state, _ = engine.apply(state, seat, greedy_bot.choose(view, legal, rng))
        played += 1


def test_a_rollout_chooses_only_the_seats_next_decision_and_credits_that_move_with_the_outcome(monkeypatch):
    state = _architects_state()
    seat = engine.to_act(state)[0]
    after, _ = engine.apply(state, seat, engine.legal_actions(state, seat)[0])
    asked = []
    real_select = own_moves.select

    def select(tally, options, family_of):
        asked.append(options)
        return real_select(tally, options, family_of)

    monkeypatch.setattr(own_moves, "select", select)
    tally = own_moves.new_tally()
    outcomes = []
    for k in range(5):
        sheets = own_moves.play_on(after, random.Random(k), greedy_bot, seat, tally, outcome=search_bot.outcome_value,
                                   candidates_of=search_bot.candidate_actions, family_of=search_bot._family,
                                   rollout=search_bot.rollout)
        assert sorted(sheet["seat"] for sheet in sheets) == [0, 1, 2]  # the end's score sheets
        outcomes.append(search_bot.outcome_value(sheets, seat))
    assert len(asked) == 5  # one decision a rollout, the seat's next one
    assert tally["visits"] == 5
    assert sum(entry["n"] for entry in tally["moves"].values()) == 5
    assert abs(sum(entry["total"] for entry in tally["moves"].values()) - sum(outcomes)) < 1e-9


def test_the_search_bot_plays_its_seats_next_move_by_the_bandit_under_each_candidate(monkeypatch):
    state = _architects_state(seed=5, moves=4)
    seat = engine.to_act(state)[0]
    tallies = []
    real_play_on = own_moves.play_on

    def play_on(state, rng, policy, seat, tally, **kwargs):
        if all(tally is not seen for seen in tallies):
            tallies.append(tally)
        return real_play_on(state, rng, policy, seat, tally, **kwargs)

    monkeypatch.setattr(own_moves, "play_on", play_on)
    view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
    search_bot.choose(view, legal, random.Random(1), iterations=30)
    assert len(tallies) == len(search_bot.candidate_actions(view, legal)) > 1
    assert all(tally["visits"] > 0 for tally in tallies)


def test_a_game_that_does_not_ask_for_it_keeps_flat_greedy_rollouts(monkeypatch):
    assert not engine.registry.get("base").INFO.get("search_own_next_move")
    state = engine.new_game({"game": "base", "players": 3, "sides": "A"}, 4)
    seat = engine.to_act(state)[0]

    def play_on(*args, **kwargs):
        raise AssertionError("the base game's rollouts are flat")

    monkeypatch.setattr(own_moves, "play_on", play_on)
    view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
    assert search_bot.choose(view, legal, random.Random(1), iterations=20) in legal
