"""A prompt's cards are what the prompt says: Halicarnassus' pick shows the discard pile, each card
free, under the pile's own title (Italian, desktop and phone). A pile longer than a phone's screen
keeps the card's action bar on the screen, and the page goes back to the hand once it is built
from (Portuguese, phone)."""
import pytest

from tests.e2e.board_play import BAR_ON_SCREEN
from tests.factories import PHONE
from tests.e2e.test_play_game import TABLES_SCROLLING_SIDEWAYS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

HALICARNASSUS_PICKS = """
from games.models import Match
from tests.engine.helpers import play_turn, wonder
from tests.engine.test_wonders import _hali
match = Match.objects.get(pk={match_id})
state, _ = play_turn(_hali(discard_pile={pile}), {{0: wonder("theater")}})  # stage 2: build one discarded card for free
match.state = state
match.config = state["config"]
match.step += 1
match.version += 1
match.save(update_fields=["state", "config", "step", "version"])
print(sorted(state["discard"]))
"""


# Age I cards in no hand and no city of tests/engine/test_wonders.py's _hali: with the two cards the
# other seats discard on the turn, a pile of 23.
LONG_PILE = ["lumber_yard", "stone_pit", "clay_pool", "tree_farm", "excavation", "clay_pit", "timber_yard", "forest_cave",
             "mine", "loom_1", "glassworks_1", "press_1", "east_trading_post", "west_trading_post", "marketplace",
             "guard_tower", "apothecary", "workshop", "scriptorium", "tavern", "altar"]


def test_halicarnassus_chooses_from_the_discard_pile_each_card_free(site, desktop_page, screenshot):
    page = desktop_page
    site.signup("e2e_hali")
    http = site.login("e2e_hali")
    page.context.add_cookies([{"name": "sessionid", "value": http.cookies["sessionid"], "domain": "127.0.0.1",
                               "path": "/"}])
    match_id = site.create_table(http, players=3, bots=["easy", "easy"])
    site.start_table(http, match_id)
    page.goto(site.url(f"/it/play/{match_id}/game/"))

    pile = site.manage("shell", "-c", HALICARNASSUS_PICKS.format(match_id=match_id, pile=("tavern", "altar"))).strip().splitlines()[-1]
    page.reload()
    cards = page.locator("#game-hand-cards .hand-card")
    cards.first.wait_for(timeout=15_000)
    assert page.inner_text("#game-hand-title") == "La pila degli scarti"
    assert page.inner_text("#game-hand-help").startswith("Alicarnasso: scegli una carta della pila degli scarti")
    shown = sorted(cards.evaluate_all("cards => cards.map(c => c.dataset.card)"))
    assert str(shown) == pile, (shown, pile)  # the pile, not the hand (theater, baths)
    assert set(cards.locator(".hand-card__status").all_inner_texts()) == {"Gratis, dalla pila degli scarti"}
    # A built card, focused, shows the card drawn large; a neighbour's block says what it sells.
    chip = page.locator("#game-cities .tableau-city.is-me .tableau-card").first
    assert not page.locator(".tableau-pop .card").is_visible()
    chip.focus()
    assert page.locator(".tableau-pop .card").is_visible()
    assert "Puoi comprare" in page.inner_text("#game-cities") and "2 monete l'una" in page.inner_text("#game-cities")
    screenshot(page, "prompt-halicarnassus-desktop-it")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    assert page.evaluate(TABLES_SCROLLING_SIDEWAYS) == []  # every player's facts fit a phone, in Italian
    screenshot(page, "prompt-halicarnassus-phone-it")
    page.locator('#game-hand-cards .hand-card[data-card="tavern"]').click()
    page.locator("#game-choices .choice").first.click()
    page.locator("#game-log").filter(has_text="ha costruito Taverna dagli scarti").wait_for(timeout=15_000)


def test_a_discard_pile_longer_than_a_phone_keeps_the_bar_on_screen_and_gives_the_hand_back_at_the_top(
        site, browser, screenshot):
    site.signup("e2e_hali_long")
    http = site.login("e2e_hali_long")
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    context.add_cookies([{"name": "sessionid", "value": http.cookies["sessionid"], "domain": "127.0.0.1", "path": "/"}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    match_id = site.create_table(http, players=3, bots=["easy", "easy"])
    site.start_table(http, match_id)
    pile = site.manage("shell", "-c", HALICARNASSUS_PICKS.format(match_id=match_id, pile=LONG_PILE)).strip().splitlines()[-1]
    page.goto(site.url(f"/pt-br/play/{match_id}/game/"))
    cards = page.locator("#game-hand-cards .hand-card")
    cards.first.wait_for()
    assert cards.count() == len(LONG_PILE) + 2 == len(pile.split(","))
    assert page.evaluate("document.documentElement.scrollHeight") > 3 * PHONE["height"]
    cards.nth(3).click()  # the pile's second row, on the first screen
    build = page.locator("#game-choices .choice").first
    build.wait_for(state="visible")
    for scroll in (0, PHONE["height"]):  # at the top, then a screen down the pile
        page.evaluate("(y) => window.scrollTo(0, y)", scroll)
        top, bottom = page.evaluate(BAR_ON_SCREEN)
        assert page.evaluate("scrollY") == scroll and 0 <= top and bottom <= PHONE["height"], (scroll, top, bottom)
        screenshot(page, f"prompt-long-pile-phone-pt-br-{scroll}", full_page=False)
    # A tap that leaves the focus where it was (Safari does not focus a tapped button).
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    build.evaluate("button => button.click()")
    page.wait_for_function("() => document.getElementById('game-hand').dataset.prompt === ''")
    assert page.evaluate("scrollY") == 0, "the page went back to the hand"
    assert page.inner_text("#game-hand-title") == "Sua mão"
    context.close()
