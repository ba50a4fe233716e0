"""Whole games of the base game family played on the board in Chromium (issue 31, items 3 and 5),
bots (easy, played in-process at once) in the other seats:

- 4 players at a desktop (1366x900) in Italian, by clicking;
- the 2-player variant on a phone (390x844) in Brazilian Portuguese: at every step the hand's top
  and the open action bar are on the first screen, the page is never scrolled (a whole turn needs
  no scrolling) and never wider than the screen;
- Cities, 8 players in teams, at a desktop in English (debts, the partner's hand);
- the 2-player variant with Cities on a phone in Italian (black cards built first, so debts come,
  the Free City's decided by its card's holder);
- 3 players with the keyboard alone (Tab, Enter, Space).

Each move is one click on a card and one on an action of the bar under the hand (a payment
chooser when the action asks who is paid). No conflict panel lingers past the first turn of the
next age. The players table of 8 fits its box at both sizes. Screenshots (tests/e2e/out/board-<lang>-<moment>-<size>.png, both sizes): the table
mid-turn with the bar open, a payment chooser, an age's end.
"""
import random
import re

import pytest

from tests.e2e.board_play import BAR_ON_SCREEN, DESKTOP, PHONE, Game, open_table, shoot_both, watch_for_errors
from tests.integration.live_stack import check_match_log

pytestmark = pytest.mark.e2e

TURN = re.compile(r"(\d+)\D+(\d+)\D+(\d+)")  # "Epoca 2, turno 3 di 6": age, turn, turns


class Moments:
    """Screenshots of the first mid-turn bar (from age 1 turn 2), chooser and age end, and the
    conflict panel's life: it must be gone once the next age's second turn is being played."""

    def __init__(self, page, screenshot, lang, size):
        self.page, self.screenshot, self.lang, self.size = page, screenshot, lang, size
        self.shot = set()
        self.lingering = []
        self.conflicts = 0

    def shoot(self, moment):
        if moment not in self.shot:
            self.shot.add(moment)
            shoot_both(self.page, self.screenshot, f"board-{self.lang}-{moment}", self.size)

    def on_state(self, state):
        numbers = TURN.search(state["age"])
        turn = int(numbers.group(2)) if numbers else 0
        if state["conflict"]:
            self.conflicts += 1
            if "age-end" not in self.shot and state["hand_shown"]:
                self.shoot("age-end")
            if turn >= 2 and not state["over"]:
                self.lingering.append(state["age"])
        assert not state["wide"], f"the page scrolls sideways at {state['age']}"

    def on_bar(self, kind):
        if kind == "pay":
            self.shoot("payment-chooser")
        else:
            numbers = TURN.search(self.page.text_content("#game-age"))
            if numbers and numbers.group(2) == "2":
                self.shoot("mid-turn")


def finish(page, site, match_id, game, players, problems):
    sheet = page.locator("#game-score-sheet table.score-sheet")
    sheet.wait_for()
    mine = [r for r in check_match_log(site, match_id)["log"] if r["seat"] == 0]
    assert check_match_log(site, match_id)["row"]["status"] == "finished"
    assert {r["by"] for r in mine} == {"player"}, "a bot played the person's seat"
    assert game.moves + game.debts == len(mine) >= 18
    assert problems == []
    return sheet


def test_a_four_player_game_in_italian_is_played_to_the_end_by_clicking_on_the_board(site, browser, screenshot):
    page, match_id = open_table(site, browser, "board_it4", "it", DESKTOP, 4, ["easy"] * 3)
    problems = watch_for_errors(page)
    moments = Moments(page, screenshot, "it", "desktop")
    game = Game(page, random.Random(4), moments.on_state, moments.on_bar)
    game.play(game.click_move)

    sheet = finish(page, site, match_id, game, 4, problems)
    assert sheet.locator("thead th").count() == 1 + 4
    assert moments.conflicts and not moments.lingering, moments.lingering
    # Every payment to a neighbour, on an action button or in a chooser, names the side and the
    # seat paid (a chooser's own test: test_board_payments.py).
    labels = game.labels + [label for offered in game.payments_offered for label in offered]
    to_neighbours = [label for label in labels if re.search(r"\d+ a (?!la banca)", label)]
    assert all(re.search(r"\d+ a (sinistra|destra) \(.+\)", label) for label in to_neighbours), to_neighbours[:6]
    page.context.close()


def test_a_two_player_game_in_portuguese_on_a_phone_keeps_the_hand_on_the_first_screen(site, browser, screenshot):
    page, match_id = open_table(site, browser, "board_pt2", "pt-br", PHONE, 2, ["easy"], phone=True)
    problems = watch_for_errors(page)
    moments = Moments(page, screenshot, "pt-br", "phone")
    off_screen = []

    def on_state(state):
        moments.on_state(state)
        if state["over"] or not state["hand_shown"] or state["prompt"] == "build_discarded":
            return  # a discard pile to build from may be longer than a screen (its own test: test_table_prompts)
        where = state["age"]
        if state["hand_top"] is None or state["hand_top"] > PHONE["height"] - 120:
            off_screen.append((where, "hand", state["hand_top"]))
        if state["bar_bottom"] and state["bar_bottom"] > PHONE["height"]:
            off_screen.append((where, "bar", state["bar_bottom"]))
        if state["scroll_y"]:
            off_screen.append((where, "scrolled", state["scroll_y"]))

    def on_bar(kind):
        # The open bar or chooser on the screen, before its button is clicked (a click would scroll
        # what it clicks into view): under the hand, or at the screen's foot over a long pile.
        moments.on_bar(kind)
        box = page.evaluate(BAR_ON_SCREEN)
        if box[0] < 0 or box[1] > PHONE["height"]:
            off_screen.append((page.text_content("#game-age"), kind, box))

    game = Game(page, random.Random(2), on_state, on_bar)
    game.play(game.click_move)

    sheet = finish(page, site, match_id, game, 2, problems)
    assert sheet.locator("thead th").count() == 1 + 3  # two seats and the Free City, unranked
    assert off_screen == [], off_screen
    assert game.free_city_moves >= 6, game.free_city_moves  # the controller's turns of three ages
    assert moments.conflicts and not moments.lingering, moments.lingering
    page.context.close()


