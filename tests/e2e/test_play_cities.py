"""A whole 8-player team game with the Cities expansion in the browser: sign up, create the table
with seven bots, Cities and teams, start it, play every turn by clicking (a card and an action, or
one of the debt payments when the page asks for one), and read the final sheet with the team totals.

The server is the embedded daphne of tests/e2e/test_play_game.py (SQLite, in-memory channel layer,
bots in-process). Screenshots go to tests/e2e/out/: play-cities-midgame-{desktop,phone}.png and
play-cities-score-sheet-{desktop,phone}.png.
"""
import random
import time

import pytest

from tests.factories import DESKTOP, PHONE
from tests.integration.live_stack import PASSWORD

pytestmark = pytest.mark.e2e

GAME_TIMEOUT = 400  # seconds for the 18 turns, debts included, of eight seats

PAGE_STATE = """() => {
  const cards = [...document.querySelectorAll('#game-hand-cards .hand-card')];
  const choices = document.getElementById('game-choices');
  const debt = document.getElementById('game-debt');
  return {
    hand: cards.map(c => c.dataset.card + (c.disabled ? '-' : '+')).join(','),
    enabled: cards.filter(c => !c.disabled).length,
    chosen: !!document.querySelector('.hand-card--chosen'),
    choices: choices.hidden ? 0 : choices.querySelectorAll('.choice').length,
    debts: debt.hidden ? 0 : debt.querySelectorAll('.choice').length,
    partner: document.getElementById('game-partner').hidden ? '' : document.getElementById('game-partner').innerText,
    age: document.getElementById('game-age').textContent,
    over: !document.getElementById('game-scores').hidden,
    wide: document.documentElement.scrollWidth > window.innerWidth,
  };
}"""


def play_by_clicking(page, shoot, rng):
    """Click until the score sheet shows: returns (moves, debt payments, partner hands seen)."""
    moves = debts = partner_seen = 0
    acted_on, acted_at, shot = None, 0.0, False
    end = time.monotonic() + GAME_TIMEOUT
    while time.monotonic() < end:
        state = page.evaluate(PAGE_STATE)
        if state["over"]:
            return moves, debts, partner_seen
        partner_seen += bool(state["partner"])
        if not shot and state["age"].startswith("Age 2") and state["enabled"] and not state["chosen"]:
            shoot("play-cities-midgame")
            shot = True
        signature = (state["age"], state["hand"], state["choices"], state["debts"])
        fresh = signature != acted_on or time.monotonic() - acted_at > 10
        try:
            if fresh and state["debts"]:
                page.locator("#game-debt .choice").nth(rng.randrange(state["debts"])).click(timeout=5_000)
                debts += 1
            elif fresh and not state["chosen"] and (state["enabled"] or state["choices"]):
                if state["enabled"]:
                    page.locator("#game-hand-cards .hand-card:not([disabled])").nth(
                        rng.randrange(state["enabled"])).click(timeout=5_000)
                options = page.locator("#game-choices .choice")
                options.first.wait_for(state="visible", timeout=5_000)
                options.nth(rng.randrange(options.count())).click(timeout=5_000)
            else:
                page.wait_for_timeout(100)
                continue
        except Exception:  # noqa: BLE001 - the page was redrawn under the click: look again
            page.wait_for_timeout(200)
            continue
        moves += 1
        acted_on, acted_at = signature, time.monotonic()
        page.wait_for_timeout(100)
    raise AssertionError(f"the game did not end in {GAME_TIMEOUT} s ({moves} moves; page: {page.evaluate(PAGE_STATE)})")


