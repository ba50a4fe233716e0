"""7 Wonders Architects in the history: real finished matches (played by the engine's bots, stored
as the live-play service stores them) are recorded, rated in their own mode, and shown on the match
page, the profile, the leaderboard, the statistics and the API."""
import re

import pytest

from games import engine
from games.history.models import MatchRecord, PlayerRating, RatingChange, SeatResult, SeatStat, with_labels
from games.history.simulate import play_and_store
from tests.games.history.helpers import api, make_people, url  # noqa: F401 - api is a fixture

pytestmark = pytest.mark.django_db

ARCHITECTS_WONDERS = {"alexandria", "halicarnassus", "ephesus", "olympia", "babylon", "rhodes", "giza"}
# The words of the score categories and of the tie-break, per page language (our own words).
WORDS = {
    "en": ["Wonder", "Blue cards", "Cat", "Military", "Progress tokens", "Stages built"],
    "it": ["Meraviglia", "Carte blu", "Gatto", "Militare", "Segnalini Progresso"],
    "pt-br": ["Maravilha", "Cartas azuis", "Gato", "Militar", "Fichas de progresso"],
}


@pytest.fixture
def people(django_user_model):
    return make_people(django_user_model)


@pytest.fixture
def architects(people):
    """Six rated Architects matches between the same four people (enough to leave the
    provisional zone), then a 2-player one with a bot."""
    matches = [play_and_store(people[: 2 + k % 3], seed=40 + k, game="architects") for k in range(6)]
    matches.append(play_and_store([people[0], "medium"], seed=99, game="architects"))
    return matches


