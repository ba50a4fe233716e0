"""The API's match detail of a Cities team game (who are partners, the team totals, coins and
ranks) and of a 2-player game (the Free City's sheet, scored and not ranked)."""
import pytest

from games.history.simulate import play_and_store
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


def test_a_two_player_match_shows_the_free_city_s_sheet_without_a_rank(people, api):
    match = play_and_store(people[:2], seed=3)
    body = api.get(f"/api/matches/{match.pk}/?lang=it").json()
    assert [row["seat"] for row in body["score_sheet"]] == [0, 1]
    assert sorted(row["rank"] for row in body["score_sheet"]) in ([1, 2], [1, 1])
    (free_city,) = body["unranked_sheets"]
    assert free_city["city"] == "free_city" and free_city["rank"] is None
    assert free_city["name"] == "Città Franca"
    categories = ("military", "treasury", "wonder_points", "civilian", "science", "commercial", "guilds")
    assert free_city["total"] == sum(free_city[name] for name in categories)
    seat_wonders = {seat["wonder"] for seat in body["seats"]}
    assert free_city["wonder"] not in seat_wonders and free_city["wonder_name"]


def test_the_schema_documents_teams_and_unranked_sheets_on_the_match_detail_only(api):
    schemas = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()["components"]["schemas"]
    detail = schemas["MatchDetail"]["properties"]
    assert {"teams", "unranked_sheets"} <= set(detail)
    assert {"team", "seats", "total", "coins", "rank"} <= set(schemas["Team"]["properties"])
    assert "team" in schemas["ScoreSheetRow"]["properties"]
    # The calculator's seats have a team only on a cities-teams table: not a required field there.
    assert "team" not in schemas["ScoredSeat"].get("required", [])
