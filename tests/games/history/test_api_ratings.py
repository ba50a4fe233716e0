"""The API's ratings (issue 26): the bots' ratings, the number shown beside mu and sigma in a
player's ratings, rating history and a match's rating changes, the leaderboard's `who`; every
one documented in the OpenAPI schema, errors in the site's shape."""
import pytest

from games.bots import search_bot
from games.history.models import RatingChange
from games.history.simulate import play_and_store
from tests.games.history.helpers import api, fit_bots  # noqa: F401 - a fixture

pytestmark = pytest.mark.django_db

BOTS = {"base": {"easy": -6.0, "medium": 25.0, "hard": 44.2}, "architects": {"easy": 20.0, "medium": 25.0}}


def shown(ordinal):
    return max(0, round(1500 + 25 * ordinal))


def test_the_bot_ratings_give_each_level_s_number_mu_and_sigma_per_mode(api, monkeypatch):
    fit_bots(monkeypatch, BOTS)
    rows = api.get("/api/bot-ratings/").json()["results"]
    base = [row for row in rows if row["mode"] == "base"]
    # weakest first; 1500 + 25 x (mu - 3): -6 -> 1275, 25 -> 2050, 44.2 -> 2530
    assert [(r["level"], r["rating"], r["mu"], r["sigma"]) for r in base] == [
        ("easy", 1275, -6.0, 1.0), ("medium", 2050, 25.0, 1.0), ("hard", 2530, 44.2, 1.0)]
    assert {row["mode"] for row in rows} == {"base", "architects"}
    only = api.get("/api/bot-ratings/?mode=architects").json()["results"]
    assert [(r["mode"], r["level"]) for r in only] == [("architects", "easy"), ("architects", "medium")]


def test_an_unknown_mode_is_refused_in_the_site_s_error_shape(api, db):
    for path in ("/api/bot-ratings/?mode=chess", "/api/leaderboard/?mode=chess"):
        response = api.get(path)
        assert response.status_code == 400
        error = response.json()["error"]
        assert error["code"] == "bad_parameter" and error["details"]["parameter"] == "mode", error


def test_a_player_s_ratings_history_and_match_changes_carry_the_number_shown(api, django_user_model, monkeypatch):
    fit_bots(monkeypatch, BOTS)
    monkeypatch.setattr(search_bot, "DEFAULT_SECONDS", 0.02)  # what is tested is the numbers shown, not the bots' play
    ann = django_user_model.objects.create_user(username="ann")
    match = play_and_store([ann, "easy", "medium", "hard"], seed=31)
    change = RatingChange.objects.get(user=ann)
    player = api.get("/api/players/ann/").json()
    [rating] = player["ratings"]
    assert rating["rating"] == shown(change.mu_after - 3 * change.sigma_after)
    assert (rating["mu"], rating["sigma"]) == (change.mu_after, change.sigma_after)
    history = api.get("/api/players/ann/rating-history/?mode=base").json()["results"]
    assert [(h["rating_before"], h["rating_after"]) for h in history] == [
        (1500, shown(change.mu_after - 3 * change.sigma_after))]
    detail = api.get(f"/api/matches/{match.pk}/").json()
    assert detail["rated"] is True
    [moved] = detail["rating_changes"]
    assert (moved["username"], moved["rating_before"], moved["rating_after"]) == ("ann", 1500, rating["rating"])
    stats = api.get("/api/players/ann/stats/").json()
    assert stats["rating"]["rating"] == rating["rating"]


def test_the_schema_documents_the_bot_ratings_the_numbers_and_the_who_filter(api, db):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    operation = schema["paths"]["/api/bot-ratings/"]["get"]
    assert "200" in operation["responses"] and "400" in operation["responses"]
    components = schema["components"]["schemas"]
    assert {"level", "rating", "mu", "sigma", "mode"} <= set(components["BotRating"]["properties"])
    leaderboard = schema["paths"]["/api/leaderboard/"]["get"]
    who = next(p for p in leaderboard["parameters"] if p["name"] == "who")
    assert who["schema"]["enum"] == ["everyone", "people"]
    row = components["LeaderRow"]["properties"]
    assert {"rating", "is_bot", "bot_level", "provisional", "movement"} <= set(row)
    assert {"rating_before", "rating_after"} <= set(components["RatingChange"]["properties"])
    assert "rating" in components["StatsRating"]["properties"]
