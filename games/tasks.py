"""Celery tasks: thin wrappers over games.services.

`play_bot_turn` runs on the `bots` queue (CELERY_TASK_ROUTES), late-acknowledged and requeued if
the worker dies; it is idempotent: a repeated or late delivery finds that the match moved on
and does nothing. Without REDIS_URL the tasks run in-process (CELERY_TASK_ALWAYS_EAGER) through
services.enqueue_bot_turns, which loops instead of recursing. Lost bot turns are asked again
by the sweep and by a worker that starts (services/bot_watch.py).
"""
from celery.signals import worker_process_init, worker_ready
from django.db import DatabaseError

from wonders_site.celery import app

from games import services
from games.services import layer_loop

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


@worker_process_init.connect(dispatch_uid="games.start_channel_layer_loop")
def start_channel_layer_loop(sender=None, **kwargs):
    """Each worker process sends its broadcasts through one long-lived loop (layer_loop)."""
    layer_loop.start()


@worker_ready.connect(dispatch_uid="games.ask_again_after_worker_start")
def ask_again_after_worker_start(sender=None, **kwargs):
    """A worker that starts (perhaps in place of a killed one, whose tasks Redis keeps for an hour)
    asks again every bot turn that waits and nobody plays."""
    services.requeue_lost_bot_turns(after_worker_start=True)
