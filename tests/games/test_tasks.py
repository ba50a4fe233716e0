import traceback
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.core.cache import caches
from django.db import OperationalError, transaction
from django.db.models import F

from games import engine, services, tasks
from games.models import Match, Seat
from games.services import bot_port
from tests.factories import start_table
from wonders_site.celery import app

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def every_bot_turn_through_the_queue(settings):
    """These tests are about the bots queue and its recovery: the quick bots that would choose in
    the transaction of the action that begins their step (QUICK_BOTS_INLINE) go through it too."""
    settings.QUICK_BOTS_INLINE = False


@pytest.fixture
def still_bots(monkeypatch):
    """Bot turns asked for are kept here instead of being played."""
    asked = []
    monkeypatch.setattr(bot_port, "request_bot_turns", lambda match_id, seats, version, slow=(): asked.append(
        (match_id, list(seats), version)))
    return asked


def test_a_bot_turn_plays_once_for_the_step_that_asked_and_a_repeat_does_nothing(make_user, still_bots):
    match = start_table(make_user("host"), players=3)
    assert still_bots == [(match.pk, [1, 2], match.step_version)]
    assert tasks.play_bot_turn(match.pk, 1, match.step_version) == "played"
    assert tasks.play_bot_turn(match.pk, 1, match.step_version) == "done"
    match.refresh_from_db()
    assert match.state["pending"][1] is not None and match.actions.filter(seat=1, by="bot").count() == 1


def test_a_bot_turn_for_a_step_that_is_over_does_nothing(make_user, still_bots):
    match = start_table(make_user("host"), players=3)
    old = match.step_version
    for seat in (1, 2):
        tasks.play_bot_turn(match.pk, seat, old)
    services.do_submit(match.pk, match.host, engine.legal_actions(match.state, 0)[0])
    match.refresh_from_db()
    assert match.step_version != old
    assert tasks.play_bot_turn(match.pk, 1, old) == "stale"
    assert tasks.play_bot_turn(match.pk, 0, match.step_version) == "not_bot"
    assert tasks.play_bot_turn(10**9, 1, old) == "gone"


def test_with_a_broker_bot_turns_go_to_the_bots_queue_only_after_the_commit(make_user, settings, monkeypatch):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    queued = []
    monkeypatch.setattr(tasks.play_bot_turn, "apply_async", lambda args, queue: queued.append((args, queue)))
    host = make_user("host")
    match = services.do_create_match(host, players=3, bots=["", "medium", "easy"])
    with transaction.atomic():
        services.do_start(match.pk, host)
        assert queued == []
    match.refresh_from_db()
    assert queued == [((match.pk, [1, 2], match.step_version), "bots")]


def test_the_quick_bots_of_a_step_share_one_task_and_each_searching_bot_gets_its_own(make_user, settings, monkeypatch):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    queued = []
    monkeypatch.setattr(tasks.play_bot_turn, "apply_async", lambda args, queue: queued.append(args))
    host = make_user("host")
    match = services.do_create_match(host, players=5, bots=["", "hard", "medium", "hard", "easy"])
    services.do_start(match.pk, host)
    match.refresh_from_db()
    version = match.step_version
    assert sorted(queued, key=str) == sorted([(match.pk, [2, 4], version), (match.pk, 1, version),
                                              (match.pk, 3, version)], key=str)


def test_one_task_plays_every_quick_bot_of_the_step_under_one_lock_as_one_version(make_user, still_bots):
    match = start_table(make_user("host"), players=4)
    before = match.version
    assert tasks.play_bot_turn(match.pk, [1, 2, 3], match.step_version) == "played"
    match.refresh_from_db()
    assert [match.actions.filter(seat=n, by="bot").count() for n in (1, 2, 3)] == [1, 1, 1]
    assert match.version == before + 1  # one write, one update for the clients
    assert set(match.actions.filter(by="bot").values_list("version", flat=True)) == {before + 1}
    assert tasks.play_bot_turn(match.pk, [1, 2, 3], match.step_version) == "done"


def test_a_bot_turn_sent_without_a_queue_is_routed_to_the_bots_queue_and_the_sweep_to_the_default_one():
    router = app.amqp.router
    assert router.route({}, tasks.play_bot_turn.name)["queue"].name == "bots"
    assert router.route({}, tasks.sweep_deadlines.name)["queue"].name == "default"


def make_late(match):
    """The step's deadline a minute ago: the match's (the page's countdown) and the waiting seats'."""
    Match.objects.filter(pk=match.pk).update(deadline=match.deadline - timedelta(seconds=60))
    Seat.objects.filter(match=match).exclude(deadline=None).update(deadline=F("deadline") - timedelta(seconds=60))


def test_celery_beat_s_entry_runs_the_deadline_sweep(make_user, settings):
    match = start_table(make_user("host"), players=3, turn_seconds=10)
    make_late(match)
    task = app.tasks[settings.CELERY_BEAT_SCHEDULE["games-sweep-deadlines"]["task"]]
    assert task() == 1
    assert match.actions.filter(by="timeout").count() == 1


def test_the_sweep_task_and_command_play_for_seats_past_their_deadline(make_user):
    match = start_table(make_user("host"), players=3, turn_seconds=10)
    make_late(match)
    assert tasks.sweep_deadlines() == 1
    match.refresh_from_db()
    make_late(match)
    call_command("sweep_deadlines")
    assert Match.objects.get(pk=match.pk).actions.filter(by="timeout").count() == 2


