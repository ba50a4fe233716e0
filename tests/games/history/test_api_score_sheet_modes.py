"""POST /api/score-sheet/ with a mode: the 2-player variant's Free City, Cities' black cards and
debts, Cities teams."""
import pytest

from tests.games.history.helpers import api  # noqa: F401 - a fixture

pytestmark = pytest.mark.django_db


def seat(wonder, **fields):
    return {"wonder": wonder, **fields}


def test_a_cities_table_answers_black_points_and_debts_off_the_treasury(api):
    response = api.post("/api/score-sheet/?lang=it", {"mode": "cities", "seats": [
        seat("petra", cards=["Campidoglio", "spy_ring"], coins=7, debt=4),
        seat("giza", cards=["baths"]), seat("rhodes")]}, format="json")
    assert response.status_code == 200, response.json()
    first = response.json()["seats"][0]
    assert first["black"] == 8 and first["treasury"] == 2 - 4 and first["debt"] == 4
    assert first["total"] == 8 - 2 and first["coins"] == 7 and first["tiebreak"] == 7
    assert "Petra" in first["wonder_name"]
    assert response.json()["names"]["capitol"] == "Campidoglio"


def test_a_team_table_ranks_the_teams_and_gives_each_seat_its_team(api):
    response = api.post("/api/score-sheet/", {"mode": "cities-teams", "seats": [
        seat("giza", cards=["baths"]), seat("rhodes"),
        seat("ephesus", cards=["capitol"]), seat("babylon", cards=["altar"])]}, format="json")
    assert response.status_code == 200, response.json()
    rows = response.json()["seats"]
    assert [(row["team"], row["team_total"], row["rank"]) for row in rows] == [
        (0, 3, 2), (0, 3, 2), (1, 10, 1), (1, 10, 1)]


def test_a_two_player_table_scores_the_free_city_without_ranking_it(api):
    response = api.post("/api/score-sheet/", {"mode": "base-2p", "seats": [
        seat("giza", coins=6), seat("rhodes"), seat("ephesus", cards=["pantheon"])]}, format="json")
    assert response.status_code == 200, response.json()
    rows = response.json()["seats"]
    assert [row["rank"] for row in rows] == [1, 2, None]
    assert [row["free_city"] for row in rows] == [False, False, True]
    assert rows[2]["civilian"] == 7 and "black" not in rows[2]


def test_a_two_player_cities_table_scores_the_free_city_s_black_cards_and_debts_without_ranking_it(api):
    # seed 001, «Regole per 2 Giocatori»: the Free City takes debts (clarification 1) and plays
    # black cards like any city; only the two players are ranked.
    response = api.post("/api/score-sheet/", {"mode": "cities-2p", "seats": [
        seat("giza", coins=6), seat("rhodes", cards=["hideout", "theater"]),
        seat("petra", cards=["capitol"], coins=7, debt=4)]}, format="json")
    assert response.status_code == 200, response.json()
    rows = response.json()["seats"]
    assert [(row["rank"], row["free_city"]) for row in rows] == [(2, False), (1, False), (None, True)]
    free_city = rows[2]
    assert free_city["black"] == 8 and free_city["debt"] == 4 and free_city["treasury"] == 2 - 4
    assert free_city["total"] == 8 - 2


def test_a_two_player_cities_table_has_three_black_cards_an_age_at_most(api):
    # two-players.md A.9 #6, our ruling: the 3-player configuration, 3 black cards an age
    response = api.post("/api/score-sheet/", {"mode": "cities-2p", "seats": [
        seat("giza", cards=["hideout", "militia"]), seat("rhodes", cards=["residence"]),
        seat("petra", cards=["gambling_den"])]}, format="json")
    assert response.status_code == 400
    [problem] = response.json()["error"]["details"]["problems"]
    assert (problem["code"], problem["allowed"]) == ("too_many_black_cards", 3)
    two = api.post("/api/score-sheet/", {"mode": "cities-2p", "seats": [seat("giza"), seat("rhodes")]},
                   format="json")
    assert two.json()["error"]["details"]["problems"][0]["code"] == "bad_player_count"


def test_a_base_table_has_no_black_category_and_refuses_a_black_card(api):
    plain = api.post("/api/score-sheet/", {"seats": [seat("giza"), seat("rhodes"), seat("ephesus")]},
                     format="json")
    assert "black" not in plain.json()["seats"][0] and "debt" not in plain.json()["seats"][0]
    response = api.post("/api/score-sheet/", {"seats": [seat("giza", cards=["capitol"]), seat("rhodes"),
                                                        seat("ephesus")]}, format="json")
    assert response.status_code == 400
    [problem] = response.json()["error"]["details"]["problems"]
    assert problem["code"] == "needs_cities" and problem["card"] == "capitol"


def test_eight_seats_need_cities_and_teams_need_an_even_table(api):
    eight = [seat(w) for w in ("giza", "rhodes", "ephesus", "babylon", "olympia", "halicarnassus",
                               "alexandria", "petra")]
    assert api.post("/api/score-sheet/", {"mode": "cities", "seats": eight}, format="json").status_code == 200
    response = api.post("/api/score-sheet/", {"mode": "cities-teams", "seats": eight[:5]}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["details"]["problems"][0]["code"] == "bad_player_count"
    assert response.json()["error"]["details"]["problems"][0]["allowed"] == [4, 6, 8]


def test_an_unknown_mode_is_a_400_naming_the_modes(api):
    response = api.post("/api/score-sheet/", {"mode": "leaders", "seats": []}, format="json")
    assert response.status_code == 400
    assert "mode" in response.json()["error"]["details"]
