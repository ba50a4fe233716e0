"""The 2-player variant (002 l.471-568, shared/specs/two-players.md Part A): seat 0 sits to the
left of the Free City (city 2), seat 1 to its right; the controller draws from the Free City's
pile, chooses its own card and then the Free City's."""

import random
from collections import Counter

import pytest

from games import engine
from games.engine import testing
from games.engine.base import catalogue

from .helpers import FREE_CITY, build, discard, two_player_state, wonder

FOR_FC = {"city": "free_city"}


def for_fc(action):
    return {**action, **FOR_FC}


def cards_of(actions):
    return {a["card"] for a in actions}


def play_random_until(state, stop, seed=0):
    rng = random.Random(seed)
    while not stop(state):
        for seat in engine.to_act(state):
            state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
            if stop(state):
                break
    return state


# ---------------------------------------------------------------------------------------------
# setup


def test_each_age_deals_the_three_player_cards_seven_to_each_seat_and_seven_to_the_free_city_pile():
    log = engine.action_log(engine.new_game({"players": 2}, seed=4))
    deals = {entry["age"]: entry for entry in log if entry.get("chance") == "deal"}
    cat = catalogue.get()
    for age in (1, 2, 3):
        hands = deals[age]["hands"]
        assert [len(hand) for hand in hands] == [7, 7, 7]
        dealt = Counter(card for hand in hands for card in hand)
        expected = Counter(cat.deck_cards(age, 3)) + Counter(deals[3]["guilds"] if age == 3 else [])
        assert dealt == expected


def test_age_three_takes_five_guilds():
    for seed in range(5):
        log = engine.action_log(engine.new_game({"players": 2}, seed=seed))
        guilds = [e for e in log if e.get("chance") == "deal" and e["age"] == 3][0]["guilds"]
        assert len(guilds) == 5 and all(catalogue.get().cards[g].color == "purple" for g in guilds)


def test_every_city_starts_with_three_coins_and_seat_zero_draws_the_top_of_the_free_city_pile():
    state = engine.new_game({"players": 2, "wonders": ["giza", "rhodes"]}, seed=7)
    deal = [e for e in engine.action_log(state) if e.get("chance") == "deal" and e["age"] == 1][0]
    seat0, seat1, free_city = state["players"]
    assert [p["coins"] for p in state["players"]] == [3, 3, 3]
    assert seat0["hand"] == deal["hands"][0] + [deal["hands"][2][0]]
    assert seat1["hand"] == deal["hands"][1]
    assert free_city["hand"] == deal["hands"][2][1:]


def test_the_free_city_has_a_wonder_of_its_own_and_is_no_seat():
    state = engine.new_game({"players": 2, "wonders": ["giza", None]}, seed=3)
    wonders = [p["wonder"] for p in state["players"]]
    assert wonders[0] == "giza" and len(set(wonders)) == 3
    assert engine.seat_labels(state) == [{"wonder": w, "side": "A"} for w in wonders[:2]]
    assert engine.to_act(state) == [0, 1]
    with pytest.raises(engine.IllegalAction) as refused:
        engine.apply(state, FREE_CITY, {"type": "discard", "card": state["players"][0]["hand"][0]})
    assert refused.value.code == "not_your_turn"


def test_the_free_city_takes_the_tables_side_and_only_the_two_seats_choose_theirs():
    assert engine.new_game({"players": 2, "sides": "B"}, seed=1)["players"][FREE_CITY]["side"] == "B"
    state = engine.new_game({"players": 2, "sides": "choose"}, seed=1)
    assert state["players"][FREE_CITY]["side"] in ("A", "B")
    assert engine.to_act(state) == [0, 1]
    state, _ = engine.apply(state, 0, {"type": "side", "side": "B"})
    state, events = engine.apply(state, 1, {"type": "side", "side": "A"})
    assert [p["side"] for p in state["players"][:2]] == ["B", "A"]
    assert state["phase"] == "play" and {"type": "age_start", "age": 1} in events


def test_the_variant_has_its_own_rating_mode_and_two_is_the_fewest_players():
    assert engine.rating_mode({"game": "base", "players": 2}) == "base-2p"
    assert engine.rating_mode({"game": "base", "players": 3}) == "base"
    info = engine.info("base")
    assert info["min_players"] == 2 and "base-2p" in info["rating_modes"]


