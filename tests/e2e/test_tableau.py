"""Every city drawn as a tableau on the game page (games/presentation/base/static/tableau.js): a
4-player table, the 2-player variant with its Free City, and an 8-player Cities table in teams,
each played by the services up to a turn of Age II (tests/e2e/tableau_tables.py) and compared
with seat 0's view read back from the database; the 8 cities inside the 1366x900 screen; the
phone's tabs without sideways scrolling; a zoomed city. Screenshots at 1366x900 and 390x844, in
Italian and Portuguese, go to tests/e2e/out/tableau-*.png."""
import pytest

from tests.e2e.tableau_tables import assert_every_city_drawn, open_table

pytestmark = pytest.mark.e2e

WIDE = {"width": 1366, "height": 900}
NARROW = {"width": 390, "height": 844}
CITIES_TEAMS = {"option_expansions": "cities", "option_teams": "True"}


@pytest.fixture
def wide_page(browser):
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    problems = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    yield page
    context.close()
    assert not problems, problems


def shoot(page, screenshot, name):
    """The table at the top of the screen, at 1366x900 then 390x844 (the viewport's own picture)."""
    page.set_viewport_size(WIDE)
    page.locator(".tableau").evaluate("node => node.scrollIntoView({block: 'start'})")
    screenshot(page, f"{name}-desktop", full_page=False)
    page.set_viewport_size(NARROW)
    page.locator(".tableau").evaluate("node => node.scrollIntoView({block: 'start'})")
    screenshot(page, f"{name}-phone", full_page=False)
    page.set_viewport_size(WIDE)


def seats_around(view, me):
    """[me, left, ..., right]: the table order the page must follow."""
    order, at = [me], view["players"][me]["left"]
    while at != me:
        order.append(at)
        at = view["players"][at]["left"]
    return order


def test_a_four_player_table_draws_every_city_where_it_sits_with_its_cards_coins_tokens_and_stages(site, wide_page, screenshot):
    page = wide_page
    _match, view, _before = open_table(site, page, "tableau4", 4, ["medium", "easy", "medium"], lang="it")
    facts = assert_every_city_drawn(page, view)
    order = seats_around(view, 0)
    assert [facts[seat]["place"] for seat in order] == ["me", "left", "across", "right"]
    boxes = {place: page.locator(f'.tableau-city[data-place="{place}"]').bounding_box() for place in ("me", "left", "right")}
    assert boxes["left"]["x"] < boxes["me"]["x"] < boxes["right"]["x"], "left neighbour left, right neighbour right"
    across = page.locator('.tableau-city[data-place="across"]').bounding_box()
    assert across["y"] + across["height"] <= boxes["me"]["y"] + 1, "the others sit across, above you"
    # Trade prices on both neighbours' boards, none on the others'.
    assert page.locator('.tableau-city[data-place="left"] .tableau-trade[data-side="left"]').count() == 1
    assert page.locator('.tableau-city[data-place="right"] .tableau-trade[data-side="right"]').count() == 1
    assert page.locator('.tableau-city[data-place="across"] .tableau-trade, .tableau-city[data-place="me"] .tableau-trade').count() == 0
    shoot(page, screenshot, "tableau-4p-it")
    # A spectator (no session) sees the same four cities from seat 0's place, none as theirs, no prices.
    watcher = page.context.browser.new_context(viewport=WIDE)
    spectator = watcher.new_page()
    spectator.goto(page.url)
    spectator.locator('.tableau .tableau-city[data-place="me"]').wait_for()
    assert spectator.locator('.tableau-city[data-place="me"]').get_attribute("data-seat") == "0"
    assert spectator.locator(".tableau .tableau-city").count() == 4
    assert spectator.locator(".tableau-city.is-me, .tableau-trade").count() == 0
    watcher.close()
    page.goto(page.url.replace("/it/", "/pt-br/"))
    page.locator('.tableau .tableau-city[data-place="me"]').wait_for()
    shoot(page, screenshot, "tableau-4p-pt-br")


def test_an_eight_player_cities_team_table_shows_every_city_inside_the_screen_with_its_tokens_and_partner(site, wide_page, screenshot):
    page = wide_page
    _match, view, _before = open_table(site, page, "tableau8", 8, ["medium"] * 7, fields=CITIES_TEAMS, lang="it")
    assert view["cities"]["teams"]
    facts = assert_every_city_drawn(page, view)
    assert all("tableau-city--team" in f["classes"] for f in facts), "every city shows its team"
    partner = view["players"][0]["partner"]
    assert "is-partner" in facts[partner]["classes"]
    assert sum("is-partner" in f["classes"] for f in facts) == 1
    assert sum(f["place"] == "across" for f in facts) == 5
    # Nothing to open: at 1366x900 the table's eight cities are all inside the screen at once.
    page.locator(".tableau").evaluate("node => node.scrollIntoView({block: 'start'})")
    for seat in range(8):
        box = page.locator(f'.tableau-city[data-seat="{seat}"]').first.bounding_box()
        assert box["x"] >= 0 and box["y"] >= 0, f"city {seat} starts off screen"
        assert box["x"] + box["width"] <= WIDE["width"] and box["y"] + box["height"] <= WIDE["height"], f"city {seat} ends off screen: {box}"
        assert box["width"] >= 180 and box["height"] >= 90, f"city {seat} is too small to read: {box}"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shoot(page, screenshot, "tableau-8p-teams-it")
    page.goto(page.url.replace("/it/", "/pt-br/"))
    page.locator('.tableau .tableau-city[data-place="me"]').wait_for()
    shoot(page, screenshot, "tableau-8p-teams-pt-br")


