"""sample_state: a whole state that one seat's view cannot tell from the real one (for search bots)."""

import copy
import json
import random
from collections import Counter

import pytest

from games import engine
from games.engine.base import catalogue

PROMPT_WONDERS = ["babylon", "halicarnassus", "olympia", "giza"]
CONFIGS = [
    {"game": "base", "players": 3, "sides": "choose"},
    {"game": "base", "players": 4, "sides": "B", "wonders": PROMPT_WONDERS},
    {"game": "base", "players": 4, "sides": "A", "wonders": PROMPT_WONDERS},
    {"game": "base", "players": 5, "sides": "random"},
    {"game": "base", "players": 7, "sides": "B"},
]


def random_states(config, seed, stage_bias=0.6):
    """Every state of one random legal game, one per accepted action. A seat that may build a
    wonder stage does so with probability `stage_bias`, so that the stage powers (prompts) come up."""
    rng = random.Random(seed)
    state = engine.new_game(config, seed)
    yield state
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            legal = engine.legal_actions(state, seat)
            stages = [a for a in legal if a["type"] == "wonder"]
            state, _ = engine.apply(state, seat, rng.choice(stages if stages and rng.random() < stage_bias else legal))
            yield state
            if engine.is_over(state):
                break


def first_state(predicate, configs=CONFIGS, seeds=range(20)):
    for seed in seeds:
        for config in configs:
            for state in random_states(config, seed):
                if predicate(state):
                    return state
    raise AssertionError("no random game reached the state this test needs")


def players_of(state):
    return len(state["players"])


def situation(state):
    if state["phase"] == "prompt":
        return "prompt:" + state["prompts"][0]["kind"]
    if state["phase"] in ("play", "sides") and any(state["pending"]):
        return state["phase"] + ":some_chosen"
    return state["phase"]


def cards_in_play(state):
    """Every card of the state outside the decks of later ages."""
    out = Counter(state["discard"])
    for p in state["players"]:
        out.update(p["hand"] + p["built"] + p["stages"])
    return out


def is_guild(card_id):
    return catalogue.get().cards[card_id].color == "purple"


def without_guilds(cards):
    return Counter({c: k for c, k in cards.items() if not is_guild(c)})


def age_of(card_id):
    return catalogue.get().cards[card_id].age


def guilds_seen(view):
    cards = list(view.get("hand", [])) + list(view.get("stage_cards", [])) + list(view.get("discard", []))
    for p in view["players"]:
        cards += p["built"]
    return {c for c in cards if is_guild(c)}


def test_it_keeps_the_view_of_every_seat_at_every_step_of_random_games():
    seen_situations = set()
    rng = random.Random(1)
    for seed in range(3):
        for config in CONFIGS:
            for state in random_states(config, seed):
                seen_situations.add(situation(state))
                seen_situations.add(f"age{state['age']}")
                for seat in [None, *range(players_of(state))]:
                    view = engine.view(state, seat)
                    sample = engine.sample_state(view, seat, rng)
                    assert engine.view(sample, seat) == view, (config, seed, situation(state), seat)
                    if seat is not None:
                        assert engine.legal_actions(sample, seat) == engine.legal_actions(state, seat)
    assert seen_situations >= {
        "sides", "sides:some_chosen", "play", "play:some_chosen", "prompt:seventh_card",
        "prompt:build_discarded", "over", "age1", "age2", "age3",
    }


def test_it_keeps_the_view_when_halicarnassus_sees_the_pile_in_its_prompt():
    state = first_state(lambda s: s["phase"] == "prompt" and s["prompts"][0]["kind"] == "build_discarded"
                        and s["discard"])
    seat = state["prompts"][0]["seat"]
    view = engine.view(state, seat)
    sample = engine.sample_state(view, seat, random.Random(4))
    assert sample["discard"] == state["discard"]
    assert engine.view(sample, seat) == view
    assert engine.legal_actions(sample, seat) == engine.legal_actions(state, seat)


def test_it_keeps_the_head_prompt_and_lets_babylon_play_its_seventh_card():
    state = first_state(lambda s: s["phase"] == "prompt" and s["prompts"][0]["kind"] == "seventh_card")
    babylon = state["prompts"][0]["seat"]
    other = (babylon + 1) % players_of(state)
    sample = engine.sample_state(engine.view(state, other), other, random.Random(2))
    assert sample["prompts"] == [state["prompts"][0]]
    assert engine.to_act(sample) == [babylon]
    assert len(sample["players"][babylon]["hand"]) == 1
    assert engine.legal_actions(sample, babylon)


