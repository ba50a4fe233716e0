"""The table chat is kept with the match: the match page lists it under the replay's log with the
time and the speaker's label, and the replay shows each line with the step it was said at."""
import pytest
from django.core.cache import caches

from games import engine, services
from games.models import Match
from tests.factories import page_json, start_table
from tests.games.history.helpers import url

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fresh_counters():
    caches["shared"].clear()
    yield
    caches["shared"].clear()


def play_turn(match, people):
    """Every person still to choose at this step chooses its first legal action (bots answer in-process)."""
    match.refresh_from_db()
    for seat, user in enumerate(people):
        if seat in engine.to_act(match.state) and engine.legal_actions(match.state, seat):
            services.do_submit(match.pk, user, engine.legal_actions(match.state, seat)[0], step=match.step)
            match.refresh_from_db()


def age_and_turn(match):
    """The age and the turn being played now."""
    match.refresh_from_db()
    view = engine.view(match.state, None)
    return view["age"], view["turn"]


@pytest.fixture
def chatted(make_user):
    """A 3-seat game of two people and a bot: a line before any move, one after two resolved turns,
    one at the end."""
    host, guest = make_user("host"), make_user("guest")
    match = start_table(host, players=3, others=[guest])
    services.do_send_chat(match.pk, host, "good luck <all>")
    while age_and_turn(match) == (1, 1):
        play_turn(match, (host, guest))
    while age_and_turn(match) == (1, 2):
        play_turn(match, (host, guest))
    assert age_and_turn(match) == (1, 3)
    services.do_send_chat(match.pk, guest, "two turns gone")
    while match.status != Match.Status.FINISHED:
        play_turn(match, (host, guest))
    services.do_send_chat(match.pk, host, "well played")
    match.refresh_from_db()
    return match


def test_the_match_page_lists_the_chat_in_order_with_the_speakers_label_and_time(client, chatted):
    response = client.get(url("match-detail", "en", chatted.pk))
    html = response.content.decode()
    section = html[html.index('id="chat-title"'):]
    section = section[:section.index("</section>")]
    assert section.index("good luck") < section.index("two turns gone") < section.index("well played")
    assert "<strong>host</strong>: good luck &lt;all&gt;" in section
    assert "<strong>guest</strong>: two turns gone" in section
    assert section.count("<time datetime=") == 3
    # Under the replay's log, above the score sheet.
    assert html.index('id="replay-title"') < html.index('id="chat-title"') < html.index('id="sheet-title"')


def test_the_replay_puts_each_line_at_the_step_it_was_said(client, chatted):
    response = client.get(url("match-detail", "en", chatted.pk))
    replay = page_json(response, "replay-data")
    chat = replay["chat"]
    assert len(chat) == len(replay["frames"])
    said = [(n, line["seat"], line["name"], line["text"]) for n, lines in enumerate(chat) for line in lines]
    # The deal is frame 0; each resolved turn of this game (side A, no prompts in turns 1-2) adds one.
    assert said == [(0, 0, "host", "good luck <all>"), (2, 1, "guest", "two turns gone"),
                    (len(replay["frames"]) - 1, 0, "host", "well played")]
    assert page_json(response, "replay-labels")["chat"] == "Table chat"


def test_a_running_matchs_page_lists_its_chat_under_the_seats(client, make_user):
    host = make_user("host")
    match = start_table(host, players=3)
    services.do_send_chat(match.pk, host, "anyone there?")
    html = client.get(url("match-detail", "en", match.pk)).content.decode()
    assert html.index('id="seats-title"') < html.index('id="chat-title"')
    assert "<strong>host</strong>: anyone there?" in html


def test_a_match_without_chat_shows_no_chat_section(client, make_user):
    host = make_user("host")
    match = start_table(host, players=3)
    response = client.get(url("match-detail", "en", match.pk))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="seats-title"' in html, "the match page itself, with its seats"
    assert 'id="chat-title"' not in html
