"""Leaving a running game (a bot takes the seat at once, a rated match ranks the seat last, the player watches)
and the rematch (a new table from a finished match's seats)."""
import random

import pytest
from django.contrib.auth.models import AnonymousUser

from games import engine, services
from games.history.models import MatchRecord, RatingChange
from games.models import Match, MatchAction
from tests.factories import page_url, play_as_human, start_table
from tests.games.history.helpers import fit_bots

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_player_who_leaves_is_replaced_at_once_by_the_game_s_timeout_bot_which_plays_the_seat(make_user):
    host, guest = make_user("host"), make_user("guest")
    match = start_table(host, players=3, others=[guest], bots=["", "", "medium"])
    assert 0 in engine.to_act(match.state)
    assert services.do_concede(match.pk, host) == 0
    seat = match.seats.get(number=0)
    assert seat.taken_over and seat.bot_level == engine.info("base")["timeout_bot"] == "medium"
    assert seat.user == host  # the seat stays theirs in the record: abandoned, not anonymous
    assert MatchAction.objects.filter(match=match, seat=0, by=MatchAction.By.BOT).exists()
    match.refresh_from_db()
    assert engine.to_act(match.state) == [1]  # the game now waits for the other person only


def test_who_left_watches_as_a_spectator_and_the_log_says_they_left(make_user):
    host, guest = make_user("host"), make_user("guest")
    match = start_table(host, players=3, others=[guest], bots=["", "", "medium"])
    services.do_concede(match.pk, host)
    snap = services.snapshot(match.pk, host)
    assert snap["you"] is None and snap["left_seat"] == 0 and snap["legal"] == []
    assert "hand" not in snap["view"]
    assert {"type": "left", "seat": 0, "bot": "medium"} in snap["events"]
    assert services.snapshot(match.pk, guest)["left_seat"] is None


def test_leaving_tells_every_connection_to_take_a_fresh_snapshot(make_user, sent):
    host, guest = make_user("host"), make_user("guest")
    match = start_table(host, players=3, others=[guest], bots=["", "", "medium"])
    sent.clear()
    services.do_concede(match.pk, host)
    changed = [m for group, m in sent if group == services.match_group(match.pk) and m["type"] == "match.changed"]
    assert changed


def test_who_left_cannot_move_nor_leave_again(make_user):
    host, guest = make_user("host"), make_user("guest")
    match = start_table(host, players=3, others=[guest], bots=["", "", "medium"])
    services.do_concede(match.pk, host)
    match.refresh_from_db()
    with pytest.raises(services.ServiceError) as caught:
        services.do_concede(match.pk, host)
    assert caught.value.code == "seat_taken_over"
    with pytest.raises(services.ServiceError) as caught:
        services.do_submit(match.pk, host, {"type": "discard", "card": "x"})
    assert caught.value.code == "seat_taken_over"


def test_leaving_is_refused_to_a_spectator_and_once_the_game_is_over(make_user):
    host = make_user("host")
    match = start_table(host, players=3)
    with pytest.raises(services.ServiceError) as caught:
        services.do_concede(match.pk, make_user("watcher"))
    assert caught.value.code == "not_seated"
    play_as_human(match, host, random.Random(1))
    with pytest.raises(services.ServiceError) as caught:
        services.do_concede(match.pk, host)
    assert caught.value.code == "not_running"


def test_a_rated_match_someone_left_ranks_them_last(make_user, monkeypatch):
    fit_bots(monkeypatch, {"base": {"easy": 5.0, "medium": 25.0, "hard": 45.0}})
    host, guest = make_user("host"), make_user("guest")
    match = start_table(host, players=3, others=[guest], bots=["", "", "medium"])
    services.do_concede(match.pk, host)
    play_as_human(match, guest, random.Random(2))
    record = MatchRecord.objects.get(match=match)
    assert record.rated and record.unrated_reason == ""
    assert RatingChange.objects.get(match=match, user=host).rank == 3


