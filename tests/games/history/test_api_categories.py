"""The API's score categories follow the engine's registry: in the latest version a row nests them
under `categories` (the schema names none, so registering a game changes nothing); in version 1,
and in the calculator's answer, every game's categories are fields, named by one rule."""
import pytest
from django.core.exceptions import ImproperlyConfigured

from games import engine, presentation
from games.history import categories
from games.history.api import serializers as s
from games.history.simulate import play_and_store
from tests.games.history.helpers import api, make_people, register_fake_game  # noqa: F401 - api is a fixture


def schema_components(api, version=None):
    """The schema's components: of the latest version, or of `version` (?version=)."""
    response = api.get("/api/schema/" + (f"?version={version}" if version else ""),
                       HTTP_ACCEPT="application/vnd.oai.openapi+json")
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


SCORE_COMPONENTS = ("MatchDetail", "ScoreSheetRow", "UnrankedSheet", "StepHands", "Stats")


@pytest.mark.django_db
def test_registering_a_game_changes_nothing_in_the_latest_schemas_score_rows(api, monkeypatch):
    before = schema_components(api)
    register_fake_game(monkeypatch, "garden", score_categories=["flowers", "gnome"], seat_label_keys=["gnome"])
    after = schema_components(api)
    assert {name: after[name] for name in SCORE_COMPONENTS} == {name: before[name] for name in SCORE_COMPONENTS}


@pytest.mark.django_db
def test_the_latest_schemas_score_rows_nest_their_points_under_categories(api):
    schemas = schema_components(api)
    for component in ("ScoreSheetRow", "UnrankedSheet"):
        row = schemas[component]
        assert row["properties"]["categories"]["type"] == "object"
        assert row["properties"]["categories"]["additionalProperties"]["type"] == "integer"
        # (the base game's wonder category shares its id with the wonder a seat has: that field stays)
        labels = {key for game in engine.games() for key in engine.info(game)["seat_label_keys"]}
        every = {key for game in engine.games() for key in categories.keys(game)} - labels
        assert every and not every & set(row["properties"])
    assert schemas["Stats"]["properties"]["average_points"]["type"] == "object"
    assert "AveragePoints" not in schemas


@pytest.mark.django_db
def test_in_version_1_a_registered_game_with_an_extra_category_is_a_field_and_not_required(api, monkeypatch):
    register_fake_game(monkeypatch, "garden", score_categories=["flowers"])
    schemas = schema_components(api, version="1")
    # The calculator's answer keeps a field per category in every version.
    schemas["ScoredSeat"] = schema_components(api)["ScoredSeat"]
    for component in ("ScoreSheetRow", "AveragePoints", "ScoredSeat"):
        flowers = schemas[component]["properties"]["flowers"]
        assert "garden" in flowers["description"]
        assert "flowers" not in schemas[component].get("required", [])
    assert schemas["ScoreSheetRow"]["properties"]["flowers"]["type"] == "integer"
    assert schemas["AveragePoints"]["properties"]["flowers"]["nullable"] is True


@pytest.mark.django_db
def test_in_version_1_every_category_of_every_registered_game_is_a_field_required_when_every_game_has_it(api):
    schemas = schema_components(api, version="1")
    every_game = engine.games()
    fields = {field: games for field, _key, games in categories.registered_api_fields()}
    shared = {field for field, games in fields.items() if games == every_game}
    for component in ("ScoreSheetRow", "AveragePoints"):
        assert set(fields) <= set(schemas[component]["properties"])
        assert shared <= set(schemas[component]["required"])
        assert not (set(fields) - shared) & set(schemas[component]["required"])
    # A category named like a seat label is never a field under the label's name.
    labels = {key for game in every_game for key in engine.info(game)["seat_label_keys"]}
    assert not labels & set(schemas["AveragePoints"]["properties"])


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
