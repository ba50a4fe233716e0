"""The calculator's tables of the 2-player variant and of Cities (engine.score_table, mode): black
cards, debts, masks and teams scored as the rulebooks say; tables no such game could leave refused."""
import pytest

from games import engine
from games.engine import TableError


def seat(wonder, side="A", stages=0, cards=(), coins=0, military=(), debt=0):
    return {"wonder": wonder, "side": side, "stages": stages, "cards": list(cards), "coins": coins,
            "military": list(military), "debt": debt}


def score(mode, *seats):
    return engine.score_table("base", {"mode": mode, "seats": list(seats)})


def codes(mode, *seats):
    with pytest.raises(TableError) as caught:
        score(mode, *seats)
    return [(p["code"], p.get("seat")) for p in caught.value.problems]


def test_the_base_game_offers_a_table_for_each_of_its_rating_modes():
    modes = engine.table_modes("base")
    assert modes["base"] == [3, 4, 5, 6, 7]
    assert modes["base-2p"] == [3]  # two players and the Free City
    assert modes["cities"] == [3, 4, 5, 6, 7, 8]
    assert modes["cities-teams"] == [4, 6, 8]
    assert set(modes) == set(engine.info("base")["rating_modes"])
    assert engine.table_players("base") == (3, 8)


def test_a_table_without_a_mode_is_the_plain_game():
    rows = engine.score_table("base", {"seats": [seat("giza"), seat("rhodes"), seat("ephesus")]})
    assert "black" not in rows[0]["categories"] and "debt" not in rows[0]


def test_debt_tokens_come_off_the_treasury_line_and_not_off_the_coins_that_break_ties():
    # Seat 0: 7 coins (2 points) and 3 debt tokens: -1 on the treasury line, 7 coins for ties.
    # Seats 1 and 2 score 0; seat 1's one coin breaks their tie.
    rows = score("cities", seat("giza", coins=7, debt=3), seat("rhodes", coins=1), seat("ephesus", coins=0))
    assert rows[0]["treasury"] == 2 - 3 and rows[0]["debt"] == 3 and rows[0]["coins"] == 7
    assert rows[0]["total"] == -1
    assert [row["rank"] for row in rows] == [3, 1, 2]


def test_black_cards_score_in_their_own_category():
    rows = score("cities", seat("giza", cards=["capitol", "residence"]), seat("rhodes"), seat("ephesus"))
    assert rows[0]["categories"]["black"] == 8 + 1  # Capitol 8, Residence 1
    assert rows[0]["categories"]["civilian"] == 0
    assert rows[0]["total"] == 9


def test_masks_copy_two_identical_green_cards_of_two_neighbouring_cities():
    # Five seats: seat 0's neighbours are seats 1 and 4, each with an Apothecary (compass; two
    # copies at 5 players). Seat 0 has a Workshop (gear) and two masks: both compasses are copied
    # (different cards, though identical): 2 compasses and a gear, 4 + 1 = 5.
    rows = score("cities",
                 seat("giza", cards=["workshop", "pigeon_loft", "spy_ring"]),
                 seat("rhodes", cards=["apothecary"]), seat("ephesus"), seat("babylon"),
                 seat("olympia", cards=["apothecary"]))
    assert rows[0]["science"] == 5


def test_a_mask_copies_nothing_from_a_city_that_is_not_a_neighbour():
    rows = score("cities",
                 seat("giza", cards=["workshop", "pigeon_loft"]),
                 seat("rhodes"), seat("ephesus", cards=["scriptorium"]), seat("babylon"), seat("olympia"))
    assert rows[0]["science"] == 1


def test_petra_and_byzantium_take_part_in_a_cities_table():
    rows = score("cities", seat("petra"), seat("byzantium"), seat("giza"))
    assert [row["wonder"] for row in rows] == ["petra", "byzantium", "giza"]


def test_partners_add_their_totals_and_share_their_team_rank():
    rows = score("cities-teams",
                 seat("giza", cards=["capitol"]),          # 8
                 seat("rhodes", cards=["baths"]),          # 3: team 0 has 11
                 seat("ephesus", cards=["tabularium"]),    # 6
                 seat("babylon", cards=["gates_of_the_city"]))  # 4: team 1 has 10
    assert [row["team"] for row in rows] == [0, 0, 1, 1]
    assert [row["team_total"] for row in rows] == [11, 11, 10, 10]
    assert [row["rank"] for row in rows] == [1, 1, 2, 2]


