"""A whole game in the browser: sign up, create a 3-seat table with two bots, start it, play every
turn by clicking (a card, then one of the actions and payments the page offers; prompts too),
and read the final score sheet.

The server is a real daphne process started for this module in the embedded mode of `make run`
(SQLite file, in-memory channel layer, bots played in-process): the browser needs a server
that speaks WebSocket, which pytest-django's live_server does not, and the Redis/Celery path is
covered by tests/integration/test_live_*.py. Screenshots go to tests/e2e/out/ (git-ignored):
play-game-midgame-{desktop,phone}.png and play-game-score-sheet-{desktop,phone}.png.
"""
import random
import re
import time

import pytest

from tests.factories import DESKTOP, PHONE
from tests.integration.live_stack import PASSWORD, check_match_log

pytestmark = pytest.mark.e2e

GAME_TIMEOUT = 300  # seconds for the 18 turns (and prompts) of the game


TABLES_SCROLLING_SIDEWAYS = """() => [...document.querySelectorAll('.table-scroll')]
  .filter(box => box.offsetParent !== null && box.scrollWidth > box.clientWidth + 1)
  .map(box => box.closest('section, [id]').id || box.className)"""

PAGE_STATE = """() => {
  const cards = [...document.querySelectorAll('#game-hand-cards .hand-card')];
  const choices = document.getElementById('game-choices');
  return {
    hand: cards.map(c => c.dataset.card + (c.disabled ? '-' : '+')).join(','),
    enabled: cards.filter(c => !c.disabled).length,
    chosen: !!document.querySelector('.hand-card--chosen') && !document.querySelector('#game-prompt .prompt--act'),
    owes_free_city: !!document.querySelector('#game-prompt .prompt--act'),
    choices: choices.hidden ? 0 : choices.querySelectorAll('.choice').length,
    age: document.getElementById('game-age').textContent,
    over: !document.getElementById('game-scores').hidden,
    passed: document.getElementById('game-passed').hidden ? [] : [...document.querySelectorAll('#game-passed .passed-hand')]
      .map(row => row.querySelectorAll('.chip-card').length),
  };
}"""


def play_by_clicking(page, shoot, rng, seen=None, passed=None):
    """Click through the game until the score sheet shows. Returns the number of moves made;
    `seen` (a list) gets the words of every choice offered, `passed` (a list) the age line and
    the card counts of the hands shown as passed on, at each move."""
    moves = 0
    acted_on = None
    acted_at = 0.0
    shot = False
    end = time.monotonic() + GAME_TIMEOUT
    while time.monotonic() < end:
        state = page.evaluate(PAGE_STATE)
        if state["over"]:
            return moves
        if not shot and state["age"].startswith("Age 2, turn 3") and state["enabled"] and not state["chosen"]:
            shoot("play-game-midgame")
            shot = True
        signature = (state["age"], state["hand"], state["choices"])
        fresh = signature != acted_on or time.monotonic() - acted_at > 10  # 10 s: a lost click
        if fresh and not state["chosen"] and (state["enabled"] or state["choices"]):
            try:
                if state["enabled"]:
                    page.locator("#game-hand-cards .hand-card:not([disabled])").nth(
                        rng.randrange(state["enabled"])).click(timeout=5_000)
                options = page.locator("#game-choices .choice")
                if state["owes_free_city"]:  # 2-player variant: now the Free City's card
                    options = options.filter(has_text="For the Free City")
                options.first.wait_for(state="visible", timeout=5_000)
                if seen is not None:
                    seen.extend(options.all_inner_texts())
                if passed is not None:
                    passed.append((state["age"], state["passed"]))
                options.nth(rng.randrange(options.count())).click(timeout=5_000)
            except Exception:  # noqa: BLE001 - the hand was redrawn under the click: look again
                page.wait_for_timeout(200)
                continue
            moves += 1
            acted_on, acted_at = signature, time.monotonic()
        page.wait_for_timeout(100)
    raise AssertionError(f"the game did not end in {GAME_TIMEOUT} s ({moves} moves; page: {page.evaluate(PAGE_STATE)})")


def test_the_create_form_shows_the_seats_of_the_chosen_player_count_only(site, desktop_page):
    page = desktop_page
    page.goto(site.url("/en/play/"))  # anonymous: no form; log in through a fresh account
    page.goto(site.url("/en/accounts/signup/"))
    page.fill("#id_username", "e2e_form")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click(".account-form button[type=submit]")
    page.wait_for_load_state("networkidle")
    page.goto(site.url("/en/play/"))
    page.select_option("#id_players", "3")
    assert page.locator("#id_seat_2").is_visible()
    assert page.locator("#id_seat_3").is_hidden(), "a 3-seat table shows the select of a 4th seat"
    assert page.locator("#id_option_wonders_0").is_hidden(), "the wonder selects show before they are asked for"
    page.click(".per-seat-option summary")
    assert page.locator("#id_option_wonders_2").is_visible() and page.locator("#id_option_wonders_3").is_hidden()


