"""The site's own error pages, in the page's language, when debug is off."""
import pytest
from django.test import RequestFactory
from django.utils import translation

from wonders_site import urls
from wonders_site.api_errors import server_error


@pytest.mark.django_db
@pytest.mark.parametrize("language, words", [("it", "non è nel catalogo"), ("pt-br", "não está no catálogo")])
def test_a_wrong_address_shows_the_sites_404_in_the_pages_language(client, settings, language, words):
    settings.DEBUG = False
    response = client.get(f"/{language}/no-such-page/")

    assert response.status_code == 404
    assert words in response.content.decode().lower()


@pytest.mark.parametrize("language, words", [("en", "Something went wrong on our side"),
                                             ("it", "Qualcosa è andato storto"),
                                             ("pt-br", "Algo deu errado")])
def test_a_server_error_shows_the_sites_500_page_in_the_pages_language(language, words):
    request = RequestFactory().get(f"/{language}/cards/")
    with translation.override(language):
        response = server_error(request)

    assert response.status_code == 500
    html = response.content.decode()
    assert words in html and "Traceback" not in html


def test_a_server_error_under_the_api_is_json():
    response = server_error(RequestFactory().get("/api/cards/"))

    assert response.status_code == 500 and response["Content-Type"] == "application/json"
    assert b'"server_error"' in response.content


def test_the_site_uses_its_own_error_handlers():
    assert urls.handler500 == "wonders_site.api_errors.server_error"
    assert urls.handler404 == "wonders_site.api_errors.json_404"


@pytest.mark.django_db
@pytest.mark.parametrize("language, words", [("en", "The request could not be read"),
                                             ("it", "Non è stato possibile leggere la richiesta"),
                                             ("pt-br", "Não foi possível ler o pedido")])
def test_a_form_too_large_to_read_shows_the_sites_400_page_in_the_pages_language(client, settings, language, words):
    settings.DEBUG = False
    response = client.post(f"/{language}/accounts/login/", data={"username": "x" * 3_000_000})

    assert response.status_code == 400
    html = response.content.decode()
    assert words in html and f'<html lang="{"pt-BR" if language == "pt-br" else language}">' in html


@pytest.mark.django_db
def test_a_header_refused_before_any_view_shows_the_sites_400_page(client, settings):
    settings.DEBUG = False
    response = client.get("/it/", HTTP_USER_AGENT="bot\x00")

    assert response.status_code == 400 and "Non è stato possibile leggere la richiesta" in response.content.decode()