def test_a_lost_bot_turn_is_asked_again_by_the_sweep(make_user, still_bots):
    match = start_table(make_user("host"), players=3)
    still_bots.clear()
    later = match.step_started_at + timedelta(seconds=3)
    assert services.requeue_lost_bot_turns(now=later) == 2
    assert still_bots == [(match.pk, [1, 2], match.step_version)]


def test_a_step_just_begun_is_left_alone(make_user, still_bots):
    match = start_table(make_user("host"), players=3)
    still_bots.clear()
    assert services.requeue_lost_bot_turns(now=match.step_started_at + timedelta(seconds=1)) == 0


def test_bot_turns_waiting_in_the_queue_are_not_asked_again_until_they_stall(make_user, settings, monkeypatch):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    monkeypatch.setattr(tasks.play_bot_turn, "apply_async", lambda args, queue: None)  # queued, never run
    host = make_user("host")
    match = services.do_create_match(host, players=3, bots=["", "medium", "easy"])
    services.do_start(match.pk, host)
    match.refresh_from_db()
    asked = []
    monkeypatch.setattr(bot_port, "request_bot_turns", lambda *args, **kwargs: asked.append(args))

    assert services.requeue_lost_bot_turns(now=match.step_started_at + timedelta(seconds=3)) == 0
    caches["shared"].clear()  # Redis flushed: the queue, and the marker with it, are gone
    assert services.requeue_lost_bot_turns(now=match.step_started_at + timedelta(seconds=3)) == 2


def test_a_bot_turn_being_played_is_not_asked_again_until_its_worker_goes_quiet(make_user, still_bots, settings):
    from games.services import bot_watch

    match = start_table(make_user("host"), players=3)
    still_bots.clear()
    bot_watch.mark_playing(match.pk, match.step_version)
    assert services.requeue_lost_bot_turns(now=match.step_started_at + timedelta(seconds=3)) == 0
    caches["shared"].delete(f"bots:playing:{match.pk}:{match.step_version}")  # its time ran out
    assert services.requeue_lost_bot_turns(now=match.step_started_at + timedelta(seconds=3)) == 2


def test_a_worker_that_starts_asks_again_every_waiting_bot_turn_nobody_plays(make_user, still_bots):
    from games.services import bot_watch

    match = start_table(make_user("host"), players=3)
    bot_watch.mark_asked(match.pk, match.step_version)
    still_bots.clear()
    Match.objects.filter(pk=match.pk).update(step_started_at=match.step_started_at - timedelta(seconds=3))

    tasks.ask_again_after_worker_start()

    assert still_bots == [(match.pk, [1, 2], match.step_version)]


def test_a_bot_turn_that_meets_database_errors_is_tried_again_after_1_2_4_then_4_seconds(make_user, still_bots,
                                                                                         monkeypatch):
    match = start_table(make_user("host"), players=3)
    real_lock = services.bots.lock_match
    failures = []

    def flaky(match_id):
        if len(failures) < 4:
            failures.append(1)
            raise OperationalError("server closed the connection unexpectedly")
        return real_lock(match_id)

    countdowns = []
    real_retry = tasks.play_bot_turn.retry

    def retry(*args, **kwargs):
        countdowns.append(kwargs.get("countdown"))
        return real_retry(*args, **kwargs)

    monkeypatch.setattr(services.bots, "lock_match", flaky)
    monkeypatch.setattr(tasks.play_bot_turn, "retry", retry)
    result = tasks.play_bot_turn.apply((match.pk, 1, match.step_version))

    assert result.get() == "played"
    assert countdowns == [1, 2, 4, 4]


def test_a_bot_turn_that_fails_otherwise_is_not_tried_again(make_user, still_bots, monkeypatch):
    match = start_table(make_user("host"), players=3)
    tries = []

    def broken(match_id):
        tries.append(1)
        raise ValueError("a bug, not the database")

    monkeypatch.setattr(services.bots, "lock_match", broken)
    result = tasks.play_bot_turn.apply((match.pk, 1, match.step_version))

    assert result.failed() and tries == [1]


def test_a_bot_turn_is_played_once_the_database_answers_again(make_user, still_bots, monkeypatch):
    match = start_table(make_user("host"), players=3)
    real = services.bots.lock_match
    failures = []

    def flaky(match_id):
        if not failures:
            failures.append(1)
            raise OperationalError("server closed the connection unexpectedly")
        return real(match_id)

    monkeypatch.setattr(services.bots, "lock_match", flaky)
    result = tasks.play_bot_turn.apply((match.pk, 1, match.step_version))

    assert result.get() == "played" and failures == [1]


def test_eager_bot_turns_loop_instead_of_recursing_down_to_the_end_of_a_game(make_user, monkeypatch):
    depths = []
    real = services.do_play_bot_turn

    def measured(*args):
        depths.append(len(traceback.extract_stack()))
        return real(*args)

    monkeypatch.setattr(services, "do_play_bot_turn", measured)
    match = start_table(make_user("host"), players=7, turn_seconds=10)
    for _ in range(3):  # the host misses three deadlines: a bot takes the seat, and bots play on
        match.refresh_from_db()
        services.do_expire_deadline(match.pk, now=match.deadline + timedelta(seconds=1))
    match.refresh_from_db()
    assert match.status == "finished"
    assert len(depths) >= 18 and max(depths) - min(depths) <= 20  # a task per step, at least 18 turns
