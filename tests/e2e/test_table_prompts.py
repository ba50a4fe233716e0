"""A prompt's cards are what the prompt says: Halicarnassus' pick shows the discard pile, each card
free, under the pile's own title (Italian, desktop and phone)."""
import pytest

from tests.factories import PHONE
from tests.e2e.test_play_game import TABLES_SCROLLING_SIDEWAYS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

HALICARNASSUS_PICKS = """
from games.models import Match
from tests.engine.helpers import play_turn, wonder
from tests.engine.test_wonders import _hali
match = Match.objects.get(pk={match_id})
state, _ = play_turn(_hali(), {{0: wonder("theater")}})  # stage 2: build one discarded card for free
match.state = state
match.config = state["config"]
match.step += 1
match.version += 1
match.save(update_fields=["state", "config", "step", "version"])
print(sorted(state["discard"]))
"""


def test_halicarnassus_chooses_from_the_discard_pile_each_card_free(site, desktop_page, screenshot):
    page = desktop_page
    site.signup("e2e_hali")
    http = site.login("e2e_hali")
    page.context.add_cookies([{"name": "sessionid", "value": http.cookies["sessionid"], "domain": "127.0.0.1",
                               "path": "/"}])
    match_id = site.create_table(http, players=3, bots=["easy", "easy"])
    site.start_table(http, match_id)
    page.goto(site.url(f"/it/play/{match_id}/game/"))

    pile = site.manage("shell", "-c", HALICARNASSUS_PICKS.format(match_id=match_id)).strip().splitlines()[-1]
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
