"""The rules pages of Cities and of the 2-player variant: complete in three languages, our rulings
and unverified values stated, cross-linked with the catalogue, found by search.

What must be on the pages comes from shared/specs/cities.md (B.10, B.11, E.2) and
shared/specs/two-players.md (A.8, A.9), not from the pages' output."""
import pytest

from cards.models import Card, RuleSectionCard, RuleSectionText
from cards.search import search
from tests.cards.relevance.fixtures import site  # noqa: F401 - fixture

pytestmark = pytest.mark.usefixtures("site", "db")
LANGUAGES = ["en", "it", "pt-br"]
CITIES_ANCHORS = {"black-cards", "debt", "diplomacy", "masks", "other-cards", "guilds-and-leaders", "wonders",
                  "eight-players-and-teams", "end", "two-players", "rulings", "unverified"}
# The [U] values of shared/specs/cities.md E.2: each card must be named in the unverified list.
UNVERIFIED_CARDS = ["sepulcher", "contingent", "brotherhood", "capitol", "embassy", "slave_market", "mourners_guild"]


def page(client, path):
    response = client.get(path)
    assert response.status_code == 200, path
    return response.content.decode()


def unverified_part(body):
    return body[body.index('id="unverified"'):]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_cities_page_has_every_section_in_each_language(language):
    text = RuleSectionText.objects.get(section__slug="cities", language=language)
    assert {anchor["id"] for anchor in text.anchors} >= CITIES_ANCHORS


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_cities_page_lists_the_unverified_values_with_links_to_their_cards(client, language):
    listed = unverified_part(page(client, f"/{language}/rules/cities/"))
    for card_id in UNVERIFIED_CARDS:
        assert f'href="/{language}/cards/{card_id}/"' in listed, card_id
    assert f'href="/{language}/wonders/petra/"' in listed


def test_the_cities_page_states_our_rulings(client):
    body = page(client, "/en/rules/cities/")
    rulings = body[body.index('id="rulings"'):body.index('id="unverified"')]
    assert "before" in rulings and "Halikarnassos" in rulings  # discard builds before coin losses
    assert "cannot buy" in rulings  # Secret Warehouse and Black Market are not for sale
    assert "green cards only" in rulings


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_two_player_page_links_its_two_cards_and_states_the_five_guilds(client, language):
    body = page(client, f"/{language}/rules/two-players/")
    assert f'href="/{language}/cards/free_city_card/"' in body
    assert f'href="/{language}/cards/border_card/"' in body
    assert 'id="rulings"' in body and 'id="unverified"' in body
    assert "5" in unverified_part(body)


def test_every_black_card_and_leader_page_links_back_to_the_cities_rules():
    linked = set(RuleSectionCard.objects.filter(section__slug="cities").values_list("card_id", flat=True))
    expected = set(Card.objects.filter(expansion="cities", kind__in=["structure", "leader"])
                   .values_list("id", flat=True))
    assert len(expected) == 27 + 3 + 6
    assert expected <= linked


def test_a_black_card_page_shows_the_rules_that_apply(client):
    assert 'href="/it/rules/cities/' in page(client, "/it/cards/hideout/")


@pytest.mark.parametrize("language, query", [("en", "diplomacy token"), ("it", "debiti"), ("pt-br", "máscara")])
def test_search_finds_the_cities_rules(language, query):
    hits = [hit["id"] for hit in search(query, language, kind="rules") if hit["kind"] == "rules"]
    assert "cities" in hits[:3], hits[:5]


def test_search_finds_a_black_card_by_its_name():
    hits = search("Nascondiglio", "it")
    assert any(hit["id"] == "hideout" for hit in hits), hits[:5]


def test_the_two_player_cards_pages_lead_back_to_the_variant_rules(client):
    body = page(client, "/pt-br/cards/free_city_card/")
    assert 'href="/pt-br/rules/two-players/"' in body and "Carta Cidade Livre" in body
