"""The Architects catalogue pages in three languages, their links with the rules pages, the
Architects rules reference and search over both."""
import re

import pytest
from django.utils.html import escape

from cards.models import ArchitectsCardText, ArchitectsProgressTokenText, ArchitectsWonderText, RuleSectionText
from cards.search import search
from tests.cards.relevance.fixtures import site  # noqa: F401 - fixture

pytestmark = pytest.mark.usefixtures("site", "db")
LANGUAGES = ["en", "it", "pt-br"]
PAGES = ["architects/cards/", "architects/wonders/", "architects/progress-tokens/", "architects/tokens/"]
SECTIONS = ["architects", "architects-turn", "architects-cards", "architects-wonders", "architects-progress",
            "architects-battles", "architects-end", "architects-rulings"]


def page(client, path):
    response = client.get(path)
    assert response.status_code == 200, path
    return response.content.decode()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_architects_page_answers_with_the_names_of_its_language(client, language):
    cards = page(client, f"/{language}/architects/cards/")
    for text in ArchitectsCardText.objects.filter(language=language):
        assert escape(text.name) in cards
    wonders = page(client, f"/{language}/architects/wonders/")
    for text in ArchitectsWonderText.objects.filter(language=language):
        assert escape(text.name) in wonders and escape(text.text) in wonders
    tokens = page(client, f"/{language}/architects/progress-tokens/")
    for text in ArchitectsProgressTokenText.objects.filter(language=language):
        assert escape(text.name) in tokens
    assert page(client, f"/{language}/architects/tokens/")


def test_the_pages_speak_the_page_language_not_only_the_names(client):
    assert "Copie in ogni mazzo" in page(client, "/it/architects/cards/")
    assert "Pedina" not in page(client, "/en/architects/tokens/")
    assert "Gatto" in page(client, "/it/architects/tokens/")
    assert "Fichas de progresso" in page(client, "/pt-br/architects/progress-tokens/")


def test_the_portuguese_pages_say_the_names_are_our_translation(client):
    for path in PAGES:
        assert "tradução nossa" in page(client, f"/pt-br/{path}") or "nossa própria tradução" in page(client, f"/pt-br/{path}")
    assert "our own translation" not in page(client, "/en/architects/cards/")


def test_the_cards_page_counts_every_deck_from_the_spec(client):
    html = page(client, "/en/architects/cards/")
    deck_table = html[html.index('class="arch-table deck-table"'):]
    totals_row = deck_table[deck_table.index("<tfoot>"):deck_table.index("</tfoot>")]
    # 7 wonder decks of 25, the central deck of 60, 235 in all (spec C.1, C.2)
    assert re.findall(r"<strong>(\d+)</strong>", totals_row) == ["25"] * 7 + ["60", "235"]
    assert "unverified" in html.lower()


def test_the_wonders_page_draws_each_tile_level_by_level(client):
    html = page(client, "/en/architects/wonders/")
    ephesus = html[html.index('id="ephesus"'):html.index('id="olympia"')]
    levels = ephesus.split('class="tiles-level"')[1:]
    assert [level.count('<li class="stage-tile') for level in levels] == [1, 3, 1]  # top first: layout 1-3-1
    assert ephesus.count("stage-tile--power") == 3
    assert 'aria-label="2 identical resources"' in ephesus
    giza = html[html.index('id="giza"'):]
    assert "stage-tile--power" not in giza[:giza.index("</article>")]


def test_the_conflict_tokens_table_follows_the_player_count(client):
    html = page(client, "/en/architects/tokens/")
    table = html[html.index('class="arch-table by-players"'):]
    table = table[:table.index("</table>")]
    assert re.findall(r"<td>(\d+)</td>", table) == ["3", "3", "4", "5", "6", "6"]  # players 2..7 (C.5)


def test_the_catalogue_navigation_reaches_the_architects_pages_from_each_game(client):
    base_cards = page(client, "/it/cards/")
    assert 'href="/it/architects/cards/"' in base_cards
    assert 'href="/it/architects/wonders/"' in page(client, "/it/wonders/")
    architects = page(client, "/it/architects/wonders/")
    for path in PAGES:
        assert f'href="/it/{path}"' in architects
    assert 'href="/it/wonders/"' in architects


def test_the_pages_link_to_the_rules_and_the_rules_link_back(client):
    cards = page(client, "/pt-br/architects/cards/")
    assert 'href="/pt-br/rules/architects-cards/"' in cards
    assert 'href="/pt-br/rules/architects-rulings/#unverified"' in cards
    rules = page(client, "/pt-br/rules/architects-wonders/")
    assert 'href="/pt-br/architects/wonders/#babylon"' in rules
    assert ">Babilônia</a>" in rules
    battles = RuleSectionText.objects.get(section__slug="architects-battles", language="it").body_html
    assert 'href="/it/architects/tokens/#military_token">Segnalino Vittoria Militare</a>' in battles


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_architects_reference_is_complete_in_each_language(client, language):
    index = page(client, f"/{language}/rules/")
    for slug in SECTIONS:
        assert f'href="/{language}/rules/{slug}/"' in index
        assert page(client, f"/{language}/rules/{slug}/")
    rulings = RuleSectionText.objects.get(section__slug="architects-rulings", language=language)
    anchors = [anchor["id"] for anchor in rulings.anchors]
    assert {"rulings", "unverified"} <= set(anchors)


def test_the_rulings_page_states_each_recommended_ruling_and_lists_the_unverified_values():
    text = RuleSectionText.objects.get(section__slug="architects-rulings", language="en").body_text
    for ruling in ("the player chooses", "no token is taken", "take only the card that exists",
                   "the battle is fought first", "unlimited", "cat icons", "3 identical"):
        assert ruling in text, ruling
    unverified = text[text.index("Unverified values"):]
    for value in ("Cards per deck", "Stage tiles", "3 points", "2 points", "Politics", "science symbols"):
        assert value in unverified, value


@pytest.mark.parametrize(("language", "query", "slug"), [
    ("en", "architects battle two players double shields", "architects-battles"),
    ("en", "architects culture education progress token", "architects-progress"),
    ("en", "architects unverified values", "architects-rulings"),
    ("it", "architects battaglia corni segnalini conflitto", "architects-battles"),
    ("it", "architects gatto sbirciare mazzo centrale", "architects-turn"),
    ("it", "architects costo stadio risorse uguali diverse", "architects-wonders"),
    ("pt-br", "architects fichas de progresso cultura", "architects-progress"),
    ("pt-br", "architects fim do jogo pontuação desempate", "architects-end"),
    ("pt-br", "architects valores não verificados", "architects-rulings"),
])
def test_search_finds_the_architects_rules(language, query, slug):
    hits = [hit["id"] for hit in search(query, language, kind="rules") if hit["kind"] == "rules"]
    assert slug in hits[:3], hits[:5]


def test_search_finds_the_architects_catalogue_entries_on_their_pages():
    hits = search("propaganda", "it")
    token = next(hit for hit in hits if hit["id"] == "architects-propaganda")
    assert token["url"] == "/it/architects/progress-tokens/#propaganda"
    assert "segnalino Progresso" in token["source_title"]
    wonder = next(hit for hit in search("Babilônia", "pt-br") if hit["id"] == "architects-babylon")
    assert wonder["url"] == "/pt-br/architects/wonders/#babylon"
