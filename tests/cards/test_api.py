import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db
COST_KEYS = {"coins", "wood", "stone", "clay", "ore", "glass", "textile", "papyrus"}


@pytest.fixture
def api(catalogue):
    return APIClient()


def test_it_lists_every_card_with_the_documented_fields(api):
    cards = api.get("/api/cards/").json()
    assert len(cards) == 78
    assert sum(len(c["copies"]) or 1 for c in cards) == 148
    card = next(c for c in cards if c["id"] == "lumber_yard")
    assert set(card) >= {"id", "name", "names", "expansion", "age", "color", "cost", "copies",
                         "chain_from", "chain_to", "effect_text"}
    assert set(card["cost"]) == COST_KEYS
    assert set(card["names"]) == {"en", "it", "pt-br"}
    assert card["name"] == card["names"]["en"]
    assert card["copies"] == [3, 4]


def test_it_answers_in_the_asked_language(api):
    card = api.get("/api/cards/palace/", {"lang": "it"}).json()
    assert card["name"] == card["names"]["it"] == "Palazzo"
    pt = api.get("/api/cards/palace/", {"lang": "pt-br"}).json()
    assert pt["name"] == pt["names"]["pt-br"]
    assert pt["effect_text"] != card["effect_text"]


def test_it_filters_by_age_colour_players_expansion_and_name(api):
    age2_red = api.get("/api/cards/", {"age": 2, "color": "red"}).json()
    assert {c["id"] for c in age2_red} == {"walls", "training_ground", "stables", "archery_range"}
    three_players = api.get("/api/cards/", {"players": 3, "age": 1}).json()
    assert "tavern" not in {c["id"] for c in three_players}
    assert sum(sum(1 for n in c["copies"] if n <= 3) for c in three_players) == 21
    assert len(api.get("/api/cards/", {"expansion": "base"}).json()) == 78
    found = api.get("/api/cards/", {"q": "palaz"}).json()
    assert [c["id"] for c in found] == ["palace"]


def test_at_eight_players_the_api_lists_the_seven_player_deck(api):
    # Cities: "8 players = 7-player setup".
    eight = api.get("/api/cards/", {"players": 8})
    assert eight.status_code == 200
    seven = api.get("/api/cards/", {"players": 7}).json()
    assert [c["id"] for c in eight.json()] == [c["id"] for c in seven]
    age1 = api.get("/api/cards/", {"players": 8, "age": 1}).json()
    assert sum(sum(1 for n in c["copies"] if n <= 7) for c in age1) == 7 * 7


def test_chains_are_listed_in_both_directions(api):
    temple = api.get("/api/cards/temple/").json()
    assert temple["chain_from"] == ["altar"]
    assert temple["chain_to"] == ["pantheon"]


def test_guilds_have_no_copies(api):
    guilds = api.get("/api/cards/", {"color": "purple"}).json()
    assert len(guilds) == 10
    assert all(g["copies"] == [] for g in guilds)


def test_an_unknown_card_is_a_json_404(api):
    response = api.get("/api/cards/no_such_card/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


@pytest.mark.parametrize(
    "params, parameter",
    [({"lang": "fr"}, "lang"), ({"color": "pink"}, "color"), ({"age": 4}, "age"),
     ({"players": 9}, "players"), ({"expansion": "leaders"}, "expansion")],
)
def test_an_unknown_language_or_filter_value_is_a_400_naming_it(api, params, parameter):
    response = api.get("/api/cards/", params)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_parameter"
    assert error["details"]["parameter"] == parameter


def test_wonders_have_both_sides_with_every_stage(api):
    wonders = api.get("/api/wonders/", {"lang": "pt-br"}).json()
    assert len(wonders) == 7
    giza = api.get("/api/wonders/giza/").json()
    assert giza["starting_resource"] == "stone"
    assert [len(giza["sides"]["A"]), len(giza["sides"]["B"])] == [3, 4]
    assert set(giza["sides"]["B"][3]["cost"]) == COST_KEYS
    assert giza["sides"]["B"][3]["cost"]["stone"] == 4
    assert api.get("/api/wonders/atlantis/").status_code == 404
    assert api.get("/api/wonders/", {"lang": "de"}).status_code == 400


def test_the_openapi_schema_and_docs_are_served(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    assert "/api/cards/{id}/" in schema.json()["paths"]
    assert api.get("/api/docs/").status_code == 200