def test_equal_team_totals_go_to_the_team_with_more_coins_before_debts():
    # Team 0: Capitol 8 and 2 coins (0 points): 8 points, 2 coins. Team 1: Tabularium 6, Baths 3,
    # 5 coins (1 point) and 2 debt tokens (-2): 8 points, 5 coins held (debts are not taken off).
    rows = score("cities-teams",
                 seat("giza", cards=["capitol"]),
                 seat("rhodes", coins=2),
                 seat("ephesus", cards=["tabularium"]),
                 seat("babylon", cards=["baths"], coins=5, debt=2))
    assert rows[0]["team_total"] == rows[2]["team_total"] == 8
    assert rows[0]["team_coins"] == 2 and rows[2]["team_coins"] == 5
    assert [row["rank"] for row in rows] == [2, 2, 1, 1]


def test_the_free_city_is_scored_but_never_ranked():
    rows = score("base-2p",
                 seat("giza", coins=3),                            # 1
                 seat("rhodes", coins=6),                          # 2
                 seat("ephesus", cards=["baths", "altar"], coins=9))  # the Free City: 3 + 2 + 3 = 8
    assert rows[2]["free_city"] is True and rows[2]["rank"] is None and rows[2]["total"] == 8
    assert [row["rank"] for row in rows[:2]] == [2, 1]
    assert not rows[0]["free_city"]


def test_the_two_players_share_the_win_on_equal_points_and_coins():
    rows = score("base-2p", seat("giza", coins=3), seat("rhodes", coins=3), seat("ephesus"))
    assert [row["rank"] for row in rows] == [1, 1, None]


def test_eight_seats_play_the_seven_player_deck():
    # The Workshop has a copy from 3 and another from 7: two at 7 and at 8 players, never three.
    two = [seat("giza", cards=["workshop"]), seat("rhodes", cards=["workshop"])]
    rest = [seat(w) for w in ("ephesus", "babylon", "olympia", "halicarnassus", "alexandria", "petra")]
    assert len(score("cities", *two, *rest)) == 8
    three = [*two, seat("ephesus", cards=["workshop"])]
    assert ("too_many_copies", None) in codes("cities", *three, *rest[1:])


def test_a_cities_city_plays_seven_turns_an_age_but_six_at_eight_players():
    cards = ["lumber_yard", "stone_pit", "clay_pool", "ore_vein", "loom_1", "glassworks_1", "press_1",
             "baths", "altar", "theater", "stockade", "barracks", "guard_tower", "apothecary", "workshop",
             "scriptorium", "east_trading_post", "west_trading_post", "marketplace"]
    # 19 cards and 2 stages: 21 turns, a whole Cities game of 3-7 players, too many for the base game.
    assert score("cities", seat("giza", stages=2, cards=cards), seat("rhodes"), seat("ephesus"))
    assert ("too_many_structures", 0) in codes("base", seat("giza", stages=2, cards=cards), seat("rhodes"),
                                                seat("ephesus"))
    eight = [seat("giza", stages=2, cards=cards)] + [seat(w) for w in (
        "rhodes", "ephesus", "babylon", "olympia", "halicarnassus", "alexandria", "petra")]
    assert ("too_many_structures", 0) in codes("cities", *eight)


def test_a_table_without_cities_refuses_its_cards_wonders_and_debts():
    assert codes("base", seat("petra"), seat("rhodes", debt=2), seat("giza", cards=["capitol"])) == [
        ("needs_cities", 0), ("needs_cities", 1), ("needs_cities", 2)]
    assert codes("base-2p", seat("giza", cards=["spy_ring"]), seat("rhodes"), seat("ephesus")) == [
        ("needs_cities", 0)]


def test_it_rejects_more_black_cards_of_an_age_than_the_game_dealt():
    # Four players: four black cards of each age are dealt; five of Age I could not be on the table.
    assert codes("cities", seat("giza", cards=["militia", "hideout"]), seat("rhodes", cards=["residence"]),
                 seat("ephesus", cards=["gambling_den"]), seat("babylon", cards=["pigeon_loft"])) == [
        ("too_many_black_cards", None)]


def test_it_rejects_a_seat_count_the_mode_does_not_seat():
    assert codes("cities-teams", seat("giza"), seat("rhodes"), seat("ephesus"), seat("babylon"),
                 seat("olympia")) == [("bad_player_count", None)]
    assert codes("base", *[seat(w) for w in ("giza", "rhodes", "ephesus", "babylon", "olympia",
                                              "halicarnassus", "alexandria")], seat("giza")) == [
        ("bad_player_count", None)]
    assert codes("base-2p", seat("giza"), seat("rhodes")) == [("bad_player_count", None)]


def test_it_rejects_an_unknown_mode_and_a_debt_that_is_not_a_count():
    assert codes("leaders", seat("giza"), seat("rhodes"), seat("ephesus")) == [("bad_mode", None)]
    assert codes("cities", seat("giza", debt=-1), seat("rhodes", debt="two"), seat("ephesus")) == [
        ("bad_debt", 0), ("bad_debt", 1)]
