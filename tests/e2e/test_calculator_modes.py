"""The base game's score-sheet calculator in a real browser at its Cities and 2-player tables: a
team table filled on a desktop in Portuguese, a Free City table on a phone in Italian."""
import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS_SCROLL = "document.scrollingElement.scrollWidth"


def test_a_cities_team_table_is_filled_and_scored_in_portuguese(desktop_page, live_server, screenshot):
    page = desktop_page
    page.goto(live_server.url + "/pt-br/score-sheet/?game=base&mode=cities-teams")
    page.wait_for_load_state("networkidle")
    page.select_option("#players", "4")
    assert page.is_visible('[data-seat="3"]') and not page.is_visible('[data-seat="4"]')
    assert "Equipe 2" in page.inner_text('[data-seat="2"] legend')
    for seat, wonder in enumerate(["petra", "giza", "rhodes", "byzantium"]):
        page.select_option(f"#seat-{seat}-wonder", wonder)
    page.fill("#seat-0-coins", "6")
    page.fill("#seat-0-debt", "3")
    page.click('[data-seat="0"] details.picker summary')
    page.check('input[name="seat-0-cards"][value="capitol"]')
    page.click('[data-seat="2"] details.picker summary')
    page.check('input[name="seat-2-cards"][value="baths"]')
    page.click("form[data-calculator] button[type=submit]")
    page.wait_for_load_state("networkidle")
    rows = page.locator("#result tbody tr")
    assert rows.count() == 4
    first = [cell.strip() for cell in rows.nth(0).locator("td").all_inner_texts()]
    # Capitol 8 (black), 6 coins = 2, less 3 debts: treasury -1, total 7; the team has 7 to 3.
    assert first[0] == "1" and "Equipe 1: 7 pontos" in first[2] and "3 fichas de dívida" in first[2]
    headers = page.locator("#result thead th").all_inner_texts()
    assert headers[-3] == "Cartas pretas" or "pretas" in " ".join(headers)
    screenshot(page, "desktop-calculator-cities-teams-pt-br")


def test_a_free_city_table_is_scored_on_a_phone_in_italian(page, live_server, screenshot):
    page.goto(live_server.url + "/it/score-sheet/?game=base&mode=base-2p")
    page.wait_for_load_state("networkidle")
    assert page.evaluate(NO_SIDEWAYS_SCROLL) <= 360
    assert page.inner_text('[data-seat="2"] legend') == "Città Franca"
    for seat, wonder in enumerate(["giza", "rhodes", "ephesus"]):
        page.select_option(f"#seat-{seat}-wonder", wonder)
    page.fill("#seat-1-coins", "9")
    page.click("form[data-calculator] button[type=submit]")
    page.wait_for_load_state("networkidle")
    rows = page.locator("#result tbody tr")
    assert [rows.nth(k).locator("td").first.inner_text().strip() for k in range(3)] == ["2", "1", "—"]
    assert page.evaluate(NO_SIDEWAYS_SCROLL) <= 360
    screenshot(page, "phone-calculator-free-city-it")


@pytest.mark.parametrize("lang, size, legend, debt_words", [
    ("it", "desktop", "Città Franca", "2 gettoni Debito"),
    ("pt-br", "phone", "Cidade Livre", "2 fichas de dívida"),
])
def test_a_two_player_cities_table_scores_the_free_city_s_black_cards_and_debts(
        request, live_server, screenshot, lang, size, legend, debt_words):
    page = request.getfixturevalue("desktop_page" if size == "desktop" else "page")
    page.set_viewport_size({"width": 1366, "height": 900} if size == "desktop" else {"width": 390, "height": 844})
    page.goto(live_server.url + f"/{lang}/score-sheet/?game=base&mode=cities-2p")
    page.wait_for_load_state("networkidle")
    assert page.inner_text('[data-seat="2"] legend') == legend
    assert page.is_visible("#seat-2-debt")
    for seat, wonder in enumerate(["giza", "rhodes", "petra"]):
        page.select_option(f"#seat-{seat}-wonder", wonder)
    page.fill("#seat-1-coins", "9")
    page.fill("#seat-2-coins", "6")
    page.fill("#seat-2-debt", "2")
    page.click('[data-seat="2"] details.picker summary')
    page.check('input[name="seat-2-cards"][value="capitol"]')
    page.click("form[data-calculator] button[type=submit]")
    page.wait_for_load_state("networkidle")
    rows = page.locator("#result tbody tr")
    assert [rows.nth(k).locator("td").first.inner_text().strip() for k in range(3)] == ["2", "1", "—"]
    assert debt_words in rows.nth(2).inner_text()
    assert page.evaluate(NO_SIDEWAYS_SCROLL) <= page.viewport_size["width"]
    screenshot(page, f"{size}-calculator-cities-2p-{lang}")
