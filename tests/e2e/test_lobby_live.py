"""The lobby page keeps its lists live: tables created, filled and started elsewhere appear, move
and leave without a reload (the lobby socket; games/lobby_feed.py folds fast changes into one list).
Screenshots: lobby-live-desktop-it.png and lobby-live-phone-pt-br.png in tests/e2e/out/."""
import pytest

pytestmark = pytest.mark.e2e


def open_link(page, match_id):
    return page.locator(f'#open-tables a[href$="/{match_id}/"]')


def running_link(page, match_id):
    return page.locator(f'#running-games a[href$="/{match_id}/game/"]')


@pytest.mark.parametrize("lang,viewport,shot", [("it", "desktop_page", "lobby-live-desktop-it"),
                                                ("pt-br", "page", "lobby-live-phone-pt-br")])
def test_tables_made_and_started_elsewhere_come_and_go_on_an_open_lobby_page(site, request, screenshot, lang,
                                                                            viewport, shot):
    page = request.getfixturevalue(viewport)
    problems = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.goto(site.url(f"/{lang}/play/"))
    page.wait_for_load_state("networkidle")
    hosts = [f"lobby_{lang.replace('-', '_')}_{n}" for n in range(3)]
    made = []
    for host in hosts:  # three tables in quick succession, by three players
        site.signup(host)
        http = site.login(host)
        made.append((http, site.create_table(http, players=3, bots=["medium", "easy"])))
    for _, match_id in made:
        open_link(page, match_id).wait_for(timeout=10_000)
    http, started = made[0]
    site.start_table(http, started)
    running_link(page, started).wait_for(timeout=10_000)
    assert open_link(page, started).count() == 0
    assert all(open_link(page, match_id).count() == 1 for _, match_id in made[1:])
    screenshot(page, shot)
    assert problems == []
