"""The moments of a game table in the browser (templates/games/partials/moments.html,
static/js/table-moments.js): the tab's title on your turn, the conflicts at the end of an age,
leaving mid-game (a bot then plays the seat), the end-of-game panel and its links, the rematch.

The server is a real daphne process in the embedded mode of `make run`, as in test_play_game.py.
Screenshots (1366x900 and 390x844, it and pt-br) go to tests/e2e/out/ and /tmp/shots/table-moments/.
"""
import re
from pathlib import Path

import pytest

from tests.integration.live_stack import check_match_log

pytestmark = pytest.mark.e2e

WIDE = {"width": 1366, "height": 900}
NARROW = {"width": 390, "height": 844}
SHOTS = Path("/tmp/shots/table-moments")
PLAY_TIMEOUT_MS = 120_000


@pytest.fixture
def wide_page(browser):
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def shoot_both(page, screenshot, name, target):
    """The element `target` in view, at both sizes; the files are looked at by a person."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, label in ((WIDE, "wide"), (NARROW, "phone")):
        page.set_viewport_size(size)
        page.wait_for_timeout(250)
        page.locator(target).scroll_into_view_if_needed()
        path = screenshot(page, f"{name}-{label}", full_page=False)
        (SHOTS / path.name).write_bytes(path.read_bytes())
    page.set_viewport_size(WIDE)


def open_game(site, page, username, lang):
    site.signup(username)
    http = site.login(username)
    page.context.add_cookies([{"name": "sessionid", "value": http.cookies["sessionid"], "domain": "127.0.0.1",
                               "path": "/"}])
    match_id = site.create_table(http, players=3, bots=["medium", "easy"])
    site.start_table(http, match_id)
    page.goto(site.url(f"/{lang}/play/{match_id}/game/"))
    page.locator("#game-hand-cards .hand-card").first.wait_for()
    return match_id


def watch_for_errors(page):
    problems = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    return problems


HAND = "document.getElementById('game-age').textContent + [...document.querySelectorAll('.hand-card')].map(c => c.dataset.card).join()"


def play_until_the_age_ends(page):
    """Click a card and its discard on every turn until the conflicts panel opens (each move
    waits for the turn to resolve: a move of the next age would close the panel)."""
    deadline = page.evaluate("Date.now()") + PLAY_TIMEOUT_MS
    while page.locator("#moment-conflict").is_hidden():
        assert page.evaluate("Date.now()") < deadline, "age I did not end"
        mine = page.locator("#game-hand-cards .hand-card:not([disabled])")
        if mine.count() and not page.locator(".hand-card--chosen").count():
            before = page.evaluate(HAND)
            try:
                mine.first.click(timeout=3_000)
                page.locator("#game-choices .choice--discard").click(timeout=3_000)
                page.wait_for_function(f"() => ({HAND}) !== {before!r}", timeout=5_000)
            except Exception:  # noqa: BLE001 - the hand was drawn again under the click: look again
                pass
        page.wait_for_timeout(100)


def open_table_menu(page):
    """The table's header menu holds Sound and Leave."""
    if not page.locator("#table-menu").evaluate("menu => menu.open"):
        page.locator("#table-menu > summary").click()


def test_the_title_the_age_end_leaving_the_end_panel_and_the_rematch_in_italian(site, wide_page, screenshot):
    page = wide_page
    problems = watch_for_errors(page)
    match_id = open_game(site, page, "e2e_moments_it", "it")
    title = page.title()

    # Your turn while the tab is not looked at: the title says so, and is restored on focus.
    page.evaluate("document.hasFocus = () => false; window.dispatchEvent(new Event('blur'))")
    assert page.title() == "(!) Tocca a te · " + title
    page.evaluate("document.hasFocus = () => true; window.dispatchEvent(new Event('focus'))")
    assert page.title() == title
    assert page.locator("#game-waiting").inner_text().startswith("Stanno ancora scegliendo:")

    play_until_the_age_ends(page)
    panel = page.locator("#moment-conflict")
    assert panel.locator("h2").inner_text() == "Fine dell'epoca 1: i conflitti"
    assert panel.locator("li").count() == 3  # three cities: three neighbouring pairs
    shoot_both(page, screenshot, "moments-age-end-it", "#moment-conflict")
    panel.locator("#moment-conflict-close").click()
    assert panel.is_hidden()

    open_table_menu(page)
    page.locator("#leave-game").click()
    assert page.locator("#leave-dialog").is_visible()
    shoot_both(page, screenshot, "moments-leave-confirm-it", "#leave-dialog")
    page.locator("#leave-confirm").click()

    end = page.locator("#moment-end")
    end.wait_for(state="visible", timeout=PLAY_TIMEOUT_MS)
    # The age I panel was closed; the end brings the last conflicts.
    assert page.locator("#moment-conflict h2").inner_text() == "Fine dell'epoca 3: i conflitti"
    assert "Hai lasciato la partita" in page.locator("#game-waiting").inner_text()
    assert page.locator("#leave-game").get_attribute("hidden") is not None
    assert page.locator("#moment-winner").inner_text().startswith("Vince ") or "condivisa" in page.locator(
        "#moment-winner").inner_text()
    assert page.locator("#moment-sheet #game-scores thead th.is-winner").count() >= 1
    assert page.locator("#game-log").inner_text().count("ha lasciato la partita") == 1
    shoot_both(page, screenshot, "moments-end-it", "#moment-end")

    # Seat 0 (no turn timer): the person's moves, then, from the leave on, only the bot's.
    by = "".join({"player": "p", "bot": "b"}[r["by"]] for r in check_match_log(site, match_id)["log"]
                 if r["seat"] == 0)
    assert re.fullmatch(r"p{6,}b+", by), by

    for link, path in (("#moment-replay", f"/it/matches/{match_id}/"), ("#moment-lobby", "/it/play/"),
                       ("#moment-profile", "/it/players/e2e_moments_it/")):
        page.locator(link).click()
        page.wait_for_url(f"**{path}")
        assert page.locator("main h1").count()
        page.go_back()
        end.wait_for(state="visible")

    page.locator("#moment-rematch").click()
    page.wait_for_url(re.compile(r".*/it/play/\d+/$"))
    new_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    assert new_id != match_id
    assert page.locator(".seat-row").count() == 3
    page.locator("form[action$='/start/'] button").click()
    page.wait_for_url(f"**/it/play/{new_id}/game/")
    page.locator("#game-hand-cards .hand-card").first.wait_for()
    assert problems == []


