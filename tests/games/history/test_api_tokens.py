"""API tokens: hashed at rest, expiring, listed and revoked by their owner, revoked by a new password."""
from datetime import timedelta

import pytest
from django.utils import timezone
from knox.models import AuthToken
from rest_framework.test import APIClient

from accounts.tokens import do_issue_token

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-pass-phrase"


@pytest.fixture
def ann(django_user_model):
    return django_user_model.objects.create_user("ann", password=PASSWORD)


def client_with(token=None):
    api = APIClient()
    if token:
        api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return api


def ask_token(api=None):
    return (api or APIClient()).post("/api/auth/token/", {"username": "ann", "password": PASSWORD}, format="json")


def test_it_never_stores_the_token_itself(ann):
    answer = ask_token().json()

    row = AuthToken.objects.get(user=ann)
    stored = [str(value) for value in row.__dict__.values()]
    assert answer["token"] not in stored
    assert answer["token"].startswith(row.token_key) and row.token_key == answer["token_key"]


def test_each_login_gets_its_own_token_and_both_work(ann):
    first, second = ask_token().json()["token"], ask_token().json()["token"]

    assert first != second
    assert client_with(first).get("/api/me/").status_code == 200
    assert client_with(second).get("/api/me/").status_code == 200


def test_a_token_expires_after_the_configured_days(ann, settings):
    settings.API_TOKEN_DAYS = 30
    answer = ask_token().json()
    expiry = AuthToken.objects.get(user=ann).expiry
    assert timedelta(days=29, hours=23) < expiry - timezone.now() <= timedelta(days=30)

    AuthToken.objects.update(expiry=timezone.now() - timedelta(seconds=1))

    response = client_with(answer["token"]).get("/api/me/")
    assert response.status_code == 401


def test_the_owner_lists_their_live_tokens_without_the_secrets(ann, django_user_model):
    keys = [ask_token().json()["token_key"] for _ in range(2)]
    _row, other = do_issue_token(django_user_model.objects.create_user("bob", password=PASSWORD))
    api = client_with(ask_token().json()["token"])

    listed = api.get("/api/auth/tokens/").json()

    assert len(listed) == 3 and set(keys) <= {item["token_key"] for item in listed}
    assert all(set(item) == {"token_key", "created", "expiry"} for item in listed)
    assert other[:15] not in {item["token_key"] for item in listed}


def test_the_owner_revokes_one_token_and_it_stops_working(ann):
    doomed = ask_token().json()
    api = client_with(ask_token().json()["token"])

    assert api.delete(f"/api/auth/tokens/{doomed['token_key']}/").status_code == 204

    assert client_with(doomed["token"]).get("/api/me/").status_code == 401
    assert api.get("/api/me/").status_code == 200


def test_nobody_revokes_another_players_token(ann, django_user_model):
    _row, bobs = do_issue_token(django_user_model.objects.create_user("bob", password=PASSWORD))
    api = client_with(ask_token().json()["token"])

    response = api.delete(f"/api/auth/tokens/{bobs[:15]}/")

    assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"
    assert client_with(bobs).get("/api/me/").status_code == 200


def test_a_new_password_revokes_every_token(ann):
    token = ask_token().json()["token"]

    ann.set_password("another-long-phrase")
    ann.save()

    assert client_with(token).get("/api/me/").status_code == 401
    assert not AuthToken.objects.filter(user=ann).exists()


def test_the_password_change_page_revokes_every_token(ann, client):
    token = ask_token().json()["token"]
    client.force_login(ann)

    response = client.post("/en/accounts/password/", {
        "old_password": PASSWORD, "new_password1": "another-long-phrase", "new_password2": "another-long-phrase"})

    assert response.status_code == 302
    assert client_with(token).get("/api/me/").status_code == 401


def test_a_login_does_not_revoke_tokens(ann, client):
    token = ask_token().json()["token"]

    client.post("/en/accounts/login/", {"username": "ann", "password": PASSWORD})

    assert client_with(token).get("/api/me/").status_code == 200


def test_a_player_holds_at_most_the_configured_number_of_tokens(ann, settings):
    settings.API_TOKENS_PER_USER = 2
    first = ask_token().json()["token"]
    ask_token(), ask_token()

    assert AuthToken.objects.filter(user=ann).count() == 2
    assert client_with(first).get("/api/me/").status_code == 401
