"""Mid-game tables for the tableau's browser tests: a table made through the lobby form of a real
daphne (the embedded stack of tests/e2e/conftest.py's `site`), then played up to a chosen turn
by one `manage.py shell` in the stack's environment: seat 0 (the test's player) makes random legal
moves through the services, its bots answer in the same transactions (quick bots inline). The
script prints seat 0's view at that point and the view before its last turn resolved, read back
with the engine, so that the tests compare the page with the snapshot and not with the page's
own drawing."""
import json


ADVANCE = """
import json, random
from games import engine, services
from games.models import Match

match = Match.objects.get(pk={match_id})
user = match.seats.get(number=0).user
rng = random.Random({seed})
first_of_turn = None  # seat 0's view as the turn being played began
for _ in range(600):
    match.refresh_from_db()
    view = engine.view(match.state, 0)
    legal = engine.legal_actions(match.state, 0)
    if view["age"] > {age} or (view["age"] == {age} and view["turn"] >= {turn} and view["phase"] == "play" and legal
                                and not view.get("pending")):
        break
    assert legal, "the table waits for " + repr(engine.to_act(match.state))
    if first_of_turn is None or (view["age"], view["turn"]) != (first_of_turn["age"], first_of_turn["turn"]):
        first_of_turn = view
    services.do_submit(match.pk, user, rng.choice(legal), step=match.step)
before = first_of_turn
print("VIEWS=" + json.dumps({{"view": view, "before": before}}))
"""


def advance(site, match_id, age, turn, seed=7):
    """Play seat 0 of the match up to (age, turn): (its view then, its view a turn before)."""
    output = site.manage("shell", "-c", ADVANCE.format(match_id=match_id, age=age, turn=turn, seed=seed), timeout=300)
    line = next(line for line in output.splitlines() if line.startswith("VIEWS="))
    views = json.loads(line[len("VIEWS="):])
    return views["view"], views["before"]


def open_table(site, page, username, players, bots, fields=None, lang="en", age=2, turn=2, deal=None):
    """A started table at (age, turn) with `username` at seat 0, open in `page`: (match id, view, before).
    `deal` fixes the match's seed (its deal and its bots' choices) where a test needs what a
    random deal may not give."""
    site.signup(username)
    http = site.login(username)
    page.context.add_cookies([{"name": "sessionid", "value": http.cookies["sessionid"], "domain": "127.0.0.1",
                               "path": "/"}])
    # The lobby form's real-time pace and its missed-deadline limit, said in case the form asks for them.
    match_id = site.create_table(http, players=players, bots=bots, fields={"pace": "live", "missed_limit": 3, **(fields or {})})
    if deal is not None:
        site.manage("shell", "-c", f"from games.models import Match; Match.objects.filter(pk={match_id}).update(seed={deal})")
    site.start_table(http, match_id)
    view, before = advance(site, match_id, age, turn)
    page.goto(site.url(f"/{lang}/play/{match_id}/game/"))
    page.locator('.tableau .tableau-city[data-place="me"]').wait_for()
    return match_id, view, before


CITY_FACTS = """(seat) => {
  const city = document.querySelector('.tableau > .tableau-city[data-seat="' + seat + '"], .tableau-across > .tableau-city[data-seat="' + seat + '"]');
  const value = (sel) => { const node = city.querySelector(sel); return node ? Number(node.dataset.value) : null; };
  return {
    cards: [...city.querySelectorAll('.tableau-card')].map(c => c.dataset.card).sort(),
    coins: value('.tableau-stat--coins'), shields: value('.tableau-stat--shields'),
    diplomacy: value('.tableau-stat--diplomacy'), debt: value('.tableau-stat--debt'),
    tokens: [...city.querySelectorAll('.tableau-token')].map(t => Number(t.dataset.value)).sort((a, b) => a - b),
    stages: city.querySelectorAll('.tableau-stage.is-built').length,
    slots: city.querySelectorAll('.tableau-stage').length,
    place: city.dataset.place, classes: city.className, text: city.innerText,
  };
}"""


def assert_every_city_drawn(page, view):
    """Each city of the view is on the table with its cards, coins, shields, tokens and stages."""
    for seat, player in enumerate(view["players"]):
        facts = page.evaluate(CITY_FACTS, seat)
        assert facts["cards"] == sorted(player["built"]), f"city {seat}: cards"
        assert facts["coins"] == player["coins"], f"city {seat}: coins"
        assert facts["shields"] == player["shields"], f"city {seat}: shields"
        assert facts["tokens"] == sorted(player["tokens"]), f"city {seat}: military tokens"
        assert facts["stages"] == player["stages_built"] and facts["slots"] == player["stage_count"], f"city {seat}: stages"
        if "diplomacy" in player:
            assert (facts["diplomacy"], facts["debt"]) == (player["diplomacy"], player["debt"]), f"city {seat}: Cities tokens"
    return [page.evaluate(CITY_FACTS, seat) for seat in range(len(view["players"]))]
