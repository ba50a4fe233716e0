"""The replay of a finished match in the browser: it opens at the start with « and ◀ disabled, ▶
and » are disabled at the last step; each step is titled with the turn its plays belong to (the
frame after turn 1 shows turn 1's plays), and the last step names the last turn. The base game's
steps are drawn on the game page's table (static/tableau.js): every city with the cards it had
built at that step. Screenshots: tests/e2e/out/replay-*.png (1366x900 and 390x844, it and pt-BR)."""
import random

import pytest

from tests.factories import DESKTOP, page_url, store_bot_match

pytestmark = pytest.mark.e2e

WIDE = {"width": 1366, "height": 900}
NARROW = {"width": 390, "height": 844}


def store_cities_team_match(players=8, seed=4):
    """A finished Cities team game of medium bots, stored as the live service stores one."""
    from django.utils import timezone

    from games import engine
    from games.history.simulate import play, store_finished

    config = engine.normalize_config({"game": "base", "players": players, "expansions": ["cities"], "teams": True})
    state = play(config, seed, ["medium"] * players, random.Random(seed))
    now = timezone.now()
    return store_finished(config, seed, state, [(None, "medium", False)] * players, now, now, {n: "bot" for n in range(players)})


def enabled(page):
    return {go: page.locator(f'[data-go="{go}"]').is_enabled() for go in ("first", "prev", "next", "last")}


def built_per_city(page):
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('[data-cities] .tableau .tableau-city')]
        .map(city => [city.dataset.seat, city.querySelectorAll('.tableau-card').length]))""")


def test_the_replay_titles_each_step_with_the_turn_whose_plays_it_shows(browser, live_server, loaded_catalogue):
    match = store_bot_match("base", players=3, seed=3)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(live_server.url + page_url("match-detail", match.pk, lang="en"))
    where = page.locator("[data-where]")
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


def test_the_replay_opens_at_the_start_and_its_controls_stop_at_both_ends(browser, live_server, loaded_catalogue, screenshot):
    from games.history.timeline import match_timeline

    match = store_bot_match("base", players=4, seed=5)
    frames = match_timeline(match)
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    page.goto(live_server.url + page_url("match-detail", match.pk, lang="it"))
    where = page.locator("[data-where]")
    assert where.inner_text().endswith(f"1 di {len(frames)}")
    assert enabled(page) == {"first": False, "prev": False, "next": True, "last": True}
    assert built_per_city(page) == {str(n): 0 for n in range(4)}, "the deal: nothing built yet"
    page.locator('[data-go="next"]').focus()
    page.keyboard.press("End")
    assert enabled(page) == {"first": True, "prev": True, "next": False, "last": False}
    assert where.inner_text().endswith(f"{len(frames)} di {len(frames)}")
    assert built_per_city(page) == {str(p["seat"]): len(p["built"]) for p in frames[-1]["players"]}
    page.keyboard.press("ArrowRight")  # nothing after the last step
    assert where.inner_text().endswith(f"{len(frames)} di {len(frames)}")
    page.locator('[data-go="first"]').click()
    assert enabled(page)["prev"] is False and page.evaluate("document.activeElement.dataset.go") == "next"
    # A middle step: every city as it was, and what that step built lands highlighted.
    middle = len(frames) // 2
    page.locator("[data-slider]").fill(str(middle))
    assert built_per_city(page) == {str(p["seat"]): len(p["built"]) for p in frames[middle]["players"]}
    grown = sum(len(p["built"]) for p in frames[middle]["players"]) - sum(len(p["built"]) for p in frames[middle - 1]["players"])
    assert page.locator("[data-cities] .tableau-card.is-new").count() == grown
    page.locator("[data-cities] .tableau").scroll_into_view_if_needed()
    screenshot(page, "replay-4p-it-desktop", full_page=False)
    page.set_viewport_size(NARROW)
    page.locator("[data-cities] .tableau").scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, "replay-4p-it-phone", full_page=False)
    context.close()


def test_a_cities_team_replay_draws_eight_cities_with_their_teams_in_portuguese(browser, live_server, loaded_catalogue, screenshot):
    from games.history.timeline import match_timeline

    match = store_cities_team_match()
    frames = match_timeline(match)
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    page.goto(live_server.url + page_url("match-detail", match.pk, lang="pt-br"))
    page.locator('[data-go="last"]').click()
    assert built_per_city(page) == {str(p["seat"]): len(p["built"]) for p in frames[-1]["players"]}
    assert page.locator("[data-cities] .tableau-team").count() == 8
    debts = page.evaluate("""() => [...document.querySelectorAll('[data-cities] .tableau .tableau-city')]
        .map(city => [Number(city.dataset.seat), Number(city.querySelector('.tableau-stat--debt').dataset.value)])""")
    assert sorted(debts) == [[p["seat"], p["debt"]] for p in frames[-1]["players"]]
    page.locator("[data-cities] .tableau").scroll_into_view_if_needed()
    screenshot(page, "replay-8p-teams-pt-br-desktop", full_page=False)
    page.set_viewport_size(NARROW)
    page.locator("[data-cities] .tableau").scroll_into_view_if_needed()
    screenshot(page, "replay-8p-teams-pt-br-phone", full_page=False)
    context.close()


def test_the_architects_replay_titles_a_step_with_the_player_who_made_it(browser, live_server, loaded_catalogue):
    from cards.loading_architects import load_architects

    load_architects()
    match = store_bot_match("architects", players=3, seed=3)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(live_server.url + page_url("match-detail", match.pk, lang="en"))
    where = page.locator("[data-where]")
    page.locator('[data-go="next"]').click()
    assert where.inner_text().startswith("Turn 1: ")
    page.locator('[data-go="next"]').click()
    assert where.inner_text().startswith("Turn 2: ")
    page.locator('[data-go="last"]').click()
    assert "The end" in where.inner_text() and where.inner_text().startswith("Turn ")
    context.close()