def test_seat_zero_holds_the_free_city_card_first_in_ages_one_and_three_and_seat_one_in_age_two():
    state = engine.new_game({"players": 2, "sides": "A"}, seed=2)
    seen = {}
    while not engine.is_over(state):
        if state["phase"] == "play":
            seen.setdefault((state["age"], state["turn"]), engine.view(state, None)["free_city"]["controller"])
        state = play_random_until(state, lambda s, start=(state["age"], state["turn"]):
                                  (s["age"], s["turn"]) != start or engine.is_over(s))
    assert [seen[(1, t)] for t in range(1, 7)] == [0, 1, 0, 1, 0, 1]
    assert [seen[(2, t)] for t in range(1, 7)] == [1, 0, 1, 0, 1, 0]
    assert [seen[(3, t)] for t in range(1, 7)] == [0, 1, 0, 1, 0, 1]


# ---------------------------------------------------------------------------------------------
# a turn


def test_the_controller_chooses_its_own_card_first_then_the_free_citys_from_what_is_left():
    state = engine.new_game({"players": 2}, seed=5)
    hand = state["players"][0]["hand"]
    assert len(hand) == 8
    with pytest.raises(engine.IllegalAction) as refused:
        engine.apply(state, 0, for_fc(discard(hand[0])))
    assert refused.value.code == "own_card_first"
    state, events = engine.apply(state, 0, discard(hand[0]))
    assert engine.to_act(state) == [0, 1]
    offered = engine.legal_actions(state, 0)
    assert offered and all(a["city"] == "free_city" for a in offered)
    assert cards_of(offered) <= set(hand[1:])
    assert engine.view(state, 0)["free_city"]["decision"]["cards"] == hand[1:]
    assert "decision" not in engine.view(state, 1)["free_city"]


def test_the_controller_is_told_why_the_free_city_cannot_build_a_card():
    # Ephesus A, 0 coins, neighbours without stone: the Baths (1 stone) are out of its reach.
    state = two_player_state(hands={0: ["stockade", "altar", "baths"]}, coins={FREE_CITY: 0},
                             wonders=("olympia", "alexandria", "ephesus"))
    assert "free_city_blocked" not in engine.hints(state, 0)
    state, _ = engine.apply(state, 0, discard("stockade"))
    blocked = engine.hints(state, 0)["free_city_blocked"]
    assert list(blocked) == ["baths"] and blocked["baths"]["code"] == "cannot_afford"
    assert blocked["baths"]["missing"] == {"stone": 1}
    assert "free_city_blocked" not in engine.hints(state, 1)


def test_no_view_is_given_for_the_free_city_as_if_it_were_a_seat():
    with pytest.raises(ValueError):
        engine.view(engine.new_game({"players": 2}, seed=1), FREE_CITY)


def test_the_other_player_cannot_decide_for_the_free_city():
    state = engine.new_game({"players": 2}, seed=5)
    card = state["players"][1]["hand"][0]
    with pytest.raises(engine.IllegalAction) as refused:
        engine.apply(state, 1, for_fc(discard(card)))
    assert refused.value.code == "not_controller"


def test_the_free_city_must_play_a_card_it_can_play_and_cannot_discard_it():
    # The Free City (Ephesus A; its first stage wants 2 stone) and its neighbours (Olympia, Alexandria)
    # have no stone: of the Altar and the Baths (1 stone) it can build only the free Altar.
    state = two_player_state(hands={0: ["stockade", "altar", "baths"]}, coins={FREE_CITY: 1},
                             wonders=("olympia", "alexandria", "ephesus"))
    state, _ = engine.apply(state, 0, discard("stockade"))
    offered = engine.legal_actions(state, 0)
    assert offered == [for_fc(build("altar"))]
    with pytest.raises(engine.IllegalAction) as refused:
        engine.apply(state, 0, for_fc(discard("baths")))
    assert refused.value.code == "free_city_must_play"
    assert refused.value.facts["playable"] == ["altar"]


def test_the_free_city_discards_only_when_no_card_left_can_be_played():
    # The controller takes the Altar, the one card the Free City could build: the Free City,
    # with no stone for the Baths or its stage, may then discard.
    state = two_player_state(hands={0: ["altar", "baths", "stockade"]}, coins={FREE_CITY: 0},
                             wonders=("olympia", "alexandria", "ephesus"))
    state, _ = engine.apply(state, 0, build("altar"))
    assert engine.legal_actions(state, 0) == [for_fc(discard("baths")), for_fc(discard("stockade"))]


