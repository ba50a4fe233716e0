"""Setup: config, decks by player count, guilds, coins, wonders, deal (002 l.118-160)."""

import json
from collections import Counter

import pytest

from games import engine
from games.engine.base import catalogue


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_each_age_deals_seven_cards_to_each_seat(n):
    state = engine.new_game({"game": "base", "players": n, "sides": "A"}, seed=n)
    assert [len(p["hand"]) for p in state["players"]] == [7] * n
    for age in ("2", "3"):
        assert [len(h) for h in state["decks"][age]] == [7] * n


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_decks_hold_the_cards_of_the_player_count(n):
    cat = catalogue.get()
    state = engine.new_game({"players": n}, seed=1)
    log = engine.action_log(state)
    deals = {e["age"]: e for e in log if e.get("chance") == "deal"}
    for age in (1, 2, 3):
        dealt = Counter(c for hand in deals[age]["hands"] for c in hand)
        expected = Counter(cat.deck_cards(age, n))
        if age == 3:
            expected.update(deals[3]["guilds"])
        assert dealt == expected


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_age_three_has_n_plus_two_guilds_drawn_at_random(n):
    cat = catalogue.get()
    guilds = {g.id for g in cat.guilds}
    assert len(guilds) == 10
    drawn = set()
    for seed in range(12):
        state = engine.new_game({"players": n}, seed=seed)
        third = [c for hand in state["decks"]["3"] for c in hand if c in guilds]
        assert len(third) == n + 2
        drawn.add(tuple(sorted(third)))
    assert len(drawn) > 1


def test_every_seat_starts_with_three_coins_and_a_different_wonder():
    state = engine.new_game({"players": 7}, seed=3)
    assert [p["coins"] for p in state["players"]] == [3] * 7
    assert len({p["wonder"] for p in state["players"]}) == 7


def test_wonders_can_be_given_per_seat():
    state = engine.new_game({"players": 3, "wonders": ["giza", None, "rhodes"]}, seed=3)
    ws = [p["wonder"] for p in state["players"]]
    assert ws[0] == "giza" and ws[2] == "rhodes" and ws[1] not in ("giza", "rhodes")


def test_sides_a_b_and_random_per_player():
    assert {p["side"] for p in engine.new_game({"players": 5, "sides": "B"}, 1)["players"]} == {"B"}
    sides = set()
    for seed in range(5):
        sides |= {p["side"] for p in engine.new_game({"players": 7, "sides": "random"},
                                                       seed)["players"]}
    assert sides == {"A", "B"}
    given = engine.new_game({"players": 3, "sides": ["A", "B", "A"]}, 1)
    assert [p["side"] for p in given["players"]] == ["A", "B", "A"]


def test_with_sides_choose_every_seat_picks_a_side_before_the_deal():
    state = engine.new_game({"players": 3, "sides": "choose"}, seed=2)
    assert state["phase"] == "sides"
    assert engine.to_act(state) == [0, 1, 2]
    assert all(p["hand"] == [] for p in state["players"])
    assert engine.legal_actions(state, 0) == [{"type": "side", "side": "A"},
                                               {"type": "side", "side": "B"}]
    state, _ = engine.apply(state, 0, {"type": "side", "side": "B"})
    state, _ = engine.apply(state, 1, {"type": "side", "side": "A"})
    state, events = engine.apply(state, 2, {"type": "side", "side": "B"})
    assert [p["side"] for p in state["players"]] == ["B", "A", "B"]
    assert state["phase"] == "play" and state["age"] == 1
    assert {"type": "age_start", "age": 1} in events
    with pytest.raises(engine.IllegalAction):
        engine.apply(engine.new_game({"players": 3, "sides": "choose"}, 2), 0,
                     {"type": "side", "side": "C"})


def test_the_same_seed_gives_the_same_game():
    a = engine.new_game({"players": 4, "sides": "random"}, seed=11)
    b = engine.new_game({"players": 4, "sides": "random"}, seed=11)
    c = engine.new_game({"players": 4, "sides": "random"}, seed=12)
    assert a == b and a != c


def test_a_new_game_is_json_serialisable():
    state = engine.new_game({"players": 6, "sides": "random"}, seed=5)
    assert json.loads(json.dumps(state)) == state


@pytest.mark.parametrize("config,code", [
    ({"players": 1}, "bad_player_count"),
    ({"players": 8}, "bad_player_count"),
    ({"players": 3, "game": "cities"}, "unsupported_game"),
    ({"players": 3, "sides": "C"}, "bad_sides"),
    ({"players": 3, "wonders": ["giza", "giza", "rhodes"]}, "duplicate_wonder"),
    ({"players": 3, "wonders": ["giza", "atlantis", "rhodes"]}, "unknown_wonder"),
    ({"players": 3, "variants": ["two_players"]}, "unsupported_variant"),
])
def test_it_rejects_a_bad_config(config, code):
    with pytest.raises(engine.ConfigError) as err:
        engine.new_game(config, seed=1)
    assert err.value.code == code
