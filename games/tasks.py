"""Celery tasks: thin wrappers over games.services, and the runner of the services' bot turns.

`review_match` runs on the `review` queue (CELERY_TASK_ROUTES; a worker of its own in production,
concurrency 1, at low priority): the coach's review of a finished match (games/history/review.py),
asked through games/history/review_port.py.

`play_bot_turn` runs on the `bots` queue (CELERY_TASK_ROUTES), late-acknowledged and requeued if
the worker dies; it is idempotent: a repeated or late delivery finds that the match moved on
and does nothing. Lost bot turns are asked again by the sweep and by a worker that starts
(services/bot_watch.py).

What this module sets up when it is imported (games/apps.py imports it in every process):
`ask_for_bot_turns` becomes the services' bot-turn runner (services/bot_port.py), `ask_for_review`
the history's review runner (history/review_port.py). In a Celery
worker process, `worker_process_init` installs the worker's channel-layer sender
(services/senders.py, WorkerLoopSender).
"""
import logging
import threading
from collections import deque

from celery.signals import worker_process_init, worker_ready
from django.conf import settings
from django.db import DatabaseError

from wonders_site.celery import app

from games import review_runner, services
from games.history import review, review_port
from games.services import bot_port, bot_watch, broadcast, notify, notify_port, senders

log = logging.getLogger("games.services")

BOTS_QUEUE = "bots"
REVIEW_QUEUE = "review"

# A bot turn that met a broken database connection is tried again soon: 1, 2, 4, 4... seconds.
RETRIED_ERRORS = (DatabaseError,)


@app.task(name="games.play_bot_turn", acks_late=True, reject_on_worker_lost=True, ignore_result=True,
          autoretry_for=RETRIED_ERRORS, retry_backoff=1, retry_backoff_max=4, retry_jitter=False, max_retries=30)
def play_bot_turn(match_id, seat, version):
    """Play for bot `seat` (a seat number, or a list of the quick bots of one step) of the step
    that began at `version`; nothing if it moved on."""
    return services.do_play_bot_turn(match_id, seat, version)


@app.task(name="games.sweep_deadlines", acks_late=True, ignore_result=True)
def sweep_deadlines():
    """Play for seats past their deadline (Celery beat, every DEADLINE_SWEEP_SECONDS)."""
    return services.do_sweep_deadlines()


# A notification that could not be sent (the SMTP server away) is tried again: 10, 20, 40... s.
MAIL_ERRORS = (OSError, DatabaseError)


@app.task(name="games.notify", acks_late=True, reject_on_worker_lost=True, ignore_result=True,
          autoretry_for=MAIL_ERRORS, retry_backoff=10, retry_backoff_max=600, max_retries=20)
def send_notification(kind, match_id, step, user_id):
    """One notification (services/notify.py): idempotent through its sent-log row."""
    if kind == "digest":
        return notify.do_digest(user_id, step)
    return notify.do_notify(kind, match_id, step, user_id)


def ask_for_notification(kind, match_id, step, user_id):
    """The services' notification runner (services/notify_port.py): a task on the default queue,
    or at once in this process without a broker."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        result = send_notification.apply((kind, match_id, step, user_id))
        if result.failed():
            log.error("notification %s failed: %r", (kind, match_id, step, user_id), result.result)
        return
    send_notification.apply_async((kind, match_id, step, user_id))


notify_port.register(ask_for_notification)


def ask_for_bot_turns(match_id, seats, version, slow):
    """The services' bot-turn runner: one task for the quick bots of the step together and one for
    each searching bot in `slow`. With a broker they go to the bots queue. Without one
    (CELERY_TASK_ALWAYS_EAGER) they run in this process, and a turn that asks for more turns
    queues them for the loop already running instead of recursing; the loop ends when no bot has
    anything left to do (a person must act, or the game is over)."""
    quick = [n for n in seats if n not in slow]
    jobs = ([(match_id, quick, version)] if quick else []) + [(match_id, n, version) for n in seats if n in slow]
    if not jobs:
        return
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        bot_watch.mark_asked(match_id, version)
        for args in jobs:
            play_bot_turn.apply_async(args, queue=BOTS_QUEUE)
        return
    _play_in_this_process(jobs)


_in_process = threading.local()  # .jobs: those of the loop running in this thread, if one is


def _play_in_this_process(jobs):
    waiting = getattr(_in_process, "jobs", None)
    if waiting is not None:
        waiting.extend(jobs)
        return
    _in_process.jobs = waiting = deque(jobs)
    try:
        while waiting:
            args = waiting.popleft()
            result = play_bot_turn.apply(args)
            if result.failed():
                log.error("bot turn %s failed: %r", args, result.result)
    finally:
        _in_process.jobs = None


bot_port.register(ask_for_bot_turns)


@app.task(name="games.review_match", acks_late=True, reject_on_worker_lost=True, ignore_result=True,
          autoretry_for=RETRIED_ERRORS, retry_backoff=10, retry_backoff_max=300, max_retries=5)
def review_match(match_id):
    """The coach's review of a finished match (history/review.py): idempotent, a done review is kept."""
    review.do_review(match_id)


def ask_for_review(match_id):
    """The history's review runner (history/review_port.py), by REVIEW_RUNNER: a task on the review
    queue (with a broker), a child process started by a background thread (without one:
    games/review_runner.py), at once in this thread (tests), or nothing."""
    runner = review.runner_kind()
    if runner == "celery":
        review_match.apply_async((match_id,), queue=REVIEW_QUEUE)
    elif runner == "process":
        review_runner.ask(match_id)
    elif runner == "inline":
        review.do_review(match_id)


review_port.register(ask_for_review)


@worker_process_init.connect(dispatch_uid="games.install_worker_sender")
def install_worker_sender(sender=None, **kwargs):
    """Each worker process sends its broadcasts through one long-lived loop (senders.py)."""
    broadcast.use(senders.WorkerLoopSender())


@worker_ready.connect(dispatch_uid="games.ask_again_after_worker_start")
def ask_again_after_worker_start(sender=None, **kwargs):
    """A worker that starts (perhaps in place of a killed one, whose tasks Redis keeps for an hour)
    asks again every bot turn that waits and nobody plays."""
    services.requeue_lost_bot_turns(after_worker_start=True)
