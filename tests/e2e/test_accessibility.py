"""axe-core (tests/e2e/vendor/axe-core, 4.14.1) inside Chromium on every kind of page, at a desktop
(1366x900) and a phone (390x844) size: no critical or serious violation anywhere. Plus what axe
cannot see: the keyboard reaches the game log and the sideways-scrolling tables, Escape closes an
open choice list, and every seat has a unique label.

One real server (daphne, embedded mode) for the module: a player, a table waiting for players, a
running game against two bots of one level, and a finished bot match stored with the engine."""
import hashlib
import json
from pathlib import Path

import pytest

from tests.integration.live_stack import LiveStack

pytestmark = pytest.mark.e2e

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
AXE_SHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"
SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
BLOCKING = {"critical", "serious"}
# Moderate and minor rules the site was found to break (issue 12): held to as strictly.
ALSO_FAILING = {"landmark-unique", "heading-order", "empty-table-header", "label", "select-name",
                "scrollable-region-focusable"}
# Redoc's markup (the API docs), not ours: its operations' headings skip levels (moderate).
THIRD_PARTY = {"api-docs": {"heading-order"}}
PLAYER = "e2e_a11y"

STORE_FINISHED = (
    "from django.contrib.auth import get_user_model\n"
    "from tests.factories import store_bot_match\n"
    f"user = get_user_model().objects.get(username={PLAYER!r})\n"
    "print('FINISHED=%d' % store_bot_match('base', players=3, seed=3, users=[user]).pk)\n"
)


@pytest.fixture(scope="module")
def site():
    stack = LiveStack(embedded=True, name="e2e-a11y")
    stack.start()
    try:
        http = stack.signup(PLAYER)
        waiting = stack.create_table(http, players=3, bots=["", "medium"])
        running = stack.create_table(http, players=3, bots=["medium", "medium"])
        _start(stack, http, running)
        finished = int(next(line for line in stack.manage("shell", "-c", STORE_FINISHED).splitlines()
                            if line.startswith("FINISHED="))[len("FINISHED="):])
        stack.ids = {"waiting": waiting, "running": running, "finished": finished}
        stack.http = http
        yield stack
    finally:
        stack.stop()


def _start(stack, http, match_id):
    response = stack._post(http, f"/en/play/{match_id}/start/", {})
    assert response.status_code in (302, 303), response.text[:500]


def pages(site):
    ids = site.ids
    return {
        "home": "/{lang}/",
        "cards": "/{lang}/cards/",
        "card": "/{lang}/cards/baths/",
        "wonder": "/{lang}/wonders/giza/",
        "rules": "/{lang}/rules/overview/",
        "search": "/{lang}/search/?q=science",
        "lobby": "/{lang}/play/",
        "table": f"/{{lang}}/play/{ids['waiting']}/",
        "running-game": f"/{{lang}}/play/{ids['running']}/game/",
        "finished-game": f"/{{lang}}/play/{ids['finished']}/game/",
        "replay": f"/{{lang}}/matches/{ids['finished']}/",
        "profile": f"/{{lang}}/players/{PLAYER}/",
        "leaderboard": "/{lang}/leaderboard/",
        "player-search": f"/{{lang}}/players/?q={PLAYER[:5]}",
        "calculator": "/{lang}/score-sheet/",
        "api-docs": "/api/docs/",
    }


@pytest.fixture(scope="module")
def axe_source():
    source = AXE.read_bytes()
    assert hashlib.sha256(source).hexdigest() == AXE_SHA256, "tests/e2e/vendor/axe-core/axe.min.js changed"
    return source.decode()


