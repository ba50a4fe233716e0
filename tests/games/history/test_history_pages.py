"""History pages: match replay, player profile, leaderboard, score-sheet calculator."""
import json
import re

import pytest

from games import engine
from games.history.simulate import play_and_store
from tests.games.history.helpers import make_people, url

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "it", "pt-br")


@pytest.fixture
def people(django_user_model):
    return make_people(django_user_model)


@pytest.fixture
def finished(people):
    for k in range(8):
        play_and_store(people[: 3 + k % 2], seed=60 + k)
    return play_and_store(people[:3], seed=70, sides="B")


def script_json(html, element_id):
    found = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(found.group(1))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_match_page_has_a_replay_of_every_step_and_the_score_sheet(client, finished, language):
    response = client.get(url("match-detail", language, finished.pk))
    assert response.status_code == 200
    html = response.content.decode()
    replay = script_json(html, "replay-data")
    assert replay["frames"][-1]["phase"] == "over" and len(replay["frames"]) >= 19
    assert [p["built"] for p in replay["frames"][-1]["players"]] == [p["built"] for p in finished.state["players"]]
    assert replay["seats"] == ["ann", "bo", "cy"]
    labels = script_json(html, "replay-labels")
    assert {"age", "turn", "hand", "built"} <= set(labels)
    assert 'data-go="next"' in html and "js/replay.js" in html
    for sheet in engine.scores(finished.state):
        assert f"<strong>{sheet['total']}</strong>" in html


def test_the_replay_names_cards_in_the_pages_language(client, finished):
    html = client.get(url("match-detail", "it", finished.pk)).content.decode()
    assert script_json(html, "replay-data")["cards"]["lumber_yard"]["name"] == "Cantiere d'Abbattimento"
    assert 'lang="it"' in html


def test_a_running_match_page_shows_no_replay_and_no_hand(client, people, django_capture_on_commit_callbacks):
    from games import services

    with django_capture_on_commit_callbacks(execute=True):
        match = services.do_create_match(people[0], players=3, bots=["", "medium", "medium"])
        services.do_start(match.pk, people[0])
    html = client.get(url("match-detail", "en", match.pk)).content.decode()
    assert "replay-data" not in html
    match.refresh_from_db()
    for card in match.state["players"][0]["hand"]:
        assert card not in html


