"""The account menu in the site header: the logged-in player's own pages, in the page's language."""
import re

import pytest

pytestmark = pytest.mark.django_db

MY_PLAYER_PAGE = {"en": "My player page", "it": "La mia pagina giocatore", "pt-br": "Minha página de jogador"}


def account_menu(html):
    found = re.search(r'<nav class="account-nav".*?</nav>', html, re.S)
    assert found, "the header has no account menu"
    return found.group(0)


@pytest.mark.parametrize("language", sorted(MY_PLAYER_PAGE))
def test_the_account_menu_links_to_the_logged_in_players_own_player_page(client, alice, language):
    client.force_login(alice)

    menu = account_menu(client.get(f"/{language}/cards/").content.decode())

    assert f'<a href="/{language}/players/alice/">{MY_PLAYER_PAGE[language]}</a>' in menu
    assert "Alice of Rhodes" in menu


def test_the_account_menu_marks_the_player_page_as_current_on_that_page(client, alice):
    client.force_login(alice)

    menu = account_menu(client.get("/en/players/alice/").content.decode())

    assert '<a href="/en/players/alice/" aria-current="page">My player page</a>' in menu


def test_the_account_menu_links_to_the_logged_in_player_not_to_the_player_whose_page_is_open(
        client, alice, make_user):
    make_user("bob", display_name="Bob of Giza")
    client.force_login(alice)

    menu = account_menu(client.get("/en/players/bob/").content.decode())

    assert 'href="/en/players/alice/"' in menu and "/players/bob/" not in menu


def test_an_anonymous_visitor_has_no_player_page_link_but_log_in_and_sign_up(client):
    menu = account_menu(client.get("/en/cards/").content.decode())

    assert "My player page" not in menu and "/players/" not in menu
    assert "/en/accounts/login/" in menu and "/en/accounts/signup/" in menu
