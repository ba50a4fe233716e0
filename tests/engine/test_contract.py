"""The conformance suite over every registered game (games/engine/testing.py).

A new game is done when it has configs here and this file is green for them. With
HYPOTHESIS_PROFILE=thorough (make test-integration) every config plays many more games.
"""
import os
import random

import pytest

from games import engine
from games.engine import testing

pytestmark = pytest.mark.thorough  # more games under HYPOTHESIS_PROFILE=thorough (make test-integration)

# Representative configs per game: every player count and every option value at least once.
CONFIGS = {
    "base": [
        {"game": "base", "players": 3, "sides": "A"},
        {"game": "base", "players": 3, "sides": "choose"},
        {"game": "base", "players": 4, "sides": "B"},
        {"game": "base", "players": 5, "sides": "random"},
        {"game": "base", "players": 6, "sides": "choose"},
        {"game": "base", "players": 7, "sides": "A"},
        {"game": "base", "players": 7, "sides": "B"},
        {"game": "base", "players": 4, "sides": "random", "wonders": ["giza", None, "rhodes", None]},
        {"game": "base", "players": 2, "sides": "A"},
        {"game": "base", "players": 2, "sides": "B"},
        {"game": "base", "players": 2, "sides": "random"},
        {"game": "base", "players": 2, "sides": "choose"},
        {"game": "base", "players": 2, "sides": ["B", "random"], "wonders": ["babylon", "halicarnassus"]},
        {"game": "base", "players": 2, "sides": "B", "wonders": [None, "olympia"]},
        # Cities: 3..8 players, teams at 4/6/8, sides A/B/random (and choose once)
        {"game": "base", "players": 3, "sides": "A", "expansions": ["cities"]},
        {"game": "base", "players": 4, "sides": "B", "expansions": ["cities"],
         "wonders": ["petra", "byzantium", None, None]},
        {"game": "base", "players": 5, "sides": "random", "expansions": ["cities"]},
        {"game": "base", "players": 6, "sides": "choose", "expansions": ["cities"]},
        {"game": "base", "players": 7, "sides": "B", "expansions": ["cities"]},
        {"game": "base", "players": 8, "sides": "A", "expansions": ["cities"]},
        {"game": "base", "players": 4, "sides": "random", "expansions": ["cities"], "teams": True},
        {"game": "base", "players": 6, "sides": "B", "expansions": ["cities"], "teams": True},
        {"game": "base", "players": 8, "sides": "random", "expansions": ["cities"], "teams": True},
        # the 2-player variant with Cities (mode cities-2p)
        {"game": "base", "players": 2, "sides": "A", "expansions": ["cities"]},
        {"game": "base", "players": 2, "sides": "random", "expansions": ["cities"], "wonders": ["petra", "byzantium"]},
        {"game": "base", "players": 2, "sides": "choose", "expansions": ["cities"]},
        {"game": "base", "players": 2, "sides": "B", "expansions": ["cities"], "wonders": ["babylon", "halicarnassus"]},
    ],
    "architects": [
        {"game": "architects", "players": 2},
        {"game": "architects", "players": 3},
        {"game": "architects", "players": 4, "wonders": ["halicarnassus", None, "babylon", None]},
        {"game": "architects", "players": 5},
        {"game": "architects", "players": 6, "wonders": [None, "alexandria", None, "olympia", "ephesus", None]},
        {"game": "architects", "players": 7},
        {"game": "architects", "players": 7,
         "wonders": ["giza", "rhodes", "halicarnassus", "alexandria", "ephesus", "olympia", "babylon"]},
    ],
}
GAMES_PER_CONFIG = 40 if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else 2

EVERY_CONFIG = [config for configs in CONFIGS.values() for config in configs]


def config_id(config):
    """The config's test id: its game and options (the seeds loop inside the test)."""
    options = "-".join(f"{k}={v}" for k, v in config.items() if k != "game")
    return f"{config['game']}-{options}".replace(" ", "")


def test_every_registered_game_has_conformance_configs():
    assert sorted(CONFIGS) == sorted(engine.games())


@pytest.mark.parametrize("game_id", engine.games())
def test_a_game_declares_every_static_fact_of_the_contract(game_id):
    testing.check_info(game_id)


def test_the_suite_refuses_a_bot_level_no_policy_plays(monkeypatch):
    real = engine.info
    monkeypatch.setattr(engine, "info", lambda game: {**real(game), "bot_levels": ["medium", "greedy"]})
    with pytest.raises(AssertionError, match="bot levels"):
        testing.check_info("base")


