"""The lobby's new-table form: the turn timer belongs to real time; a turn-based pace has a move
deadline instead, so the timer's field shows only while the pace is real time."""
import pytest

pytestmark = pytest.mark.e2e


def test_the_turn_timer_field_hides_while_a_turn_based_pace_is_chosen(site, browser):
    site.signup("pace_host")
    http = site.login("pace_host")
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.add_cookies([{"name": "sessionid", "value": http.cookies["sessionid"], "domain": "127.0.0.1",
                          "path": "/"}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(site.url("/it/play/"))
        timer = page.locator("#id_turn_seconds")
        assert timer.is_visible()
        page.select_option("#id_pace", "86400")
        timer.wait_for(state="hidden")
        page.select_option("#id_pace", "live")
        timer.wait_for(state="visible")
    finally:
        context.close()