def test_a_free_city_card_it_can_chain_must_be_built_by_its_chain():
    # Age II, first turn: seat 1 holds the Free City card. The Free City (Ephesus A) built the
    # Altar, so the Temple is free for it; with its Stone Pit and a stone bought from Giza it
    # could also build its first stage (2 stone) with the Temple, but the chain must be used.
    state = two_player_state(hands={1: ["stockade", "temple", "baths"], 0: ["loom_2"]}, age=2, turn=1,
                             built={FREE_CITY: ["altar", "stone_pit"]}, coins={FREE_CITY: 9})
    state, _ = engine.apply(state, 1, discard("stockade"))
    temple_plays = [a for a in engine.legal_actions(state, 1) if a["card"] == "temple"]
    assert temple_plays == [for_fc(build("temple", free="chain"))]
    with pytest.raises(engine.IllegalAction) as refused:
        engine.apply(state, 1, for_fc(wonder("temple", left=2)))
    assert refused.value.code == "chain_compulsory"


def test_the_three_cards_are_played_at_once_then_the_players_swap_hands_and_control_passes():
    state = two_player_state(
        hands={0: ["altar", "theater", "baths", "pawnshop", "stockade", "barracks", "guard_tower", "tavern"],
               1: ["lumber_yard", "stone_pit", "clay_pool", "ore_vein", "loom_1", "press_1", "glassworks_1"],
               FREE_CITY: ["scriptorium", "workshop", "apothecary", "marketplace", "east_trading_post", "clay_pit"]})
    state, _ = engine.apply(state, 0, build("altar"))
    state, _ = engine.apply(state, 1, build("lumber_yard"))
    assert engine.to_act(state) == [0]
    state, events = engine.apply(state, 0, for_fc(build("theater")))
    assert [p["built"] for p in state["players"]] == [["altar"], ["lumber_yard"], ["theater"]]
    seat0, seat1, free_city = state["players"]
    assert seat0["hand"] == ["stone_pit", "clay_pool", "ore_vein", "loom_1", "press_1", "glassworks_1"]
    assert seat1["hand"] == ["baths", "pawnshop", "stockade", "barracks", "guard_tower", "tavern", "scriptorium"]
    assert free_city["hand"] == ["workshop", "apothecary", "marketplace", "east_trading_post", "clay_pit"]
    assert state["turn"] == 2 and engine.view(state, None)["free_city"]["controller"] == 1


def test_a_new_own_card_of_the_controller_clears_the_free_citys_choice():
    state = engine.new_game({"players": 2}, seed=5)
    hand = state["players"][0]["hand"]
    state, _ = engine.apply(state, 0, discard(hand[0]))
    state, _ = engine.apply(state, 0, engine.legal_actions(state, 0)[0])
    state, events = engine.apply(state, 0, discard(hand[1]))
    assert events == [{"type": "chosen", "seat": 0, "changed": True}]
    assert state["pending"][FREE_CITY] is None and engine.to_act(state) == [0, 1]


def test_on_the_sixth_turn_the_last_card_of_the_pile_is_discarded_with_the_players_last_cards():
    state = two_player_state(turn=6, hands={1: ["altar", "theater", "baths"], 0: ["lumber_yard", "stone_pit"],
                                            FREE_CITY: ["pawnshop"]})
    state, _ = engine.apply(state, 1, build("altar"))
    state, _ = engine.apply(state, 1, for_fc(build("theater")))
    state, events = engine.apply(state, 0, build("lumber_yard"))
    assert {"type": "leftovers_discarded", "count": 3} in events
    assert sorted(state["discard"]) == ["baths", "pawnshop", "stone_pit"]
    assert [p["coins"] for p in state["players"]] == [3, 3, 3]
    assert state["age"] == 2 and state["turn"] == 1


# ---------------------------------------------------------------------------------------------
# trading, military, wonder powers


def test_the_controller_names_the_free_citys_seller_whatever_the_price():
    # The School costs wood and papyrus; both players sell both. With its West Trading Post the
    # Free City pays seat 0 (its left) 1 for wood and 2 for papyrus, seat 1 (its right) 2 for
    # each: every way to split the two purchases is offered, even wood from seat 1 and papyrus
    # from seat 0 (2 + 2), dearer than the other way round (1 + 2).
    state = two_player_state(wonders=("olympia", "ephesus", "giza"), age=2,
                             hands={1: ["quarry", "school"], 0: ["foundry"]},
                             built={0: ["press_1"], 1: ["lumber_yard"], FREE_CITY: ["west_trading_post"]},
                             coins={FREE_CITY: 5})
    state, _ = engine.apply(state, 1, discard("quarry"))
    splits = sorted((a["pay"]["left"], a["pay"]["right"]) for a in engine.legal_actions(state, 1)
                    if a["type"] == "build" and a["card"] == "school")
    assert splits == [(0, 4), (1, 2), (2, 2), (3, 0)]
    state, _ = engine.apply(state, 1, for_fc(build("school", left=2, right=2)))
    state, _ = engine.apply(state, 0, discard("foundry"))
    assert [p["coins"] for p in state["players"]] == [3 + 2 + 3, 3 + 2 + 3, 5 - 4]


