"""The catalogue API's cached answers (cards/api_cache.py) and the catalogue's version
(cards/catalogue_version.py)."""
import gzip
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient
from rest_framework.throttling import AnonRateThrottle

import cards.loading
from cards.models import CatalogueVersion

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(catalogue):
    return APIClient()


def card_queries(queries):
    return [q["sql"] for q in queries if "cards_card" in q["sql"]]


def test_a_second_request_for_the_cards_does_not_query_the_database_for_cards(api):
    with CaptureQueriesContext(connection) as first:
        assert api.get("/api/cards/").status_code == 200
    assert card_queries(first.captured_queries)  # the first one did serialise the cards
    with CaptureQueriesContext(connection) as second:
        response = api.get("/api/cards/")
    assert response.status_code == 200
    assert len(response.json()) == 78
    assert card_queries(second.captured_queries) == []


@pytest.mark.parametrize("path", [
    "/api/cards/lumber_yard/?lang=it", "/api/cards/?expansion=architects", "/api/wonders/",
    "/api/wonders/rhodes/?lang=pt-br", "/api/wonders/?expansion=architects", "/api/progress-tokens/",
    "/api/rules/?game=base", "/api/rules/scoring/",
])
def test_every_read_only_catalogue_endpoint_answers_again_without_a_query(api, path, django_assert_num_queries):
    first = api.get(path)
    assert first.status_code == 200
    with django_assert_num_queries(0):
        second = api.get(path)
    assert second.status_code == 200
    assert second.content == first.content
    assert second["ETag"] == first["ETag"]


def test_answers_carry_a_strong_etag_and_a_short_public_cache_control(api):
    response = api.get("/api/cards/")
    assert response["ETag"].startswith('"') and response["ETag"].endswith('"')
    directives = {d.strip() for d in response["Cache-Control"].split(",")}
    assert directives == {"public", "max-age=60", "must-revalidate"}
    assert "Accept" in response["Vary"]