def test_when_the_last_person_leaves_the_bots_play_the_game_to_its_end(make_user):
    host = make_user("host")
    match = start_table(host, players=3, bots=["", "medium", "easy"], turn_seconds=60)
    services.do_concede(match.pk, host)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.deadline is None


def test_an_architects_player_can_leave_too(make_user):
    host, guest = make_user("host"), make_user("guest")
    match = start_table(host, players=3, others=[guest], bots=["", "", "medium"], game="architects")
    services.do_concede(match.pk, host)
    assert match.seats.get(number=0).bot_level == engine.info("architects")["timeout_bot"]


def finished_table(host, others=(), bots=None):
    match = start_table(host, players=3, others=others, bots=bots, sides="B", turn_seconds=120)
    services.do_concede(match.pk, host) if others else play_as_human(match, host, random.Random(3))
    for user in others:
        match.refresh_from_db()
        if match.status == Match.Status.RUNNING:
            play_as_human(match, user, random.Random(4))
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


def test_a_rematch_is_a_new_open_table_with_the_same_options_and_the_bots_in_their_seats(make_user):
    host = make_user("host")
    old = finished_table(host, bots=["", "medium", "easy"])
    new = services.do_rematch(old.pk, host)
    assert new.pk != old.pk and new.status == Match.Status.OPEN and new.rematch_of_id == old.pk
    assert (new.game, new.players, new.options, new.turn_seconds) == ("base", 3, {"sides": "B"}, 120)
    seats = list(new.seats.order_by("number"))
    assert [(s.user_id, s.bot_level) for s in seats] == [(host.pk, ""), (None, "medium"), (None, "easy")]
    assert services.snapshot(old.pk, host)["match"]["rematch"] == new.pk


def test_the_rematch_seats_whoever_asks_first_and_leaves_the_other_people_s_seats_open_for_them(make_user):
    host, guest = make_user("host"), make_user("guest")
    old = finished_table(host, others=[guest], bots=["", "", "easy"])
    new = services.do_rematch(old.pk, guest)
    # Around the table from the guest (old seat 1): the random bot (old 2), then the host's seat (old 0).
    assert [(s.user_id, s.bot_level) for s in new.seats.order_by("number")] == [
        (guest.pk, ""), (None, "easy"), (None, "")]
    again = services.do_rematch(old.pk, host)
    assert again.pk == new.pk
    assert new.seats.get(number=2).user_id == host.pk


def test_a_rematch_is_refused_before_the_end_and_to_who_did_not_play(make_user):
    host = make_user("host")
    match = start_table(host, players=3)
    with pytest.raises(services.ServiceError) as caught:
        services.do_rematch(match.pk, host)
    assert caught.value.code == "not_finished"
    play_as_human(match, host, random.Random(5))
    for user, code in ((make_user("watcher"), "not_seated"), (AnonymousUser(), "login_required")):
        with pytest.raises(services.ServiceError) as caught:
            services.do_rematch(match.pk, user)
        assert caught.value.code == code


def test_the_rematch_button_posts_and_lands_on_the_new_table(client, make_user):
    host = make_user("host")
    old = finished_table(host)
    client.force_login(host)
    page = client.get(page_url("game", old.pk))
    assert page_url("game-rematch", old.pk) in page.content.decode()
    response = client.post(page_url("game-rematch", old.pk))
    new = Match.objects.get(rematch_of=old)
    assert response.status_code == 302 and response.url == page_url("table", new.pk)


def test_the_game_page_offers_the_replay_the_lobby_and_the_profile_and_no_rematch_to_a_spectator(client, make_user):
    host = make_user("host")
    old = finished_table(host)
    client.force_login(make_user("watcher"))
    html = client.get(page_url("game", old.pk)).content.decode()
    for url in (page_url("match-detail", old.pk), page_url("lobby"), page_url("player-profile", "watcher")):
        assert f'href="{url}"' in html
    assert page_url("game-rematch", old.pk) not in html
    assert 'id="leave-game"' not in html