def test_a_player_plays_a_whole_eight_player_team_cities_game_by_clicking(site, desktop_page, screenshot):
    page = desktop_page
    problems = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    too_wide = []

    def shoot(name):
        screenshot(page, f"{name}-desktop")
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(300)
        if page.evaluate("document.documentElement.scrollWidth > window.innerWidth"):
            too_wide.append(name)
        screenshot(page, f"{name}-phone")
        page.set_viewport_size(DESKTOP)
        page.wait_for_timeout(300)

    page.goto(site.url("/en/accounts/signup/"))
    page.fill("#id_username", "e2e_cities")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click(".account-form button[type=submit]")
    page.wait_for_load_state("networkidle")

    page.goto(site.url("/en/play/"))
    page.select_option("#id_players", "8")
    page.check("#id_option_expansions_0")
    page.select_option("#id_option_teams", "True")
    for n in range(1, 8):
        page.select_option(f"#id_seat_{n}", "easy" if n % 2 else "medium")
    page.click(".create-form button[type=submit]")
    page.wait_for_url("**/play/*/")
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    assert page.locator(".seat-row").count() == 8

    page.click("text=Start the game")
    page.wait_for_url(f"**/play/{match_id}/game/")
    page.locator("#game-connection").filter(has_text="Connected").wait_for(timeout=15_000)
    page.locator("#game-players table").filter(has_text="Team 1").wait_for(timeout=15_000)
    page.locator("#game-age").filter(has_text="Age 1, turn 1 of 6").wait_for(timeout=15_000)  # 7 cards at 8 players

    moves, debts, partner_seen = play_by_clicking(page, shoot, random.Random(8))

    assert moves >= 18 and partner_seen, (moves, partner_seen)
    sheet = page.locator("#game-score-sheet table.score-sheet")
    sheet.wait_for()
    assert sheet.locator("thead th").count() == 1 + 8
    assert "Team total" in sheet.inner_text() and "Black cards" in sheet.inner_text()
    winner = page.inner_text("#moment-winner")
    assert winner.count("Team") == 1 and "[" not in winner, winner  # "Team 2 wins: A, B", the team once
    assert page.locator("#game-hand").is_hidden()
    page.locator("#game-scores").scroll_into_view_if_needed()
    shoot("play-cities-score-sheet")
    assert not too_wide, f"sideways scrolling on a phone: {too_wide}"
    assert not problems, problems


PUT_IN_DEBT = """
from games import engine, services
from games.models import Match
from tests.games.test_cities_table import a_state_where_seat_0_owes
match = Match.objects.get(pk={match_id})
state = a_state_where_seat_0_owes(match.config)
for bot in [n for n in engine.to_act(state) if n]:  # the bots have paid already: seat 0 decides last
    state, _ = engine.apply(state, bot, engine.legal_actions(state, bot)[0])
match.state = state
match.step += 1
match.version += 1
match.save(update_fields=["state", "step", "version"])
print(match.state["owed"][0], match.state["players"][0]["coins"])
"""


def test_the_debt_decision_shows_what_is_owed_and_is_answered_from_the_keyboard(site, desktop_page, screenshot):
    page = desktop_page
    page.goto(site.url("/it/accounts/signup/"))
    page.fill("#id_username", "e2e_debtor")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click(".account-form button[type=submit]")
    page.wait_for_load_state("networkidle")
    page.goto(site.url("/it/play/"))
    page.select_option("#id_players", "3")
    page.check("#id_option_expansions_0")
    page.select_option("#id_seat_1", "easy")
    page.select_option("#id_seat_2", "easy")
    page.click(".create-form button[type=submit]")
    page.wait_for_url("**/play/*/")
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    page.click("form[action$='/start/'] button[type=submit]")
    page.wait_for_url(f"**/play/{match_id}/game/")

    owed, coins = (int(n) for n in site.manage("shell", "-c", PUT_IN_DEBT.format(match_id=match_id)).split()[-2:])
    page.reload()
    debt = page.locator("#game-debt")
    debt.locator(".choice").first.wait_for(timeout=15_000)
    assert f"Monete dovute: {owed}. Monete che hai: {coins}." in debt.inner_text()
    payable = min(owed, coins)
    labels = debt.locator(".choice").all_inner_texts()
    assert labels == [f"Paga {k} — gettoni Debito presi: {owed - k}" for k in range(payable, -1, -1)]
    assert " di 7" in page.locator("#game-age").inner_text()  # 8 cards, 7 turns, at 3 players
    screenshot(page, "play-cities-debt-desktop")
    for _ in range(80):  # the keyboard reaches the payments
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('choice--debt')"):
            break
    else:
        raise AssertionError("Tab never reached a payment")
    paid = int(page.evaluate("document.activeElement.dataset.coins"))
    page.keyboard.press("Enter")
    debt.wait_for(state="hidden", timeout=15_000)
    page.locator("#game-log").filter(has_text=f"ha pagato {paid} su {owed}").wait_for(timeout=15_000)
