"""The 7 Wonders Architects catalogue pages in a real browser: reached from the base game's
catalogue, drawn with their icons, on a 360px-wide phone without sideways scrolling."""
import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS_SCROLL = "document.scrollingElement.scrollWidth"
ARCHITECTS_ICON_SIZE = """() => {
    // an icon of Architects' own sprite (static/img/architects.svg, written into the page)
    const use = document.querySelector(['horn', 'cat', 'law', 'mechanic', 'architect', 'laurel', 'peace', 'battle', 'progress', 'power'].map(id => `use[href="#icon-${id}"]`).join(', '));
    return use ? use.getBoundingClientRect().width : 0;
}"""


@pytest.fixture
def architects_catalogue(loaded_catalogue):
    """The Architects tables too, committed (a transactional test before may have flushed them)."""
    from cards.loading_architects import load_architects

    return load_architects()


def test_the_architects_pages_are_reached_from_the_catalogue_and_fit_a_phone(page, live_server, architects_catalogue,
                                                                              screenshot):
    page.goto(live_server.url + "/it/cards/")
    page.click('.game-tabs a[href="/it/architects/cards/"]')
    page.wait_for_load_state("networkidle")
    assert page.url == live_server.url + "/it/architects/cards/"
    assert page.locator(".arch-card").count() == 14
    for path in ("wonders", "progress-tokens", "tokens"):
        page.click(f'.arch-nav a[href="/it/architects/{path}/"]')
        page.wait_for_load_state("networkidle")
        assert page.evaluate(NO_SIDEWAYS_SCROLL) <= 360, path
        assert page.evaluate(ARCHITECTS_ICON_SIZE) > 0, path
        screenshot(page, f"phone-architects-{path}-it")
    page.goto(live_server.url + "/it/architects/wonders/")
    assert page.locator(".stage-tile").count() == 35
    assert page.evaluate(NO_SIDEWAYS_SCROLL) <= 360


def test_the_deck_table_scrolls_inside_its_box_on_a_phone(page, live_server, architects_catalogue):
    page.goto(live_server.url + "/pt-br/architects/cards/")
    page.wait_for_load_state("networkidle")
    assert page.evaluate(NO_SIDEWAYS_SCROLL) <= 360
    table_width = page.evaluate("document.querySelector('.deck-table').scrollWidth")
    assert table_width > 360  # nine decks and a total do not fit: the box scrolls, not the page
