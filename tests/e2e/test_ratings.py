"""Ratings in the browser (issue 26): the end panel shows the person's rating before and after a
rated game against bots; the leaderboard lists the bots and its people/everyone filter works; the
profile draws the rating chart. A real daphne in the embedded mode of `make run`, with the
committed bot calibration (games/history/data/bot_ratings.json). Each game is left at once (the
quickest rated game to finish: the bots play it out, and leaving counts as last place).

Screenshots at 1366x900 and 390x844, in Italian and Portuguese: tests/e2e/out/ratings-*.png."""
import re

import pytest

pytestmark = pytest.mark.e2e

WIDE = {"width": 1366, "height": 900}
NARROW = {"width": 390, "height": 844}
PLAY_TIMEOUT_MS = 120_000
WORDS = {
    "it": {"ratings": "Punteggi", "people": "Solo persone", "everyone": "Tutti", "bot": "BOT"},
    "pt-br": {"ratings": "Pontuações", "people": "Só pessoas", "everyone": "Todos", "bot": "BOT"},
}


@pytest.fixture
def wide_page(browser):
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def shoot_both(page, screenshot, name, target=None):
    """At both sizes: the element `target` in view (or the whole page)."""
    for size, label in ((WIDE, "wide"), (NARROW, "phone")):
        page.set_viewport_size(size)
        page.wait_for_timeout(250)
        if target:
            page.locator(target).scroll_into_view_if_needed()
        screenshot(page, f"{name}-{label}", full_page=target is None)
    page.set_viewport_size(WIDE)


def watch_for_errors(page):
    problems = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    return problems


def sign_in(site, page, username, lang):
    site.signup(username)
    http = site.login(username)
    page.context.add_cookies([
        {"name": "sessionid", "value": http.cookies["sessionid"], "domain": "127.0.0.1", "path": "/"},
        {"name": "django_language", "value": lang, "domain": "127.0.0.1", "path": "/"}])
    return http


def play_a_rated_game_and_leave(site, page, http, lang):
    """A 3-seat rated table against a medium and an easy bot, left at once; the end panel's ratings."""
    match_id = site.create_table(http, players=3, bots=["medium", "easy"])
    site.start_table(http, match_id)
    page.goto(site.url(f"/{lang}/play/{match_id}/game/"))
    page.locator("#game-hand-cards .hand-card").first.wait_for()
    page.locator("#leave-game").wait_for(state="attached")
    if not page.locator("#leave-game").is_visible() and page.locator("#table-menu > summary").count():
        page.locator("#table-menu > summary").click()  # the table's tools live in the header's menu
    page.locator("#leave-game").click()
    page.locator("#leave-confirm").click()
    page.locator("#moment-end").wait_for(state="visible", timeout=PLAY_TIMEOUT_MS)
    box = page.locator("#moment-end #table-ratings")
    box.wait_for(state="visible")
    return match_id, box


@pytest.mark.parametrize("lang", ["it", "pt-br"])
def test_the_end_panel_the_leaderboard_filter_and_the_profile_chart(site, wide_page, screenshot, lang):
    page = wide_page
    problems = watch_for_errors(page)
    username = f"e2e_ratings_{lang.replace('-', '_')}"
    http = sign_in(site, page, username, lang)
    words = WORDS[lang]

    # The end panel: the person's number before and after (left at once: last of three, a drop).
    match_id, box = play_a_rated_game_and_leave(site, page, http, lang)
    assert box.locator("h3").inner_text() == words["ratings"]
    row = box.locator(".table-ratings__row")
    assert row.count() == 1
    assert row.locator(".table-ratings__left").is_visible()  # the sheet may say otherwise: leaving is last
    numbers = re.fullmatch(r"(\d+) → (\d+) \(([−+±])(\d+)\)", row.locator(".table-ratings__numbers").inner_text())
    assert numbers, row.inner_text()
    before, after, sign, amount = int(numbers[1]), int(numbers[2]), numbers[3], int(numbers[4])
    assert before == 1500 and after < before and sign == "−" and amount == before - after
    body = http.get(site.url(f"/api/matches/{match_id}/"), timeout=30).json()
    [change] = body["rating_changes"]
    assert (change["rating_before"], change["rating_after"], change["rank"]) == (before, after, 3)
    shoot_both(page, screenshot, f"ratings-end-{lang}", "#moment-end")

    # A second game, so that the chart has a line.
    play_a_rated_game_and_leave(site, page, http, lang)

    # The leaderboard: the bots with their mark, the person; the filter leaves the people.
    page.goto(site.url(f"/{lang}/leaderboard/?mode=base"))
    bots = page.locator("tr.leaderboard__bot")
    assert bots.count() == 3
    assert all(words["bot"] in text.upper() for text in bots.all_inner_texts())
    me = page.locator("tr", has=page.locator(f"a[href*='/players/{username}/']"))
    assert me.count() == 1
    shoot_both(page, screenshot, f"ratings-leaderboard-{lang}")
    page.get_by_role("link", name=words["people"], exact=True).click()
    page.wait_for_url(re.compile(r"who=people"))
    assert page.locator("tr.leaderboard__bot").count() == 0
    assert page.locator("tr", has=page.locator(f"a[href*='/players/{username}/']")).count() == 1
    assert page.locator(".who-switch [aria-current=page]").inner_text() == words["people"]
    page.get_by_role("link", name=words["everyone"], exact=True).click()
    page.wait_for_url(re.compile(r"who=everyone"))
    assert page.locator("tr.leaderboard__bot").count() == 3

    # The profile: the chart draws the two results from 1500, the number beside it.
    me = page.locator("tr", has=page.locator(f"a[href*='/players/{username}/']"))
    me.locator("a").first.click()
    page.wait_for_url(re.compile(rf"/players/{username}/"))
    chart = page.locator("#rating-chart svg")
    chart.wait_for()
    points = chart.locator("polyline").get_attribute("points").split()
    assert len(points) == 3  # 1500, then after each game
    box = chart.bounding_box()
    assert box["width"] > 200 and box["height"] > 60
    ys = [float(point.split(",")[1]) for point in points]
    assert ys[0] < ys[1] < ys[2]  # two drops: lower on the page each time (y grows downwards)
    assert page.locator("#profile-rating").inner_text().split()[0].isdigit()
    shoot_both(page, screenshot, f"ratings-profile-{lang}", "#rating-title")
    assert problems == []
