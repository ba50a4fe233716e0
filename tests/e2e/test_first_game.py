"""A first game in three clicks in Chromium (issue 31, items 8 and 9), in English, Italian and
Brazilian Portuguese, at a desktop (1366x900) and a phone (390x844): sign up, the home page's
welcome, Play now against bots, the game page. And the layouts item 9 names: the header's search
box next to a 30-character name, the leaderboard in the phone navigation, a Cities team score
sheet whose Total column stays in its box at 1366 px, the invite link's copy button.

Screenshots: tests/e2e/out/first-game-<step>-<lang>-<size>.png."""
import re
import time

import pytest

from tests.factories import PASSWORD

pytestmark = pytest.mark.e2e

SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
WELCOME = {"en": "Welcome, %s!", "it": "Ti diamo il benvenuto, %s!", "pt-br": "Boas-vindas, %s!"}
PLAY_NOW = {"en": "Play now against bots", "it": "Gioca subito contro i bot", "pt-br": "Jogar agora contra bots"}
GAMES_TITLE = {"en": "The games on the site", "it": "I giochi del sito", "pt-br": "Os jogos do site"}
LEADERBOARD = {"en": "Leaderboard", "it": "Classifica", "pt-br": "Ranking"}
TEAMS_MODE = {"en": "7 Wonders with Cities, teams of two", "it": "7 Wonders con Cities, squadre di due",
              "pt-br": "7 Wonders com Cities, equipes de dois"}

STORE_TEAM_MATCH = (
    "import random\n"
    "from django.utils import timezone\n"
    "from games import engine\n"
    "from games.history.simulate import play, store_finished\n"
    "config = engine.normalize_config({'game': 'base', 'players': 8, 'expansions': ['cities'], 'teams': True})\n"
    "state = play(config, 9, ['medium'] * 8, random.Random(9))\n"
    "now = timezone.now()\n"
    "match = store_finished(config, 9, state, [(None, 'medium', False)] * 8, now, now, {n: 'bot' for n in range(8)})\n"
    "print('TEAMS=%d' % match.pk)\n"
)


def new_page(browser, size):
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


def sign_up(page, site, lang, name):
    page.goto(site.url(f"/{lang}/accounts/signup/"))
    page.fill("[name=username]", re.sub(r"\W", "", name.lower())[:24] + str(int(time.time() * 1000) % 10**5))
    page.fill("[name=display_name]", name)
    page.fill("[name=password1]", PASSWORD)
    page.fill("[name=password2]", PASSWORD)
    page.select_option("[name=preferred_language]", lang)
    page.click("form.account-form button[type=submit]")
    page.wait_for_load_state()


@pytest.fixture(scope="module")
def team_match(site):
    out = site.manage("shell", "-c", STORE_TEAM_MATCH)
    return int(next(line for line in out.splitlines() if line.startswith("TEAMS="))[len("TEAMS="):])


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("lang", ["en", "it", "pt-br"])
def test_a_new_player_reaches_a_started_game_in_three_clicks(site, browser, screenshot, lang, size):
    page = new_page(browser, size)
    page.goto(site.url(f"/{lang}/"))
    assert page.locator("#games-title").inner_text() == GAMES_TITLE[lang]
    screenshot(page, f"first-game-home-{lang}-{size}")
    # a 30-character display name, in the header too
    name = f"Massimiliano Bartolomeo {lang[:2]}{size[0]}"[:30].ljust(30, "x")
    sign_up(page, site, lang, name)
    welcome = page.locator(".welcome")
    assert welcome.locator("h2").inner_text() == WELCOME[lang] % name
    screenshot(page, f"first-game-welcome-{lang}-{size}")
    search = page.locator("#site-search-q").bounding_box()
    assert search["width"] >= 150, search  # room for a few words beside the long name
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    page.goto(site.url(f"/{lang}/play/"))
    assert page.locator("#quick-play-title").inner_text() == PLAY_NOW[lang]
    screenshot(page, f"first-game-lobby-{lang}-{size}")
    page.click("#play-now")
    page.wait_for_url(re.compile(r".*/play/\d+/game/$"))
    page.locator("#game-hand-cards .hand-card").first.wait_for()
    screenshot(page, f"first-game-game-{lang}-{size}", full_page=False)
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "it", "pt-br"])
def test_the_phone_navigation_has_the_leaderboard(site, browser, lang):
    page = new_page(browser, "phone")
    page.goto(site.url(f"/{lang}/"))
    link = page.locator(".main-nav a", has_text=LEADERBOARD[lang])
    assert link.is_visible()
    box = link.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES["phone"]["width"]
    # every link reads in full (no ellipsis)
    cut = page.evaluate("""() => [...document.querySelectorAll('.main-nav a')]
      .filter(a => a.offsetParent && a.scrollWidth > a.clientWidth).map(a => a.textContent)""")
    assert cut == []
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "it", "pt-br"])
def test_a_cities_team_score_sheet_keeps_its_total_in_its_box_at_1366_px(site, browser, screenshot, team_match, lang):
    page = new_page(browser, "desktop")
    page.goto(site.url(f"/{lang}/matches/{team_match}/"))
    assert TEAMS_MODE[lang] in page.locator(".page-head").inner_text()
    screenshot(page, f"first-game-match-header-{lang}-desktop", full_page=False)
    boxes = page.evaluate("""() => [...document.querySelectorAll('.score-sheet .table-scroll')]
      .map(box => [box.scrollWidth, box.clientWidth, box.tabIndex])""")
    assert len(boxes) == 2  # the players' sheet and the teams' sheet
    for scroll_width, client_width, tab_index in boxes:
        assert scroll_width <= client_width and tab_index == 0
    page.context.close()
    phone = new_page(browser, "phone")
    phone.goto(site.url(f"/{lang}/matches/{team_match}/"))
    screenshot(phone, f"first-game-match-header-{lang}-phone", full_page=False)
    phone.context.close()


