"""Authentication (token for API clients, session for the site), /api/me/, throttling, errors."""
import pytest
from django.core.cache import cache
from knox.models import AuthToken

from accounts.tokens import do_issue_token
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from games.history.simulate import play_and_store

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_throttles():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def ann(django_user_model):
    return django_user_model.objects.create_user(username="ann", password="a-long-pass-phrase", email="ann@example.org")


def test_me_needs_credentials_and_says_so_in_the_error_shape(api, ann):
    response = api.get("/api/me/")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not_authenticated"
    assert response["WWW-Authenticate"] == "Token"


def test_me_answers_the_token_holder(api, ann):
    _row, token = do_issue_token(ann)
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    data = api.get("/api/me/").json()
    assert data["username"] == "ann" and data["email"] == "ann@example.org"
    assert data["totals"]["games"] == 0


def test_me_answers_the_sites_session(api, ann):
    api.force_login(ann)
    assert api.get("/api/me/").json()["username"] == "ann"


def test_a_wrong_token_is_a_401(api, ann):
    api.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = api.get("/api/me/")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "authentication_failed"


def test_a_token_is_given_for_the_right_password_only(api, ann):
    response = api.post("/api/auth/token/", {"username": "ann", "password": "a-long-pass-phrase"}, format="json")
    assert response.status_code == 200
    api.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    assert api.get("/api/me/").json()["username"] == "ann"
    api.credentials()
    wrong = api.post("/api/auth/token/", {"username": "ann", "password": "nope"}, format="json")
    assert wrong.status_code == 400 and wrong.json()["error"]["code"] == "invalid_credentials"
    missing = api.post("/api/auth/token/", {"username": "ann"}, format="json")
    assert missing.status_code == 400 and missing.json()["error"]["code"] == "invalid"


def test_public_endpoints_need_no_credentials_but_accept_them(api, ann):
    play_and_store([ann, "medium", "easy"], seed=3)
    assert api.get("/api/players/ann/").status_code == 200
    api.credentials(HTTP_AUTHORIZATION=f"Token {do_issue_token(ann)[1]}")
    assert api.get("/api/players/ann/").status_code == 200


ENDPOINTS = [
    ("get", "/api/matches/", None), ("get", "/api/matches/{match}/", None), ("get", "/api/matches/{match}/replay/", None),
    ("get", "/api/matches/{match}/review/", None),
    ("get", "/api/players/ann/", None), ("get", "/api/players/ann/stats/", None),
    ("get", "/api/players/ann/rating-history/", None), ("get", "/api/leaderboard/", None),
    ("get", "/api/stats/wonders/", None), ("get", "/api/me/", None),
    ("post", "/api/score-sheet/", {"seats": [{"wonder": "giza"}, {"wonder": "rhodes"}, {"wonder": "ephesus"}]}),
    ("post", "/api/auth/token/", {"username": "ann", "password": "a-long-pass-phrase"}),
]


@pytest.mark.parametrize("method, url, body", ENDPOINTS)
def test_every_endpoint_is_throttled_with_the_error_shape(api, ann, monkeypatch, method, url, body):
    match = play_and_store([ann, "medium", "easy"], seed=4)
    api.force_login(ann)
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {
        "anon": "2/min", "user": "2/min", "score_sheet": "2/min", "auth_token": "2/min"})
    url = url.format(match=match.pk)
    statuses = [getattr(api, method)(url, body, format="json").status_code for _ in range(3)]
    assert statuses[:2] == [200, 200]
    assert statuses[2] == 429
    response = getattr(api, method)(url, body, format="json")
    error = response.json()["error"]
    assert error["code"] == "throttled" and error["details"]["wait"] > 0
    assert "Retry-After" in response


def test_the_score_sheet_and_token_endpoints_have_their_own_tighter_scopes(api, ann, monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {
        "anon": "100/min", "user": "100/min", "score_sheet": "1/min", "auth_token": "1/min"})
    body = ENDPOINTS[-2][2]
    assert api.post("/api/score-sheet/", body, format="json").status_code == 200
    assert api.post("/api/score-sheet/", body, format="json").status_code == 429
    assert api.get("/api/leaderboard/").status_code == 200
    login = {"username": "ann", "password": "wrong"}
    assert api.post("/api/auth/token/", login, format="json").status_code == 400
    assert api.post("/api/auth/token/", login, format="json").status_code == 429


def test_an_unknown_api_path_is_a_json_404(api, db, settings):
    settings.DEBUG = False
    response = api.get("/api/no-such-thing/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_the_token_endpoint_shares_the_login_lockout(api, ann, settings, monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {
        "anon": "100/min", "user": "100/min", "score_sheet": "100/min", "auth_token": "100/min"})
    statuses = [api.post("/api/auth/token/", {"username": "ann", "password": "guess"}, format="json").status_code
                for _ in range(settings.AXES_FAILURE_LIMIT)]
    assert statuses == [400] * (settings.AXES_FAILURE_LIMIT - 1) + [429]
    response = api.post("/api/auth/token/", {"username": "ann", "password": "a-long-pass-phrase"}, format="json")
    assert response.status_code == 429
    error = response.json()["error"]
    assert error["code"] == "locked_out" and error["details"]["wait"] > 0
    assert not AuthToken.objects.filter(user=ann).exists()


def test_the_token_endpoint_shares_the_account_wide_lockout(api, ann, settings, monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {
        "anon": "100/min", "user": "100/min", "score_sheet": "100/min", "auth_token": "100/min"})
    settings.AXES_ACCOUNT_FAILURE_LIMIT = 4
    for n in range(4):
        api.post("/api/auth/token/", {"username": "ann", "password": "guess"}, format="json", REMOTE_ADDR=f"10.1.{n}.1")

    response = api.post("/api/auth/token/", {"username": "ann", "password": "a-long-pass-phrase"}, format="json",
                        REMOTE_ADDR="10.1.99.1")

    assert response.status_code == 429
    assert response.json()["error"]["code"] == "locked_out"
    assert not AuthToken.objects.filter(user=ann).exists()
