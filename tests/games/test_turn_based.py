"""Turn-based tables: the pace, per-seat deadlines and reminders, the sweep, the take-over after
the table's limit of missed deadlines."""
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games import engine, services
from games.models import Match, MatchAction, Seat
from games.services import deadlines
from games.views.lobby import playable_games
from tests.factories import start_table

pytestmark = pytest.mark.django_db
DAY = 24 * 3600


def seats_of(match):
    return {s.number: s for s in Seat.objects.filter(match=match)}


def move(match, user, number):
    match.refresh_from_db()
    action = engine.legal_actions(match.state, number)[0]
    services.do_submit(match.pk, user, action)


def test_a_turn_based_step_gives_each_waiting_person_a_deadline_and_a_reminder_at_80_percent(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    before = timezone.now()
    match = start_table(ann, players=3, others=[bob], pace="turn", turn_seconds=DAY)
    seats = seats_of(match)
    for number in (0, 1):
        seat = seats[number]
        assert seat.waiting_since is not None and seat.deadline == match.deadline
        assert timedelta(seconds=DAY) <= seat.deadline - before < timedelta(seconds=DAY + 60)
        assert seat.remind_at - seat.waiting_since == timedelta(seconds=0.8 * DAY)
    assert seats[2].deadline is None and seats[2].waiting_since is None  # the bot


def test_a_live_table_without_a_timer_marks_who_it_waits_on_but_sets_no_deadline(make_user):
    ann = make_user("ann")
    match = start_table(ann, players=3)
    seat = seats_of(match)[0]
    assert seat.waiting_since is not None and seat.deadline is None and seat.remind_at is None


def test_a_seat_that_chose_no_longer_holds_the_step_while_the_others_keep_their_deadline(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    match = start_table(ann, players=3, others=[bob], pace="turn", turn_seconds=3600)
    move(match, ann, 0)
    seats = seats_of(match)
    assert (seats[0].waiting_since, seats[0].deadline, seats[0].remind_at) == (None, None, None)
    assert seats[1].deadline is not None and seats[1].waiting_since is not None


def test_a_resolved_turn_marks_every_waited_on_seat_in_one_plain_update(make_user):
    ann, bob, cat = make_user("ann"), make_user("bob"), make_user("cat")
    match = start_table(ann, players=3, others=[bob, cat], pace="turn", turn_seconds=DAY)
    move(match, ann, 0)
    move(match, bob, 1)
    with CaptureQueriesContext(connection) as queries:
        move(match, cat, 2)  # the turn resolves: the next step waits on all three again
    seat_writes = [q["sql"] for q in queries if q["sql"].startswith('UPDATE "games_seat"')]
    assert len(seat_writes) == 1 and "CASE" not in seat_writes[0]
    match.refresh_from_db()
    seats = seats_of(match)
    assert {(s.waiting_since is not None, s.deadline) for s in seats.values()} == {(True, match.deadline)}


def test_the_sweep_plays_only_for_the_late_seat_and_a_bot_takes_it_after_the_tables_missed_limit(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    match = start_table(ann, players=3, others=[bob], pace="turn", turn_seconds=3600, missed_limit=2)
    for turn in range(2):
        move(match, ann, 0)  # ann plays, bob lets his deadline pass
        step = Match.objects.get(pk=match.pk).step
        later = Seat.objects.get(match=match, number=1).deadline + timedelta(seconds=1)
        assert deadlines.do_sweep_deadlines(now=later) == 1
        match.refresh_from_db()
        assert match.step == step + 1
    bob_seat = Seat.objects.get(match=match, number=1)
    assert bob_seat.taken_over and bob_seat.bot_level == "medium" and bob_seat.missed_turns == 2
    assert bob_seat.untold_misses == 2 and bob_seat.deadline is None and bob_seat.waiting_since is None
    timed_out = MatchAction.objects.filter(match=match, by=MatchAction.By.TIMEOUT)
    assert set(timed_out.values_list("seat", flat=True)) == {1}
    assert Seat.objects.get(match=match, number=0).missed_turns == 0


def test_a_seat_that_plays_after_a_miss_starts_its_count_again(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    match = start_table(ann, players=3, others=[bob], pace="turn", turn_seconds=3600, missed_limit=2)
    move(match, ann, 0)
    deadlines.do_sweep_deadlines(now=Seat.objects.get(match=match, number=1).deadline + timedelta(seconds=1))
    move(match, bob, 1)
    move(match, ann, 0)
    deadlines.do_sweep_deadlines(now=Seat.objects.get(match=match, number=1).deadline + timedelta(seconds=1))
    seat = Seat.objects.get(match=match, number=1)
    assert seat.missed_turns == 1 and not seat.taken_over


def test_nothing_is_played_before_the_deadline(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    match = start_table(ann, players=3, others=[bob], pace="turn", turn_seconds=3600)
    assert deadlines.do_sweep_deadlines(now=timezone.now() + timedelta(seconds=3500)) == 0
    assert Match.objects.get(pk=match.pk).step == match.step


@pytest.mark.parametrize("pace, turn_seconds, missed_limit, code", [
    ("turn", 600, 3, "bad_deadline"),
    ("turn", 0, 3, "bad_deadline"),
    ("daily", DAY, 3, "bad_pace"),
    ("turn", DAY, 0, "bad_missed_limit"),
    ("turn", DAY, 11, "bad_missed_limit"),
])
def test_it_refuses_a_pace_it_does_not_offer_with_a_code(make_user, pace, turn_seconds, missed_limit, code):
    with pytest.raises(services.ServiceError) as refused:
        services.do_create_match(make_user("ann"), players=3, bots=["", "medium", "medium"], pace=pace,
                                 turn_seconds=turn_seconds, missed_limit=missed_limit)
    assert refused.value.code == code


@pytest.mark.parametrize("game", playable_games())
def test_every_game_on_the_site_can_be_played_turn_based(make_user, game):
    low = engine.info(game)["min_players"]
    players = max(low, 2)
    match = start_table(make_user("ann"), players=players, bots=[""] + ["medium"] * (players - 1), game=game,
                        pace="turn", turn_seconds=3 * DAY)
    assert match.status == Match.Status.RUNNING and match.pace == "turn"
    assert Seat.objects.get(match=match, number=0).deadline == match.deadline is not None


def test_the_lobby_form_creates_a_turn_based_table_and_the_lobby_names_its_pace(client, make_user):
    client.force_login(make_user("ann"))
    response = client.post(reverse("lobby"), {"game": "base", "players": 3, "turn_seconds": 0, "pace": "43200",
                                              "missed_limit": 2, "seat_1": "medium", "seat_2": "medium"})
    assert response.status_code == 302
    match = Match.objects.get()
    assert (match.pace, match.turn_seconds, match.missed_limit) == ("turn", 12 * 3600, 2)
    table = services.lobby_tables()["open"][0]
    assert table["pace"] == "turn" and table["turn_seconds"] == 12 * 3600
    page = client.get(reverse("table", args=[match.pk])).content.decode()
    assert "turn-based, 12 hours a move" in page


def test_the_sweep_finds_due_seats_in_one_query_however_many_tables_wait(make_user):
    ann = make_user("ann")
    for _ in range(3):
        start_table(ann, players=3, pace="turn", turn_seconds=DAY)
    with CaptureQueriesContext(connection) as queries:
        assert deadlines.due_seats(timezone.now()) == []
    assert len(queries) == 1
    sql = queries[0]["sql"]
    assert '"games_seat"."deadline" <=' in sql and '"games_seat"."remind_at" <=' in sql


def test_a_lobby_form_without_the_pace_fields_makes_a_real_time_table(client, make_user):
    client.force_login(make_user("ann"))
    response = client.post(reverse("lobby"), {"game": "base", "players": 3, "turn_seconds": 0,
                                              "seat_1": "medium", "seat_2": "medium"})
    assert response.status_code == 302
    match = Match.objects.get()
    assert (match.pace, match.turn_seconds, match.missed_limit) == ("live", 0, 3)


def test_the_steps_countdown_ends_once_every_person_has_chosen(make_user, settings, monkeypatch):
    from games.services import bot_port
    settings.QUICK_BOTS_INLINE = False
    asked = []
    monkeypatch.setattr(bot_port, "runner", lambda *args: asked.append(args))  # the bot's turn waits unplayed
    ann, bob = make_user("ann"), make_user("bob")
    match = start_table(ann, players=3, others=[bob], pace="turn", turn_seconds=3600)
    move(match, ann, 0)
    assert Match.objects.get(pk=match.pk).deadline is not None  # Bob still chooses
    move(match, bob, 1)
    match.refresh_from_db()
    assert match.step == 1 and match.bots_pending  # the bot has not chosen yet
    assert match.deadline is None


@pytest.mark.parametrize("players, options", [(2, {}), (4, {"expansions": ["cities"]}),
                                              (4, {"expansions": ["cities"], "teams": True})])
def test_the_base_games_variants_can_be_played_turn_based(make_user, players, options):
    match = start_table(make_user("ann"), players=players, bots=[""] + ["medium"] * (players - 1), game="base",
                        pace="turn", turn_seconds=DAY, **options)
    assert match.status == Match.Status.RUNNING
    assert Seat.objects.get(match=match, number=0).deadline == match.deadline is not None
