import pytest

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

CHANGE = "/en/accounts/password/"
NEW_PASSWORD = "hanging-gardens-of-Ur-42"


def test_a_user_can_change_their_password_and_stays_logged_in(client, alice):
    client.force_login(alice)

    response = client.post(
        CHANGE, {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )

    assert response.status_code == 302
    assert response.url == "/en/accounts/password/done/"
    alice.refresh_from_db()
    assert alice.check_password(NEW_PASSWORD)
    assert client.get("/en/accounts/password/done/").status_code == 200
    assert client.session["_auth_user_id"] == str(alice.pk)


def test_changing_the_password_needs_the_old_one(client, alice):
    client.force_login(alice)

    response = client.post(
        CHANGE, {"old_password": "not-it", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )

    assert response.status_code == 200
    assert "old_password" in response.context["form"].errors
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)


def test_the_new_password_can_log_in_and_the_old_cannot(client, alice):
    client.force_login(alice)
    client.post(CHANGE, {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    client.post("/en/accounts/logout/")

    assert client.post("/en/accounts/login/", {"username": "alice", "password": PASSWORD}).status_code == 200
    assert client.post("/en/accounts/login/", {"username": "alice", "password": NEW_PASSWORD}).status_code == 302


def test_changing_the_password_needs_a_login(client):
    response = client.get("/it/accounts/password/")

    assert response.status_code == 302
    assert response.url == "/it/accounts/login/?next=/it/accounts/password/"
