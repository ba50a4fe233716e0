"""GET /api/leaderboard/ and /api/stats/wonders/."""
import pytest

from games.engine.base import catalogue
from games.history.models import PlayerRating, SeatResult, with_labels
from games.history.ratings import PROVISIONAL_SIGMA
from games.history.simulate import play_and_store
from tests.games.history.helpers import api, fit_bots  # noqa: F401 - a fixture

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


def test_the_leaderboard_orders_people_by_ordinal_and_lists_provisional_ones_without_a_rank(api, league):
    people, newcomers = league
    data = api.get("/api/leaderboard/?mode=base&who=people").json()
    assert data["mode"] == "base" and data["who"] == "people" and data["provisional_sigma"] == PROVISIONAL_SIGMA
    expected = list(PlayerRating.objects.filter(mode="base").order_by("-ordinal", "user_id")
                    .values_list("user__username", "sigma"))
    assert [(row["username"], row["sigma"]) for row in data["results"]] == expected
    assert {u.username for u in newcomers} <= {row["username"] for row in data["results"]}
    ranked = [row for row in data["results"] if not row["provisional"]]
    assert [row["rank"] for row in ranked] == list(range(1, len(ranked) + 1))
    assert all(row["rank"] is None for row in data["results"] if row["provisional"])
    assert all(row["provisional"] == (row["sigma"] >= PROVISIONAL_SIGMA) for row in data["results"])
    assert not any(row["is_bot"] for row in data["results"])


def test_everyone_s_leaderboard_lists_the_bots_at_their_fitted_numbers(api, league, monkeypatch):
    fit_bots(monkeypatch, {"base": {"easy": -2.0, "medium": 25.0, "hard": 47.6}})
    data = api.get("/api/leaderboard/?mode=base").json()
    assert data["who"] == "everyone"
    bots = {row["bot_level"]: row for row in data["results"] if row["is_bot"]}
    # 1500 + 25 x (mu - 3 x 1), by hand
    assert {level: row["rating"] for level, row in bots.items()} == {"easy": 1375, "medium": 2050, "hard": 2615}
    assert all(row["username"] is None and row["sigma"] == 1.0 and row["games"] is None for row in bots.values())
    ordinals = [row["ordinal"] for row in data["results"]]
    assert ordinals == sorted(ordinals, reverse=True)
    people_only = api.get("/api/leaderboard/?mode=base&who=people").json()["results"]
    assert len(data["results"]) == len(people_only) + 3


def test_the_leaderboard_refuses_an_unknown_who_with_the_error_shape(api, db):
    response = api.get("/api/leaderboard/?who=robots")
    assert response.status_code == 400
    assert response.json()["error"]["details"]["parameter"] == "who"


def test_the_leaderboard_limit_is_between_1_and_200(api, league):
    assert len(api.get("/api/leaderboard/?limit=2").json()["results"]) == 2
    for bad in ("0", "201", "ten"):
        response = api.get(f"/api/leaderboard/?limit={bad}")
        assert response.status_code == 400 and response.json()["error"]["details"]["parameter"] == "limit"
    assert api.get("/api/leaderboard/?mode=chess").status_code == 400


def test_the_leaderboard_of_an_empty_site_lists_only_the_bots(api, db, monkeypatch):
    fit_bots(monkeypatch, {"base": {"easy": 0.0, "medium": 25.0}})
    assert api.get("/api/leaderboard/?who=people").json()["results"] == []
    assert [row["bot_level"] for row in api.get("/api/leaderboard/").json()["results"]] == ["medium", "easy"]


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
