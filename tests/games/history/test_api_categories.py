"""The API's score-category fields follow the engine's registry: every game's categories, named
by one rule, in the schema and in the answers."""
import pytest
from django.core.exceptions import ImproperlyConfigured

from games import engine, presentation
from games.history import categories
from games.history.api import serializers as s
from games.history.simulate import play_and_store
from tests.games.history.helpers import api, make_people, register_fake_game  # noqa: F401 - api is a fixture


def schema_components(api):
    response = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return response.json()["components"]["schemas"]


def test_a_category_named_like_a_seat_label_gets_points_added_to_its_api_name(monkeypatch):
    register_fake_game(monkeypatch, "garden", score_categories=["flowers", "gnome"], seat_label_keys=["gnome"])
    assert categories.api_fields("garden") == {"flowers": "flowers", "gnome": "gnome_points"}


def test_the_base_games_wonder_points_keep_their_api_name():
    assert categories.api_field("base", "wonder") == "wonder_points"
    assert "military" in categories.api_fields("base").values()


def test_a_category_several_games_have_is_one_field_listing_every_game(monkeypatch):
    first = engine.info("base")["score_categories"][0]
    register_fake_game(monkeypatch, "garden", score_categories=[first, "flowers"])
    fields = {field: games for field, _key, games in categories.registered_api_fields()}
    # military is also one of Architects' categories
    assert fields[first] == ["base", "architects", "garden"] and fields["flowers"] == ["garden"]
    assert list(fields)[-1] == "flowers"


@pytest.mark.django_db
def test_a_registered_game_with_an_extra_category_is_in_the_schema_and_not_required(api, monkeypatch):
    register_fake_game(monkeypatch, "garden", score_categories=["flowers"])
    schemas = schema_components(api)
    for component in ("ScoreSheetRow", "AveragePoints", "ScoredSeat"):
        flowers = schemas[component]["properties"]["flowers"]
        assert "garden" in flowers["description"]
        assert "flowers" not in schemas[component].get("required", [])
    assert schemas["ScoreSheetRow"]["properties"]["flowers"]["type"] == "integer"
    assert schemas["AveragePoints"]["properties"]["flowers"]["nullable"] is True


@pytest.mark.django_db
def test_the_schema_has_every_category_of_every_registered_game_under_its_api_name(api):
    schemas = schema_components(api)
    every = {field for game in engine.games() for field in categories.api_fields(game).values()}
    assert every <= set(schemas["ScoreSheetRow"]["properties"]) and every <= set(schemas["AveragePoints"]["properties"])
    # the base game and Architects share two categories: only those are on every sheet
    assert {"military", "wonder_points"} <= set(schemas["ScoreSheetRow"]["required"])
    assert {"military", "wonder_points"} <= set(schemas["AveragePoints"]["required"])
    assert not {"science", "cat"} & set(schemas["ScoreSheetRow"]["required"])
    assert "wonder" not in schemas["AveragePoints"]["properties"]


def test_a_category_that_would_replace_a_field_of_the_sheet_is_refused(monkeypatch):
    register_fake_game(monkeypatch, "garden", score_categories=["copied_guild"])
    with pytest.raises(ImproperlyConfigured, match="copied_guild"):
        s.ScoreSheetRowSerializer().fields


@pytest.fixture
def match(django_user_model):
    return play_and_store(make_people(django_user_model)[:3], seed=5)


@pytest.mark.django_db
def test_the_api_names_wonders_through_the_presentation_of_the_matchs_game(api, match, monkeypatch):
    words = presentation.get("base")
    monkeypatch.setattr(words, "wonder_name", lambda wonder, language: f"{wonder} in {language}")
    data = api.get(f"/api/matches/{match.pk}/?lang=it").json()
    assert {seat["wonder_name"] for seat in data["seats"]} == {f"{seat['wonder']} in it" for seat in data["seats"]}
    listed = api.get("/api/matches/?lang=pt-br").json()["results"][0]["seats"]
    assert {seat["wonder_name"] for seat in listed} == {f"{seat['wonder']} in pt-br" for seat in listed}


@pytest.mark.django_db
def test_the_wonder_statistics_name_every_wonder_in_the_requests_language(api, match):
    results = api.get("/api/stats/wonders/?lang=pt-br").json()["results"]
    names = {(row["wonder"], row["side"]): row["wonder_name"] for row in results}
    assert names[("giza", "B")] == "As Pirâmides de Gizé" and names[("rhodes", "A")] == "O Colosso de Rodes"
    assert len(names) == 14


@pytest.mark.django_db
def test_the_replay_names_cards_and_wonders_in_the_requests_language(api, match):
    names = api.get(f"/api/matches/{match.pk}/replay/?lang=it").json()["names"]
    assert names["giza"] == "Le Piramidi di Giza" and names["lumber_yard"] == "Cantiere d'Abbattimento"
