"""The coach's review in the browser (issue 28): a person plays a 3-player base game against two easy
bots to the end by clicking on the board (in Italian, at a desktop); the end panel says the review
is being made, then lists the person's key moments, each a link into the replay; the link opens
the match page's replay at that step, where the step's review line shows. The same match's end
panel and replay in Brazilian Portuguese on a phone. And the replay of every game (Architects,
the 2-player variant with Cities, Cities at 3) words every reviewed decision at its step.

The server is a real daphne in the embedded mode (no broker): the review runs as a child process
of the server (games/review_runner.py) with a small budget (REVIEW_ITERATIONS). Screenshots:
tests/e2e/out/review-{it,pt-br}-{end-panel,replay}-{desktop,phone}.png and
review-pt-br-key-moments-phone.png (the match page's list), review-replay-{architects,cities-2p,cities}-desktop.png
(the first key moment's step), review-{it,pt-br}-points-{replay,end-panel}-{desktop,phone}.png (a key
moment that cost points: a game the person could no longer win).
"""
import json
import random
import re
from collections import Counter
from urllib.parse import urljoin

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.board_play import DESKTOP, PHONE, Game, open_table, shoot_both, watch_for_errors
from tests.integration.live_stack import LiveStack

pytestmark = pytest.mark.e2e

REVIEW_TIMEOUT_MS = 120_000
STEP = re.compile(r"(\d+)\D+(\d+)\s*$")  # "... — passo 12 di 40": the step shown, of how many


@pytest.fixture(scope="module")
def site():
    stack = LiveStack(embedded=True, name="e2e-review", env={"REVIEW_ITERATIONS": "12"})
    stack.start()
    try:
        yield stack
    finally:
        stack.stop()


def wait_for_key_moments(page):
    """The end panel's key-moment links once the review is drawn, or None when it has none for the
    person (the panel then says so)."""
    drawn = page.locator("#moment-end #table-review .table-review__step, "
                         "#moment-end #table-review .table-review__seat .muted")
    try:
        drawn.first.wait_for(timeout=REVIEW_TIMEOUT_MS)
    except PlaywrightTimeout:
        # what the server says of the review (queued, running, failed) says where to look in the logs
        answer = page.request.get(urljoin(page.url, page.get_attribute("#table-review", "data-url")))
        pytest.fail(f"no key moment after {REVIEW_TIMEOUT_MS // 1000} s; the page says "
                    f"{page.text_content('#table-review-status')!r}; the API: {answer.status} {answer.text()[:300]}")
    links = page.locator("#table-review .table-review__step")
    return links if links.count() else None


def play_to_key_moments(site, browser, attempts=3):
    """A 3-player game against two easy bots played by random clicks in Italian at a desktop, to its
    review's key moments: -> (page, match id, the status before the review was drawn, the links, the
    page's errors). A game the person could not win whatever they chose has none (every move's win
    chance 0 and no move clearly scoring more: rare since the review weighs points there): the
    panel says so and another table is played."""
    for attempt in range(attempts):
        page, match_id = open_table(site, browser, f"review_it{attempt or ''}", "it", DESKTOP, 3, ["easy", "easy"])
        problems = watch_for_errors(page)
        game = Game(page, random.Random(28 + attempt), timeout=120)
        game.play(game.click_move)
        page.locator("#moment-end").wait_for()
        page.locator("#moment-end #table-review").wait_for()
        status = page.text_content("#table-review-status")
        links = wait_for_key_moments(page)
        if links is not None:
            return page, match_id, status, links, problems
        assert "Nessun momento chiave" in page.locator("#table-review").inner_text()
        assert problems == []
        page.context.close()
    pytest.fail(f"{attempts} games in a row without a key moment")


def step_shown(page):
    found = STEP.search(page.text_content("[data-where]"))
    return int(found.group(1)), int(found.group(2))


