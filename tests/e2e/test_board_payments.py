"""One click a move (issue 31, item 3) on a hand made for it, in Chromium: seat 0 (Rhodes, with the
East Trading Post) holds Baths (1 stone: both neighbours sell it, the right one at 1 coin),
Workshop (1 glass: both sell it at 2) and Scriptorium (1 papyrus: only the left one sells it).

- Baths has one cheapest payment: Build plays it at once; its other payment is one click away.
- Workshop has two equally cheap ones: Build opens a chooser naming the side and the seat paid.
- Scriptorium has one payment: Build plays it, nothing else is offered.
- The choice stays marked and changeable (a new card replaces it) until the turn resolves; the
  keyboard reaches every card and action (Enter, Space), Escape steps back.

The bots have not chosen (the state is written under them), so the turn stays open. Screenshots
(tests/e2e/out/board-payments-<lang>-<size>.png): the chooser at 1366x900 and 390x844 in Italian
and in Brazilian Portuguese.
"""
import json
import re

import pytest

from tests.e2e.board_play import DESKTOP, PHONE, WRITE_MADE_STATE, open_table, watch_for_errors

pytestmark = pytest.mark.e2e

# (WRITE_MADE_STATE also drops the bots' first moves: they are not in this state.)
MADE_HAND = """
import json
from games import engine
from games.models import Match
from tests.engine.helpers import make_state
match = Match.objects.get(pk={match_id})
state = make_state(players=3, wonders=["rhodes", "olympia", "babylon"],
                   built={{0: ["east_trading_post"], 1: ["stone_pit", "glassworks_1", "press_1"],
                          2: ["stone_pit", "glassworks_1"]}},
                   hands={{0: ["baths", "workshop", "scriptorium", "altar", "clay_pool", "lumber_yard", "theater"]}},
                   coins=5)
""" + WRITE_MADE_STATE + """
me = engine.view(state, 0)["players"][0]
print(json.dumps({{"left": me["left"], "right": me["right"]}}))
"""

WORDS = {
    "it": {"left": "a sinistra", "right": "a destra", "other": "Un altro modo di pagare", "cheapest": "la più economica"},
    "pt-br": {"left": "à esquerda", "right": "à direita", "other": "Outra forma de pagar", "cheapest": "a mais barata"},
}


def made_hand(site, browser, username, lang, viewport, phone=False):
    page, match_id = open_table(site, browser, username, lang, viewport, 3, ["easy", "easy"], phone=phone)
    out = site.manage("shell", "-c", MADE_HAND.format(match_id=match_id)).strip().splitlines()[-1]
    sides = json.loads(out)
    page.reload()
    page.locator('#game-hand-cards .hand-card[data-card="baths"]').wait_for()
    return page, sides


def card(page, card_id):
    return page.locator(f'#game-hand-cards .hand-card[data-card="{card_id}"]')


def pending(page):
    return page.locator("#game-choices .action-bar__pending")


