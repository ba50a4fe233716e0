"""The API's match detail of a Cities team game (who are partners, the team totals, coins and
ranks) and of a 2-player game (the Free City's sheet, scored and not ranked)."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.history.simulate import play_and_store
from games.models import Match
from tests.games.history.helpers import api, make_people  # noqa: F401 - api is a fixture

pytestmark = pytest.mark.django_db

TEAMS = {"expansions": ["cities"], "teams": True}


@pytest.fixture
def people(django_user_model):
    return make_people(django_user_model)


def test_a_team_match_names_the_partners_and_the_team_totals_and_ranks(people, api):
    match = play_and_store(people, seed=10, options=TEAMS)
    body = api.get(f"/api/matches/{match.pk}/").json()
    rows = {row["seat"]: row for row in body["score_sheet"]}
    # Partners sit side by side: seats 0 and 1, then 2 and 3 (the Cities rulebook's seating).
    assert sorted(team["seats"] for team in body["teams"]) == [[0, 1], [2, 3]]
    for team in body["teams"]:
        first, second = (rows[seat] for seat in team["seats"])
        assert team["total"] == first["total"] + second["total"]
        assert team["coins"] == first["coins"] + second["coins"]
        assert first["team"] == second["team"] == team["team"]
        assert first["rank"] == second["rank"] == team["rank"]
    best, other = body["teams"]
    assert best["rank"] == 1 and (best["total"], best["coins"]) >= (other["total"], other["coins"])


def test_a_match_without_teams_has_no_teams_and_no_unranked_city(people, api):
    match = play_and_store(people[:3], seed=11, options={"expansions": ["cities"]})
    body = api.get(f"/api/matches/{match.pk}/").json()
    assert body["teams"] is None and body["unranked_sheets"] == []
    assert all(row["team"] is None for row in body["score_sheet"])


def list_item(api, match):
    results = api.get("/api/matches/").json()["results"]
    return next(item for item in results if item["id"] == match.pk)


def test_the_match_list_gives_each_seat_of_a_team_match_its_team(people, api):
    match = play_and_store(people, seed=10, options=TEAMS)
    seats = list_item(api, match)["seats"]
    # Seats 2k and 2k + 1 are partners: team k (the Cities rulebook's seating, 0-based).
    assert [(seat["seat"], seat["team"]) for seat in seats] == [(0, 0), (1, 0), (2, 1), (3, 1)]
    detail = api.get(f"/api/matches/{match.pk}/").json()
    assert {seat: team["team"] for team in detail["teams"] for seat in team["seats"]} == {
        seat["seat"]: seat["team"] for seat in seats}


def test_the_match_list_gives_no_team_to_the_seats_of_a_game_without_teams(people, api):
    base = play_and_store(people[:3], seed=12)
    cities = play_and_store(people[:3], seed=11, options={"expansions": ["cities"]})
    for match in (base, cities):
        seats = list_item(api, match)["seats"]
        assert len(seats) == 3 and all(seat["team"] is None for seat in seats)


def test_the_match_list_reads_the_teams_from_the_state_of_a_match_stored_without_sheets(people, api):
    match = play_and_store(people, seed=10, options=TEAMS)
    Match.objects.filter(pk=match.pk).update(score_sheet=None)
    assert [seat["team"] for seat in list_item(api, match)["seats"]] == [0, 0, 1, 1]


def test_the_match_list_s_queries_do_not_grow_with_its_team_matches(people, api):
    play_and_store(people, seed=10, options=TEAMS)

    def queries(limit):
        with CaptureQueriesContext(connection) as captured:
            results = api.get(f"/api/matches/?limit={limit}").json()["results"]
        assert len(results) == limit
        for item in results:
            expected = [0, 0, 1, 1] if item["mode"] == "cities-teams" else [None] * item["players"]
            assert [seat["team"] for seat in item["seats"]] == expected
        return len(captured)

    one = queries(1)
    play_and_store(people, seed=13, options=TEAMS)
    play_and_store(people[:3], seed=14)
    assert queries(3) == one


def test_a_two_player_match_shows_the_free_city_s_sheet_without_a_rank(people, api):
    match = play_and_store(people[:2], seed=3)
    body = api.get(f"/api/matches/{match.pk}/?lang=it").json()
    assert [row["seat"] for row in body["score_sheet"]] == [0, 1]
    assert sorted(row["rank"] for row in body["score_sheet"]) in ([1, 2], [1, 1])
    (free_city,) = body["unranked_sheets"]
    assert free_city["city"] == "free_city" and free_city["rank"] is None
    assert free_city["name"] == "Città Franca"
    assert set(free_city["categories"]) == {
        "military", "treasury", "wonder", "civilian", "science", "commercial", "guilds"}
    assert free_city["total"] == sum(free_city["categories"].values())
    seat_wonders = {seat["wonder"] for seat in body["seats"]}
    assert free_city["wonder"] not in seat_wonders and free_city["wonder_name"]


def test_a_two_player_cities_match_shows_the_free_city_s_black_points_and_debts_without_a_rank(people, api):
    match = play_and_store(people[:2], seed=4, options={"expansions": ["cities"]})
    body = api.get(f"/api/matches/{match.pk}/").json()
    assert body["mode"] == "cities-2p"
    (free_city,) = body["unranked_sheets"]
    assert free_city["rank"] is None and free_city["name"] == "Free City"
    assert "black" in free_city["categories"]
    assert free_city["total"] == sum(free_city["categories"].values())
    player = match.state["players"][2]
    assert free_city["categories"]["treasury"] == player["coins"] // 3 - player["debt"]


def test_the_schema_documents_teams_and_unranked_sheets_on_the_match_detail_and_teams_in_the_list(api):
    schemas = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()["components"]["schemas"]
    detail = schemas["MatchDetail"]["properties"]
    assert {"teams", "unranked_sheets"} <= set(detail)
    assert {"team", "seats", "total", "coins", "rank"} <= set(schemas["Team"]["properties"])
    assert "team" in schemas["ScoreSheetRow"]["properties"]
    team = schemas["SeatSummary"]["properties"]["team"]
    assert team["type"] == "integer" and team["nullable"] is True
    # The calculator's seats have a team only on a cities-teams table: not a required field there.
    assert "team" not in schemas["ScoredSeat"].get("required", [])
