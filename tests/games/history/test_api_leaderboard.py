"""GET /api/leaderboard/ and /api/stats/wonders/."""
import pytest

from games.engine.base import catalogue
from games.history.models import PlayerRating, SeatResult, with_labels
from games.history.ratings import PROVISIONAL_SIGMA
from games.history.simulate import play_and_store
from tests.games.history.helpers import api  # noqa: F401 - a fixture

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(django_user_model):
    people = [django_user_model.objects.create_user(username=f"u{k}") for k in range(6)]
    for k in range(24):
        table = [people[(k + j) % 6] for j in range(3 + k % 4)]
        play_and_store(table, seed=300 + k, sides="AB"[k % 2])
    newcomers = [django_user_model.objects.create_user(username=f"new{k}") for k in range(3)]
    play_and_store(newcomers, seed=400)
    play_and_store([people[0], "easy", "medium"], seed=401)
    return people, newcomers


def test_the_leaderboard_orders_players_by_ordinal_and_leaves_out_provisional_ones(api, league):
    people, newcomers = league
    data = api.get("/api/leaderboard/?mode=base").json()
    assert data["mode"] == "base" and data["provisional_sigma"] == PROVISIONAL_SIGMA
    expected = list(PlayerRating.objects.filter(mode="base", sigma__lt=PROVISIONAL_SIGMA)
                    .order_by("-ordinal").values_list("user__username", flat=True))
    assert [row["username"] for row in data["results"]] == expected
    assert not {row["username"] for row in data["results"]} & {u.username for u in newcomers}
    assert [row["rank"] for row in data["results"]] == list(range(1, len(expected) + 1))
    ordinals = [row["ordinal"] for row in data["results"]]
    assert ordinals == sorted(ordinals, reverse=True)


def test_a_leaderboard_row_has_rating_games_and_win_rate(api, league):
    row = api.get("/api/leaderboard/").json()["results"][0]
    rating = PlayerRating.objects.get(user__username=row["username"])
    assert row["mu"] == rating.mu and row["sigma"] == rating.sigma
    assert row["games"] == rating.rated_games == SeatResult.objects.filter(user=rating.user, rated=True).count()
    assert row["wins"] == SeatResult.objects.filter(user=rating.user, rated=True, rank=1).count()
    assert row["win_rate"] == round(row["wins"] / row["games"], 4)


def test_the_leaderboard_limit_is_between_1_and_200(api, league):
    assert len(api.get("/api/leaderboard/?limit=2").json()["results"]) == 2
    for bad in ("0", "201", "ten"):
        response = api.get(f"/api/leaderboard/?limit={bad}")
        assert response.status_code == 400 and response.json()["error"]["details"]["parameter"] == "limit"
    assert api.get("/api/leaderboard/?mode=chess").status_code == 400


def test_the_leaderboard_of_an_empty_site_is_empty(api, db):
    assert api.get("/api/leaderboard/").json()["results"] == []


def test_wonder_stats_list_every_wonder_and_side_with_matches_win_rate_and_average(api, league):
    data = api.get("/api/stats/wonders/?mode=base&lang=pt-br").json()
    cat = catalogue.get()
    assert [(r["wonder"], r["side"]) for r in data["results"]] == [
        (w, s) for w in cat.wonder_ids for s in ("A", "B")]
    for row in data["results"]:
        rows = with_labels(SeatResult.objects.all(), wonder=row["wonder"], side=row["side"])
        assert row["matches"] == rows.count()
        assert row["wins"] == rows.filter(rank=1).count()
        if row["matches"]:
            assert row["win_rate"] == round(row["wins"] / row["matches"], 4)
            assert row["average_score"] == round(sum(r.total for r in rows) / row["matches"], 2)
        else:
            assert row["win_rate"] is None and row["average_score"] is None
    assert data["results"][0]["wonder_name"] == "O Colosso de Rodes"


def test_wonder_stats_filter_by_player_count(api, league):
    data = api.get("/api/stats/wonders/?players=5").json()
    assert data["players"] == 5
    assert sum(r["matches"] for r in data["results"]) == SeatResult.objects.filter(players=5).count()
    assert api.get("/api/stats/wonders/?players=8").status_code == 200  # Cities seats 8
    assert api.get("/api/stats/wonders/?players=9").status_code == 400
