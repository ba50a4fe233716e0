"""Finding your history in the browser: log in, open the account menu, follow it to your player
page, follow a finished match's replay link, then find a provisional player by name. At a desktop
in Italian and on a phone in Portuguese, with no sideways scrolling on the phone."""
import re

import pytest

from tests.factories import PASSWORD, PHONE, store_bot_match

pytestmark = pytest.mark.e2e

NO_SIDEWAYS_SCROLL = "document.scrollingElement.scrollWidth"
WORDS = {
    "it": {"menu": "La mia pagina giocatore", "replay": "Replay", "players": "Giocatori", "found": "1 giocatore trovato.",
           "leaderboard": "Classifica", "find": "Cerca un giocatore, anche i nuovi"},
    "pt-br": {"menu": "Minha página de jogador", "replay": "Replay", "players": "Jogadores",
              "found": "1 jogador encontrado."},
}


@pytest.fixture
def history(live_server, loaded_catalogue, django_user_model):
    """Lúcia has two finished matches (one against bots, one rated with Zoë and Bo); Zoë, with a
    single rated match, is provisional: not on the leaderboard."""
    from games.history.models import PlayerRating
    from games.history.simulate import play_and_store

    def person(username, display_name):
        user = django_user_model.objects.create_user(username=username, password=PASSWORD)
        user.profile.display_name = display_name
        user.profile.save()
        return user

    lucia, zoe, bo = person("lucia", "Lúcia Ferreira"), person("zoe", "Zoë Provisória"), person("bo", "Bo")
    against_bots = store_bot_match("base", players=3, seed=3, users=[lucia])
    rated = play_and_store([lucia, zoe, bo], seed=7)
    assert PlayerRating.objects.get(user=zoe, mode="base").provisional
    return {"lucia": lucia, "matches": [rated, against_bots]}


def log_in(page, base, lang):
    page.goto(f"{base}/{lang}/accounts/login/")
    page.fill("#id_username", "lucia")
    page.fill("#id_password", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_load_state()
    assert "/accounts/login/" not in page.url


def follow_the_history(page, base, lang, shoot, phone=False):
    words = WORDS[lang]
    widths = []

    def check(name, focus=None):
        """Measure the page's width and save it whole, and the screen around `focus` as seen."""
        widths.append((name, page.evaluate(NO_SIDEWAYS_SCROLL)))
        if focus is not None:
            page.locator(focus).first.scroll_into_view_if_needed()
            shoot(f"{name}-screen", False)
        shoot(name, True)

    log_in(page, base, lang)
    page.locator(".account-menu summary").click()
    link = page.get_by_role("link", name=words["menu"])
    assert link.is_visible()
    check("account-menu", ".account-menu")
    link.click()
    page.wait_for_url(re.compile(rf"/{lang}/players/lucia/$"))
    assert page.locator(".account-menu").get_attribute("open") is None  # a new page: the menu is shut
    rows = page.locator("#matches-title ~ ol .player-match")
    assert rows.count() == 2
    assert "Zoë Provisória" in rows.first.inner_text()
    check("player-page", "#matches-title")

    rows.first.get_by_role("link", name=words["replay"]).click()
    page.wait_for_url(re.compile(rf"/{lang}/matches/\d+/#replay$"))
    # The replay opens at its first step (issue 31): its place reads "... — step 1 of N" once drawn.
    page.locator("[data-where]").filter(has_text=re.compile(r" 1 \S+ \d+$")).wait_for()
    assert page.locator("#replay").is_visible()
    check("replay", "#replay")

    if phone:  # the header keeps to the essentials on a phone: the footer links to the players
        page.locator(".site-footer").get_by_role("link", name=words["players"]).click()
    else:  # the header's one row has no room for it at a desktop: the leaderboard links to it
        page.locator(".main-nav").get_by_role("link", name=words["leaderboard"]).click()
        page.locator("main").get_by_role("link", name=words["find"]).click()
    page.wait_for_url(re.compile(rf"/{lang}/players/$"))
    page.fill("#player-q", "ZOE")
    page.locator("form.player-search button[type=submit]").click()
    page.wait_for_url(re.compile(r"\?q=ZOE"))
    assert words["found"] in page.locator("main").inner_text()
    result = page.locator(".player-result")
    assert "Zoë Provisória" in result.inner_text() and result.locator("abbr").inner_text() == "?"
    check("player-search", ".player-result")
    result.get_by_role("link", name="Zoë Provisória").click()
    page.wait_for_url(re.compile(rf"/{lang}/players/zoe/$"))
    return widths


def test_a_player_finds_their_history_and_a_new_player_at_a_desktop_in_italian(
        desktop_page, live_server, history, screenshot):
    widths = follow_the_history(desktop_page, live_server.url, "it",
                                lambda name, whole: screenshot(desktop_page, f"player-pages-desktop-it-{name}", whole))
    assert all(width <= 1280 for _name, width in widths), widths


def test_a_player_finds_their_history_and_a_new_player_on_a_phone_in_portuguese(
        page, live_server, history, screenshot):
    widths = follow_the_history(page, live_server.url, "pt-br",
                                lambda name, whole: screenshot(page, f"player-pages-phone-pt-br-{name}", whole), phone=True)
    assert all(width <= PHONE["width"] for _name, width in widths), widths