def test_an_unknown_match_page_is_a_404(client, db):
    assert client.get(url("match-detail", "en", 424242)).status_code == 404


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_player_profile_has_a_rating_plot_categories_wonders_and_recent_matches(client, finished, language):
    response = client.get(url("player-profile", language, "ann"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<polyline" in html and 'class="bars"' in html
    assert url("match-detail", language, finished.pk) in html
    assert html.count('class="bars__row"') == 7


def test_an_unknown_player_page_is_a_404(client, db):
    assert client.get(url("player-profile", "en", "ghost")).status_code == 404


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_leaderboard_page_explains_the_rating_behind_a_link_below_the_table(client, finished, language):
    response = client.get(url("leaderboard", language))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'href="#how-ratings-work"' in html and "1500" in html
    assert html.index('id="how-ratings-work"') > html.index("</table>")  # not above the table


def test_the_leaderboard_page_lists_provisional_players_too_marked_and_without_a_rank(client, finished):
    from games.history.models import PlayerRating

    html = client.get(url("leaderboard", "en") + "?who=people").content.decode()
    for rating in PlayerRating.objects.filter(mode="base"):
        link = url("player-profile", "en", rating.user.username)
        assert link in html
        row = html[html.rindex("<tr", 0, html.index(link)):html.index("</tr>", html.index(link))]
        assert ("provisional" in row) == rating.provisional


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_calculator_page_has_a_card_picker_in_the_users_language(client, db, language):
    html = client.get(url("score-calculator", language)).content.decode()
    names = {"en": "Lumber Yard", "it": "Cantiere d&#x27;Abbattimento", "pt-br": "Depósito de Madeira"}
    assert names[language] in html
    from games.engine.base import catalogue

    assert html.count('name="seat-0-cards"') == len(catalogue.get().card_list)  # Age I and II Looms apart


def test_the_calculator_page_scores_a_table(client, db):
    response = client.post(url("score-calculator", "en"), {
        "players": "3", "seat-0-name": "Ann", "seat-0-wonder": "giza", "seat-0-stages": "3",
        "seat-0-cards": ["baths", "temple"], "seat-0-coins": "7", "seat-0-military": "1 3 -1",
        "seat-1-wonder": "rhodes", "seat-2-wonder": "ephesus",
    })
    html = response.content.decode()
    assert response.status_code == 200
    assert "<strong>26</strong>" in html and "Ann" in html


def test_the_calculator_page_says_what_is_wrong_with_an_impossible_table(client, db):
    response = client.post(url("score-calculator", "en"), {
        "players": "3", "seat-0-wonder": "giza", "seat-0-stages": "7", "seat-1-wonder": "giza",
        "seat-2-wonder": "ephesus", "seat-2-military": "2",
    })
    html = response.content.decode()
    assert "This table could not exist" in html
    assert "This side of the wonder has fewer stages." in html
    assert "This wonder is already at another seat." in html
    assert "Conflict tokens are 1, 3, 5" in html


@pytest.mark.parametrize("language", ["it", "pt-br"])
def test_the_rating_chart_writes_its_coordinates_with_a_decimal_point_in_italian_and_portuguese(client, finished, language):
    html = client.get(url("player-profile", language, "ann")).content.decode()
    svg = re.search(r'<figure class="plot"[^>]*>.*?</svg>', html, re.S).group(0)
    zero_line = re.search(r'<line class="plot__start"([^>]*)>', svg).group(1)
    for name in ("x1", "x2", "y1", "y2"):
        assert re.search(rf'{name}="\d+(\.\d+)?"', zero_line), zero_line
    points = re.search(r'points="([^"]*)"', svg).group(1)
    assert re.fullmatch(r"\d+\.\d,\d+\.\d( \d+\.\d,\d+\.\d)*", points), points


def test_the_calculator_shows_wrong_conflict_tokens_as_words_not_a_python_list(client, db):
    response = client.post(url("score-calculator", "en"), {
        "players": "3", "seat-0-wonder": "giza", "seat-1-wonder": "babylon",
        "seat-2-wonder": "ephesus", "seat-2-military": "7 abc",
    })
    html = response.content.decode()
    assert "Conflict tokens are 1, 3, 5" in html
    assert "(7, abc)" in html
    assert "[7" not in html and "&#x27;abc&#x27;" not in html


def test_the_profile_averages_each_engine_category_over_the_players_results(client, finished):
    from games.history.models import SeatResult

    html = client.get(url("player-profile", "en", "ann")).content.decode()
    bars = re.findall(r'bars__bar--(\w+)[^"]*"[^>]*></span><span class="bars__value">([^<]*)<', html)
    assert [key for key, _value in bars] == engine.info("base")["score_categories"]
    science = [r.categories["science"] for r in SeatResult.objects.filter(user__username="ann", mode="base")]
    assert dict(bars)["science"] == f"{round(sum(science) / len(science), 1)}"


def test_the_match_page_lists_the_engine_categories_of_each_seat_in_order(client, finished):
    html = client.get(url("match-detail", "en", finished.pk)).content.decode()
    header = re.search(r"<thead>(.*?)</thead>", html, re.S).group(1)
    titles = [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<th[^>]*>(.*?)</th>", header, re.S)]
    assert titles[3:10] == ["Military", "Treasury", "Wonder", "Civilian", "Science", "Commercial", "Guilds"]
    first = sorted(finished.score_sheet, key=lambda sheet: sheet["seat"])[0]
    row = re.search(r"<tbody>\s*<tr[^>]*>(.*?)</tr>", html, re.S).group(1)
    cells = re.findall(r'<td class="num">(-?\d+)</td>', row)
    assert cells[:7] == [str(first[key]) for key in engine.info("base")["score_categories"]]


@pytest.mark.parametrize("language, science, guilds", [
    ("en", "Science", "Guilds"), ("it", "Scienza", "Gilde"), ("pt-br", "Ciência", "Grêmios")])
def test_the_calculator_labels_the_score_categories_in_the_pages_language(client, db, language, science, guilds):
    html = client.post(url("score-calculator", language), {
        "players": "3", "seat-0-wonder": "giza", "seat-1-wonder": "rhodes", "seat-2-wonder": "ephesus",
    }).content.decode()
    assert f'<th scope="col" class="num">{science}</th>' in html
    assert f'<th scope="col" class="num">{guilds}</th>' in html


def test_the_calculator_offers_the_player_counts_its_games_table_scoring_takes(client, db, monkeypatch):
    monkeypatch.setattr(engine, "table_modes", lambda game: {"base": [4, 5]})
    html = client.get(url("score-calculator", "en")).content.decode()
    assert re.findall(r'<option value="(\d)"', html) == ["4", "5"]
    assert '<option value="4" selected>' in html
    assert html.count('<fieldset class="seat') == 5


def test_the_base_calculator_starts_at_three_players_its_table_scoring_takes(client, db):
    html = client.get(url("score-calculator", "en")).content.decode()
    assert re.findall(r'<option value="(\d)"', html) == ["3", "4", "5", "6", "7"]


def test_the_leaderboard_page_switches_between_the_rating_modes(client, db):
    from games.history.ratings import MODES

    html = client.get(url("leaderboard", "en") + "?mode=base-2p").content.decode()
    assert '<strong aria-current="page">7 Wonders, 2 players (with the Free City)</strong>' in html
    for mode in MODES:
        assert mode == "base-2p" or f'href="?mode={mode}"' in html


def test_bots_are_named_as_at_the_table_and_told_apart_by_their_wonder(client, people):
    match = play_and_store([people[0], "medium", "medium", "easy"], seed=5)
    wonders = [seat.labels["wonder"] for seat in match.seats.order_by("number")]
    from games.presentation import get

    names = get("base").names("it")[1]

    html = client.get(url("match-detail", "it", match.pk)).content.decode()

    assert f"bot medio (avido) · {names[wonders[1]]}" in html
    assert f"bot medio (avido) · {names[wonders[2]]}" in html
    assert "bot facile (casuale)" in html and "bot facile (casuale) ·" not in html


@pytest.mark.parametrize("language, built, one_point, points", [
    ("it", "ha costruito %(card)s", "%(count)s punto", "%(count)s punti"),
    ("pt-br", "construiu %(card)s", "%(count)s ponto", "%(count)s pontos"),
])
def test_the_replays_words_agree_with_numbers_and_never_with_a_cards_gender(client, finished, language, built,
                                                                           one_point, points):
    from tests.factories import page_json

    labels = page_json(client.get(url("match-detail", language, finished.pk)), "replay-labels")
    assert labels["built"] == built
    assert (labels["points"]["one"], labels["points"]["other"]) == (one_point, points)
    assert labels["stages"]["one"] != labels["stages"]["other"]


def test_the_calculator_offers_a_table_for_each_mode_with_its_own_player_counts(client, db):
    html = client.get(url("score-calculator", "en") + "?mode=cities-teams").content.decode()
    assert re.findall(r'<option value="(\d)"', html) == ["4", "6", "8"]
    assert 'href="?game=base&amp;mode=cities"' in html and 'href="?game=base&amp;mode=base-2p"' in html
    assert html.count('<fieldset class="seat') == 8
    assert "Seat 2 · Team 1" in html and "Seat 3 · Team 2" in html
    assert 'name="seat-0-debt"' in html and 'value="capitol"' in html and 'value="petra"' in html
    plain = client.get(url("score-calculator", "en")).content.decode()
    assert 'name="seat-0-debt"' not in plain and 'value="capitol"' not in plain and 'value="petra"' not in plain


def test_the_calculator_scores_a_cities_team_table_with_black_points_debts_and_team_totals(client, db):
    html = client.post(url("score-calculator", "en"), {
        "mode": "cities-teams", "players": "4",
        "seat-0-wonder": "giza", "seat-0-cards": ["capitol"], "seat-0-coins": "6", "seat-0-debt": "3",
        "seat-1-wonder": "rhodes", "seat-2-wonder": "ephesus", "seat-2-cards": ["baths"],
        "seat-3-wonder": "petra",
    }).content.decode()
    assert '<th scope="col" class="num">Black cards</th>' in html
    assert "3 debt tokens" in html
    # Team 1: Capitol 8, 6 coins (2) less 3 debts: 7. Team 2: Baths 3.
    assert "Team 1: 7 points" in html and "Team 2: 3 points" in html
    assert "the team with more coins" in html


def test_the_calculator_scores_the_free_city_without_a_rank(client, db):
    html = client.post(url("score-calculator", "it"), {
        "mode": "base-2p", "players": "3", "seat-0-wonder": "giza", "seat-1-wonder": "rhodes",
        "seat-2-wonder": "ephesus", "seat-2-cards": ["pantheon"],
    }).content.decode()
    assert "2 giocatori e la Città Franca" in html and "non entra in classifica" in html
    assert "<td>—</td>" in html


def test_the_calculator_scores_a_two_player_cities_table_with_the_free_city_s_debts(client, db):
    html = client.post(url("score-calculator", "it"), {
        "mode": "cities-2p", "players": "3", "seat-0-wonder": "giza", "seat-1-wonder": "rhodes",
        "seat-2-wonder": "petra", "seat-2-cards": ["capitol"], "seat-2-debt": "2", "seat-2-coins": "6",
    }).content.decode()
    assert "2 giocatori e la Città Franca" in html and "non entra in classifica" in html
    assert "Carte nere" in html and "2 gettoni Debito" in html
    assert "<td>—</td>" in html


def test_the_player_profile_loads_no_recent_matches_nor_ratings_list_it_does_not_show(client, finished, monkeypatch):
    from games.history import queries, views

    def refuse(*args, **kwargs):
        raise AssertionError("the profile page built the API's payload")

    monkeypatch.setattr(queries, "player_payload", refuse)
    monkeypatch.setattr(views, "player_payload", refuse, raising=False)
    response = client.get(url("player-profile", "en", "ann"))
    assert response.status_code == 200 and "ann" in response.content.decode()
