import pytest
from django.conf import settings
from django.contrib.auth import get_user_model

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

SIGNUP = "/en/accounts/signup/"


def signup_data(**overrides):
    data = {
        "username": "bob",
        "display_name": "Bob the Builder",
        "email": "",
        "password1": PASSWORD,
        "password2": PASSWORD,
        "preferred_language": "pt-br",
    }
    data.update(overrides)
    return data


def test_a_new_user_can_sign_up_and_is_logged_in(client):
    response = client.post(SIGNUP, signup_data())

    assert response.status_code == 302
    assert response.url == "/pt-br/"
    user = get_user_model().objects.get(username="bob")
    assert user.check_password(PASSWORD)
    assert user.email == ""
    assert user.profile.display_name == "Bob the Builder"
    assert user.profile.preferred_language == "pt-br"
    assert client.session["_auth_user_id"] == str(user.pk)
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "pt-br"


def test_signing_up_keeps_a_safe_next_page_in_the_chosen_language(client):
    response = client.post(SIGNUP, signup_data(next="/en/cards/", preferred_language="it"))

    assert response.url == "/it/cards/"


def test_signing_up_ignores_a_next_page_on_another_site(client):
    response = client.post(SIGNUP, signup_data(next="https://evil.example/", preferred_language="en"))

    assert response.url == "/en/"


def test_the_display_name_defaults_to_the_username(client):
    client.post(SIGNUP, signup_data(display_name=""))

    assert get_user_model().objects.get(username="bob").profile.display_name == "bob"


def test_an_email_can_be_given(client):
    client.post(SIGNUP, signup_data(email="bob@example.com"))

    assert get_user_model().objects.get(username="bob").email == "bob@example.com"


def test_a_taken_username_is_rejected_whatever_its_case(client, make_user):
    make_user("bob")

    response = client.post(SIGNUP, signup_data(username="BOB"))

    assert response.status_code == 200
    assert get_user_model().objects.count() == 1
    assert "username" in response.context["form"].errors
    assert 'id="id_username_error"' in response.content.decode()


def test_a_username_outside_djangos_rules_is_rejected(client):
    response = client.post(SIGNUP, signup_data(username="bob smith!"))

    assert "username" in response.context["form"].errors
    assert not get_user_model().objects.exists()


def test_the_two_passwords_must_match_and_the_error_sits_by_the_second(client):
    response = client.post(SIGNUP, signup_data(password2=PASSWORD + "x"))

    assert list(response.context["form"].errors) == ["password2"]
    html = response.content.decode()
    assert 'aria-invalid="true"' in html
    assert 'aria-describedby="id_password2_helptext id_password2_error"' in html
    assert not get_user_model().objects.exists()


def test_a_weak_password_is_rejected(client):
    response = client.post(SIGNUP, signup_data(password1="12345678", password2="12345678"))

    assert "password2" in response.context["form"].errors
    assert not get_user_model().objects.exists()


def test_an_unknown_language_is_rejected(client):
    response = client.post(SIGNUP, signup_data(preferred_language="fr"))

    assert "preferred_language" in response.context["form"].errors


@pytest.mark.parametrize("language", ["en", "it", "pt-br"])
def test_the_sign_up_form_offers_the_page_language_first(client, language):
    response = client.get(f"/{language}/accounts/signup/")

    assert response.context["form"]["preferred_language"].initial == language


def test_a_logged_in_user_is_sent_from_sign_up_to_their_profile(client, alice):
    client.force_login(alice)

    response = client.get(SIGNUP)

    assert response.status_code == 302
    assert response.url == "/en/accounts/profile/"


def test_a_user_made_outside_the_sign_up_form_still_gets_a_profile(db):
    user = get_user_model().objects.create_superuser("root", password=PASSWORD)

    assert user.profile.display_name == "root"
    assert user.profile.preferred_language == ""


def test_sign_ups_from_one_address_are_limited(client, db, settings):
    settings.SIGNUP_RATE = "2/h"
    statuses = []
    for n in range(3):
        statuses.append(client.post(SIGNUP, signup_data(username=f"player{n}", display_name=""), REMOTE_ADDR="10.2.0.1").status_code)
        client.logout()

    assert statuses == [302, 302, 429]
    assert not get_user_model().objects.filter(username="player2").exists()


def test_the_sign_up_limit_says_why_in_the_page(client, db, settings):
    settings.SIGNUP_RATE = "1/h"
    client.post(SIGNUP, signup_data(username="first", display_name=""), REMOTE_ADDR="10.2.0.1")
    client.logout()

    response = client.post("/it/accounts/signup/", signup_data(username="second", display_name=""), REMOTE_ADDR="10.2.0.1")

    assert response.status_code == 429
    assert "Troppi account" in response.content.decode()


def test_the_sign_up_limit_is_per_address(client, db, settings):
    settings.SIGNUP_RATE = "1/h"
    client.post(SIGNUP, signup_data(username="first", display_name=""), REMOTE_ADDR="10.2.0.1")
    client.logout()

    response = client.post(SIGNUP, signup_data(username="second", display_name=""), REMOTE_ADDR="10.2.0.2")

    assert response.status_code == 302