def test_a_player_signs_up_creates_a_table_with_two_bots_and_plays_a_whole_game_by_clicking(
        site, desktop_page, screenshot):
    page = desktop_page
    problems = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)

    scrolled = []

    def shoot(name):
        screenshot(page, f"{name}-desktop")
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(300)
        # On a phone every player's facts and every score fit: no table scrolls sideways.
        scrolled.extend(f"{name}: {box}" for box in page.evaluate(TABLES_SCROLLING_SIDEWAYS))
        screenshot(page, f"{name}-phone")
        page.set_viewport_size(DESKTOP)
        page.wait_for_timeout(300)

    page.goto(site.url("/en/accounts/signup/"))
    page.fill("#id_username", "e2e_player")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click(".account-form button[type=submit]")
    page.wait_for_load_state("networkidle")
    assert "/accounts/signup/" not in page.url, page.inner_text("main") if page.locator("main").count() else page.url

    page.goto(site.url("/en/play/"))
    page.select_option("#id_players", "3")
    page.select_option("#id_seat_1", "medium")
    page.select_option("#id_seat_2", "easy")
    page.click(".create-form button[type=submit]")
    page.wait_for_url("**/play/*/")
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    assert page.locator(".seat-row").count() == 3

    page.click("text=Start the game")
    page.wait_for_url(f"**/play/{match_id}/game/")
    page.locator("#game-connection").filter(has_text="Connected").wait_for(timeout=15_000)

    offered, passed = [], []
    moves = play_by_clicking(page, shoot, random.Random(3), offered, passed)

    # The hands handed on this age, newest first: none at turn 1, then one more each turn, the
    # newest one card smaller than the hand the player had the turn before (3 players: 7 cards).
    for age_line, counts in passed:
        turn = int(re.search(r"turn (\d) of 6", age_line).group(1))
        assert counts == [7 - k for k in range(turn - 1, 0, -1)], (age_line, counts)
    assert any(len(counts) >= 3 for _, counts in passed)

    # Every payment to a neighbour says which side and whom: "2 to the left (medium bot ...)".
    to_neighbours = [label for label in offered if re.search(r"\d+ to (?!the bank)", label)]
    assert to_neighbours, "no choice paid a neighbour in a whole game"
    assert all(re.search(r"\d+ to the (left|right) \(", label) for label in to_neighbours), to_neighbours[:5]

    sheet = page.locator("#game-score-sheet table.score-sheet")
    sheet.wait_for()
    assert sheet.locator("thead th").count() == 1 + 3
    assert sheet.locator("tr.total td").count() == 3
    assert sorted(int(t) for t in sheet.locator("tr.rank td").all_inner_texts())[0] == 1
    assert "(you)" in sheet.locator("thead").inner_text()
    assert page.locator("#game-prompt").inner_text().strip().startswith("The game is over.")
    assert page.locator("#game-hand").is_hidden()
    page.locator("#game-scores").scroll_into_view_if_needed()
    shoot("play-game-score-sheet")

    checked = check_match_log(site, match_id)
    assert checked["row"]["status"] == "finished"
    mine = [r for r in checked["log"] if r["seat"] == 0]
    assert moves == len(mine) >= 18
    assert {r["by"] for r in mine} == {"player"}
    assert problems == []
    assert scrolled == []


def test_a_two_player_game_with_the_free_city_is_played_to_the_end_by_clicking(site, desktop_page, screenshot):
    page = desktop_page
    problems = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    site.signup("e2e_duo")
    http = site.login("e2e_duo")
    page.context.add_cookies([{"name": "sessionid", "value": http.cookies["sessionid"], "domain": "127.0.0.1",
                               "path": "/"}])
    match_id = site.create_table(http, players=2, bots=["medium"])
    site.start_table(http, match_id)
    page.goto(site.url(f"/en/play/{match_id}/game/"))
    page.locator("#game-connection").filter(has_text="Connected").wait_for(timeout=15_000)
    # "Connected" shows when the socket opens; the players are drawn when its snapshot arrives.
    page.locator("#game-players", has_text="Free City").wait_for(timeout=15_000)

    def shoot(name):
        screenshot(page, f"{name}-desktop")

    moves = play_by_clicking(page, shoot, random.Random(5))
    sheet = page.locator("#game-score-sheet table.score-sheet")
    sheet.wait_for()
    assert sheet.locator("thead th").count() == 1 + 3  # two seats and the Free City, unranked
    assert "—" in sheet.locator("tr.rank").inner_text()
    shoot("play-two-players-score-sheet")
    checked = check_match_log(site, match_id)
    free_city_moves = [r for r in checked["log"] if r["seat"] == 0 and r["action"].get("city") == "free_city"]
    assert checked["row"]["status"] == "finished" and moves >= 18 and free_city_moves
    assert problems == []


NO_SIDEWAYS_SCROLL = "document.scrollingElement.scrollWidth"


def test_the_lobby_the_table_and_the_game_page_fit_a_phone_without_sideways_scrolling(site, page, screenshot):
    site.signup("e2e_phone")
    http = site.login("e2e_phone")
    page.context.add_cookies([{"name": "sessionid", "value": http.cookies["sessionid"], "domain": "127.0.0.1",
                               "path": "/"}])
    widths = {}
    page.goto(site.url("/en/play/"))
    widths["lobby"] = page.evaluate(NO_SIDEWAYS_SCROLL)
    match_id = site.create_table(http, players=4, bots=["medium", "easy", "medium"])
    page.goto(site.url(f"/en/play/{match_id}/"))
    widths["table"] = page.evaluate(NO_SIDEWAYS_SCROLL)
    site.start_table(http, match_id)
    page.wait_for_url(site.url(f"/en/play/{match_id}/game/"), timeout=20_000)  # the table page follows the start
    page.locator("#game-hand-cards .hand-card").first.wait_for()
    widths["game"] = page.evaluate(NO_SIDEWAYS_SCROLL)
    screenshot(page, "phone-play-game-top", full_page=False)
    assert widths == {"lobby": 360, "table": 360, "game": 360}
