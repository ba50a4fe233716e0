"""Yellow cards (002 l.880-975): coins once when built, points at the end, choice production."""

from games import engine
from tests.engine.helpers import build, make_state, pays, play_turn


def _coins(state):
    return [p["coins"] for p in state["players"]]


def test_tavern_gives_five_coins_when_built():
    state = make_state(3, hands={0: ["tavern", "altar"]}, coins={0: 0})
    state, _ = play_turn(state, {0: build("tavern")})
    assert state["players"][0]["coins"] == 5


def test_coins_of_a_tavern_cannot_pay_in_the_turn_it_is_built():
    state = make_state(3, hands={0: ["tavern", "altar"]}, coins={0: 0})
    state, _ = engine.apply(state, 0, build("tavern"))
    assert state["players"][0]["coins"] == 0  # nothing arrives before the resolution


def test_vineyard_counts_brown_cards_of_both_neighbours_and_its_own_city():
    state = make_state(3, age=2, built={0: ["lumber_yard"], 1: ["stone_pit", "clay_pit"],
                                        2: ["ore_vein"]},
                       hands={0: ["vineyard", "altar"]}, coins={0: 0})
    state, _ = play_turn(state, {0: build("vineyard")})
    assert state["players"][0]["coins"] == 4


def test_vineyard_counts_brown_cards_built_by_neighbours_that_same_turn():
    state = make_state(3, age=2, hands={0: ["vineyard", "altar"], 1: ["sawmill", "altar"],
                                        2: ["quarry", "altar"]}, coins={0: 0, 1: 1, 2: 1})
    state, _ = play_turn(state, {0: build("vineyard"), 1: build("sawmill"),
                                 2: build("quarry")})
    assert state["players"][0]["coins"] == 2


def test_bazar_gives_two_coins_per_grey_card_around_including_the_same_turn():
    state = make_state(4, age=2, built={0: ["loom_1"], 1: ["press_1"], 3: ["glassworks_1"],
                                        2: ["loom_1", "press_1"]},
                       hands={0: ["bazar", "altar"], 1: ["glassworks_2", "altar"]},
                       coins={0: 0})
    state, _ = play_turn(state, {0: build("bazar"), 1: build("glassworks_2")})
    # own 1 + left (seat 1) 2 + right (seat 3) 1; seat 2 is not a neighbour
    assert state["players"][0]["coins"] == 8


def test_forum_gives_one_manufactured_good_of_choice_that_cannot_be_sold():
    state = make_state(3, age=2, built={0: ["forum"]},
                       hands={0: ["apothecary", "workshop", "scriptorium"]}, coins={0: 0})
    for card in ("apothecary", "workshop", "scriptorium"):
        assert pays(state, 0, card) == [(0, 0)]
    state2 = make_state(3, wonders=["giza", "rhodes", "babylon"], age=2, built={0: ["forum"]},
                        hands={1: ["workshop"]}, coins={1: 9})
    assert pays(state2, 1, "workshop") == []


def test_caravansery_gives_one_raw_material_of_choice_that_cannot_be_sold():
    state = make_state(3, wonders=["ephesus", "halicarnassus", "alexandria"], age=2,
                       built={0: ["caravansery"]}, hands={0: ["stockade", "baths"],
                                                          1: ["stockade"]},
                       coins={0: 0, 1: 9})
    assert pays(state, 0, "stockade") == [(0, 0)]
    assert pays(state, 0, "baths") == [(0, 0)]
    assert pays(state, 1, "stockade") == []


def test_haven_gives_a_coin_per_own_brown_card_and_a_point_each_at_the_end():
    state = make_state(3, wonders=["rhodes", "giza", "ephesus"], age=3,
                       built={0: ["forum", "lumber_yard", "clay_pit"], 1: ["ore_vein"]},
                       hands={0: ["haven", "altar"]}, coins={0: 0})
    state, _ = play_turn(state, {0: build("haven")})  # free by the Forum chain
    assert state["players"][0]["coins"] == 2
    state["players"][0]["built"].append("stone_pit")  # points count at the end
    assert engine.scores(state)[0]["commercial"] == 3


def test_lighthouse_counts_yellow_cards_including_itself():
    state = make_state(3, age=3, built={0: ["caravansery", "tavern"]},
                       hands={0: ["lighthouse", "altar"]}, coins={0: 0})
    state, _ = play_turn(state, {0: build("lighthouse")})
    assert state["players"][0]["coins"] == 3
    assert engine.scores(state)[0]["commercial"] == 3


def test_chamber_of_commerce_counts_own_grey_cards_twice():
    state = make_state(4, age=3, built={0: ["loom_1", "press_2", "clay_pool", "brickyard"],
                                        1: ["glassworks_1"]},
                       hands={0: ["chamber_of_commerce", "altar"]}, coins={0: 0})
    state, _ = play_turn(state, {0: build("chamber_of_commerce")})
    assert state["players"][0]["coins"] == 4
    assert engine.scores(state)[0]["commercial"] == 4


def test_arena_gives_three_coins_per_stage_when_built_and_a_point_per_stage_at_the_end():
    state = make_state(3, wonders=["giza", "rhodes", "ephesus"], age=3, stages={0: 2},
                       built={0: ["dispensary"]}, hands={0: ["arena", "altar"]}, coins={0: 0})
    state, _ = play_turn(state, {0: build("arena")})
    assert state["players"][0]["coins"] == 6
    state["players"][0]["stages"].append("altar")
    assert engine.scores(state)[0]["commercial"] == 3


def test_a_trading_post_discount_starts_the_turn_after_it_is_built():
    state = make_state(3, wonders=["babylon", "olympia", "giza"], built={2: ["lumber_yard"]},
                       hands={0: ["east_trading_post", "stockade"]}, coins={0: 10})
    assert pays(state, 0, "stockade") == [(0, 2), (2, 0)]
    state, _ = play_turn(state, {0: build("east_trading_post")})
    state["players"][0]["hand"] = ["stockade"]
    assert pays(state, 0, "stockade") == [(0, 1), (2, 0)]
