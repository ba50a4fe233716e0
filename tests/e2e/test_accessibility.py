"""axe-core (tests/e2e/vendor/axe-core, 4.14.1) inside Chromium on every kind of page, at a desktop
(1366x900) and a phone (390x844) size: no critical or serious violation anywhere. Plus what axe
cannot see: the keyboard reaches the game log and the sideways-scrolling tables, Escape closes an
open choice list, and every seat has a unique label.

One real server (daphne, embedded mode) for the module: a player, a table waiting for players,
running games (base against two bots of one level, Cities in teams at 8, the 2-player variant,
Architects), and finished matches of each stored with the engine. PAGES lists every kind of page
(issue 31, item 10): the catalogue, rules and search, the Architects pages, the lobby, the table,
the games, replays and match pages, the history pages, the calculator in its modes, the account
pages (sign-up and login as a visitor) and the API docs."""
import hashlib
import json
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

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

# Finished matches stored with the engine, the player at seat 0: one per game and mode.
FINISHED = {"finished": {"game": "base", "players": 3},
            "finished-cities": {"game": "base", "players": 8, "expansions": ["cities"], "teams": True},
            "finished-2p": {"game": "base", "players": 2},
            "finished-architects": {"game": "architects", "players": 3}}
STORE_FINISHED = (
    "import json, random\n"
    "from django.contrib.auth import get_user_model\n"
    "from django.utils import timezone\n"
    "from games import engine\n"
    "from games.history.simulate import play, store_finished\n"
    f"user = get_user_model().objects.get(username={PLAYER!r})\n"
    "for key, raw in json.loads(%r).items():\n"
    "    config = engine.normalize_config(raw)\n"
    "    n = config['players']\n"
    "    state = play(config, 3, ['medium'] * n, random.Random(3))\n"
    "    seats = [(user, '', False)] + [(None, 'medium', False)] * (n - 1)\n"
    "    now = timezone.now()\n"
    "    match = store_finished(config, 3, state, seats, now, now, {s: 'player' if s == 0 else 'bot' for s in range(n)})\n"
    "    print('STORED %%s=%%d' %% (key, match.pk))\n"
) % json.dumps(FINISHED)
CITIES_TEAMS = {"option_expansions": "cities", "option_teams": "True"}


@pytest.fixture(scope="module")
def site():
    stack = LiveStack(embedded=True, name="e2e-a11y")
    stack.start()
    try:
        http = stack.signup(PLAYER)
        ids = {"waiting": stack.create_table(http, players=3, bots=["", "medium"]),
               "running": stack.create_table(http, players=3, bots=["medium", "medium"]),
               "running-cities": stack.create_table(http, players=8, bots=["medium"] * 7, fields=CITIES_TEAMS),
               "running-2p": stack.create_table(http, players=2, bots=["medium"]),
               "running-architects": stack.create_table(http, players=3, bots=["medium", "medium"], sides=None,
                                                        game="architects")}
        for key in ("running", "running-cities", "running-2p", "running-architects"):
            _start(stack, http, ids[key])
        for line in stack.manage("shell", "-c", STORE_FINISHED).splitlines():
            if line.startswith("STORED "):
                key, _, match_id = line[len("STORED "):].partition("=")
                ids[key] = int(match_id)
        stack.ids = ids
        stack.http = http
        yield stack
    finally:
        stack.stop()


def _start(stack, http, match_id):
    response = stack._post(http, f"/en/play/{match_id}/start/", {})
    assert response.status_code in (302, 303), response.text[:500]


