import pytest
from django.conf import settings

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

LOGIN = "/en/accounts/login/"


def logged_in_user_id(client):
    return client.session.get("_auth_user_id")


def test_a_user_can_log_in_with_the_right_password(client, alice):
    response = client.post(LOGIN, {"username": "alice", "password": PASSWORD})

    assert response.status_code == 302
    assert logged_in_user_id(client) == str(alice.pk)


def test_a_wrong_password_is_refused_with_a_message(client, alice):
    response = client.post(LOGIN, {"username": "alice", "password": "not-it"})

    assert response.status_code == 200
    assert logged_in_user_id(client) is None
    assert response.context["form"].non_field_errors()
    assert 'role="alert"' in response.content.decode()


def test_an_unknown_username_is_refused_like_a_wrong_password(client, alice):
    response = client.post(LOGIN, {"username": "nobody", "password": PASSWORD})

    assert response.status_code == 200
    assert logged_in_user_id(client) is None


def test_a_user_can_log_out_with_a_post(client, alice):
    client.force_login(alice)

    response = client.post("/it/accounts/logout/")

    assert response.status_code == 302
    assert response.url == "/it/"
    assert logged_in_user_id(client) is None


def test_logging_out_is_never_a_get(client, alice):
    client.force_login(alice)

    response = client.get("/en/accounts/logout/")

    assert response.status_code == 405
    assert logged_in_user_id(client) == str(alice.pk)


def test_after_login_the_user_lands_in_their_preferred_language(client, alice):
    response = client.post(LOGIN, {"username": "alice", "password": PASSWORD})

    assert response.url == "/it/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "it"


def test_after_login_the_next_page_opens_in_the_preferred_language(client, alice):
    response = client.post(f"{LOGIN}?next=/en/cards/lumber_yard/", {"username": "alice", "password": PASSWORD})

    assert response.url == "/it/cards/lumber_yard/"


def test_a_next_page_on_another_site_is_ignored(client, alice):
    response = client.post(f"{LOGIN}?next=https://evil.example/", {"username": "alice", "password": PASSWORD})

    assert response.url == "/it/"


def test_a_user_without_a_preferred_language_stays_in_the_page_language(client, make_user):
    make_user("carla", language="")

    response = client.post("/pt-br/accounts/login/", {"username": "carla", "password": PASSWORD})

    assert response.url == "/pt-br/"
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies


def test_a_logged_in_user_visiting_the_site_root_is_sent_to_their_language(client, alice):
    client.post(LOGIN, {"username": "alice", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="en")

    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 302
    assert response.url == "/it/"


def test_a_logged_in_user_opening_the_login_page_is_sent_on(client, alice):
    client.force_login(alice)

    response = client.get(LOGIN)

    assert response.status_code == 302
    assert response.url == "/it/"