def test_if_none_match_with_the_etag_gives_304_with_no_body(api):
    etag = api.get("/api/cards/", {"age": 1})["ETag"]
    response = api.get("/api/cards/", {"age": 1}, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert response.content == b""
    assert response["ETag"] == etag
    assert api.get("/api/cards/", {"age": 2}, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_a_client_that_accepts_gzip_gets_the_same_answer_compressed_under_its_own_etag(api):
    plain = api.get("/api/cards/")
    compressed = api.get("/api/cards/", HTTP_ACCEPT_ENCODING="gzip, deflate")
    assert compressed["Content-Encoding"] == "gzip"
    assert gzip.decompress(compressed.content) == plain.content
    assert "Content-Encoding" not in plain
    assert compressed["ETag"] != plain["ETag"] and not compressed["ETag"].startswith("W/")
    assert {"Accept", "Accept-Encoding"} <= {v.strip() for v in compressed["Vary"].split(",")}
    again = api.get("/api/cards/", HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=compressed["ETag"])
    assert again.status_code == 304 and again.content == b""


def test_loading_the_catalogue_again_changes_the_etag_and_the_answer_shows_the_new_name(api, monkeypatch):
    before = api.get("/api/cards/lumber_yard/")
    assert before.json()["name"] == "Lumber Yard"
    read_cards = cards.loading.read_cards

    def renamed():
        rows = read_cards()
        next(row for row in rows if row["id"] == "lumber_yard")["names"]["en"] = "Timber Yard"
        return rows

    monkeypatch.setattr(cards.loading, "read_cards", renamed)
    call_command("load_catalogue", stdout=StringIO())

    after = api.get("/api/cards/lumber_yard/", HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert after.json()["name"] == "Timber Yard"
    assert after["ETag"] != before["ETag"]
    listed = api.get("/api/cards/").json()
    assert next(card for card in listed if card["id"] == "lumber_yard")["name"] == "Timber Yard"


def test_a_load_by_another_process_is_seen_once_the_version_is_read_again(api, settings):
    settings.CATALOGUE_VERSION_SECONDS = 0  # read the version row on every request
    first = api.get("/api/wonders/")
    CatalogueVersion.objects.filter(pk=1).update(token="written-by-another-process")
    second = api.get("/api/wonders/")
    assert second["ETag"] != first["ETag"]
    assert second.content == first.content


def test_languages_do_not_mix(api):
    italian = api.get("/api/cards/palace/", {"lang": "it"})
    english = api.get("/api/cards/palace/", {"lang": "en"})
    assert italian.json()["name"] == "Palazzo"
    assert english.json()["name"] == "Palace"
    assert italian["ETag"] != english["ETag"]
    assert api.get("/api/cards/palace/", {"lang": "it"}).json()["name"] == "Palazzo"
    assert api.get("/api/cards/palace/").json()["name"] == "Palace"
    assert api.get("/api/cards/palace/", {"lang": "IT"})["ETag"] == italian["ETag"]


def test_a_bad_filter_stays_a_coded_400_and_is_not_cached_as_a_200(api):
    good = api.get("/api/cards/", {"color": "red"})
    assert good.status_code == 200 and good["ETag"]
    for _ in range(2):
        bad = api.get("/api/cards/", {"color": "plaid"})
        assert bad.status_code == 400
        assert bad.json()["error"]["code"] == "bad_parameter"
        assert bad.json()["error"]["details"]["parameter"] == "color"
        assert "ETag" not in bad
    assert api.get("/api/cards/", {"color": "plaid"}, HTTP_IF_NONE_MATCH=good["ETag"]).status_code == 400
    assert api.get("/api/cards/", {"lang": "xx"}).json()["error"]["details"]["parameter"] == "lang"
    for _ in range(2):
        missing = api.get("/api/cards/no_such_card/")
        assert missing.status_code == 404 and "ETag" not in missing
        assert missing.json()["error"]["code"] == "not_found"


def test_throttling_still_counts_answers_served_from_the_cache(api, monkeypatch):
    monkeypatch.setattr(AnonRateThrottle, "rate", "2/min", raising=False)
    assert api.get("/api/cards/").status_code == 200
    with CaptureQueriesContext(connection) as cached:
        assert api.get("/api/cards/").status_code == 200
    assert card_queries(cached.captured_queries) == []
    throttled = api.get("/api/cards/")
    assert throttled.status_code == 429
    assert throttled.json()["error"]["code"] == "throttled"


def test_unknown_query_parameters_share_the_answer_of_the_known_ones(api):
    plain = api.get("/api/cards/", {"lang": "it", "age": 3})
    assert api.get("/api/cards/", {"age": 3, "utm_source": "x", "lang": "it"})["ETag"] == plain["ETag"]


def test_with_the_cache_off_answers_are_serialised_each_time_without_an_etag(api, settings):
    settings.CATALOGUE_API_CACHE = False
    api.get("/api/cards/")
    with CaptureQueriesContext(connection) as second:
        response = api.get("/api/cards/")
    assert card_queries(second.captured_queries)
    assert "ETag" not in response


def test_the_browsable_api_is_not_served_from_the_json_cache(api):
    assert api.get("/api/cards/palace/")["ETag"]
    page = api.get("/api/cards/palace/", HTTP_ACCEPT="text/html")
    assert page["Content-Type"].startswith("text/html")
    assert "ETag" not in page


def test_a_card_deleted_in_the_admin_leaves_the_cached_list(api, admin_client):
    before = api.get("/api/cards/", {"age": 1})
    assert "lumber_yard" in {card["id"] for card in before.json()}
    assert admin_client.post("/admin/cards/card/lumber_yard/delete/", {"post": "yes"}).status_code == 302
    after = api.get("/api/cards/", {"age": 1}, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert "lumber_yard" not in {card["id"] for card in after.json()}
