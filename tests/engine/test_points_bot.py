"""The points-greedy bot (`points`, games/bots/points_bot.py): the most points at once, from its view."""
import copy
import random

import pytest

from games import bots, engine
from games.bots import points_bot

AGE_ONE_HAND = ["loom_1", "altar", "clay_pool", "stone_pit", "guard_tower", "stockade", "press_1"]


def _first_turn(hand, coins):
    state = engine.new_game({"game": "base", "players": 3, "sides": "A"}, 5)
    state["players"][0]["hand"] = list(hand)
    state["players"][0]["coins"] = coins
    return state


def _choice(state, seed):
    return points_bot.choose(engine.view(state, 0), engine.legal_actions(state, 0), random.Random(seed))


def test_it_builds_the_altar_whose_two_points_beat_a_discards_coin():
    state = _first_turn(AGE_ONE_HAND, coins=0)  # a discard: 3 coins, one point; the Altar: two
    assert {_choice(state, seed)["card"] for seed in range(6)} == {"altar"}
    assert {_choice(state, seed)["type"] for seed in range(6)} == {"build"}


def test_without_a_card_that_scores_it_discards_for_the_coins_that_make_a_point():
    hand = ["lumber_yard" if card == "altar" else card for card in AGE_ONE_HAND]
    state = _first_turn(hand, coins=2)  # 2 + 3 coins: one point; any build leaves none
    assert {_choice(state, seed)["type"] for seed in range(6)} == {"discard"}


def test_the_benchmark_and_the_tools_know_it_by_the_name_points():
    assert bots.get("points") is points_bot
    assert "points" not in bots.LEVELS.values()  # a baseline, not a level players choose


@pytest.mark.parametrize("config", [
    {"game": "base", "players": 2},
    {"game": "base", "players": 4, "expansions": ["cities"], "teams": True},
    {"game": "architects", "players": 3},
])
def test_it_plays_a_whole_game_of_every_kind_with_legal_moves_only(config):
    rng = random.Random(1)
    state = engine.new_game(engine.normalize_config(config), 11)
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            legal = engine.legal_actions(state, seat)
            action = points_bot.choose(engine.view(state, seat), legal, rng)
            assert action in legal
            state, _events = engine.apply(state, seat, action)
            if engine.is_over(state):
                break
    assert len(engine.scores(state)) == config["players"]


def test_it_decides_from_the_view_alone_whatever_the_hands_it_cannot_see():
    state = _first_turn(AGE_ONE_HAND, coins=3)
    other = copy.deepcopy(state)
    other["players"][1]["hand"], other["players"][2]["hand"] = state["players"][2]["hand"], state["players"][1]["hand"]
    assert engine.view(other, 0) == engine.view(state, 0)
    for seed in range(4):
        assert _choice(other, seed) == _choice(state, seed)
