"""The base game's quick rollout turn (the search bot's rollouts) is the greedy bot through the
contract, only quicker."""
import random

import pytest

from games import engine
from games.engine import testing
from games.engine.base import actions, rollout

from .helpers import make_state
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


def cities_debt_steps(players, seeds):
    """Every Cities debt step of random games, one of them with a seat's debt already chosen."""
    for seed in seeds:
        rng = random.Random(seed)
        state = engine.new_game({"game": "base", "players": players, "expansions": ["cities"]}, seed)
        while not engine.is_over(state):
            acting = engine.to_act(state)
            if state["phase"] == "debt":
                yield state
            state, _ = engine.apply(state, acting[0], rng.choice(engine.legal_actions(state, acting[0])))


def test_it_settles_cities_debts_as_the_greedy_bot_would_through_the_contract():
    checked = some_chosen = could_pay = 0
    for state in cities_debt_steps(8, range(12)):
        checked += testing.check_rollout_turn(state, random.Random(checked))
        some_chosen += any(state["pending"])
        could_pay += any(owed and p["coins"] for owed, p in zip(state["owed"], state["players"]))
    assert checked > 20 and some_chosen and could_pay


def test_every_seat_that_owes_pays_all_it_can_in_a_rollout():
    for state in cities_debt_steps(5, range(6)):
        if any(state["pending"]):
            continue
        after = rollout.rollout_turn(state, random.Random(4), searcher=0)
        paid = {e["seat"]: e["action"]["coins"] for e in engine.action_log(after)[len(engine.action_log(state)):]}
        assert paid == {seat: min(owed, state["players"][seat]["coins"])
                        for seat, owed in enumerate(state["owed"]) if owed}


def test_it_weighs_olympias_free_build_as_the_contract_lists_it():
    # Olympia (seat 0) with its free build ready, no coin and no card it could build otherwise.
    hands = {0: ["baths", "barracks", "guard_tower", "apothecary"], 1: ["theater", "tavern", "stockade", "mine"],
             2: ["altar", "workshop", "scriptorium", "clay_pit"]}
    state = make_state(3, wonders=["olympia", "rhodes", "giza"], stages={0: 2}, coins={0: 0}, hands=hands)
    legal = engine.legal_actions(state, 0)
    assert {"type": "build", "card": "baths", "pay": {"left": 0, "right": 0}, "free": "olympia"} in legal
    assert all(testing.check_rollout_turn(state, random.Random(seed)) for seed in range(20))


def test_it_prices_only_the_purchases_that_could_be_its_best_move(monkeypatch):
    states = [a_state_after({"game": "base", "players": 7}, seed, decisions=seed * 7) for seed in range(10)]
    purchases = 0
    for state in states:
        for seat in engine.to_act(state):
            offers = actions.Offers(state, seat, state["players"][seat]["hand"])
            purchases += sum(isinstance(b, int) and b >= 0 for b in offers.builds.values()) + (offers.stage is not None)
    priced = []
    real_cheapest = actions.Offers.cheapest
    monkeypatch.setattr(actions.Offers, "cheapest", lambda *args: priced.append(1) or real_cheapest(*args))
    for seed, state in enumerate(states):
        rollout.rollout_turn(state, random.Random(seed))
    assert 0 < len(priced) < 0.7 * purchases  # about half; every one without the bound


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

    def discard_the_first_card(state, seat, age, public, rng, weights, profiles):
        return {"type": "discard", "card": state["players"][seat]["hand"][0]}

    monkeypatch.setattr(rollout, "_greedy_choice", discard_the_first_card)
    with pytest.raises(AssertionError, match="not the greedy one"):
        testing.check_rollout_turn(state, random.Random(0))
