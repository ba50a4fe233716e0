"""The history pages and their API with Cities (with and without teams) and the 2-player variant:
the match page's black column, teams and team tie-break, the Free City unranked; the leaderboard,
profile, statistics and wonder statistics (Petra and Byzantium included) of their modes."""
import re

import pytest

from games.history.simulate import play_and_store
from tests.games.history.helpers import api, make_people, url  # noqa: F401 - api is a fixture

pytestmark = pytest.mark.django_db

CITIES = {"expansions": ["cities"]}
TEAMS = {**CITIES, "teams": True}


@pytest.fixture
def people(django_user_model):
    return make_people(django_user_model)


@pytest.fixture
def team_match(people):
    return play_and_store(people, seed=10, options=TEAMS)


def _cells(html, section):
    return [re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", section, re.S)]


def test_the_match_page_of_a_cities_match_has_the_black_cards_column(client, people):
    match = play_and_store(people[:3], seed=11, options=CITIES)
    html = client.get(url("match-detail", "it", match.pk)).content.decode()
    header = _cells(html, re.search(r"<thead>(.*?)</thead>", html, re.S).group(1))
    assert header[3:11] == ["Militare", "Tesoro", "Meraviglia", "Civili", "Scienza", "Commercio", "Gilde",
                            "Carte nere"]
    first = sorted(match.score_sheet, key=lambda sheet: sheet["seat"])[0]
    row = re.search(r"<tbody>\s*<tr[^>]*>(.*?)</tr>", html, re.S).group(1)
    assert re.findall(r'<td class="num">(-?\d+)</td>', row)[7] == str(first["black"])


@pytest.mark.parametrize("language, team_word, ruling", [
    ("en", "Team", "the team with more coins (debts not taken off) ranks first"),
    ("it", "Squadra", "la squadra con più monete"),
    ("pt-br", "Equipe", "a equipe com mais moedas"),
])
def test_the_match_page_of_a_team_match_shows_the_teams_and_their_tie_break(client, team_match, language,
                                                                            team_word, ruling):
    html = client.get(url("match-detail", language, team_match.pk)).content.decode()
    teams = re.search(r'<table class="sheet sheet--teams"[^>]*>(.*?)</table>', html, re.S).group(1)
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", re.search(r"<tbody>(.*?)</tbody>", teams, re.S).group(1), re.S)
    sheets = {sheet["seat"]: sheet for sheet in team_match.score_sheet}
    best = min(sheets.values(), key=lambda sheet: sheet["rank"])
    first = _cells(html, rows[0])
    assert first[0] == "1" and first[1] == f"{team_word} {best['team'] + 1}"
    assert first[3] == str(best["team_total"]) and first[4] == str(best["team_coins"])
    partners = [name for seat, name in enumerate(("ann", "bo", "cy", "di")) if sheets[seat]["team"] == best["team"]]
    assert first[2] == " · ".join(partners)
    assert ruling in html


def test_the_match_page_of_a_two_player_match_shows_the_free_city_not_ranked(client, people):
    match = play_and_store(people[:2], seed=3)
    html = client.get(url("match-detail", "pt-br", match.pk)).content.decode()
    row = re.search(r'<tr class="sheet__unranked">(.*?)</tr>', html, re.S).group(1)
    cells = _cells(html, row)
    assert cells[0] == "—" and "Cidade Livre" in cells[1]
    assert "não entra na classificação" in html


@pytest.mark.parametrize("mode, table, options", [
    ("cities", 3, CITIES), ("cities-teams", 4, TEAMS), ("base-2p", 2, {}), ("cities-2p", 2, CITIES)])
def test_the_leaderboard_profile_and_statistics_work_in_the_mode(client, api, people, mode, table, options):
    for seed in range(3):
        play_and_store(people[:table], seed=20 + seed, options=options)
    assert client.get(url("leaderboard", "it", ) + f"?mode={mode}").status_code == 200
    profile = client.get(url("player-profile", "it", "ann") + f"?mode={mode}").content.decode()
    bars = [key for key in re.findall(r"bars__bar--(\w+)", profile)]
    assert ("black" in bars) == mode.startswith("cities")
    stats = api.get(f"/api/players/ann/stats/?mode={mode}").json()
    assert stats["games"] == 3 and stats["mode"] == mode
    assert ("black" in stats["average_points"]) == mode.startswith("cities")
    board = api.get(f"/api/leaderboard/?mode={mode}")
    assert board.status_code == 200


def test_the_match_page_of_a_two_player_cities_match_has_the_black_column_and_the_free_city_unranked(client, people):
    match = play_and_store(people[:2], seed=4, options=CITIES)
    html = client.get(url("match-detail", "it", match.pk)).content.decode()
    header = _cells(html, re.search(r"<thead>(.*?)</thead>", html, re.S).group(1))
    assert "Carte nere" in header
    row = re.search(r'<tr class="sheet__unranked">(.*?)</tr>', html, re.S).group(1)
    cells = _cells(html, row)
    assert cells[0] == "—" and "Città Franca" in cells[1]


def test_the_black_average_is_the_mean_of_the_recorded_black_points(api, people):
    from games.history.models import SeatResult

    for seed in range(2):
        play_and_store(people[:3], seed=30 + seed, options=CITIES)
    black = [r.categories["black"] for r in SeatResult.objects.filter(user__username="ann", mode="cities")]
    stats = api.get("/api/players/ann/stats/?mode=cities").json()
    assert stats["average_points"]["black"] == round(sum(black) / len(black), 2)


def test_the_wonder_statistics_list_petra_and_byzantium_in_the_cities_modes_only(api, people):
    match = play_and_store(people[:4], seed=5, options={**CITIES, "wonders": ["petra", "byzantium", None, None],
                                                        "sides": "B"})
    petra = api.get("/api/stats/wonders/?mode=cities&players=4").json()["results"]
    rows = {(row["wonder"], row["side"]): row for row in petra}
    assert rows[("petra", "B")]["matches"] == 1 and rows[("byzantium", "B")]["matches"] == 1
    assert rows[("petra", "A")]["matches"] == 0
    winner = next(sheet for sheet in match.score_sheet if sheet["seat"] == 0)
    assert rows[("petra", "B")]["average_score"] == winner["total"]
    base = api.get("/api/stats/wonders/?mode=base").json()["results"]
    assert not {row["wonder"] for row in base} & {"petra", "byzantium"}
    assert {row["wonder"] for row in api.get("/api/stats/wonders/?mode=cities-teams").json()["results"]} >= {
        "petra", "byzantium"}


def test_eight_player_cities_matches_are_counted_and_filtered(api, django_user_model):
    people = make_people(django_user_model, [f"p{k}" for k in range(8)])
    play_and_store(people, seed=6, options=TEAMS)
    rows = api.get("/api/stats/wonders/?mode=cities-teams&players=8").json()["results"]
    assert sum(row["matches"] for row in rows) == 8
    listed = api.get("/api/matches/?players=8").json()["results"]
    assert len(listed) == 1


@pytest.mark.parametrize("language, petra", [("en", "Petra"), ("it", "Petra"), ("pt-br", "Petra")])
def test_the_wonder_statistics_page_lists_petra_in_a_cities_mode(client, people, language, petra):
    play_and_store(people[:3], seed=7, options={**CITIES, "wonders": ["petra", None, None], "sides": "A"})
    html = client.get(url("wonder-statistics", language) + "?mode=cities").content.decode()
    row = next(row for row in re.findall(r"<tr>(.*?)</tr>", html, re.S) if petra in row and ">A<" in row)
    assert _cells(html, row)[2] == "1"
    plain = client.get(url("wonder-statistics", language) + "?mode=base").content.decode()
    assert petra not in re.search(r"<tbody>(.*?)</tbody>", plain, re.S).group(1)


def test_the_wonder_statistics_page_filters_by_player_count(client, people):
    play_and_store(people[:3], seed=8, options=CITIES)
    html = client.get(url("wonder-statistics", "en") + "?mode=cities&players=5").content.decode()
    counts = [int(c) for c in re.findall(r'<td class="num">(\d+)</td><td class="num">\d+</td><td class="num">', html)]
    assert counts and sum(counts) == 0
