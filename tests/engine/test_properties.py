"""Property tests over random games (hypothesis) and a plain seeded loop.

Default: about 200 hypothesis games across player counts (fast enough for `make test`);
HYPOTHESIS_PROFILE=thorough plays 1000 per player count.
"""

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import engine
from tests.engine.invariants import random_game

pytestmark = pytest.mark.thorough  # more games under HYPOTHESIS_PROFILE=thorough (make test-integration)

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
PER_COUNT = 1000 if THOROUGH else 40
SIDES = st.sampled_from(["A", "B", "random", "choose"])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def _settings():
    return settings(max_examples=PER_COUNT, deadline=None, derandomize=not THOROUGH,
                    suppress_health_check=[HealthCheck.too_slow], database=None)


def _property(n, seed, sides):
    config, state = random_game(n, seed, sides, views=not THOROUGH or seed % 10 == 0)
    assert engine.is_over(state)
    assert engine.replay(config, engine.action_log(state)) == state
    sheet = engine.scores(state)
    assert sorted(s["seat"] for s in sheet) == list(range(n))
    assert min(s["rank"] for s in sheet) == 1


@_settings()
@given(seed=SEEDS, sides=SIDES)
def test_random_three_player_games_keep_every_invariant(seed, sides):
    _property(3, seed, sides)


@_settings()
@given(seed=SEEDS, sides=SIDES)
def test_random_four_player_games_keep_every_invariant(seed, sides):
    _property(4, seed, sides)


@_settings()
@given(seed=SEEDS, sides=SIDES)
def test_random_five_player_games_keep_every_invariant(seed, sides):
    _property(5, seed, sides)


@_settings()
@given(seed=SEEDS, sides=SIDES)
def test_random_six_player_games_keep_every_invariant(seed, sides):
    _property(6, seed, sides)


@_settings()
@given(seed=SEEDS, sides=SIDES)
def test_random_seven_player_games_keep_every_invariant(seed, sides):
    _property(7, seed, sides)


def test_three_hundred_seeded_random_games_end_and_replay_to_the_same_state():
    for i in range(300):
        n = 3 + i % 5
        config, state = random_game(n, 10_000 + i, ["A", "B", "random"][i % 3], mutate=0.0,
                                    check_every=50, views=False)
        assert engine.replay(config, engine.action_log(state)) == state


def test_a_log_prefix_replays_to_the_snapshot_taken_at_that_point():
    import random
    rng = random.Random(5)
    config = {"game": "base", "players": 4, "sides": "random"}
    state = engine.new_game(config, seed=5)
    snapshots = []
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
            snapshots.append(state)
    for snap in snapshots[::17]:
        assert engine.replay(config, engine.action_log(snap)) == snap
