"""Finding a player by name: the page /<lang>/players/?q= and GET /api/players/?search=. Any case,
any accents, a part of the display name or the username; provisional players are found too."""
import re

import pytest

from games.history.models import PlayerRating
from games.history.simulate import play_and_store
from tests.games.history.helpers import api, url  # noqa: F401 - api is a fixture

pytestmark = pytest.mark.django_db


def person(user_model, username, display_name):
    user = user_model.objects.create_user(username=username)
    user.profile.display_name = display_name
    user.profile.save()
    return user


@pytest.fixture
def people(django_user_model):
    """João and two others, with one rated match each: provisional in the base game."""
    joao = person(django_user_model, "jsilva", "João Conceição")
    maria = person(django_user_model, "maria_b", "Maria Bó")
    ugo = person(django_user_model, "ugo", "Ugo Foscolo")
    play_and_store([joao, maria, ugo], seed=31)
    return joao, maria, ugo


def found(html):
    """The usernames of the players listed on a search page, in order."""
    return re.findall(r'<p class="player-result__name"><a href="/[\w-]+/players/([\w.@+-]+)/">', html)


def search_page(client, query, language="en", **extra):
    return client.get(url("player-search", language), {"q": query, **extra}).content.decode()


@pytest.mark.parametrize("query", ["joão", "JOAO", "conceicao", "ão con", "silv"])
def test_a_player_is_found_by_a_part_of_the_name_in_any_case_with_or_without_accents(client, people, query):
    assert found(search_page(client, query)) == ["jsilva"]


def test_a_player_is_found_by_the_username_as_well_as_the_display_name(client, people):
    assert found(search_page(client, "MARIA_")) == ["maria_b"]
    assert found(search_page(client, "bo")) == ["maria_b"]


def test_provisional_players_are_found_with_their_rating_marked_provisional(client, people):
    rating = PlayerRating.objects.get(user=people[0], mode="base")
    assert rating.provisional  # one rated match: left off the leaderboard

    html = search_page(client, "joao")
    result = html[html.index('class="player-result"'):]

    assert "7 Wonders, 3 to 7 players: <strong>" in result
    assert f"<strong>{round(1500 + 25 * rating.ordinal)}</strong><abbr" in result
    assert "1 finished match" in result and "(1 rated match)" in result
    assert '<a href="/en/players/jsilva/">João Conceição</a>' in result


def test_a_player_without_a_rated_match_is_found_and_said_to_have_none(client, people, django_user_model):
    person(django_user_model, "newbie", "Novizio")

    html = search_page(client, "novi", "it")

    assert found(html) == ["newbie"]
    assert "0 partite concluse" in html and "Ancora nessuna partita valida" in html


def test_names_that_start_with_the_search_come_before_names_that_contain_it(client, people, django_user_model):
    person(django_user_model, "zz_ugolino", "Ugolino")
    person(django_user_model, "aa_hugo", "Hugo")

    assert found(search_page(client, "ugo")) == ["ugo", "zz_ugolino", "aa_hugo"]


def test_a_search_of_one_letter_is_refused_with_a_reason(client, people):
    html = search_page(client, " j ", "pt-br")

    assert found(html) == [] and "Digite pelo menos 2 letras." in html


def test_inactive_accounts_are_not_found(client, people):
    people[1].is_active = False
    people[1].save()

    assert found(search_page(client, "maria")) == []


def test_nobody_found_says_so(client, people):
    assert "No player goes by “zebra”." in search_page(client, "zebra")


def test_the_search_lists_twenty_players_a_page(client, django_user_model):
    for k in range(23):
        person(django_user_model, f"player{k:02d}", f"Giocatore {k:02d}")

    first, second = search_page(client, "giocatore"), search_page(client, "giocatore", page=2)

    assert found(first) == [f"player{k:02d}" for k in range(20)]
    assert found(second) == ["player20", "player21", "player22"]
    assert 'href="?q=giocatore&amp;page=2" rel="next"' in first


def test_a_page_of_players_costs_the_same_queries_for_one_player_as_for_twenty(
        client, people, django_user_model):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as one:
        assert len(found(search_page(client, "foscolo"))) == 1
    for k in range(20):
        person(django_user_model, f"foscolo{k}", f"Foscolo {k}")
    with CaptureQueriesContext(connection) as twenty:
        assert len(found(search_page(client, "foscolo"))) == 20

    assert len(twenty) == len(one) <= 4


def test_the_leaderboard_and_the_header_link_to_the_player_search(client, db):
    html = client.get(url("leaderboard", "it")).content.decode()
    header = html[html.index('<nav class="main-nav"'):html.index("</nav>", html.index('<nav class="main-nav"'))]

    assert '<a href="/it/players/">Giocatori</a>' in header
    assert html.count('href="/it/players/"') >= 3  # the header, the leaderboard's own links, the footer


# ---------------------------------------------------------------------------------------------
# the API


def test_the_api_finds_players_by_a_part_of_the_name_without_accents(api, people):
    data = api.get("/api/players/", {"search": "CONCEICAO"}).json()

    assert data["count"] == 1
    [player] = data["results"]
    rating = PlayerRating.objects.get(user=people[0], mode="base")
    assert player == {
        "username": "jsilva", "display_name": "João Conceição", "games": 1,
        "ratings": [{"mode": "base", "rating": round(1500 + 25 * rating.ordinal), "mu": rating.mu, "sigma": rating.sigma, "ordinal": rating.ordinal,
                     "provisional": True, "rated_games": 1, "wins": rating.wins}],
    }


def test_the_api_pages_the_players_found(api, django_user_model):
    for k in range(5):
        person(django_user_model, f"zeno{k}", f"Zeno {k}")

    first = api.get("/api/players/", {"search": "zeno", "limit": 2}).json()
    last = api.get("/api/players/", {"search": "zeno", "limit": 2, "page": 3}).json()

    assert first["count"] == 5 and [p["username"] for p in first["results"]] == ["zeno0", "zeno1"]
    assert "page=2" in first["next"] and first["previous"] is None
    assert [p["username"] for p in last["results"]] == ["zeno4"] and last["next"] is None


@pytest.mark.parametrize("query", [{}, {"search": ""}, {"search": "é"}, {"search": " a  "}])
def test_the_api_refuses_a_search_shorter_than_two_letters(api, people, query):
    response = api.get("/api/players/", query)

    assert response.status_code == 400
    assert response.json()["error"]["details"]["parameter"] == "search"


def test_the_api_refuses_a_page_size_out_of_range(api, people):
    response = api.get("/api/players/", {"search": "ugo", "limit": 0})

    assert response.status_code == 400 and response.json()["error"]["details"]["parameter"] == "limit"


def test_the_schema_documents_the_player_search(api, db):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    operation = schema["paths"]["/api/players/"]["get"]

    search = next(p for p in operation["parameters"] if p["name"] == "search")
    assert search["required"] is True and search["in"] == "query"
    assert {p["name"] for p in operation["parameters"]} >= {"search", "page", "limit"}
    page = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    found_player = schema["components"]["schemas"][page]["properties"]["results"]["items"]["$ref"].rsplit("/", 1)[-1]
    assert set(schema["components"]["schemas"][found_player]["properties"]) == {
        "username", "display_name", "games", "ratings"}
    assert "400" in operation["responses"]
