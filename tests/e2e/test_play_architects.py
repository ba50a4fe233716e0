"""A whole 7 Wonders Architects game in the browser: sign up, create a 3-seat Architects table with
two bots from the lobby form, start it, and take every decision by clicking on the table (a deck, a
progress tile, a stage of your wonder, a card looked at) or on the bar (the cat's peek, no extra
card, a payment or science set when there are several); some by keyboard (Tab to it, Enter). Then
the score sheet. On a phone, choices are tapped and nothing scrolls sideways.

The server is a real daphne process in the embedded mode (see test_play_game.py). Screenshots go
to tests/e2e/out/: architects-{midgame,score-sheet}-{desktop,phone}.png.
"""
import json
import random
import re
import time

import pytest

from tests.factories import DESKTOP, PHONE
from tests.integration.live_stack import PASSWORD, check_match_log

pytestmark = pytest.mark.e2e

GAME_TIMEOUT = 300
NO_SIDEWAYS_SCROLL = "document.scrollingElement.scrollWidth"


CHOICES = "#arch-board [data-act]:not([disabled]), #arch-choices button:not([disabled]):not([data-cancel])"
# A stage or a token with several payments or science sets opens the bar's chooser: not a move yet.
OPENED_CHOOSER = "() => document.getElementById('arch-choices-panel').hasAttribute('data-pending')"
PAGE_STATE = """() => {
  const choices = [...document.querySelectorAll('%s')];
  return {
    choices: choices.length,
    signature: document.getElementById('game-age').textContent + '|' +
               choices.map(b => b.getAttribute('data-act') || b.textContent).join('|'),
    over: !document.getElementById('game-scores').hidden,
  };
}""" % CHOICES


# After a keyboard move the focus stays with the table's choices (the bar's, or the table's heading while
# there are none).
FOCUS_IN_CHOICES = """() => {
  const node = document.activeElement;
  return node.hasAttribute('data-act') || document.getElementById('arch-choices-panel').contains(node)
    || node.id === 'arch-table-title'
    || !document.getElementById('game-scores').hidden;
}"""


def play_by_clicking(page, rng, shoot=None, keyboard_every=5, tap=False):
    """Choose among the table's and the bar's choices until the score sheet shows; every
    `keyboard_every`-th move by focus and Enter. Returns (moves, keyboard moves)."""
    moves = keyed = 0
    check_focus = False
    acted_on, acted_at = None, 0.0
    end = time.monotonic() + GAME_TIMEOUT
    while time.monotonic() < end:
        state = page.evaluate(PAGE_STATE)
        if state["over"]:
            return moves, keyed
        fresh = state["signature"] != acted_on or time.monotonic() - acted_at > 10
        if check_focus and state["signature"] != acted_on:
            assert page.evaluate(FOCUS_IN_CHOICES), page.evaluate("document.activeElement.outerHTML")
            check_focus = False
        if state["choices"] and fresh:
            if shoot and moves == 15:
                shoot("architects-midgame")
            pick = rng.randrange(state["choices"])
            button = page.locator(CHOICES).nth(pick)
            try:
                if moves % keyboard_every == keyboard_every - 1:
                    button.focus(timeout=3_000)
                    page.keyboard.press("Enter")
                    keyed += 1
                    check_focus = True
                elif tap:
                    button.tap(timeout=3_000)
                else:
                    button.click(timeout=3_000)
            except Exception:  # noqa: BLE001 - the choices were redrawn under the click: look again
                page.wait_for_timeout(150)
                continue
            if page.evaluate(OPENED_CHOOSER):  # the bar asks which payment: not a move yet
                continue
            moves += 1
            acted_on, acted_at = state["signature"], time.monotonic()
        page.wait_for_timeout(100)
    raise AssertionError(f"the game did not end in {GAME_TIMEOUT} s ({moves} moves)")


def sign_up(page, site, username):
    page.goto(site.url("/en/accounts/signup/"))
    page.fill("#id_username", username)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click(".account-form button[type=submit]")
    page.wait_for_load_state("networkidle")
    assert "/accounts/signup/" not in page.url


def test_a_player_creates_an_architects_table_with_two_bots_and_plays_it_to_the_end_by_clicking(
        site, desktop_page, screenshot):
    page = desktop_page
    problems = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)

    def shoot(name):
        screenshot(page, f"{name}-desktop")
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(300)
        screenshot(page, f"{name}-phone")
        assert page.evaluate(NO_SIDEWAYS_SCROLL) <= PHONE["width"]
        page.set_viewport_size(DESKTOP)
        page.wait_for_timeout(300)

    sign_up(page, site, "e2e_architect")
    page.goto(site.url("/en/play/"))
    page.select_option("#choose-game-select", "architects")
    if page.locator("#choose-game").is_visible():  # without script the chooser is a button
        page.click("#choose-game")
    page.wait_for_url("**/play/?game=architects")
    page.select_option("#id_players", "3")
    page.select_option("#id_seat_1", "medium")
    page.select_option("#id_seat_2", "easy")
    page.click(".per-seat-option summary")
    page.select_option("#id_option_wonders_0", "halicarnassus")
    page.click(".create-form button[type=submit]")
    page.wait_for_url("**/play/*/")
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    page.click("text=Start the game")
    page.wait_for_url(f"**/play/{match_id}/game/")
    page.locator("#arch-table .arch-deck").first.wait_for(timeout=15_000)  # the first snapshot is drawn
    assert page.locator("#arch-table .arch-deck").count() == 4  # three wonder decks and the central one
    assert "Central deck" in page.locator("#arch-table").inner_text()
    assert page.locator("#arch-players .arch-seat").count() == 3

    moves, keyed = play_by_clicking(page, random.Random(7), shoot)

    sheet = page.locator("#game-score-sheet table.score-sheet")
    sheet.wait_for()
    assert sheet.locator("thead th").count() == 1 + 3 and "(you)" in sheet.locator("thead").inner_text()
    assert "Built stages" in sheet.inner_text() and "Cat" in sheet.inner_text()
    assert page.locator("#arch-choices-panel").is_hidden()
    assert "the game is over" in page.locator("#game-prompt").inner_text()
    page.locator("#game-scores").scroll_into_view_if_needed()
    shoot("architects-score-sheet")

    checked = check_match_log(site, match_id)
    assert checked["row"]["status"] == "finished"
    mine = [r for r in checked["log"] if r["seat"] == 0]
    assert moves == len(mine) and keyed >= 1
    assert {r["by"] for r in mine} == {"player"}
    assert {r["action"]["type"] for r in mine} >= {"take", "build"}
    assert problems == []


