"""Cities in the history: matches played by the engine's bots (with the Cities expansion, with and
without teams) are recorded in their own rating modes and keep their black points per category."""
import pytest

from games.history.models import MatchRecord, PlayerRating, SeatResult
from games.history.simulate import play_and_store
from tests.games.history.helpers import api, make_people  # noqa: F401 - api is a fixture

pytestmark = pytest.mark.django_db

CITIES = {"expansions": ["cities"]}


@pytest.fixture
def people(django_user_model):
    return make_people(django_user_model)


def test_a_cities_match_is_rated_in_the_cities_mode(people):
    match = play_and_store(people[:3], seed=7, options=CITIES)
    record = MatchRecord.objects.get(match_id=match.pk)
    assert record.mode == "cities" and record.rated
    assert set(PlayerRating.objects.filter(user__in=people[:3]).values_list("mode", flat=True)) == {"cities"}


def test_a_cities_match_keeps_the_black_points_of_every_seat(people):
    match = play_and_store(people[:4], seed=8, options=CITIES)
    for result in SeatResult.objects.filter(match_id=match.pk):
        assert "black" in result.categories
        assert sum(result.categories.values()) == result.total


def test_a_base_match_still_has_no_black_category(people):
    match = play_and_store(people[:3], seed=9)
    assert all("black" not in r.categories for r in SeatResult.objects.filter(match_id=match.pk))


def test_a_cities_team_match_is_rated_in_the_teams_mode(people):
    match = play_and_store(people[:4], seed=10, options={**CITIES, "teams": True})
    assert MatchRecord.objects.get(match_id=match.pk).mode == "cities-teams"
    assert set(PlayerRating.objects.filter(user__in=people[:4]).values_list("mode", flat=True)) == {"cities-teams"}


def test_partners_share_their_team_s_rank_and_the_higher_team_total_ranks_first(people):
    match = play_and_store(people[:4], seed=10, options={**CITIES, "teams": True})
    rank_of = {r.seat: r.rank for r in SeatResult.objects.filter(match_id=match.pk)}
    teams = {}
    for sheet in match.score_sheet:
        teams.setdefault(sheet["team"], []).append(sheet)
    for members in teams.values():
        assert len({rank_of[sheet["seat"]] for sheet in members}) == 1
    best = max(teams.values(), key=lambda members: (members[0]["team_total"], members[0]["team_coins"]))
    assert all(rank_of[sheet["seat"]] == 1 for sheet in best)


def test_the_api_gives_a_cities_match_s_black_points_and_lists_it_under_its_mode(people, api):
    match = play_and_store(people[:3], seed=11, options=CITIES)
    base = play_and_store(people[:3], seed=12)
    listed = [row["id"] for row in api.get("/api/matches/?mode=cities").json()["results"]]
    assert match.pk in listed and base.pk not in listed
    body = api.get(f"/api/matches/{match.pk}/").json()
    black = {sheet["seat"]: sheet["black"] for sheet in match.score_sheet}
    assert {row["seat"]: row["categories"]["black"] for row in body["score_sheet"]} == black
    base_rows = api.get(f"/api/matches/{base.pk}/").json()["score_sheet"]
    assert all("black" not in row["categories"] for row in base_rows)
