"""Cities: the deck, the turns and coin losses (shared/specs/cities.md B.2-B.4, B.7; the Italian
Cities rulebook, seed 001, its Lair example l.82-89)."""

import random
from collections import Counter

import pytest

from games import bots, engine
from games.bots import greedy_bot
from games.engine.base import catalogue

from .cities_helpers import build, cities_state, pay_debt, play

CITIES = {"game": "base", "expansions": ["cities"]}


def deals(state):
    return {e["age"]: e for e in engine.action_log(state) if e.get("chance") == "deal"}


def test_eight_players_get_hands_of_seven_with_seven_black_cards_per_age_and_nine_guilds():
    state = engine.new_game({**CITIES, "players": 8}, seed=3)
    cards = catalogue.get().cards
    for age, entry in deals(state).items():
        assert [len(hand) for hand in entry["hands"]] == [7] * 8
        dealt = Counter(c for hand in entry["hands"] for c in hand)
        assert sum(k for c, k in dealt.items() if cards[c].color == "black") == 7
        base = Counter(catalogue.get().deck_cards(age, 7))
        assert dealt - Counter(c for c in dealt.elements() if cards[c].color in ("black", "purple")) == base
    assert len(deals(state)[3]["guilds"]) == 9


def test_eight_players_play_six_turns_an_age():
    state = engine.new_game({**CITIES, "players": 8}, seed=1)
    turns = 0
    while state["age"] == 1:
        turns += 1
        state, _ = play(state, {})
        while state["phase"] == "debt":
            state, _ = play(state, {s: pay_debt(0) for s in engine.to_act(state)})
    assert turns == 6


@pytest.mark.parametrize("players", [3, 5, 7])
def test_three_to_seven_players_get_hands_of_eight_with_n_black_cards_and_play_seven_turns(players):
    state = engine.new_game({**CITIES, "players": players}, seed=players)
    cards = catalogue.get().cards
    for entry in deals(state).values():
        assert [len(hand) for hand in entry["hands"]] == [8] * players
        assert sum(1 for hand in entry["hands"] for c in hand if cards[c].color == "black") == players
    assert len(deals(state)[3]["guilds"]) == players + 2
    turns = 0
    while state["age"] == 1:
        turns += 1
        state, _ = play(state, {})
        while state["phase"] == "debt":
            state, _ = play(state, {s: pay_debt(0) for s in engine.to_act(state)})
    assert turns == 7


def test_the_guilds_are_drawn_from_all_thirteen():
    cities_guilds = {"counterfeiters_guild", "guild_of_shadows", "mourners_guild"}
    drawn = set()
    for seed in range(30):
        drawn.update(deals(engine.new_game({**CITIES, "players": 3}, seed=seed))[3]["guilds"])
    assert cities_guilds <= drawn and len(drawn) == 13


def test_eight_players_and_teams_need_the_expansion_and_teams_need_four_six_or_eight():
    with pytest.raises(engine.ConfigError):
        engine.normalize_config({"game": "base", "players": 8})
    with pytest.raises(engine.ConfigError):
        engine.normalize_config({"game": "base", "players": 4, "teams": True})
    with pytest.raises(engine.ConfigError):
        engine.normalize_config({**CITIES, "players": 5, "teams": True})
    with pytest.raises(engine.ConfigError):
        engine.normalize_config({"game": "base", "players": 4, "wonders": ["petra", None, None, None]})
    assert engine.normalize_config({**CITIES, "players": 8, "teams": True})["teams"] is True


def test_the_rulebook_lair_example_each_opponent_pays_or_takes_debt_as_they_choose():
    # Mario (0) builds the Lair: the others owe 2 at the end of the turn. Angela pays 2,
    # Christian has 1 coin and pays it (1 debt), Katiuscia could pay but takes 2 debt tokens.
    # The others build a free card this turn, so their coins do not change before the loss.
    state = cities_state(age=2, coins={0: 5, 1: 5, 2: 1, 3: 5}, built={0: ["lumber_yard", "glassworks_1"]},
                         hands={0: ["lair"] + ["baths"] * 7, 1: ["stone_pit"] + ["baths"] * 7,
                                2: ["clay_pool"] + ["baths"] * 7, 3: ["ore_vein"] + ["baths"] * 7})
    state, events = play(state, {0: build("lair"), 1: build("stone_pit"), 2: build("clay_pool"),
                                 3: build("ore_vein")})
    assert state["phase"] == "debt"
    assert {"type": "debt_due", "owed": [0, 2, 2, 2]} in events
    assert engine.to_act(state) == [1, 2, 3]
    assert engine.legal_actions(state, 0) == []
    assert engine.legal_actions(state, 2) == [pay_debt(1), pay_debt(0)]
    state, _ = engine.apply(state, 1, pay_debt(2))
    state, _ = engine.apply(state, 2, pay_debt(1))
    state, events = engine.apply(state, 3, pay_debt(0))
    assert state["phase"] == "play" and state["turn"] == 2
    assert [p["debt"] for p in state["players"]] == [0, 0, 1, 2]
    assert [p["coins"] for p in state["players"]] == [5, 3, 0, 5]


def test_a_payment_above_the_coins_held_is_refused():
    state = cities_state(coins={0: 5, 1: 1, 2: 5, 3: 5},
                         hands={0: ["hideout"] + ["baths"] * 7, 1: ["stone_pit"] + ["baths"] * 7,
                                2: ["baths"] * 8, 3: ["baths"] * 8})
    state, _ = play(state, {0: build("hideout"), 1: build("stone_pit")})
    with pytest.raises(engine.IllegalAction) as error:
        engine.apply(state, 1, pay_debt(2))
    assert error.value.code == "bad_debt_payment"


