"""The table chat in the browser (templates/games/partials/chat.html, static/js/table-chat.js):
two players at one table (a bot fills the third seat) write to each other from two browsers, a
third browser watches as a spectator: it reads every line, has no input, and the server refuses a
line it sends over its socket anyway. Lines are text, never markup; a reload shows them again;
the sixth line within the rate window is refused with words; the phone's page has no sideways scrolling;
axe-core finds nothing serious on the three pages. The replay of a finished match (base game and
Architects) shows each line at its step, as text.

The server is a real daphne process in the embedded mode of `make run`, as in test_play_game.py.
Screenshots: tests/e2e/out/chat-{player-desktop,player-phone,spectator}.png.
"""
import pytest

from tests.e2e.test_accessibility import AXE, violations
from tests.factories import DESKTOP, page_url, store_bot_match
from tests.integration.live_stack import LiveStack

pytestmark = pytest.mark.e2e

PHONE_390 = {"width": 390, "height": 844}
NO_SIDEWAYS_SCROLL = "document.scrollingElement.scrollWidth"


@pytest.fixture(scope="module")
def site():
    # A window longer than any test run: the sixth line is refused however slow the machine is.
    stack = LiveStack(embedded=True, name="e2e-chat", env={"CHAT_RATE_WINDOW_SECONDS": "600"})
    stack.start()
    try:
        yield stack
    finally:
        stack.stop()


