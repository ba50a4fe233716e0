"""Cities: docks, warehouse, black market, Architect Cabinet, Gambling Den, and what a team seat
sees (shared/specs/cities.md B.5, B.8, B.10-B.11; the rulebook's dock example l.205-212)."""

import random

from games import engine

from .cities_helpers import build, cities_state, play

# Seat 0 is Giza (stone); its left neighbour (seat 1) Rhodes (ore), its right (seat 2) Ephesus
# (papyrus): the only ore for sale is on the left.
TABLE = ["giza", "rhodes", "ephesus"]


def payments(state, seat, card, kind="build"):
    return [a["pay"] for a in engine.legal_actions(state, seat) if a["type"] == kind and a["card"] == card]


def test_the_dock_stacks_with_a_trading_post_so_the_first_resource_is_free():
    state = cities_state(players=3, wonders=TABLE, hands={0: ["barracks"]},
                         built={0: ["west_trading_post", "clandestine_dock_west"]})
    assert payments(state, 0, "barracks") == [{"left": 0, "right": 0}]
    state["players"][0]["built"] = ["west_trading_post"]
    assert payments(state, 0, "barracks") == [{"left": 1, "right": 0}]


def test_the_dock_takes_one_coin_off_the_first_unit_only_and_only_on_its_side():
    # Two ore from the left at 2 each, less 1 for the dock: 3; the east dock does nothing here.
    state = cities_state(players=3, wonders=TABLE, hands={0: ["training_ground"]}, coins=9,
                         built={0: ["clandestine_dock_west", "lumber_yard"], 1: ["ore_vein"]})
    assert {"left": 3, "right": 0} in payments(state, 0, "training_ground")
    state["players"][0]["built"] = ["clandestine_dock_east", "lumber_yard"]
    assert {"left": 4, "right": 0} in payments(state, 0, "training_ground")


def test_the_rulebook_dock_example_textile_and_stone_from_the_east_cost_two():
    # Mario has a Marketplace and the East dock, and buys a textile and a stone on his right.
    state = cities_state(players=3, wonders=["alexandria", "rhodes", "giza"], coins=9,
                         hands={0: ["library"]}, built={0: ["marketplace", "clandestine_dock_east"],
                                                       2: ["loom_1"]})
    state["players"][0]["built"].append("stone_pit")  # one stone of its own, one to buy
    assert {"left": 0, "right": 2} in payments(state, 0, "library")


def test_the_secret_warehouse_doubles_only_what_brown_grey_cards_or_the_board_make():
    state = cities_state(players=3, wonders=TABLE, coins=0, hands={0: ["walls", "forum"]},
                         built={0: ["stone_pit", "secret_warehouse"]})
    assert payments(state, 0, "walls") == [{"left": 0, "right": 0}]  # board + pit + warehouse
    state["players"][0]["built"] = ["secret_warehouse"]
    assert payments(state, 0, "walls") == []  # two stones only, no coin to buy


def test_the_black_market_makes_one_resource_the_city_lacks_and_is_not_for_sale():
    state = cities_state(players=3, wonders=TABLE, coins=0, hands={0: ["barracks", "baths"]},
                         built={0: ["black_market"]})
    assert payments(state, 0, "barracks") == [{"left": 0, "right": 0}]  # ore, which Giza lacks
    assert payments(state, 0, "baths") == [{"left": 0, "right": 0}]  # stone: the board
    state["players"][1]["hand"] = ["baths"]
    state["players"][1]["coins"] = 9
    assert payments(state, 1, "baths") == [{"left": 0, "right": 2}]  # Giza's stone, not the market's


def test_the_architect_cabinet_removes_stage_resources_but_not_petra_s_coins():
    state = cities_state(players=3, wonders=["petra", "rhodes", "giza"], coins=6, hands={0: ["baths"]},
                         built={0: ["architect_cabinet"]}, stages={0: ["altar"]})
    assert payments(state, 0, "baths", "wonder") == []  # 7 coins for the second stage, 6 held
    state["players"][0]["coins"] = 7
    assert payments(state, 0, "baths", "wonder") == [{"left": 0, "right": 0}]
    state["players"][0]["stages"] = []  # the first stage needs wood, which nobody sells here
    assert payments(state, 0, "baths", "wonder") == [{"left": 0, "right": 0}]
    state["players"][0]["built"] = []
    assert payments(state, 0, "baths", "wonder") == []


def test_the_gambling_den_pays_its_owner_six_and_each_neighbour_one():
    state = cities_state(players=4, coins=0, hands={s: ["gambling_den"] + ["baths"] * 7 for s in range(4)})
    state, _ = play(state, {0: build("gambling_den")})  # the others discard: 3 coins each
    assert [p["coins"] for p in state["players"]] == [6, 1 + 3, 3, 1 + 3]


def test_a_team_seat_sees_its_partner_s_hand_and_nothing_else_hidden():
    state = engine.new_game({"game": "base", "players": 4, "expansions": ["cities"], "teams": True}, seed=5)
    view = engine.view(state, 0)
    assert view["partner_hand"] == state["players"][1]["hand"]
    assert "partner_hand" not in engine.view(state, None)
    hidden = engine.hidden_ids(state, 0)
    assert not set(state["players"][1]["hand"]) & hidden - set(state["players"][2]["hand"]) - set(state["players"][3]["hand"])
    assert set(state["players"][2]["hand"]) - set(state["players"][0]["hand"]) - set(state["players"][1]["hand"]) <= hidden
    sample = engine.sample_state(view, 0, random.Random(3))
    assert sample["players"][1]["hand"] == state["players"][1]["hand"]
    assert engine.view(sample, 0) == view


def test_partners_may_not_buy_from_each_other_for_a_card_a_chain_builds():
    # Seat 1 holds the Stables and has built the Apothecary: the Stables is offered free only,
    # never bought from its partner (seat 0).
    state = cities_state(teams=True, coins=9, hands={1: ["stables"]}, built={1: ["apothecary"]})
    assert [a for a in engine.legal_actions(state, 1) if a["type"] == "build"] == [
        {"type": "build", "card": "stables", "pay": {"left": 0, "right": 0}, "free": "chain"}]


def test_cities_games_have_their_own_rating_modes():
    assert engine.rating_mode({"game": "base", "players": 5, "expansions": ["cities"]}) == "cities"
    assert engine.rating_mode({"game": "base", "players": 6, "expansions": ["cities"], "teams": True}) == "cities-teams"
    assert {"cities", "cities-teams"} <= set(engine.info("base")["rating_modes"])


def test_every_bot_level_plays_a_cities_team_game_to_the_end():
    from games.engine import testing

    config = {"game": "base", "players": 4, "sides": "B", "expansions": ["cities"], "teams": True}
    state = testing.check_bots_finish(config, seed=6, levels=["hard", "medium", "easy", "medium"], iterations=2)
    assert engine.is_over(state) and all("team_total" in sheet for sheet in engine.scores(state))
