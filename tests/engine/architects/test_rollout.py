"""Architects' quick rollouts (rollout.py) are the greedy bot through the contract, only quicker;
the state copy every move makes (state.copy_state) shares with the state it copies only what the
move leaves alone, and no move changes the state it is given."""
import json
import random

import pytest

from games import bots, engine
from games.bots import search_bot
from games.engine import registry, testing
from games.engine.architects import heuristics, rollout, state as architects_state

from .tables import states_of_random_games

SIZES = (2, 3, 5, 7)


def lists_and_dicts(value, found=None):
    found = [] if found is None else found
    if isinstance(value, dict):
        found.append(value)
        for item in value.values():
            lists_and_dicts(item, found)
    elif isinstance(value, list):
        found.append(value)
        for item in value:
            lists_and_dicts(item, found)
    return found


@pytest.mark.parametrize("players", SIZES)
def test_the_quick_rollout_plays_the_same_game_as_the_greedy_bot_through_the_contract(players, monkeypatch):
    greedy = bots.get("greedy")
    starts = list(states_of_random_games(players, range(3), every=7))
    quick = [search_bot.rollout(s, random.Random(k), greedy) for k, s in enumerate(starts)]
    monkeypatch.delattr(type(registry.get("architects")), "rollout_turn")
    through_the_contract = [search_bot.rollout(s, random.Random(k), greedy) for k, s in enumerate(starts)]
    assert quick == through_the_contract and len(starts) >= 6


@pytest.mark.parametrize("players", SIZES)
def test_the_heuristic_reads_the_same_values_off_the_state_as_off_the_view(players):
    compared = peeked = 0
    for state in states_of_random_games(players, range(4, 8), every=1):
        if engine.is_over(state):
            continue
        seat = state["active"]
        view, facts = engine.view(state, seat), rollout.heuristic_view(state, seat)
        peeked += "central_top" in view
        assert ("central_top" in view) == ("central_top" in facts)
        for action in engine.legal_actions(state, seat):
            assert heuristics.action_value(facts, action) == heuristics.action_value(view, action), action
            compared += 1
    assert compared > 100
    if players == 7:
        assert peeked  # the cat's peek came up, so the central top was compared too


@pytest.mark.parametrize("players", SIZES)
def test_the_quick_turn_passes_the_engines_check_of_rollout_turns(players):
    answered = sum(testing.check_rollout_turn(state, random.Random(k))
                   for k, state in enumerate(states_of_random_games(players, range(8, 10), every=5)))
    assert answered >= 5


def test_it_leaves_a_game_that_is_over_to_the_contract():
    over = list(states_of_random_games(3, [1], every=1000))[-1]
    assert engine.is_over(over) and rollout.rollout_turn(over, random.Random(0)) is None


@pytest.mark.parametrize("players", SIZES)
def test_a_moves_state_copy_equals_the_state_and_shares_only_the_other_players_the_config_and_conflict(players):
    looked = prompted = 0
    for state in states_of_random_games(players, range(10, 16), every=1):
        copied = architects_state.copy_state(state)
        assert copied == {k: v for k, v in state.items() if k != "log"}
        others = [p for seat, p in enumerate(state["players"]) if seat != state["active"]]
        shared = {id(x) for x in lists_and_dicts(copied)} & {id(x) for x in lists_and_dicts(state)}
        never_changed_in_place = [state["config"], state["conflict"]]
        assert shared == {id(x) for p in others + never_changed_in_place for x in lists_and_dicts(p)}
        assert copied["players"][state["active"]] is not state["players"][state["active"]]
        looked += state["looking"] is not None
        prompted += bool(state["prompts"])
    assert prompted
    if players == 7:
        assert looked  # Halicarnassus' cards in hand were copied too


@pytest.mark.parametrize("players", SIZES)
def test_applying_a_move_leaves_the_state_it_was_given_as_it_was(players):
    battles = 0
    for state in states_of_random_games(players, range(3), every=1):
        if engine.is_over(state):
            continue
        before = json.dumps(state, sort_keys=True)
        seat = engine.to_act(state)[0]
        for action in engine.legal_actions(state, seat):
            _after, events = engine.apply(state, seat, action)
            battles += any(event["type"] == "battle" for event in events)
        assert json.dumps(state, sort_keys=True) == before
    assert battles  # a battle, which changes every player, came up


def test_a_battle_leaves_the_players_of_the_state_before_it_as_they_were():
    for state in states_of_random_games(4, range(20, 40), every=1):
        if engine.is_over(state):
            continue
        seat = engine.to_act(state)[0]
        for action in engine.legal_actions(state, seat):
            after, events = engine.apply(state, seat, action)
            if any(event["type"] == "battle" for event in events):
                assert not {id(p) for p in after["players"]} & {id(p) for p in state["players"]}
                return
    raise AssertionError("no battle came up")