def test_leaving_at_once_in_portuguese_shows_the_end_and_the_last_conflicts(site, wide_page, screenshot):
    page = wide_page
    problems = watch_for_errors(page)
    page.context.add_cookies([{"name": "django_language", "value": "pt-br", "domain": "127.0.0.1", "path": "/"}])
    match_id = open_game(site, page, "e2e_moments_pt", "pt-br")
    open_table_menu(page)
    page.locator("#leave-game").click()
    shoot_both(page, screenshot, "moments-leave-confirm-pt-br", "#leave-dialog")
    page.locator("#leave-confirm").click()
    page.locator("#moment-end").wait_for(state="visible", timeout=PLAY_TIMEOUT_MS)
    assert page.locator("#moment-conflict h2").inner_text() == "Fim da era 3: os conflitos"
    assert page.locator("#moment-end-title").inner_text() == "A partida terminou"
    shoot_both(page, screenshot, "moments-end-pt-br", "#moment-end")
    shoot_both(page, screenshot, "moments-age-end-pt-br", "#moment-conflict")
    assert check_match_log(site, match_id)["row"]["status"] == "finished"
    assert problems == []


def test_an_architects_table_gets_the_same_moments(site, wide_page, screenshot):
    page = wide_page
    problems = watch_for_errors(page)
    site.signup("e2e_moments_arch")
    http = site.login("e2e_moments_arch")
    page.context.add_cookies([{"name": "sessionid", "value": http.cookies["sessionid"], "domain": "127.0.0.1",
                               "path": "/"}])
    match_id = site.create_table(http, players=3, bots=["medium", "easy"], sides=None, game="architects")
    site.start_table(http, match_id)
    page.goto(site.url(f"/en/play/{match_id}/game/"))
    page.locator("#game-connection", has_text="Connected").wait_for()
    open_table_menu(page)
    sound = page.locator("#turn-sound")
    assert sound.get_attribute("aria-pressed") == "false"  # off by default
    sound.click()
    assert sound.get_attribute("aria-pressed") == "true"
    page.reload()
    page.locator("#game-connection", has_text="Connected").wait_for()
    assert sound.get_attribute("aria-pressed") == "true"  # remembered by this browser
    assert page.evaluate("localStorage.getItem('wonders.turnSound')") == "on"
    open_table_menu(page)
    page.locator("#leave-game").click()
    page.locator("#leave-confirm").click()
    page.locator("#moment-end").wait_for(state="visible", timeout=PLAY_TIMEOUT_MS)
    assert page.locator("#moment-sheet #game-scores thead th.is-winner").count() >= 1
    assert re.search(r"wins!|Shared win", page.locator("#moment-winner").inner_text())
    assert page.locator("#moment-conflict h2").inner_text() == "The battle"
    assert page.locator("#moment-fights li").count() == 3
    # The seat left is played by a bot to the end (the match's own log: the page's keeps the last
    # 200 lines only, and a whole Architects game played out after the leave can push its line out).
    assert {r["by"] for r in check_match_log(site, match_id)["log"] if r["seat"] == 0} == {"bot"}
    shoot_both(page, screenshot, "moments-end-architects-en", "#moment-end")
    assert problems == []


def test_a_cities_team_game_announces_the_winning_team_and_each_fight(site, wide_page, screenshot):
    page = wide_page
    problems = watch_for_errors(page)
    site.signup("e2e_moments_teams")
    http = site.login("e2e_moments_teams")
    page.context.add_cookies([{"name": "sessionid", "value": http.cookies["sessionid"], "domain": "127.0.0.1",
                               "path": "/"}])
    match_id = site.create_table(http, players=4, bots=["medium", "easy", "medium"],
                                 fields={"option_expansions": "cities", "option_teams": "True"})
    site.start_table(http, match_id)
    page.goto(site.url(f"/en/play/{match_id}/game/"))
    open_table_menu(page)
    page.locator("#leave-game").click()
    page.locator("#leave-confirm").click()
    page.locator("#moment-end").wait_for(state="visible", timeout=PLAY_TIMEOUT_MS)
    assert re.match(r"Team [12] wins: .+, .+|Shared win: ", page.locator("#moment-winner").inner_text())
    assert page.locator("#moment-conflict h2").inner_text() == "End of Age 3: the conflicts"
    # Teams: each player fights the adjacent opponent only, two fights in all (or fewer lines
    # when diplomacy keeps someone out, one line each).
    lines = page.locator("#moment-fights li").all_inner_texts()
    assert 2 <= len(lines) <= 4 and all(re.search(r"beats|are even|stays out", line) for line in lines), lines
    shoot_both(page, screenshot, "moments-end-cities-teams-en", "#moment-end")
    shoot_both(page, screenshot, "moments-age-end-cities-teams-en", "#moment-conflict")
    assert check_match_log(site, match_id)["row"]["status"] == "finished"
    assert problems == []
