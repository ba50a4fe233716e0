"""The base game's batch heuristic gives the very values of the one-action heuristic."""
import random

import pytest

from games import engine
from games.engine.base import heuristics


@pytest.mark.parametrize("config", [
    {"game": "base", "players": 4, "sides": "random"},
    {"game": "base", "players": 2, "sides": "random"},
    {"game": "base", "players": 7, "sides": "B"},
    {"game": "base", "players": 5, "sides": "random", "expansions": ["cities"]},
])
@pytest.mark.parametrize("weights", ["MEDIUM", "SEARCHER", "SEARCHER_CITIES"])
def test_action_values_equal_action_value_for_every_legal_action_of_whole_games(config, weights):
    weights = getattr(heuristics, weights)
    for seed in range(3):
        rng = random.Random(seed)
        state = engine.new_game(config, seed)
        while not engine.is_over(state):
            seat = engine.to_act(state)[0]
            legal = engine.legal_actions(state, seat)
            view = engine.view(state, seat)
            assert heuristics.action_values(view, legal, weights) == [
                heuristics.action_value(view, a, weights) for a in legal]
            state, _ = engine.apply(state, seat, rng.choice(legal))


def test_the_greedy_bot_reads_the_batch_values_through_the_registry():
    from games.engine import registry

    assert registry.get("base").action_values is heuristics.action_values