def test_one_cheapest_payment_plays_at_once_and_equal_ones_open_a_chooser_in_italian(site, browser, screenshot):
    page, sides = made_hand(site, browser, "pay_it", "it", DESKTOP)
    problems = watch_for_errors(page)
    words = WORDS["it"]
    left_seat, right_seat = f"Posto {sides['left'] + 1})", f"Posto {sides['right'] + 1})"

    # Baths: one click on the card, one on Build; paid 1 to the right at once.
    card(page, "baths").click()
    build = page.locator("#game-choices .action-bar .choice--build")
    assert build.get_attribute("aria-haspopup") is None
    assert page.locator("#game-choices .choice-more").inner_text() == words["other"]
    build.click()
    pending(page).wait_for()
    assert re.search(rf"Bagni — 1 {words['right']} \(.*{re.escape(right_seat)}", pending(page).inner_text())
    assert "hand-card--chosen" in card(page, "baths").get_attribute("class")

    # Its other payment is one click away, the cheapest marked.
    card(page, "baths").click()
    page.locator("#game-choices .choice-more").click()
    offered = page.locator("#game-choices .choice--pay").all_inner_texts()
    assert len(offered) == 2
    assert words["cheapest"] in offered[0] and f"1 {words['right']}" in offered[0]
    assert f"2 {words['left']}" in offered[1] and words["cheapest"] not in offered[1]
    page.keyboard.press("Escape")  # back to the actions, then to the card
    page.locator("#game-choices .action-bar .choice--build").wait_for()
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.dataset.card") == "baths"

    # Workshop: two payments of 2 coins, so Build asks who is paid, naming side and seat.
    card(page, "workshop").click()
    build = page.locator("#game-choices .action-bar .choice--build")
    assert build.get_attribute("aria-haspopup") == "true"
    build.click()
    pays = page.locator("#game-choices .choice--pay")
    assert pays.count() == 2
    labels = pays.all_inner_texts()
    assert any(f"2 {words['left']}" in label and left_seat in label for label in labels), labels
    assert any(f"2 {words['right']}" in label and right_seat in label for label in labels), labels
    assert all(words["cheapest"] not in label for label in labels)  # equal: none is marked
    assert "Costruisci Opificio: chi paghi?" in page.inner_text("#game-choices")
    screenshot(page, "board-payments-it-desktop", full_page=False)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    screenshot(page, "board-payments-it-phone", full_page=False)
    page.set_viewport_size(DESKTOP)
    pays.filter(has_text=words["left"]).click()
    page.locator("#game-choices .action-bar__pending", has_text="Opificio").wait_for()
    assert re.search(rf"Opificio — 2 {words['left']} \(.*{re.escape(left_seat)}", pending(page).inner_text())
    assert "hand-card--chosen" not in card(page, "baths").get_attribute("class")  # the choice was changed

    # Scriptorium, by the keyboard: Tab to the card, Enter, the focus on Build, Space.
    for _ in range(12):
        if page.evaluate("document.activeElement.dataset.card") == "scriptorium":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.classList.contains('choice--build')")
    assert page.locator("#game-choices .choice-more").count() == 0  # one payment: nothing else to offer
    page.keyboard.press("Space")
    page.locator("#game-choices .action-bar__pending", has_text="Scrittorio").wait_for()
    assert re.search(rf"2 {words['left']} \(.*{re.escape(left_seat)}", pending(page).inner_text())
    assert problems == []
    page.context.close()


def test_the_chooser_fits_the_first_screen_of_a_phone_in_portuguese(site, browser, screenshot):
    page, sides = made_hand(site, browser, "pay_pt", "pt-br", PHONE, phone=True)
    problems = watch_for_errors(page)
    words = WORDS["pt-br"]
    card(page, "workshop").click()
    page.locator("#game-choices .action-bar .choice--build").click()
    pays = page.locator("#game-choices .choice--pay")
    labels = pays.all_inner_texts()
    assert any(f"2 {words['left']}" in label and f"Lugar {sides['left'] + 1})" in label for label in labels), labels
    assert any(f"2 {words['right']}" in label and f"Lugar {sides['right'] + 1})" in label for label in labels), labels
    bottom = page.evaluate("document.getElementById('game-choices').getBoundingClientRect().bottom + scrollY")
    assert bottom <= PHONE["height"], bottom
    assert page.evaluate("scrollY") == 0 and page.evaluate("document.documentElement.scrollWidth") == PHONE["width"]
    screenshot(page, "board-payments-pt-br-phone", full_page=False)
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(200)
    screenshot(page, "board-payments-pt-br-desktop", full_page=False)
    page.set_viewport_size(PHONE)
    pays.filter(has_text=words["right"]).click()
    page.locator("#game-choices .action-bar__pending", has_text=words["right"]).wait_for()
    assert problems == []
    page.context.close()


