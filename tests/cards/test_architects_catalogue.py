"""The Architects catalogue: loaded from cards/data/architects/architects.json, served by the API.

Expected numbers come from the spec (shared/specs/architects.md, C.2-C.5) and the rulebook
(seed 003), not from the loader's output."""
from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from cards.models import (
    ArchitectsCard,
    ArchitectsCardText,
    ArchitectsDeckCount,
    ArchitectsProgressToken,
    ArchitectsStage,
    ArchitectsWonder,
)

pytestmark = pytest.mark.django_db
WONDERS = {"alexandria", "halicarnassus", "ephesus", "olympia", "babylon", "rhodes", "giza"}


@pytest.fixture
def api(catalogue):
    return APIClient()


def architects_cards(api, **params):
    response = api.get("/api/cards/", {"expansion": "architects", **params})
    assert response.status_code == 200, response.content
    return {card["id"]: card for card in response.json()}


def test_loading_the_catalogue_twice_changes_no_architects_row(catalogue):
    def counts():
        return (ArchitectsCard.objects.count(), ArchitectsCardText.objects.count(),
                ArchitectsDeckCount.objects.count(), ArchitectsWonder.objects.count(),
                ArchitectsStage.objects.count(), ArchitectsProgressToken.objects.count())

    before = counts()
    out = StringIO()
    call_command("load_catalogue", stdout=out)
    assert counts() == before
    assert before[:2] == (14, 14 * 3)
    assert "235 cards" in out.getvalue()


def test_the_decks_hold_235_cards_25_per_wonder_and_60_in_the_centre(api):
    cards = architects_cards(api)
    assert len(cards) == 14
    per_deck = {}
    for card in cards.values():
        for deck, count in card["decks"].items():
            per_deck[deck] = per_deck.get(deck, 0) + count
    assert per_deck == {**{wonder: 25 for wonder in WONDERS}, "central": 60}
    assert sum(card["total"] for card in cards.values()) == 235


def test_the_per_kind_counts_are_the_spec_table(api):
    cards = architects_cards(api)
    # shared/specs/architects.md C.2: the "all" row, and a few single cells
    totals = {"wood": 17, "papyrus": 17, "clay": 16, "stone": 18, "glass": 17, "coin": 27, "law": 14,
              "mechanic": 14, "architect": 14, "shield": 18, "shield_horn": 15, "shield_two_horns": 8,
              "blue": 16, "blue_cat": 24}
    assert {card_id: card["total"] for card_id, card in cards.items()} == totals
    assert cards["coin"]["decks"]["alexandria"] == 4
    assert cards["shield_two_horns"]["decks"]["giza"] == 0
    assert cards["blue_cat"]["decks"]["central"] == 8


def test_cards_come_by_kind_resource_symbol_horns_points_and_cat(api):
    cards = architects_cards(api)
    assert {c["id"] for c in cards.values() if c["kind"] == "resource"} == {"wood", "papyrus", "clay", "stone", "glass"}
    assert [c["id"] for c in cards.values() if c["kind"] == "gold"] == ["coin"]
    assert {c["science"] for c in cards.values() if c["kind"] == "science"} == {"law", "mechanic", "architect"}
    assert sorted(c["horns"] for c in cards.values() if c["kind"] == "military") == [0, 1, 2]
    assert all(c["shields"] == 1 for c in cards.values() if c["kind"] == "military")
    blue = {c["id"]: (c["points"], c["cat"]) for c in cards.values() if c["kind"] == "points"}
    assert blue == {"blue": (3, False), "blue_cat": (2, True)}
    assert cards["wood"]["resource"] == "wood" and cards["coin"]["resource"] is None


def test_architects_cards_have_names_and_texts_in_three_languages(api):
    cards = architects_cards(api, lang="it")
    assert cards["shield"]["name"] == cards["shield"]["names"]["it"] == "Scudo"
    assert set(cards["shield"]["names"]) == {"en", "it", "pt-br"}
    assert cards["shield"]["names"]["pt-br"] == "Escudo"
    pt = architects_cards(api, lang="pt-br")
    assert pt["coin"]["effect_text"] != cards["coin"]["effect_text"] != ""


def test_architects_cards_filter_by_kind_colour_deck_and_name(api):
    assert set(architects_cards(api, kind="science")) == {"law", "mechanic", "architect"}
    assert set(architects_cards(api, color="blue")) == {"blue", "blue_cat"}
    giza = architects_cards(api, deck="giza")
    assert "shield_two_horns" not in giza and len(giza) == 13
    assert set(architects_cards(api, q="scud", lang="it")) == {"shield", "shield_horn", "shield_two_horns"}
    assert api.get("/api/cards/wood/", {"expansion": "architects"}).json()["kind"] == "resource"


@pytest.mark.parametrize("params, parameter", [
    ({"deck": "atlantis"}, "deck"), ({"kind": "guild"}, "kind"), ({"color": "purple"}, "color"),
])
def test_an_unknown_architects_filter_value_is_a_400_naming_it(api, params, parameter):
    response = api.get("/api/cards/", {"expansion": "architects", **params})
    assert response.status_code == 400
    assert response.json()["error"]["details"]["parameter"] == parameter


