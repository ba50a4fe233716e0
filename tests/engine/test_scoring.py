"""Scoring in the rulebook's order, with its worked examples (002 l.384-470)."""

import pytest

from games import engine
from games.engine.base.scoring import science_points
from tests.engine.helpers import make_state, play_turn


def _sheet(state, seat=0):
    return engine.scores(state)[seat]


def test_military_example_alexandria_scores_six_from_its_tokens():
    state = make_state(3, wonders=["alexandria", "rhodes", "ephesus"],
                       tokens={0: [1, 3, 5, -1, -1, -1]})
    assert _sheet(state)["military"] == 6


def test_military_at_the_end_of_age_two_example():
    # Alexandria 3 shields, left Rhodes 5, right Ephesus 2: a defeat and a +3 victory.
    state = make_state(3, wonders=["alexandria", "rhodes", "ephesus"], age=2, turn=6,
                       built={0: ["walls", "stockade"], 1: ["walls", "fortifications"],
                              2: ["stables"]},
                       hands={0: ["altar", "baths"], 1: ["altar", "baths"],
                              2: ["altar", "baths"]})
    state, events = play_turn(state, {})
    assert state["players"][0]["tokens"] == [-1, 3]
    military = next(e for e in events if e["type"] == "military")
    assert military["results"][0] == {"seat": 0, "shields": 3, "left": -1, "right": 3}
    assert state["players"][1]["tokens"] == [3, 3]  # Rhodes beats both
    assert state["players"][2]["tokens"] == [-1, -1]


@pytest.mark.parametrize("age,win", [(1, 1), (2, 3), (3, 5)])
def test_military_victories_are_worth_one_three_or_five_by_age(age, win):
    state = make_state(3, age=age, turn=6, built={0: ["stockade"]},
                       hands={s: ["altar", "baths"] for s in range(3)})
    state, _ = play_turn(state, {})
    assert state["players"][0]["tokens"] == [win, win]
    assert state["players"][1]["tokens"] == [-1]  # tie with seat 2 (left), lost to seat 0
    assert sum(state["players"][0]["tokens"]) == 2 * win


def test_a_military_tie_gives_no_token():
    state = make_state(3, turn=6, built={0: ["stockade"], 1: ["barracks"]},
                       hands={s: ["altar", "baths"] for s in range(3)})
    state, _ = play_turn(state, {})
    assert state["players"][0]["tokens"] == [1]          # beat seat 2 (right), tie with 1
    assert state["players"][1]["tokens"] == [1]          # tie with 0, beat seat 2
    assert state["players"][2]["tokens"] == [-1, -1]


def test_treasury_example_fourteen_coins_make_four_points():
    assert _sheet(make_state(3, coins={0: 14}))["treasury"] == 4


def test_wonder_example_alexandria_a_all_stages_make_ten_points():
    state = make_state(3, wonders=["alexandria", "rhodes", "ephesus"], stages={0: 3})
    assert _sheet(state)["wonder"] == 10


def test_civilian_example_altar_aqueduct_town_hall_make_thirteen():
    state = make_state(3, built={0: ["altar", "aqueduct", "town_hall"]})
    assert _sheet(state)["civilian"] == 13


def test_science_example_three_two_one_make_twenty_one():
    # 3 compasses, 2 gears, 1 tablet
    state = make_state(3, built={0: ["apothecary", "dispensary", "lodge", "workshop",
                                     "laboratory", "scriptorium"]})
    assert _sheet(state)["science"] == 21


def test_science_example_with_one_more_symbol_makes_thirty_one():
    state = make_state(3, built={0: ["apothecary", "dispensary", "lodge", "workshop",
                                     "laboratory", "scriptorium", "library"]})
    assert _sheet(state)["science"] == 31


def test_science_squares_and_sets():
    assert science_points((1, 0, 0), 0) == 1
    assert science_points((4, 0, 0), 0) == 16
    assert science_points((1, 1, 1), 0) == 10
    assert science_points((2, 2, 2), 0) == 26