# The 2-player variant with Cities, Age I turn 1: seat 0 (the person) holds the Free City card.
# "free_city_only": seat 0 builds the Hideout, so seat 1 and the Free City owe 1 (seat 1 has paid);
# seat 0 owes nothing and must decide the Free City's debt. "both": seat 1 builds the Hideout, so
# seat 0 and the Free City owe 1; seat 0 decides its own debt first (own_debt_first), then the
# Free City's. The printed numbers are the engine's view of each city, read back after the write.
MADE_DEBT = """
import json
from games import engine
from games.models import Match
from tests.engine.test_two_players_cities import FOR_FC, build, pay_debt, state_of
match = Match.objects.get(pk={match_id})
if "{case}" == "free_city_only":
    state = state_of(hands={{0: ["hideout", "altar", "theater"], 1: ["baths", "press_1"], 2: ["ore_vein"]}},
                     coins={{0: 3, 1: 3, 2: 5}})
    state, _ = engine.apply(state, 0, build("hideout"))
    state, _ = engine.apply(state, 0, build("altar", **FOR_FC))
    state, _ = engine.apply(state, 1, build("press_1"))
    state, _ = engine.apply(state, 1, pay_debt(1))
else:
    state = state_of(hands={{0: ["altar", "theater", "baths"], 1: ["hideout", "press_1"], 2: ["ore_vein"]}},
                     coins={{0: 2, 1: 3, 2: 5}})
    state, _ = engine.apply(state, 0, build("altar"))
    state, _ = engine.apply(state, 0, build("theater", **FOR_FC))
    state, _ = engine.apply(state, 1, build("hideout"))
assert state["phase"] == "debt" and engine.to_act(state) == [0], engine.to_act(state)
""" + WRITE_MADE_STATE + """
view = engine.view(state, 0)
print(json.dumps({{"own": [view["cities"]["owed"][0], view["players"][0]["coins"]],
                  "free_city": [view["free_city"]["decision"]["owed"], view["free_city"]["decision"]["coins"]]}}))
"""

AFTER_DEBT = """
import json
from games.models import Match
match = Match.objects.get(pk={match_id})
state = match.state
print(json.dumps({{"phase": state["phase"], "turn": state["turn"],
                  "cities": [[p["coins"], p["debt"]] for p in state["players"]],
                  "log": [e for e in state["log"] if isinstance(e.get("action"), dict) and e["action"].get("type") == "pay_debt"]}}))
"""

DEBT_WORDS = {
    "it": {"free_city_title": "Debito della Città Franca", "own_title": "Paga o prendi debiti", "chosen": "La tua scelta"},
    "pt-br": {"free_city_title": "Dívida da Cidade Livre", "own_title": "Pague ou fique com dívidas", "chosen": "Sua escolha"},
}


def made_debt(site, browser, username, lang, case):
    page, match_id = open_table(site, browser, username, lang, PHONE, 2, ["easy"], fields={"option_expansions": "cities"},
                                phone=True)
    out = site.manage("shell", "-c", MADE_DEBT.format(match_id=match_id, case=case)).strip().splitlines()[-1]
    page.reload()
    page.locator("#game-debt .choice").first.wait_for()
    return page, match_id, json.loads(out)


def owed_and_coins(page):
    """The debt box's first two numbers: what the city being paid for owes, and holds."""
    numbers = re.findall(r"\d+", page.locator("#game-debt p:not(.debt-own-choice)").inner_text())
    return [int(numbers[0]), int(numbers[1])]


def after_debt(site, match_id):
    return json.loads(site.manage("shell", "-c", AFTER_DEBT.format(match_id=match_id)).strip().splitlines()[-1])


def paid_taken_left(buttons):
    """Each debt button's numbers: coins paid, debt tokens taken, coins left."""
    return [[int(n) for n in re.findall(r"\d+", text)] for text in buttons.all_inner_texts()]


def debt_buttons(page):
    return page.locator("#game-debt .choice--debt")