def test_military_compares_each_city_with_its_two_neighbours_among_the_three():
    # Shields: seat 0 two, seat 1 one, the Free City none.
    state = two_player_state(turn=6, built={0: ["stockade", "barracks"], 1: ["guard_tower"]},
                             hands={1: ["altar", "theater", "baths"], 0: ["lumber_yard", "stone_pit"],
                                    FREE_CITY: ["pawnshop"]})
    state, _ = engine.apply(state, 1, discard("altar"))
    state, _ = engine.apply(state, 1, for_fc(build("theater")))
    state, events = engine.apply(state, 0, discard("lumber_yard"))
    assert [sorted(p["tokens"]) for p in state["players"]] == [[1, 1], [-1, 1], [-1, -1]]


def test_the_controller_decides_the_free_citys_halicarnassus_build():
    # Halicarnassus B's first stage wants 2 ore: the Free City has them from two Ore Veins.
    state = two_player_state(wonders=("giza", "rhodes", "halicarnassus"), sides="B",
                             hands={0: ["altar", "theater"], 1: ["baths"]},
                             built={FREE_CITY: ["ore_vein", "mine"]}, discard_pile=["pawnshop", "tavern"])
    state, _ = engine.apply(state, 0, discard("altar"))
    state, _ = engine.apply(state, 0, for_fc(wonder("theater")))
    state, events = engine.apply(state, 1, discard("baths"))
    assert {"type": "prompt", "seat": FREE_CITY, "kind": "build_discarded"} in events
    assert engine.to_act(state) == [0]
    mine, theirs = engine.view(state, 0), engine.view(state, 1)
    assert mine["my_prompt"] == {"kind": "build_discarded", "city": "free_city"}
    assert sorted(mine["discard"]) == ["altar", "baths", "pawnshop", "tavern"]
    assert "discard" not in theirs and theirs["prompt"] == {"seat": 0, "kind": "build_discarded", "city": "free_city"}
    assert engine.legal_actions(state, 1) == []
    assert for_fc({"type": "build_discarded", "card": "pawnshop"}) in engine.legal_actions(state, 0)
    state, events = engine.apply(state, 0, for_fc({"type": "build_discarded", "card": "pawnshop"}))
    assert "pawnshop" in state["players"][FREE_CITY]["built"]
    assert engine.action_log(state)[-1] == {"seat": 0, "action": for_fc({"type": "build_discarded", "card": "pawnshop"})}


def test_olympias_free_build_is_the_controllers_to_use_for_the_free_city():
    state = two_player_state(wonders=("giza", "rhodes", "olympia"), stages={FREE_CITY: ["altar", "theater"]},
                             hands={0: ["baths", "pawnshop", "temple"], 1: ["lumber_yard"]}, coins={FREE_CITY: 0})
    state, _ = engine.apply(state, 0, discard("pawnshop"))
    assert for_fc(build("baths", free="olympia")) in engine.legal_actions(state, 0)


def test_the_free_citys_babylon_plays_the_last_card_of_its_pile_decided_by_the_sixth_turns_controller():
    # Babylon B with two stages: the last card of the pile is played, not discarded; seat 1 holds
    # the Free City card on the sixth turn of Age I.
    state = two_player_state(wonders=("giza", "rhodes", "babylon"), sides="B", turn=6,
                             stages={FREE_CITY: ["altar", "theater"]},
                             hands={1: ["stockade", "baths", "tavern"], 0: ["lumber_yard", "stone_pit"],
                                    FREE_CITY: ["pawnshop"]})
    state, _ = engine.apply(state, 1, discard("stockade"))
    state, _ = engine.apply(state, 1, for_fc(build("baths", left=2)))
    state, events = engine.apply(state, 0, discard("lumber_yard"))
    assert {"type": "prompt", "seat": FREE_CITY, "kind": "seventh_card"} in events
    assert engine.to_act(state) == [1]
    assert engine.view(state, 1)["free_city"]["decision"]["cards"] == ["pawnshop"]
    assert "pawnshop" not in engine.hidden_ids(state, 1) and "pawnshop" in engine.hidden_ids(state, 0)
    assert engine.legal_actions(state, 1) == [for_fc(build("pawnshop"))]
    state, _ = engine.apply(state, 1, for_fc(build("pawnshop")))
    assert "pawnshop" in state["players"][FREE_CITY]["built"]