def logged_in_page(browser, site, viewport):
    # The site's CSP allows only its own scripts; axe is the test's, injected past it.
    context = browser.new_context(viewport=viewport, bypass_csp=True)
    context.add_cookies([{"name": "sessionid", "value": site.http.cookies["sessionid"], "domain": "127.0.0.1",
                          "path": "/"}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


def settle(page, kind):
    page.wait_for_load_state("networkidle")
    if kind == "lobby":  # the per-seat options (a wonder for each seat) are checked open
        page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    elif kind == "running-game":
        page.locator("#game-hand-cards .hand-card").first.wait_for()
    elif kind == "finished-game":
        page.locator("#game-scores:not([hidden])").wait_for()
    elif kind == "api-docs":
        page.locator("[id^='operation/']").first.wait_for()
    elif kind == "replay":
        page.locator("[data-where]").filter(has_text="·").wait_for()


def violations(page, axe_source, kind=""):
    page.evaluate(axe_source)
    found = page.evaluate("""async () => {
      const result = await axe.run(document, {resultTypes: ['violations']});
      return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 4).map(n => n.target.join(' '))}));
    }""")
    return [v for v in found if (v["impact"] in BLOCKING or v["id"] in ALSO_FAILING)
            and v["id"] not in THIRD_PARTY.get(kind, ())]


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("lang", ["it", "pt-br"])
def test_no_page_has_a_critical_or_serious_accessibility_violation(site, browser, axe_source, size, lang):
    page = logged_in_page(browser, site, SIZES[size])
    problems = {}
    for kind, path in pages(site).items():
        page.goto(site.url(path.format(lang=lang)))
        settle(page, kind)
        found = violations(page, axe_source, kind)
        if found:
            problems[kind] = found
    page.context.close()
    assert not problems, json.dumps(problems, indent=1)


def test_the_game_log_and_the_sideways_scrolling_tables_are_reached_by_keyboard(site, browser):
    page = logged_in_page(browser, site, SIZES["phone"])
    for path, ready in ((f"/it/play/{site.ids['running']}/game/", "#game-players .table-scroll"),
                        (f"/it/matches/{site.ids['finished']}/", ".table-scroll"),
                        (f"/it/players/{PLAYER}/", ".table-scroll")):
        page.goto(site.url(path))
        page.locator(ready).first.wait_for()
        unreachable = page.evaluate("""() => [...document.querySelectorAll('.table-scroll, #game-log')]
          .filter(node => node.tabIndex !== 0 || !(node.getAttribute('aria-labelledby') || node.getAttribute('aria-label')))
          .map(node => node.className || node.id)""")
        assert unreachable == [], (path, unreachable)
    page.goto(site.url(f"/it/play/{site.ids['running']}/game/"))
    page.locator("#game-players .table-scroll").wait_for()
    # the players table's screen-reader-only headers stay inside its scrolling box
    assert page.evaluate("document.scrollingElement.scrollWidth") <= SIZES["phone"]["width"]
    page.locator("#game-log").focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "game-log"
    page.context.close()


def test_escape_closes_an_open_choice_list_and_gives_the_focus_back_to_the_card(site, browser):
    page = logged_in_page(browser, site, SIZES["desktop"])
    page.goto(site.url(f"/pt-br/play/{site.ids['running']}/game/"))
    card = page.locator("#game-hand-cards .hand-card:not([disabled])").first
    card.wait_for()
    name = card.get_attribute("data-card")
    card.click()
    choices = page.locator("#game-choices")
    choices.locator(".choice").first.wait_for()
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#game-choices .choice')")
    assert page.evaluate("document.activeElement.dataset.card") == name
    page.context.close()


def test_two_bots_of_one_level_have_distinct_labels_at_the_table_and_in_the_replay(site, browser):
    page = logged_in_page(browser, site, SIZES["desktop"])
    page.goto(site.url(f"/it/play/{site.ids['running']}/game/"))
    rows = page.locator("#game-players tbody th")
    rows.first.wait_for()
    names = [text.split("\n")[0].strip() for text in rows.all_inner_texts()]  # the wonder is on a line of its own
    assert len(set(names)) == 3, names
    assert "bot medio (avido) · Posto 2" in names and "bot medio (avido) · Posto 3" in names, names
    page.goto(site.url(f"/it/matches/{site.ids['finished']}/"))
    seats = json.loads(page.locator("#replay-data").text_content())["seats"]
    assert len(set(seats)) == 3, seats
    page.context.close()
