"""The base game's quick rollout turn (the search bot's rollouts) is the greedy bot through the
contract, only quicker."""
import random

import pytest

from games import engine
from games.engine import testing
from games.engine.base import rollout

from .test_search_bot import a_state_after


@pytest.mark.parametrize("config", [
    {"game": "base", "players": 3},
    {"game": "base", "players": 7},
    {"game": "base", "players": 5, "expansions": ["cities"]},
    {"game": "base", "players": 8, "expansions": ["cities"], "teams": True},
])
def test_it_plays_the_greedy_choices_the_contract_would_accept(config):
    answered = 0
    for seed in range(6):
        state = a_state_after(config, seed, decisions=seed * 11)
        answered += testing.check_rollout_turn(state, random.Random(seed))
    assert answered >= 4


def test_it_lets_only_the_seats_still_to_choose_choose():
    state = a_state_after({"game": "base", "players": 4}, seed=3, decisions=8)
    assert state["phase"] == "play" and state["pending"] == [None] * 4
    mine = engine.legal_actions(state, 2)[-1]
    state, _ = engine.apply(state, 2, mine)
    after = rollout.rollout_turn(state, random.Random(1))
    chosen = engine.action_log(after)[len(engine.action_log(state)):]
    assert [entry["seat"] for entry in chosen] == [0, 1, 3]
    assert testing.check_rollout_turn(state, random.Random(2))


def test_it_leaves_the_two_player_variant_and_the_sides_to_the_contract():
    two = a_state_after({"game": "base", "players": 2}, seed=1, decisions=8)
    assert two["phase"] == "play" and rollout.rollout_turn(two, random.Random(0)) is None
    sides = engine.new_game({"game": "base", "players": 4, "sides": "choose"}, 5)
    assert sides["phase"] == "sides" and rollout.rollout_turn(sides, random.Random(0)) is None


def test_the_check_refuses_a_rollout_that_is_not_greedy(monkeypatch):
    state = a_state_after({"game": "base", "players": 4}, seed=2, decisions=4)

    def discard_the_first_card(state, seat, age, public, rng, weights):
        return {"type": "discard", "card": state["players"][seat]["hand"][0]}

    monkeypatch.setattr(rollout, "_greedy_choice", discard_the_first_card)
    with pytest.raises(AssertionError, match="not the greedy one"):
        testing.check_rollout_turn(state, random.Random(0))