def test_science_wildcards_are_placed_where_they_score_most():
    # 2 compass 2 gear 1 tablet + 1 wildcard: tablet gives 4+4+4+14=26 > compass 9+4+1+7=21
    assert science_points((2, 2, 1), 1) == 26
    # 4 compasses and nothing else + 1 wildcard: 25 > 16+1
    assert science_points((4, 0, 0), 1) == 25
    # two wildcards on 1,1,0 -> make 2,1,1 (4+1+1+7=13) or 1,1,2 (13) or 3,1,0 (10)
    assert science_points((1, 1, 0), 2) == 13


def test_commercial_example_chamber_of_commerce_with_two_grey_cards_makes_four():
    state = make_state(3, built={0: ["chamber_of_commerce", "loom_1", "press_2"]})
    assert _sheet(state)["commercial"] == 4


def test_the_score_sheet_has_every_category_a_total_a_rank_and_the_coins():
    sheet = _sheet(make_state(3, coins={0: 7}))
    assert set(sheet) >= {"military", "treasury", "wonder", "civilian", "science",
                          "commercial", "guilds", "total", "rank", "coins"}
    assert sheet["total"] == sum(sheet[k] for k in ("military", "treasury", "wonder",
                                                   "civilian", "science", "commercial",
                                                   "guilds"))


def test_ties_are_broken_by_coins_then_shared():
    state = make_state(4, coins={0: 5, 1: 4, 2: 5, 3: 3},
                       built={0: ["altar"], 1: ["altar", "pawnshop"], 2: ["altar"],
                              3: ["altar"]})
    # totals: seat0 2+1=3, seat1 5+1=6, seat2 3, seat3 2+1=3
    ranks = [s["rank"] for s in engine.scores(state)]
    assert ranks == [2, 1, 2, 4]


# --- guilds -------------------------------------------------------------------------------

GUILD_CASES = [
    # (guild, left city, self city, right city, expected guild points)
    ("workers_guild", ["lumber_yard", "clay_pit"], ["stone_pit"], ["ore_vein"], 3),
    ("craftsmens_guild", ["loom_1", "press_2"], ["glassworks_1"], ["loom_2"], 6),
    ("traders_guild", ["tavern", "vineyard"], ["marketplace"], ["forum"], 3),
    ("philosophers_guild", ["apothecary", "lodge"], ["workshop"], ["school"], 3),
    ("spies_guild", ["stockade", "walls"], ["barracks"], ["arsenal"], 3),
    ("magistrates_guild", ["altar", "temple"], ["baths"], ["palace"], 3),
    ("shipowners_guild", ["lumber_yard"], ["lumber_yard", "loom_1", "spies_guild"],
     ["ore_vein"], 4),
]


@pytest.mark.parametrize("guild,left,own,right,points", GUILD_CASES)
def test_each_guild_scores_its_criterion(guild, left, own, right, points):
    state = make_state(3, built={1: left, 0: own + [guild], 2: right})
    # the own city never counts for the neighbour guilds; Shipowners: brown + grey + purple
    # of its own city, itself included (the Spies there score 0: no red card next door)
    assert _sheet(state)["guilds"] == points


def test_shipowners_guild_counts_itself():
    state = make_state(3, built={0: ["shipowners_guild"]})
    assert _sheet(state)["guilds"] == 1


def test_builders_guild_counts_wonder_stages_of_both_neighbours_and_its_own_city():
    state = make_state(3, built={0: ["builders_guild"]}, stages={0: 1, 1: 2, 2: 3})
    assert _sheet(state)["guilds"] == 6


def test_strategists_guild_counts_the_defeat_tokens_of_the_neighbours():
    state = make_state(3, built={0: ["strategists_guild"]},
                       tokens={0: [-1, -1], 1: [-1, 3, -1], 2: [1, -1, 5]})
    assert _sheet(state)["guilds"] == 3


def test_scientists_guild_gives_a_symbol_of_choice_counted_in_science():
    state = make_state(3, built={0: ["scientists_guild", "apothecary", "workshop"]})
    sheet = _sheet(state)
    assert sheet["guilds"] == 0
    assert sheet["science"] == 10  # the tablet completes a set


def test_guilds_do_not_count_board_resources_as_cards():
    state = make_state(3, wonders=["giza", "rhodes", "ephesus"], built={0: ["workers_guild"]})
    assert _sheet(state)["guilds"] == 0
