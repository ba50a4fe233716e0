"""The Cities expansion in the browser: the debt decision shows what is owed and is answered from
the keyboard (Italian). A whole 8-player team game with Cities is played on the board in
tests/e2e/test_board_games.py.

The server is the embedded daphne of tests/e2e/conftest.py (SQLite, in-memory channel layer, bots
in-process). Screenshot: tests/e2e/out/play-cities-debt-desktop.png.
"""
import pytest

from tests.integration.live_stack import PASSWORD

pytestmark = pytest.mark.e2e

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
    assert [label.split("\n")[0] for label in labels] == [f"Paga {k} — gettoni Debito presi: {owed - k}" for k in range(payable, -1, -1)]
    # Each payment also says the coins the city keeps.
    assert [label.split("\n")[1] for label in labels] == [
        f"resta {coins - k} moneta" if coins - k == 1 else f"restano {coins - k} monete" for k in range(payable, -1, -1)]
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
