"""No 500 for hostile input (issue 30, item 4): NUL bytes, undecodable headers, deep JSON, wrong JSON
types, empty multipart bodies and too large bodies get a 400 or 404 in the API's one error shape
(JSON, with its content type) under /api/, the site's 400 or 404 page elsewhere. PostgreSQL is where
a NUL used to fail (make test-integration runs these there too)."""
import json

import pytest
from django.test import Client

from wonders_site.middleware import MAX_JSON_DEPTH, json_depth

pytestmark = pytest.mark.django_db

PASSWORD = "hostile-input-password-1"


@pytest.fixture
def client():
    return Client(raise_request_exception=False)


def error_of(response, status):
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"] == "application/json"
    error = json.loads(response.content)["error"]
    assert set(error) == {"code", "message", "details"}
    return error


@pytest.mark.parametrize("path", ["/api/players/%00/", "/api/cards/%00/", "/api/wonders/%00/",
                                  "/api/progress-tokens/%00/", "/api/players/%00/stats/", "/api/rules/%00/"])
def test_a_nul_in_an_api_path_segment_is_a_json_404(client, path):
    assert error_of(client.get(path), 404)["code"] == "not_found"


def test_deleting_a_token_named_with_a_nul_is_a_json_404(client, django_user_model):
    django_user_model.objects.create_user(username="ann", password=PASSWORD)
    client.force_login(django_user_model.objects.get(username="ann"))
    assert error_of(client.delete("/api/auth/tokens/%00/"), 404)["code"] == "not_found"


@pytest.mark.parametrize("path", ["/en/play/invite/%00/", "/en/players/%00/", "/invite/%00/"])
def test_a_nul_in_a_page_path_is_the_site_s_404_page(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_a_nul_inside_a_query_parameter_is_a_json_400_naming_it(client):
    error = error_of(client.get("/api/players/?search=ab%00cd"), 400)
    assert (error["code"], error["details"]) == ("bad_parameter", {"parameter": "search"})


@pytest.mark.parametrize("path", ["/en/players/?q=ab%00cd", "/en/leaderboard/?mode=%00",
                                  "/en/wonder-statistics/?mode=%00"])
def test_a_nul_inside_a_query_of_a_page_is_a_400_page(client, path):
    response = client.get(path)
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")


def test_a_json_body_five_thousand_levels_deep_is_a_json_400(client):
    deep = "[" * 5000 + "]" * 5000
    error = error_of(client.post("/api/score-sheet/", data=deep, content_type="application/json"), 400)
    assert (error["code"], error["details"]) == ("parse_error", {"max_depth": MAX_JSON_DEPTH})


def test_a_deep_object_in_the_token_login_is_a_json_400(client):
    deep = '{"a":' * 100 + "1" + "}" * 100
    assert error_of(client.post("/api/auth/token/", data=deep, content_type="application/json"), 400)[
        "code"] == "parse_error"


def test_an_ordinary_score_sheet_is_not_too_deep(client):
    body = {"seats": [{"wonder": "giza", "side": "A", "cards": ["lumber_yard"], "coins": 3}] * 3}
    assert json_depth(body) == 4
    response = client.post("/api/score-sheet/", data=body, content_type="application/json")
    assert response.status_code in (200, 400)
    assert response["Content-Type"] == "application/json"


@pytest.mark.parametrize("game", [{}, [], 7, None, True])
def test_a_score_sheet_whose_game_is_not_a_string_is_a_json_400(client, game):
    response = client.post("/api/score-sheet/", data={"game": game, "seats": []}, content_type="application/json")
    assert error_of(response, 400)["code"] == "invalid"


@pytest.mark.parametrize("path", ["/api/score-sheet/", "/api/auth/token/"])
@pytest.mark.parametrize("content_type", ["multipart/form-data", "multipart/form-data; boundary=xyz",
                                          "multipart/form-data; boundary=xyz\x00"])
def test_an_empty_multipart_body_is_a_json_400(client, path, content_type):
    response = client.generic("POST", path, data=b"", content_type=content_type)
    assert error_of(response, 400)["code"] in ("invalid", "parse_error", "bad_header")


def test_a_three_megabyte_body_under_api_is_a_json_400(client):
    response = client.post("/api/score-sheet/", data="x" * 3_000_000, content_type="application/json")
    assert error_of(response, 400)["code"] == "too_large"


@pytest.mark.parametrize("path", ["/api/cards/", "/api/me/", "/api/auth/token/", "/api/auth/tokens/"])
def test_an_authorization_header_that_is_not_utf8_is_a_json_400_on_every_endpoint(client, path):
    header = b"Token \xff\xfe\xed\xa0\x80".decode("latin-1")  # what a WSGI server hands over
    error = error_of(client.get(path, HTTP_AUTHORIZATION=header), 400)
    assert (error["code"], error["details"]) == ("bad_header", {"header": "Authorization"})


def test_a_nul_in_a_token_is_a_json_400(client):
    error = error_of(client.get("/api/cards/", HTTP_AUTHORIZATION="Token ab\x00cd"), 400)
    assert error["code"] == "bad_header"


def test_a_nul_in_any_header_is_a_json_400_under_api_and_a_400_page_elsewhere(client):
    assert error_of(client.get("/api/cards/", HTTP_USER_AGENT="bot\x00"), 400)["details"] == {"header": "User-Agent"}
    assert client.get("/en/", HTTP_USER_AGENT="bot\x00").status_code == 400


def test_a_session_cookie_that_cannot_be_a_session_key_is_no_session(client):
    client.cookies["sessionid"] = '"ab\\000cdefgh"'  # a quoted cookie's octal escape decodes to a NUL
    assert client.get("/api/cards/").status_code == 200
    assert error_of(client.get("/api/me/"), 401)["code"] == "not_authenticated"


def test_a_stale_token_on_a_public_endpoint_is_a_401_the_schema_documents(client):
    error = error_of(client.get("/api/cards/", HTTP_AUTHORIZATION="Token " + "a" * 64), 401)
    assert error["code"] == "authentication_failed"
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    assert "401" in schema["paths"]["/api/cards/"]["get"]["responses"]
    assert "401" not in schema["paths"]["/api/auth/token/"]["post"]["responses"]  # no token read there


def test_every_operation_documents_the_400_a_bad_header_gets(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            assert "400" in operation["responses"], (method, path)
    cards = schema["paths"]["/api/auth/tokens/"]["get"]["responses"]["400"]
    assert cards["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}


def test_json_depth_counts_nesting_without_recursion():
    assert json_depth(1) == 0
    assert json_depth([]) == 1
    assert json_depth({"a": [{"b": []}]}) == 4
    deep = []
    for _ in range(20000):
        deep = [deep]
    assert json_depth(deep) == 20001
