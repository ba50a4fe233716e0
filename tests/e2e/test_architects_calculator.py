"""The Architects score-sheet calculator in a real browser, on a phone: the stages take the chosen
wonder's points, the cat stays with one player, and the sheet comes back in the page's language."""
import re

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS_SCROLL = "document.scrollingElement.scrollWidth"


def test_an_architects_table_is_filled_and_scored_on_a_phone(page, live_server, screenshot):
    page.goto(live_server.url + "/it/score-sheet/?game=architects")
    page.wait_for_load_state("networkidle")
    assert page.evaluate(NO_SIDEWAYS_SCROLL) <= 360
    assert page.inner_text('[data-seat="0"] [data-stage-label="5"]') == "Stadio 5"
    page.select_option("#seat-0-wonder", "giza")
    assert page.inner_text('[data-seat="0"] [data-stage-label="5"]') == "Stadio 5: 8 punti"
    for number in "12345":
        page.check(f'input[name="seat-0-built"][value="{number}"]')
    page.fill("#seat-0-name", "Ann")
    page.fill("#seat-0-blue_cards", "2")
    page.check('input[name="seat-1-cat"]')
    page.check('input[name="seat-0-cat"]')
    assert not page.is_checked('input[name="seat-1-cat"]'), "the cat is with one player at most"
    page.click('[data-seat="0"] details.picker summary')
    page.check('input[name="seat-0-tokens"][value="culture"] >> nth=0')
    page.select_option("#seat-1-wonder", "ephesus")
    page.check('input[name="seat-1-built"][value="1"]')
    page.check('input[name="seat-1-built"][value="3"]')
    page.click("form[data-calculator] button[type=submit]")
    page.wait_for_load_state("networkidle")
    rows = page.locator("#result tbody tr")
    assert rows.count() == 2
    ann = [cell.strip() for cell in rows.nth(0).locator("td").all_inner_texts()]
    # Gizah 4+5+6+7+8, two blue cards, the cat, Culture alone
    assert ann[:2] == ["1", "Ann"] and ann[3:] == ["30", "6", "2", "0", "4", "42", "5"]
    assert re.search(r"Cultura: 4 punti", ann[2])
    screenshot(page, "phone-architects-calculator-it")