def test_a_finished_game_is_reviewed_and_its_key_moments_open_the_replay_at_their_step(site, browser, screenshot):
    page, match_id, status, links, problems = play_to_key_moments(site, browser)
    box = page.locator("#moment-end #table-review")
    assert status in ("Revisione in corso…", "")  # "" when the review was done before the first read
    assert "stime" in box.inner_text()  # the note: these are estimates from a search
    count = links.count()
    assert 1 <= count <= 3  # one person, up to three moments
    # each moment names the move made, what it cost (win chance, or points in a game the person could
    # no longer win) and the search's choice (Italian verbs: built, discarded, ...)
    for moment in box.locator(".table-review__moment").all_inner_texts():
        assert re.search(r": ha (costruito|scartato|pagato|scelto|passato)", moment), moment
        assert re.search(r"(di probabilità di vittoria|\d+ punti) in meno che "
                         r"(costruire|scartare|pagare|scegliere|passare)", moment), moment
    box.scroll_into_view_if_needed()
    shoot_both(page, screenshot, "review-it-end-panel", "desktop")

    href = links.first.get_attribute("href")
    step = int(re.search(r"\?step=(\d+)#replay$", href).group(1))
    links.first.click()
    page.wait_for_url(f"**/matches/{match_id}/?step={step}#replay")
    page.locator("[data-where]").wait_for()
    assert step_shown(page)[0] == step
    line = page.locator("[data-events] .replay__review--key")
    line.first.wait_for()
    text = line.first.inner_text()
    assert "Momento chiave" in text and "(la scelta della ricerca)" in text
    # The match page lists the same key moments, and a click on one moves the replay to its step.
    moments = page.locator("#review .match-review__step")
    assert moments.count() == count
    assert "stime" in page.locator("#review").inner_text()
    page.locator("#replay").scroll_into_view_if_needed()
    shoot_both(page, screenshot, "review-it-replay", "desktop")
    other = moments.nth(moments.count() - 1)
    other_step = int(other.get_attribute("data-step"))
    other.click()
    assert step_shown(page)[0] == other_step and page.url.endswith(f"?step={other_step}#replay")
    assert problems == []
    page.context.close()

    # The same match in Brazilian Portuguese on a phone: the end panel at the game page, then the replay.
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    phone = context.new_page()
    phone.set_default_timeout(15_000)
    phone_problems = watch_for_errors(phone)
    phone.goto(site.url(f"/pt-br/play/{match_id}/game/"))
    phone.locator("#moment-end").wait_for()
    phone_links = wait_for_key_moments(phone)
    assert phone_links is not None and phone_links.count() == count
    assert re.search(r"a menos de chance de vitória|\d+ pontos a menos", phone.locator("#table-review").inner_text())
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    phone.locator("#table-review").scroll_into_view_if_needed()
    shoot_both(phone, screenshot, "review-pt-br-end-panel", "phone")
    phone_links.first.tap()
    phone.wait_for_url(f"**/pt-br/**/matches/{match_id}/?step={step}#replay")
    phone.locator("[data-events] .replay__review--key").first.wait_for()
    assert "Momento-chave" in phone.locator("[data-events] .replay__review--key").first.inner_text()
    assert "(a escolha da busca)" in phone.locator("[data-events]").inner_text()
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    phone.locator("#replay").scroll_into_view_if_needed()
    shoot_both(phone, screenshot, "review-pt-br-replay", "phone")
    phone.locator("#review").scroll_into_view_if_needed()
    assert "estimativas" in phone.locator("#review").inner_text()
    screenshot(phone, "review-pt-br-key-moments-phone", full_page=False)
    assert phone_problems == []
    context.close()


# Matches stored on the stack's database as the live service stores them (games.history.simulate),
# a person at seat 0, reviewed at once (REVIEW_RUNNER inline in that process).
STORE_REVIEWED = """
import json, random
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone
from games import engine
from games.engine import options as engine_options
from games.history.simulate import play, store_finished
settings.REVIEW_RUNNER = "inline"
settings.REVIEW_ITERATIONS = 6
user = get_user_model().objects.get_or_create(username="reviewed_games")[0]
ids = {}
for game, mode, players, seed in %s:
    config = engine.normalize_config({"game": game, "players": players, **engine_options.mode_options(game, mode)})
    state = play(config, seed, ["medium"] * players, random.Random(seed))
    seats = [(user, "", False)] + [(None, "medium", False)] * (players - 1)
    now = timezone.now()
    match = store_finished(config, seed, state, seats, now, now, {n: "player" if n == 0 else "bot" for n in range(players)})
    ids[mode] = match.pk
print(json.dumps(ids))
"""
GAMES = [("architects", "architects", 3, 1), ("base", "cities-2p", 2, 2), ("base", "cities", 3, 3)]


