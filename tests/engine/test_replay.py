"""replay takes the log's entries in order; a chance entry may stand anywhere in it."""

import random

import pytest

from games import engine
from games.engine import ConfigError, IllegalAction

CONFIGS = [
    {"game": "base", "players": 3, "sides": "A"},
    {"game": "base", "players": 4, "sides": "choose"},
    {"game": "base", "players": 6, "sides": "B", "wonders": ["babylon", "halicarnassus", None, None, None, None]},
]


def played_game(config, seed):
    """A random legal game: (final state, the age each action of the log was played in)."""
    rng = random.Random(seed)
    state = engine.new_game(config, seed)
    ages = []
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            ages.append(state["age"])
            state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
            if engine.is_over(state):
                break
    return state, ages


def with_deals_moved_to_their_age(log, ages, moved):
    """The log with the deal entries of the ages in `moved` taken from the head of the log and put
    just before the first action played in their age."""
    deals = {e["age"]: e for e in log if e.get("chance") == "deal"}
    out = [e for e in log if "chance" in e and e.get("age") not in moved]
    actions = [e for e in log if "chance" not in e]
    for entry, age in zip(actions, ages):
        if age in moved and deals[age] not in out:
            out.append(deals[age])
        out.append(entry)
    return out


def without_log(state):
    return {key: value for key, value in state.items() if key != "log"}


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c['players']}{c['sides']}")
def test_a_log_whose_later_deals_come_just_before_the_first_action_of_their_age_replays_to_the_same_state(config):
    state, ages = played_game(config, seed=3)
    log = engine.action_log(state)
    moved = with_deals_moved_to_their_age(log, ages, {2, 3})
    assert moved != log and sorted(map(str, moved)) == sorted(map(str, log))
    assert [e.get("chance") for e in moved[:2]] == ["wonders", "deal"]
    replayed = engine.replay(config, moved)
    assert without_log(replayed) == without_log(state)
    assert engine.action_log(replayed) == moved


def test_the_deal_of_age_one_may_come_after_the_sides_are_chosen():
    config = {"game": "base", "players": 3, "sides": "choose"}
    state, ages = played_game(config, seed=8)
    log = engine.action_log(state)
    moved = with_deals_moved_to_their_age(log, ages, {1, 2, 3})
    assert [e.get("chance") for e in moved[:5]] == ["wonders", None, None, None, "deal"]
    assert without_log(engine.replay(config, moved)) == without_log(state)


def test_an_age_that_is_due_before_its_deal_entry_waits_for_it_and_nobody_acts():
    config = CONFIGS[0]
    state, ages = played_game(config, seed=5)
    log = engine.action_log(state)
    moved = with_deals_moved_to_their_age(log, ages, {2, 3})
    deal_two = next(k for k, e in enumerate(moved) if e.get("chance") == "deal" and e["age"] == 2)
    waiting = engine.replay(config, moved[:deal_two])
    assert waiting["phase"] == "deal" and waiting["age"] == 1
    assert engine.to_act(waiting) == [] and not engine.is_over(waiting)
    assert all(engine.legal_actions(waiting, seat) == [] for seat in range(3))
    with pytest.raises(IllegalAction) as refused:
        engine.apply(waiting, 0, engine.action_log(state)[-1]["action"])
    assert refused.value.code == "not_your_turn"
    assert engine.view(waiting, 0)["phase"] == "deal"
    with pytest.raises(ValueError):
        engine.sample_state(engine.view(waiting, 0), 0, random.Random(1))
    dealt = engine.replay(config, moved[:deal_two + 1])
    assert (dealt["phase"], dealt["age"], dealt["turn"]) == ("play", 2, 1)
    assert [p["hand"] for p in dealt["players"]] == moved[deal_two]["hands"]


def test_a_deal_entry_ahead_of_its_age_waits_in_the_decks():
    config = CONFIGS[0]
    state, ages = played_game(config, seed=6)
    log = engine.action_log(state)
    deal_three = log[3]
    assert deal_three.get("chance") == "deal" and deal_three["age"] == 3
    moved = log[:3] + log[4:10] + [deal_three] + log[10:]
    early = engine.replay(config, moved[:10])
    assert early["age"] == 1 and early["decks"]["3"] == deal_three["hands"]
    assert without_log(engine.replay(config, moved)) == without_log(state)


def test_new_game_still_writes_every_chance_entry_before_the_first_action():
    state, _ = played_game({"game": "base", "players": 5, "sides": "random"}, seed=2)
    kinds = [e.get("chance") for e in engine.action_log(state)]
    assert kinds[:4] == ["wonders", "deal", "deal", "deal"]
    assert set(kinds[4:]) == {None}


def _bad_logs():
    config = {"game": "base", "players": 3, "sides": "A"}
    log = engine.action_log(played_game(config, seed=1)[0])
    wonders, deal_one, deal_two, deal_three, first_action = log[:5]
    head, actions = log[:4], log[4:]
    hand = deal_two["hands"][0]
    return {
        "deal_without_hands": head + [{"chance": "deal", "age": 2}] + actions,
        "unknown_chance": head[:2] + [{"chance": "shuffle", "age": 2, "hands": deal_two["hands"]}] + actions,
        "age_four": head + [dict(deal_two, age=4)] + actions,
        "age_as_text": [wonders, deal_one, dict(deal_two, age="2"), deal_three] + actions,
        "a_hand_missing": [wonders, deal_one, dict(deal_two, hands=deal_two["hands"][:2]), deal_three] + actions,
        "a_short_hand": [wonders, deal_one, dict(deal_two, hands=[hand[:6]] + deal_two["hands"][1:]), deal_three]
        + actions,
        "unknown_card": [wonders, deal_one, dict(deal_two, hands=[["no_such_card"] * 7] * 3), deal_three]
        + actions,
        "an_age_dealt_twice": head + [first_action, deal_two] + actions[1:],
        "an_age_already_started": head + [first_action, deal_one] + actions[1:],
        "wonders_again": head + [first_action, wonders] + actions[1:],
        "no_wonders_first": [deal_one, wonders, deal_two, deal_three] + actions,
        "neither_chance_nor_action": head + [{"note": 1}] + actions,
        "not_an_entry": head + ["chance"] + actions,
        "empty": [],
    }


BAD_LOGS = _bad_logs()


@pytest.mark.parametrize("name", sorted(BAD_LOGS))
def test_a_malformed_log_is_refused_with_bad_log(name):
    with pytest.raises(ConfigError) as refused:
        engine.replay({"game": "base", "players": 3, "sides": "A"}, BAD_LOGS[name])
    assert refused.value.code == "bad_log"