def test_a_two_player_cities_game_in_italian_on_a_phone_is_played_to_the_end_by_clicking(site, browser, screenshot):
    page, match_id = open_table(site, browser, "board_it2c", "it", PHONE, 2, ["easy"], phone=True,
                                fields={"option_expansions": "cities"})
    problems = watch_for_errors(page)
    moments = Moments(page, screenshot, "it-cities-2p", "phone")
    debt_off_screen = []

    def on_state(state):
        moments.on_state(state)
        if state["debt_bottom"] and state["debt_bottom"] > PHONE["height"]:
            debt_off_screen.append((state["age"], state["debt_for"], state["debt_bottom"]))

    game = Game(page, random.Random(21), on_state, moments.on_bar, timeout=120)

    def black_first(state):
        """Build a black card for its own city when one can be built (most make the others, the
        Free City among them, lose coins: debts to decide), else any click move."""
        black = page.locator("#game-hand-cards .hand-card--black:not([disabled]):not(.hand-card--chosen)")
        if not state["debts"] and not state["owes_free_city"] and not state["chosen"] and black.count():
            black.first.click(timeout=4_000)
            build = page.locator("#game-choices .action-bar .choice--build:not([data-city])")
            if build.count() and build.first.get_attribute("aria-haspopup") != "true":
                build.first.click(timeout=4_000)
                game.moves += 1
                return
            black.first.click(timeout=4_000)  # closes its actions: another card instead
        game.click_move(state)

    game.play(black_first)

    sheet = finish(page, site, match_id, game, 2, problems)
    assert sheet.locator("thead th").count() == 1 + 3  # two seats and the Free City, unranked
    assert game.free_city_moves >= 6, game.free_city_moves
    # Every debt the person decided (its own, the Free City's as the card's holder) was on a button.
    owed = [r for r in check_match_log(site, match_id)["log"] if r["seat"] == 0 and r["action"].get("type") == "pay_debt"]
    assert len(owed) == game.debts, (owed, game.debts)
    assert sum(r["action"].get("city") == "free_city" for r in owed) == game.free_city_debts
    assert debt_off_screen == [], debt_off_screen
    assert moments.conflicts and not moments.lingering, moments.lingering
    page.context.close()


def test_an_eight_player_cities_team_game_in_english_is_played_to_the_end(site, browser, screenshot):
    page, match_id = open_table(site, browser, "board_en8", "en", DESKTOP, 8, ["easy"] * 7,
                                fields={"option_expansions": "cities", "option_teams": "True"})
    problems = watch_for_errors(page)
    moments = Moments(page, screenshot, "en-cities", "desktop")
    partner = []

    def on_state(state):
        moments.on_state(state)
        partner.append(state["partner"])

    game = Game(page, random.Random(8), on_state, moments.on_bar, timeout=85)
    game.play(game.click_move)

    sheet = finish(page, site, match_id, game, 8, problems)
    assert sheet.locator("thead th").count() == 1 + 8
    assert "Team total" in sheet.inner_text()
    assert any(partner), "the partner's hand never showed"
    assert moments.conflicts and not moments.lingering, moments.lingering
    page.context.close()


def test_a_three_player_game_is_played_with_the_keyboard_alone(site, browser, screenshot):
    page, match_id = open_table(site, browser, "board_keys", "en", DESKTOP, 3, ["easy"] * 2)
    problems = watch_for_errors(page)
    game = Game(page, random.Random(3))
    game.play(game.key_move)

    finish(page, site, match_id, game, 3, problems)
    assert game.moves >= 18
    screenshot(page, "board-en-keyboard-end-desktop", full_page=False)
    page.context.close()


PLAYERS_FIT = """() => {
  const box = document.querySelector('#game-players .table-scroll');
  const right = box.getBoundingClientRect().right;
  const rows = [...box.querySelectorAll('tbody tr')];
  return {
    scroll: box.scrollWidth, client: box.clientWidth, rows: rows.length,
    cut: rows.filter(row => row.lastElementChild.getBoundingClientRect().right > right + 1).length,
    status: rows.map(row => row.lastElementChild.textContent),
    page_wide: document.documentElement.scrollWidth > innerWidth,
  };
}"""


def test_the_players_table_of_eight_fits_its_box_at_a_desktop_and_on_a_phone_in_italian(site, browser, screenshot):
    page, _match_id = open_table(site, browser, "players8_it", "it", DESKTOP, 8, ["easy"] * 7,
                                 fields={"option_expansions": "cities"})
    problems = watch_for_errors(page)
    page.locator("#game-players tbody tr").nth(7).wait_for()
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(200)
        fit = page.evaluate(PLAYERS_FIT)
        assert fit["rows"] == 8, fit
        assert fit["scroll"] <= fit["client"] and fit["cut"] == 0 and not fit["page_wide"], (size, fit)
        # Each seat's status is in its row: the person's choice is still to make.
        assert "sta scegliendo" in fit["status"][0], (size, fit["status"])
        page.locator("#game-players").evaluate("node => node.scrollIntoView({block: 'start'})")
        screenshot(page, f"board-players-8-it-{size}", full_page=False)
    assert problems == []
    page.context.close()
