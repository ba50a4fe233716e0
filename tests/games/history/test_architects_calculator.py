"""The score-sheet calculator for 7 Wonders Architects: its page (game picker, the Architects seat
form in three languages, the sheet) and POST /api/score-sheet/ with "game": "architects"."""
import re

import pytest

from tests.games.history.helpers import api, url  # noqa: F401 - api is a fixture

pytestmark = pytest.mark.django_db

ANN = {"seat-0-name": "Ann", "seat-0-wonder": "giza", "seat-0-built": ["1", "2", "3", "4", "5"],
       "seat-0-blue_cards": "2", "seat-0-cat_cards": "1", "seat-0-cat": "1", "seat-0-military_tokens": "2",
       "seat-0-tokens": ["decoration", "culture", "culture", "education"]}
BO = {"seat-1-name": "Bo", "seat-1-wonder": "ephesus", "seat-1-built": ["1", "3"]}


def text_of(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def sheet_rows(html):
    body = html[html.index("<tbody>"): html.index("</tbody>")]
    return [[text_of(cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def test_the_calculator_page_lets_the_user_pick_the_game(client):
    html = client.get(url("score-calculator", "en")).content.decode()
    assert '<strong aria-current="page">7 Wonders</strong>' in html and 'href="?game=architects"' in html
    architects = client.get(url("score-calculator", "en") + "?game=architects").content.decode()
    assert '<strong aria-current="page">7 Wonders Architects</strong>' in architects
    assert '<input type="hidden" name="game" value="architects">' in architects
    assert 'name="seat-0-cards"' not in architects and 'name="seat-0-side"' not in architects


def test_the_architects_form_offers_two_to_seven_players_each_wonders_stages_and_every_progress_token(client):
    html = client.get(url("score-calculator", "en") + "?game=architects").content.decode()
    assert re.findall(r'<option value="(\d)"', html) == ["2", "3", "4", "5", "6", "7"]
    assert html.count('<fieldset class="seat') == 7
    assert html.count('name="seat-0-built"') == 5
    assert 'data-points="4 5 6 7 8">Giza</option>' in html
    tokens = re.findall(r'name="seat-0-tokens" value="(\w+)"', html)
    assert len(tokens) == 15 and tokens.count("culture") == 2 and len(set(tokens)) == 14


@pytest.mark.parametrize(("language", "words"), [
    ("en", ["Blue cards worth 3 points", "Holds the cat", "Military Victory tokens", "Education"]),
    ("it", ["Carte blu da 3 punti", "Ha il gatto", "Segnalini Vittoria Militare", "Educazione"]),
    ("pt-br", ["Cartas azuis de 3 pontos", "Tem o gato", "Fichas de Vitória Militar"]),
])
def test_the_architects_form_speaks_the_pages_language(client, language, words):
    page = text_of(client.get(url("score-calculator", language) + "?game=architects").content.decode())
    for expected in words:
        assert expected in page


def test_the_calculator_page_scores_an_architects_table_with_each_tokens_points(client):
    html = client.post(url("score-calculator", "en"), {"game": "architects", "players": "2", **ANN, **BO}).content.decode()
    rows = sheet_rows(html)
    # rank, player, wonder (and notes), wonder, blue, cat, military, progress, total, stages built
    assert rows[0][:2] == ["1", "Ann"] and rows[0][3:] == ["30", "8", "2", "6", "26", "72", "5"]
    assert rows[1][:2] == ["2", "Bo"] and rows[1][3:] == ["7", "0", "0", "0", "0", "7", "2"]
    notes = rows[0][2]
    assert "Culture: 12 points" in notes and "Education: 8 points" in notes and "Decoration: 6 points" in notes
    head = text_of(html[html.index("<thead>"): html.index("</thead>")])
    assert "Progress tokens" in head and "Stages built" in head and "Coins" not in head


def test_the_calculator_page_says_what_is_wrong_with_an_impossible_architects_table_in_italian(client):
    html = client.post(url("score-calculator", "it"), {
        "game": "architects", "players": "3", **ANN, "seat-1-wonder": "ephesus", "seat-1-built": ["1", "5"],
        "seat-1-cat": "1", "seat-2-wonder": "giza", "seat-2-tokens": ["culture"],
    }).content.decode()
    page = text_of(html)
    assert "Questo tavolo non potrebbe esistere" in page
    assert "Questa meraviglia è già a un altro posto." in page
    assert "Uno stadio si costruisce solo quando" in page
    assert "Solo un giocatore può avere il gatto." in page
    assert "Più copie di questo segnalino Progresso di quante ne abbia il gioco. (Cultura)" in page


def test_the_api_scores_an_architects_table(api):
    response = api.post("/api/score-sheet/?lang=it", {"game": "architects", "seats": [
        {"name": "Ann", "wonder": "Gizah", "built": [1, 2, 3, 4, 5], "blue_cards": 2, "cat_cards": 1,
         "holds_cat": True, "military_tokens": 2, "progress_tokens": ["decoration", "Cultura", "culture", "education"]},
        {"name": "Bo", "wonder": "ephesus", "built": [1, 3]},
    ]}, format="json")
    assert response.status_code == 200
    ann, bo = response.json()["seats"]
    assert {k: ann[k] for k in ("wonder_points", "blue", "cat", "military", "progress", "total", "tiebreak", "rank")} \
        == {"wonder_points": 30, "blue": 8, "cat": 2, "military": 6, "progress": 26, "total": 72, "tiebreak": 5,
            "rank": 1}
    assert ann["progress_points"] == {"decoration": 6, "education": 8, "culture": 12}
    assert ann["wonder"] == "giza" and ann["holds_cat"] and ann["progress_tokens"][1] == "culture"
    assert (bo["total"], bo["tiebreak"], bo["rank"]) == (7, 2, 2)
    assert response.json()["names"]["education"] == "Educazione"


def test_an_impossible_architects_table_is_a_400_listing_each_problem(api):
    response = api.post("/api/score-sheet/", {"game": "architects", "seats": [
        {"wonder": "giza", "built": [2], "holds_cat": True},
        {"wonder": "giza", "holds_cat": True},
    ]}, format="json")
    assert response.status_code == 400
    codes = sorted(p["code"] for p in response.json()["error"]["details"]["problems"])
    assert codes == ["duplicate_wonder", "stage_out_of_order", "two_cats"]


def test_a_game_that_scores_no_table_or_a_base_seat_in_an_architects_table_is_a_400(api):
    assert api.post("/api/score-sheet/", {"game": "chess", "seats": []}, format="json").status_code == 400
    response = api.post("/api/score-sheet/", {"game": "architects", "seats": [
        {"wonder": "giza", "built": "lots"}, {"wonder": "rhodes"}]}, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "invalid"


def test_the_architects_leaderboard_links_to_the_architects_calculator(client):
    html = client.get(url("leaderboard", "en") + "?mode=architects").content.decode()
    assert f'href="{url("score-calculator", "en")}?game=architects"' in html