def test_it_deals_the_hidden_cards_differently_with_different_rngs():
    state = first_state(lambda s: s["age"] == 2 and s["turn"] == 3 and s["discard"]
                        and any(p["stages"] for p in s["players"][1:]))
    view = engine.view(state, 0)
    samples = [engine.sample_state(view, 0, random.Random(seed)) for seed in range(8)]
    assert len({json.dumps([p["hand"] for p in s["players"][1:]]) for s in samples}) > 1
    assert len({json.dumps(s["decks"]) for s in samples}) > 1
    assert len({json.dumps([sorted(s["discard"])] + [p["stages"] for p in s["players"][1:]])
                for s in samples}) > 1


def test_it_gives_the_same_sample_for_the_same_view_and_rng_seed():
    state = first_state(lambda s: s["age"] == 1 and s["turn"] == 4 and any(s["pending"]))
    view = engine.view(state, 1)
    assert engine.sample_state(view, 1, random.Random(9)) == engine.sample_state(view, 1, random.Random(9))


def test_it_reads_nothing_but_the_view_so_states_that_differ_only_in_hidden_cards_give_the_same_sample():
    state = first_state(lambda s: s["age"] == 2 and s["turn"] == 2 and players_of(s) >= 4 and s["discard"])
    other = copy.deepcopy(state)
    other["players"][1]["hand"], other["players"][2]["hand"] = state["players"][2]["hand"], state["players"][1]["hand"]
    other["discard"] = list(reversed(state["discard"]))
    other["decks"]["3"] = list(reversed(state["decks"]["3"]))
    assert other != state
    view = engine.view(state, 0)
    assert engine.view(other, 0) == view
    kept = copy.deepcopy(view)
    sample = engine.sample_state(view, 0, random.Random(5))
    assert sample == engine.sample_state(engine.view(other, 0), 0, random.Random(5))
    assert view == kept, "sample_state changed the view it was given"


def test_it_holds_exactly_the_cards_of_the_ages_dealt_so_far_and_whole_decks_for_the_ages_to_come():
    cat = catalogue.get()
    all_guilds = {g.id for g in cat.guilds}
    rng = random.Random(3)
    for config in CONFIGS:
        n = config["players"]
        for step, state in enumerate(random_states(config, seed=7)):
            if step % 5:
                continue
            age = state["age"]
            seat = step % n
            view = engine.view(state, seat)
            sample = engine.sample_state(view, seat, rng)
            located = cards_in_play(sample)
            assert sum(located.values()) == 7 * n * age
            expected = Counter()
            for a in range(1, age + 1):
                expected.update(cat.deck_cards(a, n))
            assert without_guilds(located) == expected
            guilds = located - without_guilds(located)
            if age == 3:
                assert len(guilds) == n + 2 and set(guilds.values()) == {1}
                assert guilds_seen(view) <= set(guilds)
            else:
                assert not guilds
            for p in sample["players"]:
                assert all(age_of(c) == age for c in p["hand"]), "a hand holds a card of another age"
            assert sorted(sample["decks"]) == [str(a) for a in range(age + 1, 4)]
            for a, hands in sample["decks"].items():
                assert [len(h) for h in hands] == [7] * n
                deck = Counter(c for h in hands for c in h)
                assert without_guilds(deck) == Counter(cat.deck_cards(int(a), n))
                deck_guilds = deck - without_guilds(deck)
                if a == "3":
                    assert len(deck_guilds) == n + 2 and set(deck_guilds.values()) == {1}
                    assert set(deck_guilds) <= all_guilds
                else:
                    assert not deck_guilds


def test_in_age_three_the_guilds_it_sees_are_in_play_and_the_others_are_drawn_from_the_rest():
    state = first_state(lambda s: s["age"] == 3 and s["turn"] == 3 and guilds_seen(engine.view(s, 0)))
    view = engine.view(state, 0)
    shown = guilds_seen(view)
    n = players_of(state)
    drawn = set()
    for seed in range(12):
        guilds = {c for c in cards_in_play(engine.sample_state(view, 0, random.Random(seed))) if is_guild(c)}
        assert shown <= guilds and len(guilds) == n + 2
        drawn |= guilds - shown
    assert len(drawn) > n + 2 - len(shown), "the guilds not seen were always the same"


def test_it_keeps_the_seats_own_pending_choice_and_gives_every_other_seat_that_chose_a_legal_one():
    state = first_state(lambda s: s["phase"] == "play" and s["pending"][0] is not None
                        and s["pending"][1] is not None and None in s["pending"][2:])
    sample = engine.sample_state(engine.view(state, 0), 0, random.Random(6))
    assert sample["pending"][0] == state["pending"][0]
    assert sample["pending"][1] in engine.legal_actions(sample, 1)
    assert [p is None for p in sample["pending"]] == [p is None for p in state["pending"]]