def test_the_replay_of_every_game_words_each_reviewed_decision_at_its_step(site, desktop_page, screenshot):
    ids = json.loads(site.manage("shell", "-c", STORE_REVIEWED % GAMES, timeout=600).strip().splitlines()[-1])
    page = desktop_page
    problems = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    for _game, mode, _players, _seed in GAMES:
        page.goto(site.url(f"/en/matches/{ids[mode]}/"))
        page.locator("[data-where]").wait_for()
        review = page.evaluate("JSON.parse(document.getElementById('replay-data').textContent).review")
        assert review["status"] == "done" and review["decisions"], mode
        expected = Counter(decision["step"] for decision in review["decisions"])
        steps = int(page.locator("[data-slider]").get_attribute("max")) + 1
        seen, shot = {}, False
        page.locator("[data-slider]").focus()
        for step in range(1, steps + 1):
            assert step_shown(page)[0] == step
            lines = page.locator("[data-events] .replay__review").all_inner_texts()
            if lines:
                seen[step] = lines
            if not shot and page.locator("[data-events] .replay__review--key").count():
                shot = True  # the first key moment: its line, the table under it
                page.locator("#replay").scroll_into_view_if_needed()
                screenshot(page, f"review-replay-{mode}-desktop", full_page=False)
            page.keyboard.press("ArrowRight")
        assert {step: len(lines) for step, lines in seen.items()} == dict(expected), mode
        for lines in seen.values():
            for line in lines:
                assert line.split(": ", 1)[0].endswith("reviewed_games"), line
                assert "made a choice" not in line and "another choice" not in line, (mode, line)
                assert "(the search's choice)" in line or "the search's choice too" in line, line
        key_links = page.locator("#review .match-review__step")
        assert key_links.count() == len(review["key_moments"]["0"])
    assert problems == []


# One of those matches, its review made, then one decision that the search named another move for
# made its only key moment by points (as the review does in a game the person could no longer win:
# games/bots/review.py); the rest of the review as made. Prints the match, the step and the texts.
STORE_POINTS_MOMENT = STORE_REVIEWED.replace("print(json.dumps(ids))", """
from games.history.models import MatchReview
review = MatchReview.objects.get(match_id=ids["base"])
decisions = review.result["decisions"]
k = next(k for k, d in enumerate(decisions) if d["best"] != d["chosen"])
decisions[k].update(loss=0.0, points_loss=5.2)
decisions[k]["chosen_value"]["win"] = decisions[k]["best_value"]["win"] = 0.0
review.result = {**review.result, "decisions": decisions, "key_moments": {"0": [k]}}
review.save(update_fields=["result"])
print(json.dumps({"match": ids["base"], "step": decisions[k]["step"]}))
""")


def test_a_key_moment_that_cost_points_says_so_in_the_replay_and_the_end_panel(site, browser, screenshot):
    stored = json.loads(site.manage("shell", "-c", STORE_POINTS_MOMENT % [("base", "base", 3, 4)], timeout=600)
                        .strip().splitlines()[-1])
    match_id, step = stored["match"], stored["step"]
    context = browser.new_context(viewport=DESKTOP, locale="it-IT")
    page = context.new_page()
    problems = watch_for_errors(page)
    page.goto(site.url(f"/it/matches/{match_id}/?step={step}#replay"))
    line = page.locator("[data-events] .replay__review--key")
    line.wait_for()
    assert re.search(r"Momento chiave.*: ha \w+ .* — circa 5 punti in meno che \w+ .*\(la scelta della ricerca\)$",
                     line.inner_text()), line.inner_text()
    moments = page.locator("#review .match-review__moment").all_inner_texts()
    assert len(moments) == 1 and "circa 5 punti in meno che" in moments[0]
    page.locator("#replay").scroll_into_view_if_needed()
    shoot_both(page, screenshot, "review-it-points-replay", "desktop")
    assert problems == []
    context.close()

    phone_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    phone = phone_context.new_page()
    phone_problems = watch_for_errors(phone)
    phone.goto(site.url(f"/pt-br/play/{match_id}/game/"))
    links = wait_for_key_moments(phone)
    assert links is not None and links.count() == 1
    moment = phone.locator("#table-review .table-review__moment").inner_text()
    assert re.search(r": \w+ .* — cerca de 5 pontos a menos do que \w+ .*\(a escolha da busca\)$", moment), moment
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    phone.locator("#table-review").scroll_into_view_if_needed()
    shoot_both(phone, screenshot, "review-pt-br-points-end-panel", "phone")
    assert phone_problems == []
    phone_context.close()