def signed_in(browser, site, username, viewport):
    site.signup(username)
    http = site.login(username)
    context = browser.new_context(viewport=viewport, bypass_csp=True)  # axe is injected past the CSP
    context.add_cookies([{"name": "sessionid", "value": http.cookies["sessionid"], "domain": "127.0.0.1",
                          "path": "/"}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    return http, context, page


def watch_for_errors(page, problems):
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)


def open_game(site, page, match_id):
    page.goto(site.url(f"/en/play/{match_id}/game/"))
    page.locator("#game-connection").filter(has_text="Connected").wait_for()
    page.locator("#game-players table").wait_for()  # the snapshot has been drawn


def chat_texts(page):
    return page.locator("#chat-lines .chat-line__text").all_inner_texts()


def wait_for_line(page, text):
    page.locator("#chat-lines .chat-line__text", has_text=text).wait_for()


SPECTATOR_SOCKET = """(matchId) => new Promise((resolve, reject) => {
  const ws = new WebSocket("ws://" + location.host + "/ws/games/" + matchId + "/");
  const timer = setTimeout(() => reject(new Error("no answer")), 10000);
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "snapshot") ws.send(JSON.stringify({type: "chat", text: "let me speak"}));
    if (message.type === "error") { clearTimeout(timer); ws.close(); resolve(message); }
  };
})"""


def test_two_players_chat_from_two_browsers_and_a_spectator_reads_without_writing(site, browser, screenshot):
    problems = []
    ann_http, ann_context, ann = signed_in(browser, site, "e2e_chat_ann", {"width": 1280, "height": 900})
    bo_http, bo_context, bo = signed_in(browser, site, "e2e_chat_bo", PHONE_390)
    _cy_http, cy_context, watcher = signed_in(browser, site, "e2e_chat_cy", {"width": 1280, "height": 900})
    try:
        for page in (ann, bo, watcher):
            watch_for_errors(page, problems)
        match_id = site.create_table(ann_http, players=3, bots=["", "medium"])
        site.join_table(bo_http, match_id)
        site.start_table(ann_http, match_id)
        for page in (ann, bo, watcher):
            open_game(site, page, match_id)

        # The spectator reads only: no input, a note saying why.
        assert watcher.locator("#chat-form").is_hidden() and watcher.locator("#chat-input").is_hidden()
        assert watcher.locator("#chat-readonly").inner_text() == "Only the players at this table can write here."
        assert ann.locator("#chat-readonly").is_hidden() and bo.locator("#chat-readonly").is_hidden()

        # Ann writes by keyboard (the labelled input, Enter); markup stays text everywhere.
        ann.get_by_label("Your message to the table").fill("Hello <b>Bo</b> & all")
        ann.get_by_label("Your message to the table").press("Enter")
        for page in (ann, bo, watcher):
            wait_for_line(page, "Hello <b>Bo</b> & all")
            assert page.locator("#chat-lines b").count() == 0
        assert ann.get_by_label("Your message to the table").input_value() == ""
        assert bo.locator("#chat-lines .chat-line__who").first.inner_text() == "e2e_chat_ann"
        assert ann.locator("#chat-lines .chat-line__who").first.inner_text() == "e2e_chat_ann (you)"

        # Bo answers with the button, on a phone.
        bo.get_by_label("Your message to the table").fill("hi Ann, good luck")
        bo.get_by_role("button", name="Send").click()
        for page in (ann, bo, watcher):
            wait_for_line(page, "hi Ann, good luck")
            assert chat_texts(page) == ["Hello <b>Bo</b> & all", "hi Ann, good luck"]
        assert watcher.locator("#chat-lines .chat-line__who").nth(1).inner_text() == "e2e_chat_bo"
        assert bo.evaluate(NO_SIDEWAYS_SCROLL) <= PHONE_390["width"]

        # The spectator's own socket is refused by the server, and nobody hears anything.
        refused = watcher.evaluate(SPECTATOR_SOCKET, match_id)
        assert (refused["code"], refused["for"]) == ("not_seated", "chat")

        # A reload shows the lines again (they come with the snapshot).
        bo.reload()
        bo.locator("#game-connection").filter(has_text="Connected").wait_for()
        wait_for_line(bo, "hi Ann, good luck")
        assert chat_texts(bo) == ["Hello <b>Bo</b> & all", "hi Ann, good luck"]

        # Ann writes four more lines in a row: the sixth line within the rate window is refused with words.
        box = ann.get_by_label("Your message to the table")
        for n in range(4):
            box.fill(f"line {n}")
            box.press("Enter")
            wait_for_line(ann, f"line {n}")
        box.fill("one too many")
        box.press("Enter")
        ann.locator("#chat-status", has_text="You are writing too fast").wait_for()
        assert box.input_value() == "one too many", "a refused line is given back to the input"
        watcher.wait_for_timeout(500)
        assert "one too many" not in chat_texts(watcher) and "let me speak" not in chat_texts(watcher)
        assert len(chat_texts(watcher)) == 6

        ann.locator("#chat").scroll_into_view_if_needed()
        screenshot(ann, "chat-player-desktop", full_page=False)
        bo.locator("#chat").scroll_into_view_if_needed()
        screenshot(bo, "chat-player-phone", full_page=False)
        watcher.locator("#chat").scroll_into_view_if_needed()
        screenshot(watcher, "chat-spectator", full_page=False)
        assert bo.evaluate(NO_SIDEWAYS_SCROLL) <= PHONE_390["width"]
        axe = AXE.read_text()
        assert {name: violations(page, axe) for name, page in (("ann", ann), ("bo", bo), ("watcher", watcher))} == {
            "ann": [], "bo": [], "watcher": []}
        assert problems == []
    finally:
        for context in (ann_context, bo_context, cy_context):
            context.close()


@pytest.mark.parametrize("game", ["base", "architects"])
def test_the_replay_shows_each_chat_line_at_the_step_it_was_said_as_text(browser, live_server, loaded_catalogue,
                                                                          django_user_model, game):
    from games import services
    from games.history.timeline import match_timeline
    from games.models import ChatMessage, MatchAction

    if game == "architects":
        from cards.loading_architects import load_architects

        load_architects()
    people = [django_user_model.objects.create_user(username=name) for name in ("ann", "bo")]
    match = store_bot_match(game, players=3, seed=3, users=people)
    frames = match_timeline(match)
    after_first_step = MatchAction.objects.get(match=match, index=frames[1]["index"]).version
    ChatMessage.objects.create(match=match, seat=1, user=people[1], text="<i>nice</i> start", version=after_first_step)
    services.do_send_chat(match.pk, people[0], "well played")  # said after the end: the last step
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(live_server.url + page_url("match-detail", match.pk, lang="en"))
        chat_lines = page.locator("[data-events] li.replay__chat")
        assert chat_lines.count() == 0  # the replay opens at the start
        page.locator('[data-go="next"]').click()
        assert chat_lines.all_inner_texts() == ["Table chat bo: <i>nice</i> start"]
        assert page.locator("[data-events] i").count() == 0
        page.locator('[data-go="next"]').click()
        assert chat_lines.count() == 0
        page.locator('[data-go="last"]').click()
        assert chat_lines.all_inner_texts() == ["Table chat ann: well played"]
        listed = page.locator(".match-chat__lines li").all_inner_texts()
        assert len(listed) == 2 and listed[0].endswith("bo: <i>nice</i> start") and listed[1].endswith("ann: well played")
    finally:
        context.close()