def test_a_player_may_take_debt_although_able_to_pay():
    state = cities_state(coins=6, hands={0: ["hideout"] + ["baths"] * 7, 1: ["baths"] * 8,
                                         2: ["baths"] * 8, 3: ["baths"] * 8})
    state, _ = play(state, {0: build("hideout")})
    assert pay_debt(0) in engine.legal_actions(state, 3) and pay_debt(1) in engine.legal_actions(state, 3)
    for seat in (1, 2, 3):
        state, _ = engine.apply(state, seat, pay_debt(0))
    assert [p["debt"] for p in state["players"]] == [0, 1, 1, 1]
    assert engine.scores(state)[3]["treasury"] == state["players"][3]["coins"] // 3 - 1


def test_a_loss_is_settled_after_that_turn_s_income():
    # Seat 1 has no coin and discards this turn (+3): it can pay the Hideout's coin from them.
    state = cities_state(coins={0: 3, 1: 0, 2: 3, 3: 3},
                         hands={0: ["hideout"] + ["baths"] * 7, 1: ["baths"] * 8, 2: ["baths"] * 8, 3: ["baths"] * 8})
    state, _ = play(state, {0: build("hideout")})
    assert state["players"][1]["coins"] == 3
    assert engine.legal_actions(state, 1) == [pay_debt(1), pay_debt(0)]


def test_the_player_who_causes_a_loss_never_pays_it_and_a_timed_out_seat_pays_what_it_can():
    state = cities_state(coins={0: 0, 1: 1, 2: 9, 3: 9}, age=3,
                         built={0: ["lumber_yard", "timber_yard", "ore_vein", "loom_1"]},
                         hands={0: ["brotherhood"] + ["baths"] * 7, 1: ["stone_pit"] + ["baths"] * 7,
                                2: ["baths"] * 8, 3: ["baths"] * 8})
    state, _ = play(state, {0: build("brotherhood"), 1: build("stone_pit")})
    assert state["owed"] == [0, 3, 3, 3] and state["players"][1]["coins"] == 1
    timeout_bot = engine.info("base")["timeout_bot"]
    assert bots.get(timeout_bot) is greedy_bot
    choice = greedy_bot.choose(engine.view(state, 1), engine.legal_actions(state, 1), random.Random(1))
    assert choice == pay_debt(1)
    choice = greedy_bot.choose(engine.view(state, 2), engine.legal_actions(state, 2), random.Random(1))
    assert choice == pay_debt(3)


def test_builders_union_counts_the_stages_built_in_the_same_turn():
    state = cities_state(age=3, coins=9, built={0: ["lumber_yard", "clay_pool", "glassworks_1", "press_1"],
                                                1: ["lumber_yard", "timber_yard"]},
                         hands={0: ["builders_union"] + ["baths"] * 7, 1: ["baths"] * 8,
                                2: ["baths"] * 8, 3: ["baths"] * 8}, stages={2: ["altar"]})
    rhodes_stage = {"type": "wonder", "card": "baths", "stage": 1, "pay": {"left": 0, "right": 0}}
    assert rhodes_stage in engine.legal_actions(state, 1)
    state, _ = play(state, {0: build("builders_union"), 1: rhodes_stage})
    assert state["owed"] == [0, 1, 1, 0]


def test_babylon_b_plays_the_eighth_card_after_the_seventh_turn():
    state = cities_state(players=3, sides="B", wonders=["babylon", "rhodes", "giza"], turn=7,
                         stages={0: ["altar", "altar"]}, hands={s: ["baths", "baths"] for s in range(3)})
    state, events = play(state, {})
    assert state["phase"] == "prompt" and state["prompts"][0] == {"seat": 0, "kind": "seventh_card"}
    assert state["players"][0]["hand"] == ["baths"] and state["players"][1]["hand"] == []


def test_a_loss_card_built_by_halicarnassus_from_the_pile_is_settled_at_the_end_of_that_turn():
    # Halicarnassus A's second stage (3 ore, its own) builds the Hideout from the pile; the loss
    # waits for that build, then the others owe.
    state = cities_state(players=3, wonders=["halicarnassus", "rhodes", "giza"], coins=5,
                         stages={0: ["altar"]}, built={0: ["ore_vein", "mine", "foundry"]},
                         hands={s: ["baths"] * 8 for s in range(3)})
    state["discard"] = ["hideout"]
    stage = {"type": "wonder", "card": "baths", "stage": 2, "pay": {"left": 0, "right": 0}}
    assert stage in engine.legal_actions(state, 0)
    state, _ = play(state, {0: stage})
    assert state["phase"] == "prompt" and state["owed"] is None
    state, events = engine.apply(state, 0, {"type": "build_discarded", "card": "hideout"})
    assert state["phase"] == "debt" and state["owed"] == [0, 1, 1]


def test_petra_b_first_stage_makes_the_others_lose_two_coins():
    state = cities_state(players=3, sides="B", wonders=["petra", "rhodes", "giza"], coins=5,
                         built={0: ["clay_pool", "ore_vein", "mine"]}, hands={s: ["baths"] * 8 for s in range(3)})
    stage = {"type": "wonder", "card": "baths", "stage": 1, "pay": {"left": 0, "right": 0}}
    state, events = play(state, {0: stage})
    assert state["owed"] == [0, 2, 2]
