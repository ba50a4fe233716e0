"""The catalogue pages in a real browser, on a 360px-wide phone and on a desktop."""
import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS_SCROLL = "document.scrollingElement.scrollWidth"


def open_page(page, live_server, path):
    response = page.goto(live_server.url + path)
    assert response.status == 200, path
    page.wait_for_load_state("networkidle")
    return response


def icons_drawn(page) -> bool:
    """The SVG sprite loaded: the first cost icon has a size."""
    return page.evaluate("""() => {
        const use = document.querySelector('.card .cost use, .facts .cost use');
        return !!use && use.getBoundingClientRect().width > 0;
    }""")


def test_the_card_list_fits_a_phone_and_filters(page, live_server, loaded_catalogue, screenshot):
    open_page(page, live_server, "/en/cards/")
    assert page.evaluate(NO_SIDEWAYS_SCROLL) <= 360
    assert page.locator(".card-grid .card").count() == 78
    assert icons_drawn(page)
    screenshot(page, "phone-card-list-en")

    page.select_option("#id_age", "2")
    page.select_option("#id_color", "red")
    page.click(".filters button[type=submit]")
    page.wait_for_load_state("networkidle")
    assert "age=2" in page.url and "color=red" in page.url
    assert page.locator(".card-grid .card").count() == 4
    assert page.evaluate(NO_SIDEWAYS_SCROLL) <= 360
    screenshot(page, "phone-card-list-filtered-en")


def test_the_language_switch_keeps_the_page(page, live_server, loaded_catalogue, screenshot):
    open_page(page, live_server, "/en/cards/?players=4")
    page.click('.languages a[lang="it"]')
    page.wait_for_load_state("networkidle")
    assert page.url == live_server.url + "/it/cards/?players=4"
    assert page.locator("html").get_attribute("lang") == "it"
    assert page.locator("h1").inner_text() == "Carte"
    assert page.evaluate(NO_SIDEWAYS_SCROLL) <= 360
    screenshot(page, "phone-card-list-it-4-players")

    page.click('.languages a[lang="pt-BR"]')
    page.wait_for_load_state("networkidle")
    assert page.url == live_server.url + "/pt-br/cards/?players=4"
    assert page.locator("h1").inner_text() == "Cartas"


def test_a_card_page_fits_a_phone_and_follows_its_chains(page, live_server, loaded_catalogue, screenshot):
    open_page(page, live_server, "/en/cards/temple/")
    assert page.locator("h1").inner_text() == "Temple"
    assert page.evaluate(NO_SIDEWAYS_SCROLL) <= 360
    assert icons_drawn(page)
    screenshot(page, "phone-card-temple-en")

    page.click('.languages a[lang="pt-BR"]')
    page.wait_for_load_state("networkidle")
    assert page.url == live_server.url + "/pt-br/cards/temple/"
    assert page.locator("h1").inner_text() == "Templo"
    assert page.evaluate(NO_SIDEWAYS_SCROLL) <= 360
    screenshot(page, "phone-card-temple-pt-br")

    page.click('a.card-chip[href="/pt-br/cards/pantheon/"]')
    page.wait_for_load_state("networkidle")
    assert page.url == live_server.url + "/pt-br/cards/pantheon/"
    page.click('a.card-chip[href="/pt-br/cards/temple/"]')
    page.wait_for_load_state("networkidle")
    assert page.url == live_server.url + "/pt-br/cards/temple/"


@pytest.mark.parametrize("path", ["/it/", "/it/wonders/", "/it/wonders/babylon/", "/it/cards/spies_guild/",
                                  "/en/cards/?age=9"])
def test_the_other_pages_fit_a_phone(page, live_server, loaded_catalogue, screenshot, path):
    open_page(page, live_server, path)
    assert page.evaluate(NO_SIDEWAYS_SCROLL) <= 360
    name = path.strip("/").replace("/", "-").replace("?", "-").replace("=", "-")
    screenshot(page, f"phone-{name}")


def test_the_skip_link_is_the_first_stop_and_shows_on_focus(page, live_server, loaded_catalogue):
    open_page(page, live_server, "/en/cards/")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.className")
    assert focused == "skip-link"
    box = page.locator(".skip-link").bounding_box()
    assert box and box["y"] >= 0


def test_the_pages_on_a_desktop(desktop_page, live_server, loaded_catalogue, screenshot):
    for path, name in [("/en/", "desktop-home-en"), ("/it/cards/", "desktop-card-list-it"),
                       ("/en/cards/temple/", "desktop-card-temple-en"), ("/pt-br/wonders/", "desktop-wonders-pt-br")]:
        open_page(desktop_page, live_server, path)
        assert desktop_page.evaluate(NO_SIDEWAYS_SCROLL) <= 1280
        screenshot(desktop_page, name)
