"""The seats' marks of a step (services/turn_clock.py): written once per transaction, and the
people told only when their list of waiting tables changed."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import engine, services
from games.models import Seat
from tests.factories import start_table

pytestmark = pytest.mark.django_db(transaction=True)

DAY = 24 * 3600


def act(match, user, seat):
    match.refresh_from_db()
    return services.do_submit(match.pk, user, engine.legal_actions(match.state, seat)[0], step=match.step)


def seat_updates(queries):
    table = Seat._meta.db_table
    return [q["sql"] for q in queries if q["sql"].startswith(f'UPDATE "{table}"')]


def told(sent, user):
    return [group for group, message in sent
            if group == f"user.{user.pk}" and message == {"type": "my_games.changed"}]


def test_a_move_that_quick_bots_follow_into_the_next_step_writes_the_marks_once_and_tells_nobody(make_user, sent):
    ann = make_user("ann")
    match = start_table(ann, players=3)  # two medium bots: they choose at once
    before = Seat.objects.get(match=match, number=0).waiting_since
    sent.clear()
    with CaptureQueriesContext(connection) as queries:
        act(match, ann, 0)
    match.refresh_from_db()
    seat = Seat.objects.get(match=match, number=0)
    assert match.step == 2 and seat.waiting_since > before  # waited on again, from the new step
    assert len(seat_updates(queries.captured_queries)) == 1
    assert told(sent, ann) == []  # the table waited on ann before the move and waits on her after it


def test_a_move_that_leaves_the_table_waiting_on_others_tells_the_mover_it_no_longer_waits(make_user, sent):
    ann, bob = make_user("ann"), make_user("bob")
    match = start_table(ann, players=3, others=[bob])
    sent.clear()
    act(match, ann, 0)
    assert Seat.objects.get(match=match, number=0).waiting_since is None
    assert told(sent, ann) == [f"user.{ann.pk}"] and told(sent, bob) == []


def test_a_turn_based_step_that_moves_the_deadline_tells_the_person_waited_on(make_user, sent):
    ann = make_user("ann")
    match = start_table(ann, players=3, pace="turn", turn_seconds=DAY)
    before = Seat.objects.get(match=match, number=0).deadline
    sent.clear()
    act(match, ann, 0)
    assert Seat.objects.get(match=match, number=0).deadline > before
    assert told(sent, ann) == [f"user.{ann.pk}"]


def test_the_end_of_the_game_clears_every_mark_and_tells_the_people(make_user, sent):
    ann = make_user("ann")
    match = start_table(ann, players=3)
    while True:
        match.refresh_from_db()
        if engine.is_over(match.state):
            break
        sent.clear()
        act(match, ann, 0)
    assert not Seat.objects.filter(match=match).exclude(waiting_since=None).exists()
    assert told(sent, ann) == [f"user.{ann.pk}"]