# Every kind of page the site serves: (kind, the path for a language and the fixture's ids, signed in?).
PAGES = [
    ("home", lambda ids: "/{lang}/", True),
    ("cards", lambda ids: "/{lang}/cards/", True),
    ("card", lambda ids: "/{lang}/cards/baths/", True),
    ("wonders", lambda ids: "/{lang}/wonders/", True),
    ("wonder", lambda ids: "/{lang}/wonders/giza/", True),
    ("rules-index", lambda ids: "/{lang}/rules/", True),
    ("rules", lambda ids: "/{lang}/rules/overview/", True),
    ("search", lambda ids: "/{lang}/search/?q=science", True),
    ("architects-cards", lambda ids: "/{lang}/architects/cards/", True),
    ("architects-wonders", lambda ids: "/{lang}/architects/wonders/", True),
    ("architects-progress", lambda ids: "/{lang}/architects/progress-tokens/", True),
    ("architects-tokens", lambda ids: "/{lang}/architects/tokens/", True),
    ("lobby", lambda ids: "/{lang}/play/", True),
    ("table", lambda ids: f"/{{lang}}/play/{ids['waiting']}/", True),
    ("running-game", lambda ids: f"/{{lang}}/play/{ids['running']}/game/", True),
    ("running-game-cities", lambda ids: f"/{{lang}}/play/{ids['running-cities']}/game/", True),
    ("running-game-2p", lambda ids: f"/{{lang}}/play/{ids['running-2p']}/game/", True),
    ("running-game-architects", lambda ids: f"/{{lang}}/play/{ids['running-architects']}/game/", True),
    ("finished-game", lambda ids: f"/{{lang}}/play/{ids['finished']}/game/", True),
    ("replay", lambda ids: f"/{{lang}}/matches/{ids['finished']}/", True),
    ("replay-cities", lambda ids: f"/{{lang}}/matches/{ids['finished-cities']}/", True),
    ("replay-2p", lambda ids: f"/{{lang}}/matches/{ids['finished-2p']}/", True),
    ("replay-architects", lambda ids: f"/{{lang}}/matches/{ids['finished-architects']}/", True),
    ("match-running", lambda ids: f"/{{lang}}/matches/{ids['running']}/", True),
    ("profile", lambda ids: f"/{{lang}}/players/{PLAYER}/", True),
    ("profile-architects", lambda ids: f"/{{lang}}/players/{PLAYER}/?mode=architects", True),
    ("leaderboard", lambda ids: "/{lang}/leaderboard/", True),
    ("leaderboard-cities-teams", lambda ids: "/{lang}/leaderboard/?mode=cities-teams", True),
    ("player-search", lambda ids: f"/{{lang}}/players/?q={PLAYER[:5]}", True),
    ("wonder-statistics", lambda ids: "/{lang}/wonder-statistics/", True),
    ("calculator", lambda ids: "/{lang}/score-sheet/", True),
    ("calculator-cities-teams", lambda ids: "/{lang}/score-sheet/?game=base&mode=cities-teams", True),
    ("calculator-architects", lambda ids: "/{lang}/score-sheet/?game=architects", True),
    ("account", lambda ids: "/{lang}/accounts/profile/", True),
    ("password-change", lambda ids: "/{lang}/accounts/password/", True),
    ("signup", lambda ids: "/{lang}/accounts/signup/", False),
    ("login", lambda ids: "/{lang}/accounts/login/", False),
    ("home-visitor", lambda ids: "/{lang}/", False),
    ("lobby-visitor", lambda ids: "/{lang}/play/", False),
    ("api-docs", lambda ids: "/api/docs/", True),
]


def pages(site, signed_in=True):
    return {kind: build(site.ids) for kind, build, member in PAGES if member == signed_in}


@pytest.fixture(scope="module")
def axe_source():
    source = AXE.read_bytes()
    assert hashlib.sha256(source).hexdigest() == AXE_SHA256, "tests/e2e/vendor/axe-core/axe.min.js changed"
    return source.decode()


def logged_in_page(browser, site, viewport, signed_in=True):
    # The site's CSP allows only its own scripts; axe is the test's, injected past it.
    context = browser.new_context(viewport=viewport, bypass_csp=True)
    if signed_in:
        context.add_cookies([{"name": "sessionid", "value": site.http.cookies["sessionid"], "domain": "127.0.0.1",
                              "path": "/"}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


# The board has drawn its first snapshot (static/js/play-common.js measures it).
BOARD_DRAWN = "() => performance.getEntriesByName('wonders:first-render').length > 0"


def settle(page, kind):
    page.wait_for_load_state("networkidle")
    if kind.startswith("lobby"):  # the per-seat options (a wonder for each seat) are checked open
        page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    elif kind.startswith(("running-game", "finished-game")):
        page.wait_for_function(BOARD_DRAWN)
        page.wait_for_load_state("networkidle")
    elif kind == "api-docs":
        page.locator("[id^='operation/']").first.wait_for()
    elif kind.startswith("replay"):
        page.wait_for_function("() => (document.querySelector('[data-where]') || {}).textContent")


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
    problems = {}
    for signed_in in (True, False):
        page = logged_in_page(browser, site, SIZES[size], signed_in)
        for kind, path in pages(site, signed_in).items():
            page.goto(site.url(path.format(lang=lang)))
            try:
                settle(page, kind)
            except PlaywrightTimeout as error:
                problems[kind] = f"not drawn: {str(error).splitlines()[0]}"
                continue
            found = violations(page, axe_source, kind)
            if found:
                problems[kind] = found
        page.context.close()
    assert not problems, json.dumps(problems, indent=1)


def test_the_game_log_and_the_sideways_scrolling_tables_are_reached_by_keyboard(site, browser):
    page = logged_in_page(browser, site, SIZES["phone"])
    for path, ready in ((f"/it/play/{site.ids['running']}/game/", "#game-players .table-scroll"),
                        (f"/it/matches/{site.ids['finished']}/", ".table-scroll"),
                        (f"/it/players/{PLAYER}/", ".table-scroll"),
                        ("/it/wonder-statistics/", ".table-scroll")):
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
