import pytest

pytestmark = pytest.mark.django_db

LANGUAGES = {"en": "en", "it": "it", "pt-br": "pt-BR"}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", ["signup", "login"])
def test_the_public_account_pages_open_in_every_language(client, language, page):
    response = client.get(f"/{language}/accounts/{page}/")

    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{LANGUAGES[language]}">' in html
    assert 'name="csrfmiddlewaretoken"' in html
    assert "<label" in html


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", ["profile", "password", "password/done"])
def test_the_private_account_pages_open_in_every_language(client, alice, language, page):
    client.force_login(alice)

    response = client.get(f"/{language}/accounts/{page}/")

    assert response.status_code == 200
    assert f'<html lang="{LANGUAGES[language]}">' in response.content.decode()


def test_every_form_field_has_a_label(client):
    html = client.get("/en/accounts/signup/").content.decode()

    for field in ("username", "display_name", "email", "password1", "password2", "preferred_language"):
        assert f'for="id_{field}"' in html