def test_the_invite_link_is_copied_by_its_button(site, browser):
    context = browser.new_context(viewport=SIZES["desktop"])
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url(""))
    page = context.new_page()
    sign_up(page, site, "en", "Inviting Host")
    page.goto(site.url("/en/play/"))
    page.click(".create-form button[type=submit]")
    page.wait_for_url(re.compile(r".*/play/\d+/$"))
    invite = page.locator("#invite-url").input_value()
    page.click("#invite-copy")
    page.locator("#invite-status", has_text="Link copied").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == invite
    context.close()


HEADER_BOXES = """() => {
  const box = selector => { const node = document.querySelector(selector); const r = node.getBoundingClientRect();
                            return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const links = [...document.querySelectorAll('.main-nav a')].filter(a => a.offsetParent).map(a => a.getBoundingClientRect());
  return {nav: {left: Math.min(...links.map(r => r.left)), right: Math.max(...links.map(r => r.right)),
                top: Math.min(...links.map(r => r.top)), bottom: Math.max(...links.map(r => r.bottom))},
          search: box('.site-search'), account: box('.account-nav'), languages: box('.languages'),
          wide: document.documentElement.scrollWidth};
}"""


@pytest.mark.parametrize("width", [1200, 1280, 1366])
def test_the_headers_parts_never_overlap_beside_a_long_name_and_my_games_in_portuguese(site, browser, width):
    page = new_page(browser, "desktop")
    name = f"Massimiliano Bartolomeo P{width}x"  # 30 characters, the longest display name (unique per run)
    sign_up(page, site, "pt-br", name)
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(site.url("/pt-br/"))
    assert page.locator(".account-menu__name").get_attribute("title") == name
    boxes = page.evaluate(HEADER_BOXES)
    assert boxes.pop("wide") <= width
    names = sorted(boxes)
    for n, first in enumerate(names):
        for second in names[n + 1:]:
            a, b = boxes[first], boxes[second]
            apart = a["right"] <= b["left"] or b["right"] <= a["left"] or a["bottom"] <= b["top"] or b["bottom"] <= a["top"]
            assert apart, (width, first, a, second, b)
    assert page.locator("#site-search-q").bounding_box()["width"] >= 150
    page.context.close()


@pytest.mark.parametrize("lang", ["it", "pt-br"])
def test_on_a_phone_my_games_and_a_long_name_stay_on_the_screen(site, browser, lang):
    page = new_page(browser, "phone")
    name = f"Massimiliano Bartolomeo Ph{lang[:2]}xx"  # 30 characters
    sign_up(page, site, lang, name)
    for width in (360, 390):
        page.set_viewport_size({"width": width, "height": 844})
        page.goto(site.url(f"/{lang}/"))
        for selector in (".my-games-link", ".account-menu__toggle"):
            box = page.locator(selector).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (width, selector, box)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.context.close()
