"""A player's page lists their finished matches (newest first, a page at a time, each with links to
the match and its replay) and the matches they sit at now."""
import random
import re
from datetime import datetime, timedelta, timezone as dt_timezone

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.history.models import SeatResult
from games.history.simulate import game_config, play, play_and_store, store_finished
from tests.games.history.helpers import make_people, url

pytestmark = pytest.mark.django_db

START = datetime(2026, 3, 5, 14, 30, tzinfo=dt_timezone.utc)


@pytest.fixture
def people(django_user_model):
    people = make_people(django_user_model)
    people[1].profile.display_name = "Bo Bó"
    people[1].profile.save()
    return people


@pytest.fixture(scope="module")
def played():
    """One 3-player game of the base game, played once by greedy bots (its config, state)."""
    config = game_config("base", 3, "A")
    return config, play(config, 5, ["medium"] * 3, random.Random(5))


def store(played, seats, finished_at):
    """The played game stored again as a finished match: `seats` are users or bot levels."""
    config, state = played
    rows = [(who, "", False) if not isinstance(who, str) else (None, who, False) for who in seats]
    by_seat = {n: "bot" if isinstance(who, str) else "player" for n, who in enumerate(seats)}
    return store_finished(config, 5, state, rows, finished_at - timedelta(minutes=20), finished_at, by_seat)


def matches_in_order(html):
    """The match ids of the finished-match list, in the order shown."""
    section = html[html.index('id="matches-title"'):]
    return [int(pk) for pk in re.findall(r'<li class="player-match">\s*<p class="player-match__head"><a href="/\w+(?:-\w+)?/matches/(\d+)/"', section)]


def test_the_player_page_lists_the_finished_matches_newest_first_twenty_a_page(client, people, played):
    stored = [store(played, [people[0], people[1], people[2]], START + timedelta(days=k)) for k in range(23)]
    newest_first = [match.pk for match in reversed(stored)]

    first = client.get(url("player-profile", "en", "ann")).content.decode()
    second = client.get(url("player-profile", "en", "ann") + "?page=2").content.decode()

    assert matches_in_order(first) == newest_first[:20]
    assert matches_in_order(second) == newest_first[20:]
    assert "23 finished matches, newest first." in first
    assert 'href="?mode=base&amp;page=2#matches-title" rel="next">Older</a>' in first
    assert 'href="?mode=base&amp;page=1#matches-title" rel="prev">Newer</a>' in second and "Page 2 of 2" in second


def test_a_page_number_past_the_last_page_shows_the_last_page(client, people, played):
    stored = [store(played, [people[0], people[1], people[2]], START + timedelta(days=k)) for k in range(21)]

    html = client.get(url("player-profile", "en", "ann") + "?page=99").content.decode()

    assert matches_in_order(html) == [stored[0].pk]


def test_each_match_says_when_the_mode_the_rank_and_points_and_who_else_played_with_links_to_match_and_replay(
        client, people, played):
    match = store(played, [people[1], people[0], "medium"], START)
    mine = SeatResult.objects.get(match=match, user=people[0])

    html = client.get(url("player-profile", "it", "ann")).content.decode()
    row = html[html.index('<li class="player-match">'):]
    row = row[:row.index("</li>")]

    assert "05/03/2026 14:30" in row  # Italian short date and time, the site's time zone (UTC)
    assert "7 Wonders, da 3 a 7 giocatori" in row
    assert f"{mine.rank} su 3, {mine.total} punti" in row
    assert '<a href="/it/players/bo/">Bo Bó</a>' in row and "bot medio (avido)" in row
    assert f'<a href="/it/matches/{match.pk}/">' in row
    assert f'<a href="/it/matches/{match.pk}/#replay">Replay</a>' in row
    assert ">ann<" not in row  # the player is not among the others


def test_the_replay_link_lands_on_the_match_pages_replay(client, people, played):
    match = store(played, [people[0], people[1], people[2]], START)

    html = client.get(url("match-detail", "en", match.pk)).content.decode()

    assert re.search(r'<section class="replay" id="replay"[^>]*>\s*<h2 id="replay-title">Replay</h2>', html)


def test_the_player_page_costs_as_many_queries_for_twenty_matches_as_for_one(client, people, played):
    store(played, [people[0], people[1], "medium"], START)
    with CaptureQueriesContext(connection) as one:
        client.get(url("player-profile", "en", "ann"))
    for k in range(1, 25):
        store(played, [people[0], people[(k % 3) + 1], people[((k + 1) % 3) + 1]], START + timedelta(days=k))

    with CaptureQueriesContext(connection) as twenty:
        response = client.get(url("player-profile", "en", "ann"))

    assert len(matches_in_order(response.content.decode())) == 20
    assert len(twenty) == len(one)


def test_the_player_page_reads_a_full_page_of_matches_in_a_bounded_number_of_queries(
        client, people, played, django_assert_max_num_queries):
    for k in range(22):
        store(played, [people[0], people[(k % 3) + 1], "easy"], START + timedelta(days=k))
    client.force_login(people[0])
    client.get(url("player-profile", "en", "ann"))  # the session's first read is not the page's

    with django_assert_max_num_queries(20):
        client.get(url("player-profile", "en", "ann"))


def test_a_player_with_no_finished_match_is_told_so(client, people):
    html = client.get(url("player-profile", "en", "cy")).content.decode()

    assert matches_in_order(html) == [] and "No finished match yet." in html


def test_the_matches_the_player_sits_at_now_are_listed_apart_with_a_link_to_the_table(
        client, people, django_capture_on_commit_callbacks):
    from games import services

    with django_capture_on_commit_callbacks(execute=True):
        running = services.do_create_match(people[0], players=3, bots=["", "medium", "medium"])
        services.do_start(running.pk, people[0])
        elsewhere = services.do_create_match(people[1], players=3, bots=["", "medium", "medium"])
        services.do_start(elsewhere.pk, people[1])

    html = client.get(url("player-profile", "pt-br", "ann")).content.decode()
    section = html[html.index('id="running-title"'):html.index('id="matches-title"')]

    assert "Jogando agora" in section
    assert f'<a href="/pt-br/play/{running.pk}/game/">' in section
    assert f"/play/{elsewhere.pk}/" not in section


def test_nobody_is_listed_as_playing_now_once_their_matches_are_over(client, people, played):
    store(played, [people[0], people[1], people[2]], START)

    html = client.get(url("player-profile", "en", "ann")).content.decode()

    assert 'id="running-title"' not in html


def test_a_bot_only_table_of_the_match_list_still_names_the_bots_by_level(client, people):
    play_and_store([people[0], "easy", "medium"], seed=11)

    html = client.get(url("player-profile", "en", "ann")).content.decode()
    row = html[html.index('<li class="player-match">'):]

    assert "With easy bot (random), medium bot (greedy)" in row[:row.index("</li>")]


@pytest.mark.parametrize("language, words", [("it", "vittorie: "), ("pt-br", "vitórias: ")])
def test_the_wins_line_reads_right_whatever_the_number_of_wins(client, people, played, language, words):
    store(played, [people[0], people[1], people[2]], START)
    html = client.get(url("player-profile", language, "ann")).content.decode()
    assert words in html and " vinte ·" not in html and "1 vitórias" not in html