def test_a_two_player_table_draws_the_free_city_as_a_neighbour_with_its_pile(site, wide_page, screenshot):
    page = wide_page
    _match, view, _before = open_table(site, page, "tableau2", 2, ["medium"], lang="pt-br")
    assert len(view["players"]) == 3 and view["players"][2]["free_city"]
    facts = assert_every_city_drawn(page, view)
    free = page.locator(".tableau-city.is-free-city")
    assert free.count() == 1 and free.get_attribute("data-place") in ("left", "right")
    assert "Cidade Livre" in facts[2]["text"]
    pile = free.locator(".tableau-stat--hand").get_attribute("title")
    assert pile.endswith(": " + str(view["players"][2]["pile_size"]))
    shoot(page, screenshot, "tableau-2p-pt-br")
    page.goto(page.url.replace("/pt-br/", "/it/"))
    page.locator('.tableau .tableau-city[data-place="me"]').wait_for()
    shoot(page, screenshot, "tableau-2p-it")


REVEAL = """([view, before]) => {
  const box = document.createElement('div');
  document.querySelector('#game-cities').after(box);
  window.WondersTableau.table(view, 0, box, {previous: before});
  const fresh = box.querySelectorAll('.is-new');
  const out = {
    cards: box.querySelectorAll('.tableau-card.is-new').length,
    stages: box.querySelectorAll('.tableau-stage.is-new').length,
    tokens: box.querySelectorAll('.tableau-token.is-new').length,
    animations: [...new Set([...fresh].map(node => getComputedStyle(node).animationName))],
  };
  box.remove();
  return out;
}"""


def test_the_turns_reveal_highlights_each_new_card_stage_and_conflict_token_and_none_under_reduced_motion(site, wide_page):
    page = wide_page
    # Age II, turn 1: the view before is Age I's last turn, so its plays and Age I's conflicts are new.
    _match, view, before = open_table(site, page, "tableau_reveal", 3, ["medium", "easy"], age=2, turn=1)
    assert (before["age"], before["turn"]) == (1, 6)
    new_cards = sum(len(p["built"]) - len(b["built"]) for p, b in zip(view["players"], before["players"]))
    new_stages = sum(p["stages_built"] - b["stages_built"] for p, b in zip(view["players"], before["players"]))
    new_tokens = sum(len(p["tokens"]) - len(b["tokens"]) for p, b in zip(view["players"], before["players"]))
    # Each conflict not drawn gives both cities a token; three cities fight three conflicts.
    assert new_tokens <= 6 and new_tokens % 2 == 0 and new_cards + new_stages + new_tokens >= 1
    seen = page.evaluate(REVEAL, [view, before])
    assert (seen["cards"], seen["stages"], seen["tokens"]) == (new_cards, new_stages, new_tokens)
    assert seen["animations"] == ["tableau-land"]
    assert page.evaluate(REVEAL, [view, view])["cards"] == 0, "nothing is new since the same view"
    page.emulate_media(reduced_motion="reduce")
    calm = page.evaluate(REVEAL, [view, before])
    assert (calm["cards"], calm["stages"], calm["tokens"]) == (0, 0, 0)


