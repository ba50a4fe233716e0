"""GET /api/players/{username}/, /stats/, /rating-history/."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games.history.models import PlayerRating, RatingChange, SeatResult, with_labels
from games.history.queries import streaks
from games.history.ratings import PROVISIONAL_SIGMA
from games.history.simulate import play_and_store
from tests.games.history.helpers import api  # noqa: F401 - a fixture

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(django_user_model):
    """Five people, twelve matches over twelve days: ten between people, one with a bot, one abandoned."""
    people = [django_user_model.objects.create_user(username=name) for name in ("ann", "bo", "cy", "di", "ed")]
    people[0].profile.display_name = "Ann A."
    people[0].profile.save()
    now = timezone.now()
    matches = []
    for k in range(10):
        table = [people[(k + j) % 5] for j in range(3 + k % 3)]
        matches.append(play_and_store(table, seed=100 + k, sides="AB"[k % 2], finished_at=now - timedelta(days=12 - k)))
    matches.append(play_and_store([people[0], "medium", people[1]], seed=120, finished_at=now - timedelta(days=2)))
    matches.append(play_and_store([people[0], people[2], people[3]], seed=121, abandoned={0},
                                  finished_at=now - timedelta(days=1)))
    return people, matches


def test_a_player_has_a_profile_with_totals_ratings_and_recent_matches(api, league):
    people, matches = league
    data = api.get("/api/players/ann/").json()
    rows = SeatResult.objects.filter(user=people[0])
    assert data["username"] == "ann" and data["display_name"] == "Ann A."
    assert data["totals"] == {
        "games": rows.count(), "wins": rows.filter(rank=1).count(), "podiums": rows.filter(rank__lte=3).count(),
        "abandoned": 1,
    }
    assert [r["mode"] for r in data["ratings"]] == ["base"]
    recent = [r["match"] for r in data["recent_matches"]]
    assert recent == list(rows.order_by("-finished_at").values_list("match_id", flat=True)[:10])
    assert recent[0] == matches[-1].pk


def test_a_players_stats_count_games_wins_podiums_and_abandoned(api, league):
    people, _ = league
    data = api.get("/api/players/ann/stats/?mode=base").json()
    rows = SeatResult.objects.filter(user=people[0], mode="base")
    assert data["games"] == rows.count()
    assert data["wins"] == rows.filter(rank=1).count()
    assert data["podiums"] == rows.filter(rank__lte=3).count()
    assert data["abandoned"] == 1
    assert data["win_rate"] == round(data["wins"] / data["games"], 4)


def test_a_players_stats_have_the_average_and_best_score_with_its_match(api, league):
    people, _ = league
    data = api.get("/api/players/bo/stats/").json()
    rows = list(SeatResult.objects.filter(user=people[1]))
    assert data["average_score"] == round(sum(r.total for r in rows) / len(rows), 2)
    best = max(rows, key=lambda r: r.total)
    assert data["best_score"]["total"] == best.total
    assert SeatResult.objects.get(match_id=data["best_score"]["match"], user=people[1]).total == best.total
    for key in ("military", "science", "guilds", "wonder"):
        assert data["average_points"][key] == round(sum(r.categories[key] for r in rows) / len(rows), 2)


def test_a_players_stats_give_results_per_wonder_and_side(api, league):
    people, _ = league
    data = api.get("/api/players/cy/stats/?lang=it").json()
    rows = SeatResult.objects.filter(user=people[2])
    assert sum(w["games"] for w in data["wonders"]) == rows.count()
    for entry in data["wonders"]:
        mine = with_labels(rows, wonder=entry["wonder"], side=entry["side"])
        assert entry["games"] == mine.count() and entry["wins"] == mine.filter(rank=1).count()
    giza = [w for w in data["wonders"] if w["wonder"] == "giza"]
    assert all(w["wonder_name"] == "Le Piramidi di Giza" for w in giza)


def test_a_players_stats_have_the_rating_rank_and_percentile(api, league):
    people, _ = league
    data = api.get("/api/players/di/stats/").json()
    rating = PlayerRating.objects.get(user=people[3], mode="base")
    shown = max(0, round(1500 + 25 * (rating.mu - 3 * rating.sigma)))  # the number people read
    assert data["rating"] == {"rating": shown, "mu": rating.mu, "sigma": rating.sigma, "ordinal": rating.ordinal,
                              "provisional": rating.provisional, "rated_games": rating.rated_games}
    board = PlayerRating.objects.filter(mode="base", provisional=False)
    assert data["ranked_players"] == board.count()
    if rating.provisional:
        assert data["rank"] is None and data["percentile"] is None
    else:
        assert data["rank"] == board.filter(ordinal__gt=rating.ordinal).count() + 1
        assert data["percentile"] == round(100 * board.filter(ordinal__lt=rating.ordinal).count() / board.count(), 1)


def test_a_player_with_few_rated_matches_is_provisional_and_unranked(api, django_user_model):
    people = [django_user_model.objects.create_user(username=f"n{k}") for k in range(3)]
    play_and_store(people, seed=5)
    data = api.get("/api/players/n0/stats/").json()
    assert data["rating"]["provisional"] is True and data["rating"]["sigma"] >= PROVISIONAL_SIGMA
    assert data["rank"] is None and data["percentile"] is None


def test_a_player_without_matches_has_empty_stats_and_the_starting_rating(api, django_user_model):
    django_user_model.objects.create_user(username="newbie")
    data = api.get("/api/players/newbie/stats/").json()
    assert data["games"] == 0 and data["win_rate"] is None and data["average_score"] is None
    assert data["best_score"] is None and data["wonders"] == []
    assert data["rating"]["mu"] == 25.0 and data["rating"]["provisional"] is True
    assert data["streaks"] == {"current_wins": 0, "best_wins": 0, "current_podiums": 0, "best_podiums": 0}


def test_streaks_count_wins_and_podiums_in_a_row():
    assert streaks([1, 1, 2, 1, 1, 1]) == {"current_wins": 3, "best_wins": 3, "current_podiums": 6,
                                          "best_podiums": 6}
    assert streaks([1, 4, 1, 1, 3]) == {"current_wins": 0, "best_wins": 2, "current_podiums": 3,
                                       "best_podiums": 3}


def test_the_stats_player_count_filter_narrows_the_matches(api, league):
    people, _ = league
    data = api.get("/api/players/ann/stats/?players=4").json()
    assert data["players"] == 4
    assert data["games"] == SeatResult.objects.filter(user=people[0], players=4).count()


def test_the_rating_history_lists_every_change_oldest_first_and_chains(api, league):
    people, _ = league
    data = api.get("/api/players/ann/rating-history/?mode=base").json()
    changes = RatingChange.objects.filter(user=people[0]).order_by("finished_at")
    assert [r["match"] for r in data["results"]] == [c.match_id for c in changes]
    for earlier, later in zip(data["results"], data["results"][1:]):
        assert later["mu_before"] == earlier["mu_after"] and later["sigma_before"] == earlier["sigma_after"]
    last = PlayerRating.objects.get(user=people[0])
    assert data["results"][-1]["ordinal_after"] == last.ordinal
    limited = api.get("/api/players/ann/rating-history/?limit=2").json()["results"]
    assert limited == data["results"][-2:]


@pytest.mark.parametrize("url", ["/api/players/ghost/", "/api/players/ghost/stats/",
                                 "/api/players/ghost/rating-history/"])
def test_an_unknown_player_is_a_404_in_the_error_shape(api, db, url):
    response = api.get(url)
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


@pytest.mark.parametrize("url, parameter", [
    ("/api/players/ann/stats/?mode=chess", "mode"), ("/api/players/ann/stats/?players=1", "players"),
    ("/api/players/ann/stats/?lang=de", "lang"), ("/api/players/ann/rating-history/?mode=x", "mode"),
    ("/api/players/ann/rating-history/?limit=0", "limit"), ("/api/players/ann/?lang=xx", "lang"),
])
def test_a_bad_player_query_is_a_400_naming_the_parameter(api, league, url, parameter):
    response = api.get(url)
    assert response.status_code == 400
    assert response.json()["error"]["details"]["parameter"] == parameter


def test_an_inactive_player_is_not_shown(api, league):
    people, _ = league
    people[4].is_active = False
    people[4].save()
    assert api.get("/api/players/ed/").status_code == 404
