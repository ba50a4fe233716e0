"""Cities (and the 2-player variant's two cards) in the catalogue: loading, API and pages.

Expected numbers come from the Cities rulebook (seed 001) and shared/specs/cities.md B.1, B.5, B.6,
and from the 2-player variant's rulebook lines (shared/specs/two-players.md A.1), not from the
loader's output."""
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils.html import escape
from rest_framework.test import APIClient

from cards.models import Card, CardText, Wonder, WonderStage

pytestmark = pytest.mark.django_db
LANGUAGES = ["en", "it", "pt-br"]
LEADERS = {"berenice", "darius", "aspasia", "caligula", "semiramis", "diocletian"}


def api_list(path, **params):
    response = APIClient().get(path, params)
    assert response.status_code == 200, response.content
    return {row["id"]: row for row in response.json()}


def test_the_catalogue_holds_27_black_cards_9_per_age_and_3_new_guilds(catalogue):
    black = Card.objects.filter(expansion="cities", color="black", kind="structure")
    assert black.count() == 27
    assert sorted(black.values_list("age", flat=True)) == [1] * 9 + [2] * 9 + [3] * 9
    guilds = Card.objects.filter(expansion="cities", color="purple")
    assert set(guilds.values_list("id", flat=True)) == {"counterfeiters_guild", "guild_of_shadows", "mourners_guild"}
    assert set(guilds.values_list("age", flat=True)) == {3}


def test_the_six_leaders_are_kept_apart_and_marked_not_playable(catalogue):
    leaders = Card.objects.filter(kind="leader")
    assert set(leaders.values_list("id", flat=True)) == LEADERS
    assert not leaders.filter(playable=True).exists()
    assert not Card.objects.filter(kind="structure", playable=False).exists()


def test_debt_and_diplomacy_tokens_and_the_two_player_cards_are_loaded(catalogue):
    assert set(Card.objects.filter(kind="token").values_list("id", flat=True)) == {"debt_1", "debt_5", "diplomacy"}
    variant = Card.objects.filter(expansion="two_players", kind="variant")
    assert set(CardText.objects.filter(card__in=variant, language="it").values_list("name", flat=True)) == {
        "Carta Confine", "Carta Città Franca"}
    assert set(CardText.objects.filter(card__in=variant, language="pt-br").values_list("name", flat=True)) == {
        "Carta Fronteira", "Carta Cidade Livre"}


def test_every_cities_row_has_a_name_and_text_in_three_languages(catalogue):
    for card in Card.objects.exclude(expansion="base"):
        texts = {t.language: t for t in card.texts.all()}
        assert set(texts) == set(LANGUAGES), card.id
        assert all(t.name and t.effect_text for t in texts.values()), card.id
    assert CardText.objects.get(card_id="hideout", language="it").name == "Nascondiglio"


def test_petra_and_byzantium_have_both_sides_with_the_rulebook_stage_counts(catalogue):
    assert set(Wonder.objects.filter(expansion="cities").values_list("id", flat=True)) == {"petra", "byzantium"}
    for wonder in ("petra", "byzantium"):
        stages = WonderStage.objects.filter(wonder_id=wonder)
        assert (stages.filter(side="A").count(), stages.filter(side="B").count()) == (3, 2)
    petra_b = WonderStage.objects.filter(wonder_id="petra", side="B").order_by("number")
    assert [stage.cost["coins"] for stage in petra_b] == [0, 14]


def test_loading_twice_changes_nothing_and_the_base_game_keeps_its_78_cards(catalogue):
    before = (Card.objects.count(), CardText.objects.count(), WonderStage.objects.count())
    out = StringIO()
    call_command("load_catalogue", stdout=out)
    assert (Card.objects.count(), CardText.objects.count(), WonderStage.objects.count()) == before
    assert Card.objects.filter(expansion="base").count() == 78
    assert "6 leaders (not playable)" in out.getvalue()


def test_the_api_lists_the_base_game_only_unless_cities_is_asked(catalogue):
    base = api_list("/api/cards/")
    assert len(base) == 78 and {row["expansion"] for row in base.values()} == {"base"}
    cities = api_list("/api/cards/", expansion="cities")
    assert len(cities) == 27 + 3 + 6 + 3
    assert cities["darius"]["kind"] == "leader" and cities["darius"]["playable"] is False
    assert cities["militia"]["kind"] == "structure" and cities["militia"]["color"] == "black"
    black = api_list("/api/cards/", expansion="cities", color="black")
    assert len(black) == 27
    assert set(api_list("/api/cards/", expansion="two_players")) == {"border_card", "free_city_card"}


def test_the_wonder_api_lists_petra_and_byzantium_under_cities(catalogue):
    assert len(api_list("/api/wonders/")) == 7
    cities = api_list("/api/wonders/", expansion="cities")
    assert set(cities) == {"petra", "byzantium"}
    assert len(cities["byzantium"]["sides"]["B"]) == 2


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_cities_card_list_shows_black_cards_and_leaders_in_the_page_language(client, catalogue, language):
    body = client.get(f"/{language}/cards/", {"expansion": "cities"}).content.decode()
    for text in CardText.objects.filter(card__expansion="cities", language=language):
        assert escape(text.name) in body
    base_body = client.get(f"/{language}/cards/").content.decode()
    assert escape(CardText.objects.get(card_id="militia", language=language).name) not in base_body


def test_the_card_list_filters_cities_by_black_colour(client, catalogue):
    response = client.get("/en/cards/", {"expansion": "cities", "color": "black", "age": 2})
    assert response.context["count"] == 9


def test_a_leader_page_says_it_cannot_be_played_here(client, catalogue):
    body = client.get("/en/cards/caligula/").content.decode()
    assert "needs the Leaders expansion" in body
    assert "needs the Leaders expansion" not in client.get("/en/cards/militia/").content.decode()
    assert "Leaders" in client.get("/it/cards/caligula/").content.decode()


def test_the_cities_wonder_list_shows_petra_only_when_asked(client, catalogue):
    assert "/en/wonders/petra/" in client.get("/en/wonders/", {"expansion": "cities"}).content.decode()
    assert "/en/wonders/petra/" not in client.get("/en/wonders/").content.decode()
    assert client.get("/pt-br/wonders/byzantium/").status_code == 200