def test_on_a_phone_each_city_is_one_tab_away_and_the_page_never_scrolls_sideways(site, browser, screenshot):
    context = browser.new_context(viewport=NARROW, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(15_000)
    _match, view, _before = open_table(site, page, "tableau_phone", 5, ["medium"] * 4, lang="pt-br")
    tabs = page.locator(".tableau-tab")
    assert tabs.count() == 4
    order = seats_around(view, 0)
    # Four bots of one level have names alike ("bot médio (guloso) · Lugar 2"): each neighbour's tab
    # says its side by an arrow and its city in full (never cut), a word of its wonder's name.
    lines = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.tableau-tab')].map(tab => {
        const first = tab.querySelector('.tableau-tab__place');
        return [tab.dataset.tab, {text: first.innerText.trim(), cut: first.scrollWidth > first.clientWidth + 1,
                                  label: tab.textContent}];  // its accessible name: visible words, then the full ones
    }))""")
    wonders = {seat: page.locator(f'.tableau .tableau-city[data-seat="{seat}"] .tableau-wonder__name').first.text_content()
               for seat in (order[1], order[-1])}
    for tab, seat, arrow in (("left", order[1], "←"), ("right", order[-1], "→")):
        line = lines[tab]
        assert arrow in line["text"] and not line["cut"], (tab, line)
        assert line["text"].replace(arrow, "").strip() in wonders[seat].split(), (tab, line, wonders[seat])
        assert f"Lugar {seat + 1}" in line["label"], (tab, line)
    assert lines["left"]["text"] != lines["right"]["text"]
    expected = {"me": [order[0]], "left": [order[1]], "right": [order[-1]], "across": order[2:-1]}
    for tab in ("left", "right", "across", "me"):
        page.locator(f'.tableau-tab[data-tab="{tab}"]').tap()
        assert page.locator(f'.tableau-tab[data-tab="{tab}"]').get_attribute("aria-pressed") == "true"
        shown = page.evaluate("""() => [...document.querySelectorAll('.tableau .tableau-city')]
            .filter(city => city.offsetParent !== null).map(city => Number(city.dataset.seat))""")
        assert sorted(shown) == sorted(expected[tab]), tab
        for seat in shown:
            box = page.locator(f'.tableau .tableau-city[data-seat="{seat}"]').bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= NARROW["width"], (tab, seat, box)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), tab
        if tab == "across":
            page.locator(".tableau").evaluate("node => node.scrollIntoView({block: 'start'})")
            screenshot(page, "tableau-5p-pt-br-phone-others", full_page=False)
    context.close()


def test_a_city_zooms_to_full_size_with_a_click_or_enter_and_back_with_escape(site, wide_page, screenshot):
    page = wide_page
    _match, view, _before = open_table(site, page, "tableau_zoom", 6, ["medium"] * 5, lang="en")
    across = page.locator('.tableau-city[data-place="across"]').first
    seat = across.get_attribute("data-seat")
    assert "tableau-city--compact" in across.get_attribute("class")
    across.click()
    zoomed = page.locator('.tableau-zoomed[role="dialog"] .tableau-city--zoomed')
    assert zoomed.get_attribute("data-seat") == seat and "tableau-city--full" in zoomed.get_attribute("class")
    assert zoomed.locator(".tableau-card").count() == len(view["players"][int(seat)]["built"])
    page.keyboard.press("Escape")
    assert page.locator(".tableau-zoomed").count() == 0
    assert page.evaluate("document.activeElement.closest('.tableau-city').dataset.seat") == seat
    page.keyboard.press("Enter")  # the focus is on that city's zoom button
    assert page.locator(".tableau-zoomed .tableau-city--zoomed").get_attribute("data-seat") == seat
    screenshot(page, "tableau-6p-en-zoomed-desktop", full_page=False)
    page.locator(".tableau-zoomed__close").click()
    assert page.locator(".tableau-zoomed").count() == 0


# A move of the page's own player sent over a second socket of the page (docs/protocol.md): the
# page's board hears the resolved turn as any update, whatever its hand's buttons look like.
ACT = """async () => {
  const page = JSON.parse(document.getElementById('game-data').textContent);
  const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + page.ws_path);
  const snapshot = await new Promise((resolve, reject) => {
    ws.onmessage = (event) => { const m = JSON.parse(event.data); if (m.type === 'snapshot') resolve(m); };
    ws.onerror = reject;
  });
  const rank = {build: 0, wonder: 1};
  const action = snapshot.legal.slice().sort((a, b) => (rank[a.type] ?? 2) - (rank[b.type] ?? 2))[0];
  const id = 'tableau-' + Date.now();
  const ack = new Promise((resolve) => {
    ws.onmessage = (event) => { const m = JSON.parse(event.data); if (m.client_id === id) resolve(m); };
  });
  ws.send(JSON.stringify({type: 'act', client_id: id, step: snapshot.step, action: action}));
  const answer = await ack;
  ws.close();
  return [answer.type, action.type];
}"""

MY_CITY = '.tableau .tableau-city[data-seat="0"]'


def test_a_resolved_turn_lands_on_the_live_table_with_the_highlight_and_without_it_under_reduced_motion(site, wide_page):
    page = wide_page
    open_table(site, page, "tableau_live", 3, ["medium", "medium"], age=1, turn=2)
    for reduced in (True, False):
        page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
        drawn = page.locator(MY_CITY).evaluate("city => city.dataset.built + '/' + city.querySelector('.tableau-wonder').dataset.built")
        answer, kind = page.evaluate(ACT)
        assert answer == "ack" and kind in ("build", "wonder"), (answer, kind)
        page.wait_for_function("([selector, drawn]) => { const city = document.querySelector(selector); return city && "
                               "city.dataset.built + '/' + city.querySelector('.tableau-wonder').dataset.built !== drawn; }",
                               arg=[MY_CITY, drawn])
        fresh = page.locator(f"{MY_CITY} .is-new").count()
        assert fresh == (0 if reduced else 1), (reduced, fresh)
    # The bots built or discarded too: whatever they built is highlighted on their boards.
    assert page.locator(".tableau .tableau-card.is-new, .tableau .tableau-stage.is-new").count() >= 1