def test_an_architects_game_is_played_by_tapping_on_a_phone_without_sideways_scrolling(site, page, browser, screenshot):
    site.signup("e2e_arch_phone")
    http = site.login("e2e_arch_phone")
    page.context.add_cookies([{"name": "sessionid", "value": http.cookies["sessionid"], "domain": "127.0.0.1",
                               "path": "/"}])
    match_id = site.create_table(http, players=7, bots=["medium", "easy"] * 3, sides=None, game="architects",
                                 fields={"pace": "live", "missed_limit": 3})
    site.start_table(http, match_id)
    page.goto(site.url(f"/en/play/{match_id}/game/"))
    page.locator("#arch-table .arch-deck").first.wait_for(timeout=15_000)
    assert page.locator("#arch-table .arch-deck").count() == 8
    widths = [page.evaluate(NO_SIDEWAYS_SCROLL)]
    watcher_context = browser.new_context(viewport=PHONE)
    watcher = watcher_context.new_page()
    watcher.goto(site.url(f"/en/play/{match_id}/game/"))
    watcher.locator("#arch-table .arch-deck").first.wait_for(timeout=15_000)
    assert "You are watching this game." in watcher.locator("#game-prompt").inner_text()
    assert watcher.locator("#arch-choices-panel").is_hidden() and watcher.locator("#arch-table .arch-deck").count() == 8
    assert watcher.locator("#arch-board [data-act]").count() == 0  # a spectator has nothing to click
    moves, _keyed = play_by_clicking(page, random.Random(2), keyboard_every=10 ** 6, tap=True)
    watcher.locator("#game-scores").wait_for(timeout=15_000)
    assert watcher.locator("#game-score-sheet tr.total td").count() == 7
    watcher_context.close()
    widths.append(page.evaluate(NO_SIDEWAYS_SCROLL))
    screenshot(page, "architects-seven-players-phone")
    assert moves and max(widths) <= PHONE["width"]
    assert check_match_log(site, match_id)["row"]["status"] == "finished"


def test_a_move_lost_with_the_connection_is_sent_again_after_the_reconnect_and_played_once(site, desktop_page):
    """play-common.js (every board's session): the act the page sent when the socket dropped, with no
    ack, goes again with the same client_id once the new snapshot shows the same step."""
    page = desktop_page
    site.signup("e2e_arch_resend")
    http = site.login("e2e_arch_resend")
    page.context.add_cookies([{"name": "sessionid", "value": http.cookies["sessionid"], "domain": "127.0.0.1",
                               "path": "/"}])
    match_id = site.create_table(http, players=2, bots=["medium"], sides=None, game="architects",
                                 fields={"pace": "live", "missed_limit": 3})
    site.start_table(http, match_id)
    seen = {"connections": 0, "dropped": None, "after": []}

    def route(ws):
        seen["connections"] += 1
        first = seen["connections"] == 1
        server = ws.connect_to_server()

        def from_page(message):
            data = json.loads(message)
            if data.get("type") == "act" and first and seen["dropped"] is None:
                seen["dropped"] = data  # lost on the way: the server never hears it
                ws.close(code=4000, reason="dropped for the test")
                server.close()
                return
            if data.get("type") == "act" and not first:
                seen["after"].append(data)
            server.send(message)

        ws.on_message(from_page)

    page.route_web_socket(re.compile(r"/ws/games/\d+/"), route)
    page.goto(site.url(f"/en/play/{match_id}/game/"))
    page.locator("#arch-board [data-act]:not([disabled])").first.click()
    page.wait_for_function("() => document.getElementById('game-connection').textContent === 'Connected'"
                           " && document.querySelector('#arch-board [data-act]') !== null", timeout=15_000)
    deadline = time.monotonic() + 15
    while not seen["after"] and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert seen["dropped"] and seen["connections"] >= 2
    assert seen["after"][0]["client_id"] == seen["dropped"]["client_id"]
    assert seen["after"][0]["action"] == seen["dropped"]["action"]
    page.wait_for_timeout(500)
    logged = [r["client_id"] for r in site.match_log(match_id) if r["seat"] == 0]
    assert logged.count(seen["dropped"]["client_id"]) == 1
