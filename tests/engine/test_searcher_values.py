"""The base game's search plays its own seat's rollouts with the heuristic's SEARCHER weights (a
better greedy game than the field's MEDIUM; SEARCHER_CITIES with Cities), every other seat with
MEDIUM, the greedy bot's."""
import random

import pytest

from games import engine
from games.bots.search_bot import _family
from games.engine import registry
from games.engine.base import heuristics, rollout
from games.engine.base.heuristics import MEDIUM, SEARCHER, SEARCHER_CITIES

from .test_search_bot import a_state_after


def _quick_game_wins(searcher_of, deals, players=4, expansions=()):
    """Wins of one seat (rotated) in greedy games played with the quick rollout turn, the seat
    playing as `searcher_of(seat)` says (the contract's greedy bot where the quick turn has no
    answer: a wonder's prompt, a Cities debt)."""
    wins = 0
    for seed in deals:
        seat = seed % players
        state = engine.new_game({"game": "base", "players": players, "expansions": list(expansions)}, seed)
        rng = random.Random(f"ties {seed}")  # not random.Random(seed): the deal's own draws
        while not engine.is_over(state):
            after = rollout.rollout_turn(state, rng, searcher_of(seat))
            if after is None:
                acting = engine.to_act(state)[0]
                legal = engine.legal_actions(state, acting)
                values = heuristics.action_values(engine.view(state, acting), legal)
                after, _ = engine.apply(state, acting, legal[values.index(max(values))])
            state = after
        wins += engine.scores(state)[seat]["rank"] == 1
    return wins


def test_the_searchers_weights_win_more_greedy_games_than_the_fields_own():
    # tuned at 7 players; at 4 players on deals 30,000-31,999 SEARCHER's seat won 45.2% of the
    # games, MEDIUM's 22.6%
    deals = range(20_000, 20_400)
    searching = _quick_game_wins(lambda seat: seat, deals)
    flat = _quick_game_wins(lambda seat: None, deals)
    assert searching >= flat + 0.10 * len(deals)


def test_with_cities_the_searchers_own_weights_win_more_greedy_games_than_the_fields_own():
    # tuned on Cities deals 0-3,999; on deals 30,000-31,999 the seat won 36.1% with them and
    # 12.4% with MEDIUM (parity 12.5%)
    deals = range(20_000, 20_400)
    searching = _quick_game_wins(lambda seat: seat, deals, players=8, expansions=["cities"])
    flat = _quick_game_wins(lambda seat: None, deals, players=8, expansions=["cities"])
    assert searching >= flat + 0.10 * len(deals)


@pytest.mark.parametrize("expansions, discards", [(["cities"], True), ([], False)])
def test_the_quick_turn_plays_the_cities_weights_only_with_cities(monkeypatch, expansions, discards):
    monkeypatch.setattr(heuristics, "SEARCHER_CITIES", dict(MEDIUM, discard=100.0))
    state = engine.new_game({"game": "base", "players": 5, "expansions": expansions}, 11)
    after = rollout.rollout_turn(state, random.Random(3), searcher=2)
    assert (_choice_of(after, state, 2)["type"] == "discard") is discards
    assert _choice_of(after, state, 1)["type"] != "discard"


def test_the_greedy_bot_still_plays_the_medium_weights():
    state = a_state_after({"game": "base", "players": 4}, seed=5, decisions=9)
    seat = engine.to_act(state)[0]
    view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
    assert registry.get("base").action_values(view, legal) == heuristics.action_values(view, legal, MEDIUM)
    assert heuristics.action_values(view, legal, SEARCHER) != heuristics.action_values(view, legal, MEDIUM)
    assert set(SEARCHER) == set(MEDIUM) == set(SEARCHER_CITIES)


def _clear_best(values, actions):
    """The best action when it beats every other by more than the tie-break noise, else None."""
    ranked = sorted(zip(values, range(len(actions))), reverse=True)
    return actions[ranked[0][1]] if ranked[0][0] - ranked[1][0] > 0.02 else None


def _a_turn_where_the_weights_disagree():
    for seed in range(60):
        state = a_state_after({"game": "base", "players": 4}, seed=seed, decisions=4 * (seed % 5))
        if state["phase"] != "play" or state["pending"] != [None] * 4:
            continue
        for seat in range(4):
            facts_view = engine.view(state, seat)
            legal = engine.legal_actions(state, seat)
            searching = _clear_best(heuristics.action_values(facts_view, legal, SEARCHER), legal)
            flat = _clear_best(heuristics.action_values(facts_view, legal, MEDIUM), legal)
            if searching and flat and _family(searching) != _family(flat):
                return state, seat, searching, flat
    raise AssertionError("no turn where the two weights choose differently")


def _choice_of(after, state, seat):
    new = engine.action_log(after)[len(engine.action_log(state)):]
    return next(entry["action"] for entry in new if entry["seat"] == seat)


def test_the_quick_turn_plays_the_searchers_weights_for_the_searcher_only():
    state, seat, searching, flat = _a_turn_where_the_weights_disagree()
    for_the_searcher = rollout.rollout_turn(state, random.Random(3), searcher=seat)
    for_nobody = rollout.rollout_turn(state, random.Random(3))
    # the same move however paid: the quick turn lists each card's cheapest payment only
    assert _family(_choice_of(for_the_searcher, state, seat)) == _family(searching)
    assert _family(_choice_of(for_nobody, state, seat)) == _family(flat)
    for other in set(range(4)) - {seat}:  # the same tie-breaks: every other seat chose alike
        assert _choice_of(for_the_searcher, state, other) == _choice_of(for_nobody, state, other)