def test_the_base_listing_stays_the_base_game(api):
    assert len(api.get("/api/cards/").json()) == 78
    assert len(api.get("/api/cards/", {"expansion": "base"}).json()) == 78
    assert api.get("/api/wonders/giza/").json()["starting_resource"] == "stone"
    assert api.get("/api/wonders/", {"expansion": "leaders"}).status_code == 400


def test_architects_wonders_have_their_stage_tiles(api):
    response = api.get("/api/wonders/", {"expansion": "architects", "lang": "pt-br"})
    wonders = {wonder["id"]: wonder for wonder in response.json()}
    assert set(wonders) == WONDERS
    # C.4: the per-wonder table (points, power stages, layout)
    expected = {
        "alexandria": ([4, 3, 6, 5, 7], [2, 4], [1, 1, 1, 1, 1]),
        "halicarnassus": ([3, 3, 6, 5, 7], [2, 4], [1, 1, 2, 1]),
        "ephesus": ([3, 3, 4, 5, 7], [2, 3, 4], [1, 3, 1]),
        "olympia": ([3, 2, 5, 5, 7], [2, 4], [1, 2, 1, 1]),
        "babylon": ([3, 0, 5, 7, 5], [2, 5], [1, 1, 1, 2]),
        "rhodes": ([4, 4, 5, 6, 7], [2, 4], [2, 1, 1, 1]),
        "giza": ([4, 5, 6, 7, 8], [], [1, 1, 1, 1, 1]),
    }
    for wonder_id, (points, power_stages, layout) in expected.items():
        wonder = wonders[wonder_id]
        assert [s["points"] for s in wonder["stages"]] == points, wonder_id
        assert [s["number"] for s in wonder["stages"] if s["power"]] == power_stages, wonder_id
        assert wonder["layout"] == layout, wonder_id
        assert wonder["total_points"] == sum(points)
    assert wonders["giza"]["power"] is None
    assert wonders["giza"]["name"] == "Gizé"
    costs = [(s["cost"]["count"], s["cost"]["same"]) for s in wonders["alexandria"]["stages"]]
    assert costs == [(2, False), (2, True), (3, False), (3, True), (4, False)]
    assert wonders["rhodes"]["power_text"]


def test_an_architects_wonder_is_found_by_id_with_the_expansion(api):
    wonder = api.get("/api/wonders/olympia/", {"expansion": "architects"}).json()
    assert wonder["expansion"] == "architects" and len(wonder["stages"]) == 5
    assert "sides" in api.get("/api/wonders/olympia/").json()


def test_the_progress_tokens_are_fourteen_with_two_culture(api):
    tokens = {token["id"]: token for token in api.get("/api/progress-tokens/", {"lang": "it"}).json()}
    assert len(tokens) == 14
    assert sum(token["copies"] for token in tokens.values()) == 15
    assert tokens["culture"]["copies"] == 2
    assert tokens["culture"]["facts"] == {"one": 4, "both": 12}
    assert tokens["education"]["name"] == "Educazione"
    assert tokens["tactics"]["facts"]["shields"] == 2
    assert set(tokens["urbanism"]["names"]) == {"en", "it", "pt-br"}
    assert api.get("/api/progress-tokens/decoration/").json()["facts"] == {"building": 4, "complete": 6}
    assert api.get("/api/progress-tokens/", {"lang": "fr"}).status_code == 400


def test_the_openapi_schema_describes_the_architects_fields_and_tokens(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    assert "/api/progress-tokens/" in schema["paths"]
    token_parameters = {p["name"] for p in schema["paths"]["/api/progress-tokens/"]["get"]["parameters"]}
    assert "lang" in token_parameters
    components = schema["components"]["schemas"]
    assert {"kind", "decks", "total"} <= set(components["ArchitectsCard"]["properties"])
    assert {"stages", "layout"} <= set(components["ArchitectsWonder"]["properties"])
    parameters = {p["name"] for p in schema["paths"]["/api/cards/"]["get"]["parameters"]}
    assert {"expansion", "deck", "kind"} <= parameters


def test_a_record_without_a_portuguese_name_is_rejected_and_nothing_changes(catalogue, monkeypatch, tmp_path):
    import json

    from django.core.management import CommandError

    import cards.architects_data as architects_data

    source = json.loads((architects_data.DATA_DIR / architects_data.ARCHITECTS_FILE).read_text(encoding="utf-8"))
    del source["progress_tokens"][0]["names"]["pt-br"]
    (tmp_path / "architects").mkdir()
    (tmp_path / architects_data.ARCHITECTS_FILE).write_text(json.dumps(source), encoding="utf-8")
    monkeypatch.setattr("cards.architects_data.read_architects.__defaults__", (tmp_path,))
    before = ArchitectsProgressToken.objects.count(), ArchitectsCardText.objects.count()
    with pytest.raises(CommandError, match=r"architects/architects.json: record 'urbanism', field 'names.pt-br'"):
        call_command("load_catalogue", stdout=StringIO())
    assert (ArchitectsProgressToken.objects.count(), ArchitectsCardText.objects.count()) == before
