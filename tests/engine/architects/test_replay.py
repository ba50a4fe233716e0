"""The log and replay: chance entries first in a new game, a reshuffles entry anywhere."""
import random

import pytest

from games import engine

CONFIG = {"game": "architects", "players": 3, "wonders": ["halicarnassus", "giza", "rhodes"]}


def _random_game(seed, steps):
    state = engine.new_game(CONFIG, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if engine.is_over(state):
            break
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    return state


def test_a_new_games_log_starts_with_the_setup_and_the_reshuffle_orders():
    log = engine.action_log(engine.new_game(CONFIG, seed=3))
    assert [entry["chance"] for entry in log] == ["setup", "reshuffles"]
    assert log[0]["wonders"] == ["halicarnassus", "giza", "rhodes"]
    assert [sorted(order) for order in log[1]["orders"]] == [list(range(25))] * 2


def test_a_reshuffles_entry_may_stand_later_in_the_log():
    state = _random_game(seed=5, steps=12)
    log = engine.action_log(state)
    moved = [log[0]] + log[2:] + [log[1]]
    again = engine.replay(CONFIG, moved)
    assert again["reshuffles"] == state["reshuffles"] and again["players"] == state["players"]
    assert again["decks"] == state["decks"]


def test_a_malformed_chance_entry_is_refused():
    log = engine.action_log(engine.new_game(CONFIG, seed=3))
    with pytest.raises(engine.ConfigError):
        engine.replay(CONFIG, [log[0], {"chance": "reshuffles", "orders": [[0, 1]]}])
    with pytest.raises(engine.ConfigError):
        engine.replay(CONFIG, [dict(log[0], central=log[0]["central"][1:])])
