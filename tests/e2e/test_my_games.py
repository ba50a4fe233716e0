"""My games, the header badge and the notification settings in Chromium (issue 27), on the embedded
site of `make run` (bots and notifications in-process, the console e-mail backend).

The badge goes up over the player's own socket (/ws/me/) when another player's move ends a step
and the next one waits on them, without a reload; My games redraws its list; with the tab hidden and
notices allowed, the browser shows one (the Notification API, stood in for by an init script). Screenshots at
1366x900 and 390x844, in Italian and Brazilian Portuguese: tests/e2e/out/my-games-*.png and
tests/e2e/out/notification-settings-*.png."""
import asyncio
import threading
from datetime import date, timedelta

import pytest
from playwright.sync_api import expect

from tests.integration.live_stack import LiveClient

pytestmark = pytest.mark.e2e

SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


def signed_in(browser, site, username, size, lang):
    site.signup(username)
    http = site.login(username)
    context = browser.new_context(viewport=SIZES[size], locale=lang, is_mobile=size == "phone",
                                  has_touch=size == "phone")
    context.add_cookies([{"name": "sessionid", "value": http.cookies["sessionid"], "domain": "127.0.0.1",
                          "path": "/"}])
    # A stand-in for the browser's Notification API, allowed, with this tab hidden: what the badge's
    # script would show is recorded in window.notices.
    context.add_init_script("""
        window.notices = [];
        window.Notification = function (title, options) { window.notices.push([title, options.body]); };
        window.Notification.permission = "granted";
        window.Notification.requestPermission = function () { return Promise.resolve("granted"); };
        Object.defineProperty(document, "hidden", { get: function () { return true; } });
    """)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return http, context, page


def watch_for_errors(page, problems):
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)


def move_elsewhere(site, sessionid, match_id, name):
    """A seat's first legal move over its own WebSocket, from another thread (Playwright's sync API
    holds this one's event loop)."""
    async def move():
        client = LiveClient(site, match_id, sessionid, name=name)
        await client.connect()
        sent = await client.act(client.legal[0])
        await client.wait_ack(sent["client_id"])
        await client.close()

    done = []

    def run():
        asyncio.run(move())
        done.append(True)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    assert done == [True], "the move over the WebSocket did not finish"


@pytest.mark.parametrize("lang,size", [("it", "desktop"), ("pt-br", "phone"), ("it", "phone"), ("pt-br", "desktop")])
def test_the_badge_goes_up_live_when_a_step_starts_waiting_on_you(browser, site, screenshot, lang, size):
    tag = lang.replace("-", "")
    ann, bob = f"ann_{tag}_{size}", f"bob_{tag}_{size}"
    http_ann, context, page = signed_in(browser, site, ann, size, lang)
    site.signup(bob)
    http_bob = site.login(bob)
    match_id = site.create_table(http_ann, players=3, bots=["", "medium"], fields={"pace": "86400"})
    site.join_table(http_bob, match_id)
    site.start_table(http_ann, match_id)
    problems = []
    watch_for_errors(page, problems)
    page.goto(site.url(f"/{lang}/play/mine/"))
    badge = page.locator("#my-games-badge")
    assert badge.inner_text() == "1"  # the first turn waits on Ann
    row = page.locator(f'.my-games__table[data-table="{match_id}"]')
    assert row.locator(".my-games__turn").count() == 1
    move_elsewhere(site, http_ann.cookies["sessionid"], match_id, ann)
    expect(badge).to_be_hidden()
    expect(page.locator(f'.my-games__table[data-table="{match_id}"] .my-games__turn')).to_have_count(0)
    move_elsewhere(site, http_bob.cookies["sessionid"], match_id, bob)  # the turn ends: the next waits on Ann
    expect(badge).to_have_text("1")
    expect(badge).to_be_visible()
    expect(page.locator(f'.my-games__table[data-table="{match_id}"] .my-games__turn')).to_have_count(1)
    # the tab is hidden: the browser showed one notice, for this table, in the page's language
    notices = page.evaluate("window.notices")
    assert len(notices) == 1 and f"{match_id})" in notices[0][1] and "7 Wonders" in notices[0][1]
    assert notices[0][0] == {"it": "Un tavolo aspetta te", "pt-br": "Uma mesa espera por você"}[lang]
    # the link opens the table on the current choice
    href = row.locator("a.my-games__open").get_attribute("href")
    assert href.endswith(f"/play/{match_id}/game/#game-prompt")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    screenshot(page, f"my-games-{size}-{lang}")
    page.goto(site.url(f"/{lang}/play/"))
    assert page.locator("#my-games-badge").inner_text() == "1"  # in the header of every page
    screenshot(page, f"my-games-header-{size}-{lang}", full_page=False)
    assert problems == []
    context.close()


@pytest.mark.parametrize("lang,size", [("it", "desktop"), ("pt-br", "phone"), ("it", "phone"),
                                       ("pt-br", "desktop")])
def test_the_settings_page_saves_the_digest_and_a_holiday(browser, site, screenshot, lang, size):
    name = f"cleo_{lang.replace('-', '')}_{size}"
    _, context, page = signed_in(browser, site, name, size, lang)
    problems = []
    watch_for_errors(page, problems)
    page.goto(site.url(f"/{lang}/accounts/notifications/"))
    page.locator('input[name="notify_by"][value="digest"]').check()
    page.fill('input[name="email"]', f"{name}@example.org")
    until = date.today() + timedelta(days=7)
    page.fill('input[name="holiday_until"]', until.isoformat())
    page.locator("#notification-settings button[type=submit]").click()
    page.wait_for_load_state()
    assert page.locator('input[name="notify_by"][value="digest"]').is_checked()
    assert page.input_value('input[name="holiday_until"]') == until.isoformat()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    screenshot(page, f"notification-settings-{size}-{lang}")
    assert problems == []
    context.close()