def test_it_gives_a_side_to_the_other_seats_that_chose_one():
    state = engine.new_game({"players": 3, "sides": "choose"}, seed=3)
    state, _ = engine.apply(state, 0, {"type": "side", "side": "B"})
    state, _ = engine.apply(state, 2, {"type": "side", "side": "A"})
    sample = engine.sample_state(engine.view(state, 2), 2, random.Random(1))
    assert sample["pending"][2] == {"type": "side", "side": "A"}
    assert sample["pending"][0] in ({"type": "side", "side": "A"}, {"type": "side", "side": "B"})
    assert sample["pending"][1] is None
    assert len(sample["decks"]) == 3


@pytest.mark.parametrize("used_this_age", [True, False])
def test_olympia_a_has_its_free_build_in_the_sample_exactly_when_it_has_it_in_the_game(used_this_age):
    config = {"game": "base", "players": 3, "sides": "A", "wonders": ["olympia", "giza", "rhodes"]}
    state = first_state(lambda s: s["age"] == 2 and s["phase"] == "play" and len(s["players"][0]["stages"]) >= 2,
                        configs=[config], seeds=range(60))
    state = copy.deepcopy(state)
    state["players"][0]["free_used"] = 2 if used_this_age else 1
    for seat in range(3):
        sample = engine.sample_state(engine.view(state, seat), seat, random.Random(seat))
        assert (sample["players"][0]["free_used"] == 2) is used_this_age
    own = engine.sample_state(engine.view(state, 0), 0, random.Random(0))
    assert engine.legal_actions(own, 0) == engine.legal_actions(state, 0)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c['players']}{c['sides']}")
def test_a_sampled_state_plays_to_the_end_with_random_legal_moves(config):
    rng = random.Random(8)
    for step, state in enumerate(random_states(config, seed=5)):
        if step % 23 or engine.is_over(state):
            continue
        seat = step % config["players"]
        sample = engine.sample_state(engine.view(state, seat), seat, rng)
        while not engine.is_over(sample):
            acting = engine.to_act(sample)
            assert acting
            for s in acting:
                sample, _ = engine.apply(sample, s, rng.choice(engine.legal_actions(sample, s)))
                if engine.is_over(sample):
                    break
        assert len(engine.scores(sample)) == config["players"]


def test_a_sample_taken_before_any_action_replays_from_its_own_log():
    state = engine.new_game({"game": "base", "players": 5, "sides": "choose"}, seed=4)
    sample = engine.sample_state(engine.view(state, 3), 3, random.Random(2))
    assert [e.get("chance") for e in sample["log"]] == ["wonders", "deal", "deal", "deal"]
    assert engine.replay(sample["config"], engine.action_log(sample)) == sample


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c['players']}{c['sides']}")
def test_the_config_of_a_sample_seats_the_wonders_and_sides_of_the_table(config):
    for step, state in enumerate(random_states(config, seed=2)):
        if step % 9:
            continue
        sample = engine.sample_state(engine.view(state, 0), 0, random.Random(step))
        wonders = [p["wonder"] for p in state["players"]]
        sides = [p["side"] for p in state["players"]]
        assert sample["config"] == {"game": "base", "players": config["players"],
                                    "sides": "choose" if state["phase"] == "sides" else sides,
                                    "wonders": wonders, "variants": []}


def test_the_log_of_a_sample_holds_the_wonders_and_the_deals_of_the_ages_not_started():
    state = first_state(lambda s: s["age"] == 2 and s["turn"] == 4)
    sample = engine.sample_state(engine.view(state, 1), 1, random.Random(2))
    log = engine.action_log(sample)
    assert log[0] == {"chance": "wonders", "wonders": [p["wonder"] for p in state["players"]],
                      "sides": [p["side"] for p in state["players"]]}
    assert log[1:] == [{"chance": "deal", "age": 3, "hands": sample["decks"]["3"],
                        "guilds": sorted(c for h in sample["decks"]["3"] for c in h if is_guild(c))}]


def test_it_refuses_a_view_that_shows_more_cards_than_were_dealt():
    state = first_state(lambda s: s["age"] == 1 and s["turn"] == 3)
    view = engine.view(state, 0)
    view["players"][1]["built"] = view["players"][1]["built"] + view["hand"] * 4
    with pytest.raises(ValueError):
        engine.sample_state(view, 0, random.Random(1))


def test_it_refuses_a_view_whose_card_counts_do_not_add_up():
    state = first_state(lambda s: s["age"] == 1 and s["turn"] == 3)
    view = engine.view(state, 0)
    view["discard_size"] += 1
    with pytest.raises(ValueError):
        engine.sample_state(view, 0, random.Random(1))