# ---------------------------------------------------------------------------------------------
# the end, and what each view shows


def _final(coins, built=None):
    state = two_player_state(coins=dict(enumerate(coins)), built=built)
    state["phase"] = "over"
    for player in state["players"]:
        player["hand"] = []
    return state


def test_only_the_two_players_are_ranked_and_more_coins_break_a_tie_on_points():
    # Coins only: 7 and 6 coins are 2 points each, so seat 0 wins on coins; the Free City's
    # 30 coins (10 points) rank nobody.
    state = _final([7, 6, 30])
    sheets = engine.scores(state)
    assert [(s["seat"], s["total"], s["rank"]) for s in sheets] == [(0, 2, 1), (1, 2, 2)]
    testing.check_scores(state)
    free_city = engine.view(state, None)["free_city"]["score"]
    assert free_city["total"] == 10 and "rank" not in free_city


def test_a_tie_on_points_and_coins_is_a_shared_win():
    sheets = engine.scores(_final([6, 6, 0]))
    assert [s["rank"] for s in sheets] == [1, 1]


def test_the_free_city_is_a_public_city_of_every_view_and_its_pile_only_a_size():
    state = engine.new_game({"players": 2}, seed=9)
    pile = state["players"][FREE_CITY]["hand"]
    for seat in (0, 1, None):
        view = engine.view(state, seat)
        free_city = view["players"][FREE_CITY]
        assert free_city["free_city"] is True and free_city["seat"] is None
        assert free_city["pile_size"] == 6 and "hand" not in free_city and "hand_size" not in free_city
        assert view["free_city"]["controller"] == 0
        assert set(pile) <= engine.hidden_ids(state, seat) | set(view.get("hand", []))
        testing.check_leak_free(state, seat, view, "the view")
    assert engine.reveal(state)["free_city"]["pile"] == pile


def test_a_sample_of_either_seats_view_keeps_the_free_citys_choice_the_controller_made():
    state = engine.new_game({"players": 2, "sides": "random"}, seed=12)
    state, _ = engine.apply(state, 0, engine.legal_actions(state, 0)[0])
    state, _ = engine.apply(state, 0, engine.legal_actions(state, 0)[-1])
    sample = engine.sample_state(engine.view(state, 0), 0, random.Random(3))
    assert sample["pending"][FREE_CITY] == state["pending"][FREE_CITY]
    for seat in (0, 1):
        testing.check_sample_state(state, seat, random.Random(seat))


def _free_city_prompt(kind, free_city_wonder):
    """A real 2-player game (sides B) played at random, the Free City building its stages
    whenever it can, up to a Free City prompt of `kind`."""
    for seed in range(200):
        state = engine.new_game({"players": 2, "sides": "B"}, seed)
        if state["players"][FREE_CITY]["wonder"] != free_city_wonder:
            continue
        rng = random.Random(seed)
        while not engine.is_over(state):
            prompt = engine.view(state, None)["prompt"]
            if prompt and prompt.get("city") and prompt["kind"] == kind:
                return state
            seat = engine.to_act(state)[0]
            legal = engine.legal_actions(state, seat)
            stages = [a for a in legal if a.get("city") and a["type"] == "wonder"]
            state, _ = engine.apply(state, seat, rng.choice(stages or legal))
    raise AssertionError(f"no game reached a {kind} prompt of the Free City")


@pytest.mark.parametrize("kind, free_city_wonder", [("seventh_card", "babylon"),
                                                    ("build_discarded", "halicarnassus")])
def test_a_sample_during_a_free_city_prompt_has_each_seats_view(kind, free_city_wonder):
    state = _free_city_prompt(kind, free_city_wonder)
    controller = engine.view(state, None)["free_city"]["controller"]
    sample = engine.sample_state(engine.view(state, controller), controller, random.Random(5))
    if kind == "seventh_card":
        assert sample["players"][FREE_CITY]["hand"] == state["players"][FREE_CITY]["hand"]
    else:
        assert sample["discard"] == state["discard"]
    for seat in (0, 1):
        testing.check_sample_state(state, seat, random.Random(seat))