@pytest.mark.parametrize("config", EVERY_CONFIG, ids=[config_id(c) for c in EVERY_CONFIG])
def test_random_legal_games_end_replay_score_and_leak_nothing_as_their_game_type_says(config):
    testing.check_config(config, seeds=range(GAMES_PER_CONFIG))


def test_every_conformance_config_has_its_own_test_id():
    ids = [config_id(c) for c in EVERY_CONFIG]
    assert len(set(ids)) == len(ids), "two configs share a test id"


@pytest.mark.parametrize("config", [configs[0] for configs in CONFIGS.values()], ids=sorted(CONFIGS))
def test_the_same_seed_and_choices_give_the_same_game(config):
    testing.check_determinism(config, seed=11)


def test_the_suite_catches_a_view_that_shows_a_hidden_card():
    state = engine.new_game({"game": "base", "players": 3}, seed=2)
    view = engine.view(state, 0)
    view["gossip"] = engine.view(state, 1)["hand"]
    with pytest.raises(AssertionError, match="hidden ids"):
        testing.check_leak_free(state, 0, view, "the view")


def test_the_suite_catches_a_total_that_is_not_the_sum_of_its_categories(monkeypatch):
    state, _ = testing.play_random_game({"game": "base", "players": 3}, seed=3, check_every_step=False)
    real = engine.scores

    def off_by_one(s):
        return [dict(sheet, total=sheet["total"] + 1) for sheet in real(s)]

    monkeypatch.setattr(engine, "scores", off_by_one)
    with pytest.raises(AssertionError, match="total"):
        testing.check_scores(state)


def test_the_suite_catches_a_log_tail_that_is_not_the_end_of_the_log(monkeypatch):
    config = {"game": "base", "players": 3}
    state, snapshots = testing.play_random_game(config, seed=5, check_every_step=False)
    real = engine.action_log

    def whole_log_whatever_the_start(s, start=0):
        return real(s)

    monkeypatch.setattr(engine, "action_log", whole_log_whatever_the_start)
    with pytest.raises(AssertionError, match="entries from"):
        testing.check_replay(config, state, snapshots)


def test_the_suite_catches_a_sample_whose_view_is_not_the_real_one(monkeypatch):
    state = engine.new_game({"game": "base", "players": 3}, seed=4)
    real = engine.sample_state

    def one_coin_more(view, seat, rng):
        sample = real(view, seat, rng)
        sample["players"][seat]["coins"] += 1
        return sample

    monkeypatch.setattr(engine, "sample_state", one_coin_more)
    with pytest.raises(AssertionError, match="view"):
        testing.check_sample_state(state, 0, random.Random(1))


def test_the_suite_tells_a_sample_that_is_the_real_state_from_one_that_redeals_it(monkeypatch):
    state = engine.new_game({"game": "base", "players": 3}, seed=4)
    assert testing.check_sample_state(state, 0, random.Random(1)) is True
    monkeypatch.setattr(engine, "sample_state", lambda view, seat, rng, chooser=None: state)
    assert testing.check_sample_state(state, 0, random.Random(1)) is False


def test_the_suite_refuses_a_sample_that_asks_the_chooser_about_the_sampled_seat(monkeypatch):
    state = engine.new_game({"game": "base", "players": 3}, seed=4)
    real_sample = engine.sample_state

    def asks_about_itself(view, seat, rng, chooser=None):
        if chooser is not None:
            chooser(view, engine.legal_actions(state, seat), rng)
        return real_sample(view, seat, rng, chooser=chooser)

    monkeypatch.setattr(engine, "sample_state", asks_about_itself)
    with pytest.raises(AssertionError, match="chooser was asked"):
        testing.check_sample_state(state, 0, random.Random(1))


@pytest.mark.parametrize("config", [configs[0] for configs in CONFIGS.values()], ids=sorted(CONFIGS))
def test_every_bot_level_plays_every_registered_game_to_the_end(config):
    levels = ["hard", *engine.info(config["game"])["bot_levels"]]
    state = testing.check_bots_finish(config, seed=4, levels=levels, iterations=2)
    assert engine.is_over(state)


@pytest.mark.parametrize("share, refusal", [
    (lambda view: 1.6, "was given 1.6 of the mean budget"),
    (lambda view: 1.3, "took 1.300 of the mean budget on average"),
])
def test_the_suite_refuses_a_search_time_share_over_the_p99_or_the_mean(monkeypatch, share, refusal):
    monkeypatch.setattr(type(engine.registry.get("base")), "search_time_share", staticmethod(share))
    with pytest.raises(AssertionError, match=refusal):
        testing.play_random_game({"game": "base", "players": 3}, seed=1, check_every_step=False)
