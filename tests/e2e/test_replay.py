"""The replay of a finished match in the browser: each step is titled with the turn its plays
belong to (the frame after turn 1 shows turn 1's plays), and the last step names the last turn."""
import pytest

from tests.factories import DESKTOP, page_url, store_bot_match

pytestmark = pytest.mark.e2e


def test_the_replay_titles_each_step_with_the_turn_whose_plays_it_shows(browser, live_server, loaded_catalogue):
    match = store_bot_match("base", players=3, seed=3)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(live_server.url + page_url("match-detail", match.pk, lang="en"))
    where = page.locator("[data-where]")
    page.locator('[data-go="first"]').click()
    assert where.inner_text().startswith("The deal")
    page.locator('[data-go="next"]').click()
    assert where.inner_text().startswith("Age I · turn 1 —")
    assert page.locator("[data-events] li").count() == 3  # the three seats' plays of turn 1
    for _ in range(5):
        page.locator('[data-go="next"]').click()
    assert where.inner_text().startswith("Age I · turn 6 —")
    page.locator('[data-go="next"]').click()  # turn 1 of age II: age I's war is fought after turn 6
    assert where.inner_text().startswith("Age II · turn 1 —")
    page.locator('[data-go="last"]').click()
    assert where.inner_text().startswith("Age III · turn 6 · The end —")
    context.close()


def test_the_architects_replay_titles_a_step_with_the_player_who_made_it(browser, live_server, loaded_catalogue):
    from cards.loading_architects import load_architects

    load_architects()
    match = store_bot_match("architects", players=3, seed=3)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(live_server.url + page_url("match-detail", match.pk, lang="en"))
    where = page.locator("[data-where]")
    page.locator('[data-go="first"]').click()
    page.locator('[data-go="next"]').click()
    assert where.inner_text().startswith("Turn 1: ")
    page.locator('[data-go="next"]').click()
    assert where.inner_text().startswith("Turn 2: ")
    page.locator('[data-go="last"]').click()
    assert "The end" in where.inner_text() and where.inner_text().startswith("Turn ")
    context.close()
