"""A whole game in the browser: sign up, create a 3-seat table with two bots, start it, play every
turn by clicking (a card, then one of the actions and payments the page offers; prompts too:
tests/e2e/board_play.py), and read the final score sheet. The 2-player variant and Cities are
played to the end in tests/e2e/test_board_games.py.

The server is a real daphne process started for this module in the embedded mode of `make run`
(SQLite file, in-memory channel layer, bots played in-process): the browser needs a server
that speaks WebSocket, which pytest-django's live_server does not, and the Redis/Celery path is
covered by tests/integration/test_live_*.py. Screenshots go to tests/e2e/out/ (git-ignored):
play-game-midgame-{desktop,phone}.png and play-game-score-sheet-{desktop,phone}.png.
"""
import random
import re

import pytest

from tests.e2e.board_play import Game
from tests.factories import DESKTOP, PHONE
from tests.integration.live_stack import PASSWORD, check_match_log

pytestmark = pytest.mark.e2e

GAME_TIMEOUT = 120  # seconds for the 18 turns (and prompts) of the game


TABLES_SCROLLING_SIDEWAYS = """() => [...document.querySelectorAll('.table-scroll')]
  .filter(box => box.offsetParent !== null && box.scrollWidth > box.clientWidth + 1)
  .map(box => box.closest('section, [id]').id || box.className)"""

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

    passed = []

    def on_state(state):
        if state["age"].startswith("Age 2, turn 3") and state["enabled"] and not state["chosen"] and not shots:
            shots.append(state["age"])
            shoot("play-game-midgame")
        if state["hand_shown"] and state["enabled"] and not state["chosen"] and "turn" in state["age"]:
            passed.append((state["age"], state["passed"]))

    shots = []
    game = Game(page, random.Random(3), on_state, timeout=GAME_TIMEOUT)
    game.play(game.click_move)
    moves = game.moves

    # The hands handed on this age, newest first: none at turn 1, then one more each turn, the
    # newest one card smaller than the hand the player had the turn before (3 players: 7 cards).
    for age_line, counts in passed:
        turn = int(re.search(r"turn (\d) of 6", age_line).group(1))
        assert counts == [7 - k for k in range(turn - 1, 0, -1)], (age_line, counts)
    assert any(len(counts) >= 3 for _, counts in passed)

    # Every payment to a neighbour says which side and whom: "2 to the left (medium bot ...)".
    offered = game.labels + [label for labels in game.payments_offered for label in labels]
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