def text_of(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_finished_architects_match_is_recorded_in_its_own_mode_with_the_engine_sheet(people):
    match = play_and_store(people[:3], seed=5, game="architects")
    record = MatchRecord.objects.get(match=match)
    assert record.mode == "architects" and record.players == 3 and record.rated
    sheets = engine.scores(match.state)
    declared = engine.info("architects")["score_categories"]
    rows = list(SeatResult.objects.filter(match=match).order_by("seat"))
    for row, sheet, player in zip(rows, sheets, match.state["players"]):
        assert row.mode == "architects"
        assert row.categories == {key: sheet[key] for key in declared}
        assert sum(row.categories.values()) == row.total == sheet["total"]
        assert row.labels == {"wonder": player["wonder"]}
        assert row.tiebreak == len(player["built"]) and "coins" not in row.extra
        assert row.rank == sheet["rank"]


def test_architects_matches_move_the_architects_ratings_and_never_the_base_game_ones(people):
    play_and_store(people[:2], seed=6, game="architects")
    assert set(PlayerRating.objects.values_list("mode", flat=True)) == {"architects"}
    assert set(RatingChange.objects.values_list("mode", flat=True)) == {"architects"}
    play_and_store(people[:3], seed=6)
    assert PlayerRating.objects.filter(mode="base").count() == 3
    assert PlayerRating.objects.filter(mode="architects", rated_games=1).count() == 2


def test_each_architects_wonder_is_counted_without_a_side(people):
    match = play_and_store(people[:4], seed=7, game="architects")
    keys = set(SeatStat.objects.filter(mode="architects").values_list("labels_key", flat=True))
    assert keys == {f"wonder={player['wonder']}" for player in match.state["players"]}


@pytest.mark.parametrize("language", ["en", "it", "pt-br"])
def test_the_match_page_shows_the_architects_sheet_by_category_and_each_players_wonder_and_cards(
        client, architects, language):
    from games import presentation

    match = architects[0]
    html = client.get(url("match-detail", language, match.pk)).content.decode()
    sheet_html = html[html.index('id="sheet-title"'):]
    head = text_of(sheet_html[: sheet_html.index("</thead>")])
    for words in WORDS[language]:
        assert words in head
    if language != "en":
        assert "Progress tokens" not in head and "Stages built" not in head
    sheets = sorted(engine.scores(match.state), key=lambda sheet: sheet["seat"])
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", sheet_html[sheet_html.index("<tbody>"): sheet_html.index("</tbody>")], re.S)
    for row, sheet in zip(rows, sheets):
        cells = [text_of(cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        assert cells[3:9] == [str(sheet[key]) for key in ("wonder", "blue", "cat", "military", "progress", "total")]
        assert cells[9] == str(sheet["stages"])
    words = presentation.get("architects")
    start = html.index('id="final-title"')
    cities = text_of(html[start: html.index("</section>", start)])
    for player in match.state["players"]:
        assert words.wonder_name(player["wonder"], language) in cities
        for card in player["cards"]:
            assert words.card_name(card, language) in cities
        for token in player["tokens"]:
            assert words.token_name(token, language) in cities
    assert "side" not in cities.lower() and "lato" not in cities.lower() and "lado" not in cities.lower()


def test_the_profile_switches_to_the_architects_mode_and_shows_its_categories_and_wonders(client, architects, people):
    html = client.get(url("player-profile", "it", people[0].username) + "?mode=architects").content.decode()
    start = html.index('class="mode-switch"')
    switch = html[start: html.index("</nav>", start)]
    assert '<strong aria-current="page">7 Wonders Architects</strong>' in switch and "?mode=base" in switch
    page = text_of(html)
    assert "Segnalini Progresso" in page and "Carte blu" in page
    played = {r.labels["wonder"] for r in SeatResult.objects.filter(user=people[0], mode="architects")}
    wonders_html = html[html.index('id="wonders-title"'): html.index('id="matches-title"')]
    assert "Lato" not in wonders_html  # no side column: Architects' wonders have none
    from games import presentation
    for wonder in played:
        assert presentation.get("architects").wonder_name(wonder, "it") in wonders_html


def test_the_leaderboard_has_an_architects_mode_listing_its_rated_players_only(client, architects, people):
    html = client.get(url("leaderboard", "pt-br") + "?mode=architects").content.decode()
    assert '<strong aria-current="page">7 Wonders Architects</strong>' in html
    ranked = PlayerRating.objects.filter(mode="architects", provisional=False)
    assert ranked.exists()
    for rating in ranked:
        assert f'href="{url("player-profile", "pt-br", rating.user.username)}?mode=architects"' in html  # opens on the mode
    base = client.get(url("leaderboard", "pt-br") + "?mode=base").content.decode()
    assert all(f'/players/{rating.user.username}/' not in base for rating in ranked)


def test_the_api_lists_architects_matches_by_game_and_by_mode(api, architects, people):
    play_and_store(people[:3], seed=8)
    ids = {m.pk for m in architects}
    by_game = api.get("/api/matches/?game=architects").json()["results"]
    by_mode = api.get("/api/matches/?mode=architects").json()["results"]
    assert {row["id"] for row in by_game} == {row["id"] for row in by_mode} == ids
    seat = by_game[0]["seats"][0]
    assert seat["wonder"] in ARCHITECTS_WONDERS and seat["side"] is None and seat["wonder_name"]
    base = api.get("/api/matches/?game=base").json()["results"]
    assert not ids & {row["id"] for row in base}


def test_the_api_match_detail_gives_the_architects_score_sheet_and_log(api, architects):
    match = architects[1]
    body = api.get(f"/api/matches/{match.pk}/?lang=it").json()
    assert body["mode"] == "architects" and body["rated"]
    sheets = sorted(engine.scores(match.state), key=lambda sheet: sheet["seat"])
    for row, sheet in zip(body["score_sheet"], sheets):
        assert row["categories"] == {key: sheet[key] for key in ("wonder", "blue", "cat", "military", "progress")}
        assert (row["total"], row["rank"]) == (sheet["total"], sheet["rank"])
        assert row["tiebreak"] == sheet["stages"] and row["coins"] is None
    assert [seat["side"] for seat in body["seats"]] == [None] * match.players
    assert body["hands"] is None
    assert len(body["log"]) == len(engine.action_log(match.state))
    assert len(body["rating_changes"]) == match.players


def test_the_api_leaderboard_and_player_statistics_have_the_architects_mode(api, architects, people):
    board = api.get("/api/leaderboard/?mode=architects&who=people").json()
    assert board["mode"] == "architects"
    assert {row["username"] for row in board["results"]} == set(
        PlayerRating.objects.filter(mode="architects").values_list("user__username", flat=True))
    stats = api.get(f"/api/players/{people[0].username}/stats/?mode=architects").json()
    results = SeatResult.objects.filter(user=people[0], mode="architects")
    assert stats["games"] == results.count()
    assert set(stats["average_points"]) == {"wonder", "blue", "cat", "military", "progress"}
    assert stats["average_points"]["blue"] == round(sum(r.categories["blue"] for r in results) / results.count(), 2)
    assert {row["wonder"] for row in stats["wonders"]} == {r.labels["wonder"] for r in results}
    assert all(row["side"] is None for row in stats["wonders"])


def test_the_api_wonder_statistics_list_the_seven_architects_wonders_without_sides(api, architects):
    body = api.get("/api/stats/wonders/?mode=architects&lang=it").json()
    rows = body["results"]
    assert {row["wonder"] for row in rows} == ARCHITECTS_WONDERS and len(rows) == 7
    assert all(row["side"] is None for row in rows)
    seats = SeatResult.objects.filter(mode="architects")
    for row in rows:
        mine = with_labels(seats, wonder=row["wonder"])
        assert row["matches"] == mine.count()
        assert row["wins"] == mine.filter(rank=1).count()
    two = api.get("/api/stats/wonders/?mode=architects&players=2").json()["results"]
    assert sum(row["matches"] for row in two) == seats.filter(players=2).count()


def test_simulate_matches_plays_architects_games_when_asked(capsys):
    from django.core.management import call_command

    call_command("simulate_matches", "--players", "6", "--matches", "5", "--seed", "2", "--game", "architects")
    assert "5 matches" in capsys.readouterr().out
    records = MatchRecord.objects.all()
    assert records.count() == 5 and set(records.values_list("mode", flat=True)) == {"architects"}
    assert {record.players for record in records} <= set(range(2, 8))
    for result in SeatResult.objects.all():
        assert result.labels["wonder"] in ARCHITECTS_WONDERS and "side" not in result.labels


def test_the_api_replay_of_an_architects_match_ends_on_the_final_score_with_names(api, architects):
    match = architects[2]
    body = api.get(f"/api/matches/{match.pk}/replay/?lang=it").json()
    last = body["frames"][-1]
    assert last["phase"] == "over"
    assert [p["total"] for p in last["players"]] == [s["total"] for s in engine.scores(match.state)]
    assert [p["cards"] for p in last["players"]] == [p["cards"] for p in match.state["players"]]
    assert body["names"]["halicarnassus"] == "Alicarnasso" and body["names"]["blue_cat"] == "2 punti Vittoria e il Gatto"