def test_the_free_city_card_holder_who_owes_nothing_pays_the_free_city_s_debt_with_its_numbers_in_italian(site, browser, screenshot):
    page, match_id, numbers = made_debt(site, browser, "fc_debt_it", "it", "free_city_only")
    problems = watch_for_errors(page)
    words = DEBT_WORDS["it"]
    assert numbers["own"][0] == 0 and numbers["free_city"][0] == 1
    box = page.locator("#game-debt")
    assert words["free_city_title"] in box.locator("h3").inner_text()
    assert owed_and_coins(page) == numbers["free_city"]
    buttons = debt_buttons(page)
    assert [b.get_attribute("data-city") for b in buttons.all()] == ["free_city", "free_city"]
    # Each payment names the debt tokens the Free City takes and the coins it keeps (its own 5).
    assert paid_taken_left(buttons) == [[1, 0, 4], [0, 1, 5]]
    bottom = page.evaluate("document.getElementById('game-debt').getBoundingClientRect().bottom + scrollY")
    assert bottom <= PHONE["height"], bottom  # on the first screen of the phone
    assert page.evaluate("document.documentElement.scrollWidth") == PHONE["width"]
    screenshot(page, "board-free-city-debt-it-phone", full_page=False)
    buttons.filter(has_text=re.compile(r"^\D*0\b")).click()  # pay nothing: the Free City takes a debt token
    page.wait_for_function("() => document.getElementById('game-debt').hidden")
    done = after_debt(site, match_id)
    assert done["phase"] == "play" and done["turn"] == 2, done
    assert done["cities"][2] == [5, 1], done  # the Free City kept its coins and took 1 debt
    assert done["log"][-1] == {"seat": 0, "action": {"type": "pay_debt", "coins": 0, "city": "free_city"}}, done["log"]
    assert problems == []
    page.context.close()


def test_the_holder_who_owes_too_pays_its_own_debt_then_the_free_city_s_in_portuguese(site, browser, screenshot):
    page, match_id, numbers = made_debt(site, browser, "fc_debt_pt", "pt-br", "both")
    problems = watch_for_errors(page)
    words = DEBT_WORDS["pt-br"]
    assert numbers["own"] != numbers["free_city"] and numbers["own"][0] == numbers["free_city"][0] == 1
    # First its own debt (the rules refuse the Free City's before it: own_debt_first).
    box = page.locator("#game-debt")
    assert words["own_title"] in box.locator("h3").inner_text()
    assert owed_and_coins(page) == numbers["own"]
    assert [b.get_attribute("data-city") for b in debt_buttons(page).all()] == [None, None]
    assert paid_taken_left(debt_buttons(page)) == [[1, 0, 1], [0, 1, 2]]  # its own 2 coins
    debt_buttons(page).first.click()  # pay its 1 coin
    # Then the Free City's, with the Free City's debt and coins, the own choice marked above it.
    page.locator('#game-debt .choice--debt[data-city="free_city"]').first.wait_for()
    assert words["free_city_title"] in box.locator("h3").inner_text()
    assert owed_and_coins(page) == numbers["free_city"]
    assert words["chosen"] in box.locator(".debt-own-choice").inner_text()
    assert paid_taken_left(debt_buttons(page)) == [[1, 0, 4], [0, 1, 5]]  # the Free City holds 5
    assert page.locator("#game-prompt .prompt--act").count() == 0  # no card to choose for it now
    screenshot(page, "board-free-city-debt-pt-br-phone", full_page=False)
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(200)
    screenshot(page, "board-free-city-debt-pt-br-desktop", full_page=False)
    page.set_viewport_size(PHONE)
    debt_buttons(page).first.click()  # the Free City pays its 1 coin too
    page.wait_for_function("() => document.getElementById('game-debt').hidden")
    done = after_debt(site, match_id)
    assert done["phase"] == "play" and done["turn"] == 2, done
    assert done["cities"][0] == [1, 0] and done["cities"][2] == [4, 0], done
    assert [entry["action"] for entry in done["log"][-2:]] == [
        {"type": "pay_debt", "coins": 1}, {"type": "pay_debt", "coins": 1, "city": "free_city"}], done["log"]
    assert problems == []
    page.context.close()
